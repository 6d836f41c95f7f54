package uia

import (
	"unicode/utf16"
	"unsafe"
)

// The Windows structures this package passes to or reads from the system,
// laid out for 64-bit Windows; abi_test.go checks sizes and offsets.

// variant is a VARIANT (24 bytes on 64-bit Windows).
type variant struct {
	vt   uint16
	_    [3]uint16
	val  uint64
	rest uintptr
}

// VARIANT types.
const (
	vtI4    = 3
	vtR8    = 5
	vtBSTR  = 8
	vtBool  = 11
	vtArray = 0x2000
)

// safeArray is a one-dimensional SAFEARRAY.
type safeArray struct {
	dims     uint16
	features uint16
	elemSize uint32
	locks    uint32
	data     unsafe.Pointer
	count    uint32
	lbound   int32
}

// decodeVariant turns a VARIANT into int32, float64, bool, string, []int32
// or []float64 (nil for any other type). A BSTR's length is the byte count
// stored before its first character.
func decodeVariant(v *variant) any {
	switch v.vt {
	case vtI4:
		return int32(uint32(v.val))
	case vtR8:
		return *(*float64)(unsafe.Pointer(&v.val))
	case vtBool:
		return int16(uint16(v.val)) != 0
	case vtBSTR:
		p := *(**uint16)(unsafe.Pointer(&v.val))
		if p == nil {
			return ""
		}
		n := *(*uint32)(unsafe.Add(unsafe.Pointer(p), -4)) / 2
		return string(utf16.Decode(unsafe.Slice(p, int(n))))
	case vtArray | vtI4, vtArray | vtR8:
		sa := *(**safeArray)(unsafe.Pointer(&v.val))
		if sa == nil || sa.dims != 1 || sa.data == nil {
			return nil
		}
		if v.vt == vtArray|vtI4 && sa.elemSize == 4 {
			return append([]int32(nil), unsafe.Slice((*int32)(sa.data), sa.count)...)
		}
		if v.vt == vtArray|vtR8 && sa.elemSize == 8 {
			return append([]float64(nil), unsafe.Slice((*float64)(sa.data), sa.count)...)
		}
	}
	return nil
}

// input is the INPUT structure of SendInput for 64-bit Windows (40 bytes);
// the union at offset 8 is laid out as MOUSEINPUT or KEYBDINPUT.
type input struct {
	kind uint32
	_    uint32
	u    [32]byte
}

func mouseInput(flags uint32) input {
	in := input{kind: 0}
	*(*uint32)(unsafe.Pointer(&in.u[12])) = flags // dwFlags after dx, dy, mouseData
	return in
}

func keyInput(vk, scan uint16, flags uint32) input {
	in := input{kind: 1}
	*(*uint16)(unsafe.Pointer(&in.u[0])) = vk
	*(*uint16)(unsafe.Pointer(&in.u[2])) = scan
	*(*uint32)(unsafe.Pointer(&in.u[4])) = flags
	return in
}

// KEYBDINPUT flags.
const (
	keyUp      = 0x0002
	keyUnicode = 0x0004
)
