//go:build windows && (amd64 || arm64)

package uia

import (
	"syscall"
	"unicode/utf16"
	"unsafe"

	"golang.org/x/sys/windows"
)

var (
	ole32    = windows.NewLazySystemDLL("ole32.dll")
	oleaut32 = windows.NewLazySystemDLL("oleaut32.dll")
	user32   = windows.NewLazySystemDLL("user32.dll")

	procCoInitializeEx   = ole32.NewProc("CoInitializeEx")
	procCoCreateInstance = ole32.NewProc("CoCreateInstance")
	procSysAllocString   = oleaut32.NewProc("SysAllocString")
	procSysFreeString    = oleaut32.NewProc("SysFreeString")
	procSysStringLen     = oleaut32.NewProc("SysStringLen")
	procVariantClear     = oleaut32.NewProc("VariantClear")
	procGetCursorPos     = user32.NewProc("GetCursorPos")
	procSetCursorPos     = user32.NewProc("SetCursorPos")
	procSendInput        = user32.NewProc("SendInput")
	procSetForeground    = user32.NewProc("SetForegroundWindow")
	procGetWindow        = user32.NewProc("GetWindow")
	procIsWindow         = user32.NewProc("IsWindow")
	procWindowFromPoint  = user32.NewProc("WindowFromPoint")
	procSetFocusHwnd     = user32.NewProc("SetFocus")
	procAttachThread     = user32.NewProc("AttachThreadInput")
	procGetAncestor      = user32.NewProc("GetAncestor")
	procSendMessageTO    = user32.NewProc("SendMessageTimeoutW")
)

var (
	clsidCUIAutomation = windows.GUID{Data1: 0xff48dba4, Data2: 0x60ef, Data3: 0x4201, Data4: [8]byte{0xaa, 0x87, 0x54, 0x10, 0x3e, 0xef, 0x59, 0x4e}}
	iidIUIAutomation   = windows.GUID{Data1: 0x30cbe57d, Data2: 0xd9d0, Data3: 0x452a, Data4: [8]byte{0xab, 0x13, 0x7a, 0xc5, 0xac, 0x48, 0x25, 0xee}}
)

// com is a COM interface pointer.
type com struct{ p unsafe.Pointer }

func (c com) nil() bool { return c.p == nil }

// call invokes vtable slot i with the object as first argument.
func (c com) call(i int, args ...uintptr) uintptr {
	vtbl := *(*unsafe.Pointer)(c.p)
	fn := *(*uintptr)(unsafe.Add(vtbl, uintptr(i)*unsafe.Sizeof(uintptr(0))))
	r, _, _ := syscall.SyscallN(fn, append([]uintptr{uintptr(c.p)}, args...)...)
	return r
}

func (c com) release() {
	if c.p != nil {
		c.call(slotRelease)
	}
}

// getObj calls a slot whose last argument is an interface out-pointer.
func (c com) getObj(slot int, what string, args ...uintptr) (com, error) {
	var out unsafe.Pointer
	r := c.call(slot, append(args, uintptr(unsafe.Pointer(&out)))...)
	if err := hrError(uint32(r), what); err != nil {
		return com{}, err
	}
	return com{out}, nil
}

// propertyOf is the property id each typed getter reads, for the fallback
// through GetCurrentPropertyValueEx where the getter is not implemented.
var propertyOf = map[int]int{
	slotCurrentProcessID: propProcessID, slotCurrentControlType: propControlType,
	slotCurrentHasKeyboardFocus: propHasKeyboardFocus, slotCurrentIsEnabled: propIsEnabled,
	slotCurrentIsPassword: propIsPassword, slotCurrentNativeWindow: propNativeWindowHandle,
	slotCurrentIsOffscreen: propIsOffscreen, slotCurrentName: propName,
}

func (c com) getInt(slot int) int32 {
	var v int32
	if int32(c.call(slot, uintptr(unsafe.Pointer(&v)))) >= 0 {
		return v
	}
	switch p := c.property(propertyOf[slot]).(type) {
	case int32:
		return p
	case bool:
		if p {
			return 1
		}
	}
	return 0
}

func (c com) getBool(slot int) bool { return c.getInt(slot) != 0 }

func (c com) getString(slot int) string {
	var b *uint16
	if int32(c.call(slot, uintptr(unsafe.Pointer(&b)))) < 0 || b == nil {
		s, _ := c.property(propertyOf[slot]).(string)
		return s
	}
	return bstrToString(b)
}

func bstrToString(b *uint16) string {
	n, _, _ := procSysStringLen.Call(uintptr(unsafe.Pointer(b)))
	s := string(utf16.Decode(unsafe.Slice(b, int(n))))
	procSysFreeString.Call(uintptr(unsafe.Pointer(b)))
	return s
}

// property reads one property as a Go value (int32, float64, string, bool
// or nil) with GetCurrentPropertyValueEx, which Wine implements for more
// properties than the typed getters.
func (c com) property(id int) any {
	return c.propertyAt(slotGetCurrentPropertyValueEx, id)
}

// propertyAt reads a property with GetCurrentPropertyValueEx or
// GetCachedPropertyValueEx.
func (c com) propertyAt(slot, id int) any {
	var v variant
	if int32(c.call(slot, uintptr(id), 0, uintptr(unsafe.Pointer(&v)))) < 0 {
		return nil
	}
	defer procVariantClear.Call(uintptr(unsafe.Pointer(&v)))
	return decodeVariant(&v)
}

// runtimeID reads the element's RuntimeId property (VT_ARRAY|VT_I4); nil
// with no error when the provider gives none.
func (c com) runtimeID() ([]int32, error) {
	var v variant
	if err := hrError(uint32(c.call(slotGetCurrentPropertyValueEx, propRuntimeID, 0, uintptr(unsafe.Pointer(&v)))), "runtime id"); err != nil {
		return nil, err
	}
	defer procVariantClear.Call(uintptr(unsafe.Pointer(&v)))
	const vtArrayI4 = 0x2000 | vtI4
	if v.vt != vtArrayI4 || v.val == 0 {
		return nil, nil
	}
	sa := *(**safeArray)(unsafe.Pointer(&v.val))
	if sa.dims != 1 || sa.elemSize != 4 || sa.data == nil {
		return nil, nil
	}
	return append([]int32(nil), unsafe.Slice((*int32)(sa.data), sa.count)...), nil
}
