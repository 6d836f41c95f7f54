package sapi

// COM vtable slots of the SAPI interfaces this package calls, after sapi.h's
// declaration order (ISpVoice derives from ISpEventSource, which derives from
// ISpNotifySource, which derives from IUnknown; ISpObjectToken and
// ISpObjectTokenCategory derive from ISpDataKey). slots_test.go checks them.
const (
	slotRelease = 2

	// ISpNotifySource
	slotSetNotifyWin32Event  = 7
	slotGetNotifyEventHandle = 9
	slotWaitForNotifyEvent   = 8
	// ISpEventSource
	slotSetInterest = 10
	slotGetEvents   = 11
	// ISpVoice
	slotSetVoice      = 18
	slotSpeak         = 20
	slotSetPriority   = 24
	slotSetRate       = 28
	slotSetVolume     = 30
	slotWaitUntilDone = 32

	// ISpDataKey
	slotGetStringValue = 6
	slotOpenKey        = 9
	// ISpObjectToken
	slotTokenGetID = 16
	// ISpObjectTokenCategory
	slotCategorySetID      = 15
	slotCategoryEnumTokens = 18
	// IEnumSpObjectTokens
	slotEnumNext     = 3
	slotEnumGetCount = 8
)

// SPEVENT's lParam kinds (SPEVENTLPARAMTYPE): what must be freed.
const (
	spetUndefined = 0
	spetToken     = 1
	spetObject    = 2
	spetPointer   = 3
	spetString    = 4
)

// spevent is SAPI's SPEVENT on 64-bit Windows.
type spevent struct {
	id        uint16
	paramType uint16
	stream    uint32
	offset    uint64
	wParam    uintptr
	lParam    uintptr
}

// SPVPRIORITY: an alert voice interrupts normal ones.
const spvpriAlert = 1
