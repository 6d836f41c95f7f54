//go:build windows && (amd64 || arm64)

package uia

import (
	"sync/atomic"
	"syscall"
	"unsafe"

	"golang.org/x/sys/windows"
)

// UI Automation's event handlers are COM objects the client implements:
// here three static objects whose vtables are Go callbacks. They are
// free-threaded (UI Automation calls them on its own threads) and never
// freed, so AddRef and Release count nothing.

// handlerObj is a COM object: a pointer to its vtable.
type handlerObj struct{ vtbl *[4]uintptr }

var (
	iidIUnknown        = windows.GUID{Data1: 0x00000000, Data2: 0x0000, Data3: 0x0000, Data4: [8]byte{0xc0, 0, 0, 0, 0, 0, 0, 0x46}}
	iidIAgileObject    = windows.GUID{Data1: 0x94ea2b94, Data2: 0xe9cc, Data3: 0x49e0, Data4: [8]byte{0xc0, 0xff, 0xee, 0x64, 0xca, 0x8f, 0x5b, 0x90}}
	iidFocusHandler    = windows.GUID{Data1: 0xc270f6b5, Data2: 0x5c69, Data3: 0x4290, Data4: [8]byte{0x97, 0x45, 0x7a, 0x7f, 0x97, 0x16, 0x94, 0x68}}
	iidStructHandler   = windows.GUID{Data1: 0xe81d1b4e, Data2: 0x11c5, Data3: 0x42f8, Data4: [8]byte{0x97, 0x54, 0xe7, 0x03, 0x6c, 0x79, 0xf0, 0x54}}
	iidPropertyHandler = windows.GUID{Data1: 0x40cd37d4, Data2: 0xc756, Data3: 0x4b0c, Data4: [8]byte{0x8c, 0x6f, 0xbd, 0xdf, 0xee, 0xb1, 0x3b, 0x50}}
)

// activeSettler receives the events of every handler.
var activeSettler atomic.Pointer[settler]

func onEvent() {
	if s := activeSettler.Load(); s != nil {
		s.event()
	}
}

var (
	focusVtbl, structVtbl, propVtbl [4]uintptr
	focusObj                        = handlerObj{&focusVtbl}
	structObj                       = handlerObj{&structVtbl}
	propObj                         = handlerObj{&propVtbl}
)

func init() {
	refs := syscall.NewCallback(func(this uintptr) uintptr { return 1 })
	qi := func(own *windows.GUID) uintptr {
		return syscall.NewCallback(func(this uintptr, riid *windows.GUID, ppv *uintptr) uintptr {
			if iid := *riid; iid == iidIUnknown || iid == iidIAgileObject || iid == *own {
				*ppv = this
				return 0
			}
			*ppv = 0
			return eNoInterface
		})
	}
	// HandleFocusChangedEvent(sender)
	focusVtbl = [4]uintptr{qi(&iidFocusHandler), refs, refs, syscall.NewCallback(func(this, sender uintptr) uintptr { onEvent(); return 0 })}
	// HandleStructureChangedEvent(sender, changeType, runtimeId)
	structVtbl = [4]uintptr{qi(&iidStructHandler), refs, refs, syscall.NewCallback(func(this, sender, change, rid uintptr) uintptr { onEvent(); return 0 })}
	// HandlePropertyChangedEvent(sender, propertyId, newValue): the VARIANT
	// is passed by reference on both 64-bit ABIs.
	propVtbl = [4]uintptr{qi(&iidPropertyHandler), refs, refs, syscall.NewCallback(func(this, sender, id, value uintptr) uintptr { onEvent(); return 0 })}
}

// settleProperties are the property changes that mean the UI is still
// changing after an action.
var settleProperties = []int32{propName, propValueValue, propToggleState, propExpandState,
	propSelectionSelected, propIsEnabled, propHasKeyboardFocus, propRangeValue}

// listen registers the handlers on the desktop's subtree; the settler is
// active when UI Automation took handlers that can tell a settled UI
// (settleActive).
func (b *Backend) listen() {
	s := newSettler()
	b.settle = s
	activeSettler.Store(s)
	root, err := b.root()
	if err != nil {
		return
	}
	defer root.release()
	took := map[string]bool{}
	for _, h := range []struct {
		name string
		r    uintptr
	}{
		{"focus", b.uia.call(slotAddFocusChangedHandler, 0, uintptr(unsafe.Pointer(&focusObj)))},
		{"structure", b.uia.call(slotAddStructureChangedHandler, uintptr(root.p), treeScopeSubtree, 0, uintptr(unsafe.Pointer(&structObj)))},
		{"property", b.uia.call(slotAddPropertyChangedHandler, uintptr(root.p), treeScopeSubtree, 0, uintptr(unsafe.Pointer(&propObj)),
			uintptr(unsafe.Pointer(&settleProperties[0])), uintptr(len(settleProperties)))},
	} {
		debugf("%s changed handler: HRESULT %#x", h.name, uint32(h.r))
		took[h.name] = int32(h.r) >= 0
	}
	s.active.Store(settleActive(took["focus"], took["structure"], took["property"]))
}
