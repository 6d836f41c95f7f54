package uia

import (
	"math"
	"testing"
	"unicode/utf16"
	"unsafe"
)

// Mirrors of the Windows SDK's structures (winuser.h, oaidl.h), written
// field by field, that the hand-laid-out ones must match on 64-bit.
type (
	sdkMouseInput struct {
		dx, dy             int32
		mouseData, dwFlags uint32
		time               uint32
		dwExtraInfo        uintptr
	}
	sdkKeybdInput struct {
		wVk, wScan    uint16
		dwFlags, time uint32
		dwExtraInfo   uintptr
	}
	sdkInput struct {
		kind  uint32
		mouse sdkMouseInput // the union's largest member
	}
	sdkSafeArray struct {
		cDims, fFeatures uint16
		cbElements       uint32
		cLocks           uint32
		pvData           unsafe.Pointer
		cElements        uint32
		lLbound          int32
	}
)

func TestABILayouts(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("the layouts are 64-bit Windows'") // never on this project's machines
	}
	if got, want := unsafe.Sizeof(input{}), unsafe.Sizeof(sdkInput{}); got != want || got != 40 {
		t.Errorf("INPUT is %d bytes, the SDK's %d (40)", got, want)
	}
	if unsafe.Offsetof(sdkInput{}.mouse) != unsafe.Offsetof(input{}.u) {
		t.Errorf("INPUT's union at %d, the SDK's %d", unsafe.Offsetof(input{}.u), unsafe.Offsetof(sdkInput{}.mouse))
	}
	if unsafe.Sizeof(variant{}) != 24 || unsafe.Offsetof(variant{}.val) != 8 {
		t.Errorf("VARIANT is %d bytes, value at %d; want 24 and 8", unsafe.Sizeof(variant{}), unsafe.Offsetof(variant{}.val))
	}
	if unsafe.Sizeof(safeArray{}) != unsafe.Sizeof(sdkSafeArray{}) || unsafe.Offsetof(safeArray{}.data) != unsafe.Offsetof(sdkSafeArray{}.pvData) ||
		unsafe.Offsetof(safeArray{}.count) != unsafe.Offsetof(sdkSafeArray{}.cElements) {
		t.Error("SAFEARRAY layout differs from the SDK's")
	}
	k := keyInput(0x41, 0x1e, keyUp|keyUnicode)
	ki := (*sdkKeybdInput)(unsafe.Pointer(&k.u[0]))
	if k.kind != 1 || ki.wVk != 0x41 || ki.wScan != 0x1e || ki.dwFlags != keyUp|keyUnicode || ki.time != 0 {
		t.Errorf("KEYBDINPUT read back as %+v", *ki)
	}
	m := mouseInput(0x0002)
	mi := (*sdkMouseInput)(unsafe.Pointer(&m.u[0]))
	if m.kind != 0 || mi.dwFlags != 0x0002 || mi.dx != 0 || mi.mouseData != 0 {
		t.Errorf("MOUSEINPUT read back as %+v", *mi)
	}
}

// bstr lays out a BSTR: a byte count, then the UTF-16 text and a NUL.
func bstr(s string) *uint16 {
	u := utf16.Encode([]rune(s))
	buf := make([]uint16, 2+len(u)+1)
	*(*uint32)(unsafe.Pointer(&buf[0])) = uint32(2 * len(u))
	copy(buf[2:], u)
	return &buf[2]
}

func TestDecodeVariant(t *testing.T) {
	mk := func(vt uint16, val uint64) *variant { return &variant{vt: vt, val: val} }
	ptrVal := func(p unsafe.Pointer) uint64 { return uint64(uintptr(p)) }
	ints := []int32{42, 65650, -1}
	sai := &safeArray{dims: 1, elemSize: 4, data: unsafe.Pointer(&ints[0]), count: 3}
	floats := []float64{4, 49, 964, 650}
	saf := &safeArray{dims: 1, elemSize: 8, data: unsafe.Pointer(&floats[0]), count: 4}
	s := bstr("Untitled - Notepad 😀")
	tests := []struct {
		name string
		v    *variant
		want any
	}{
		{"VT_I4", mk(vtI4, uint64(uint32(50004))), int32(50004)},
		{"VT_I4 negative", mk(vtI4, uint64(uint32(0xffffffff))), int32(-1)},
		{"VT_R8", mk(vtR8, math.Float64bits(42.5)), 42.5},
		{"VT_BOOL true", mk(vtBool, 0xffff), true},
		{"VT_BOOL false", mk(vtBool, 0), false},
		{"VT_BSTR", mk(vtBSTR, ptrVal(unsafe.Pointer(s))), "Untitled - Notepad 😀"},
		{"VT_BSTR null", mk(vtBSTR, 0), ""},
		{"VT_ARRAY|VT_I4", mk(vtArray|vtI4, ptrVal(unsafe.Pointer(sai))), ints},
		{"VT_ARRAY|VT_R8", mk(vtArray|vtR8, ptrVal(unsafe.Pointer(saf))), floats},
		{"VT_EMPTY", mk(0, 0), nil},
		{"VT_UNKNOWN (not supported value)", mk(13, 0), nil},
	}
	for _, tt := range tests {
		got := decodeVariant(tt.v)
		switch w := tt.want.(type) {
		case []int32:
			g, _ := got.([]int32)
			if len(g) != len(w) || g[0] != w[0] || g[2] != w[2] {
				t.Errorf("%s: %v, want %v", tt.name, got, w)
			}
		case []float64:
			g, _ := got.([]float64)
			if len(g) != len(w) || g[3] != w[3] {
				t.Errorf("%s: %v, want %v", tt.name, got, w)
			}
		default:
			if got != tt.want {
				t.Errorf("%s: %#v, want %#v", tt.name, got, tt.want)
			}
		}
	}
}
