package uia

import (
	"unicode/utf16"

	"textfirst/internal/windows2text/uitree"
)

// COM vtable slots of the UI Automation interfaces this package calls,
// counted from the start of the vtable (IUnknown's QueryInterface, AddRef
// and Release are 0, 1 and 2). They follow the method order of the Windows
// SDK's UIAutomationClient.h; vtable_test.go checks each one against that
// order, written out as tables.
const (
	slotQueryInterface = 0
	slotAddRef         = 1
	slotRelease        = 2

	// IUIAutomation
	slotCompareRuntimeIDs           = 4
	slotGetRootElement              = 5
	slotElementFromHandle           = 6
	slotElementFromPoint            = 7
	slotGetFocusedElement           = 8
	slotGetRootElementBuildCache    = 9
	slotElementFromHandleBuildCache = 10
	slotControlViewWalker           = 14
	slotContentViewWalker           = 15
	slotRawViewWalker               = 16
	slotRawViewCondition            = 17
	slotControlViewCondition        = 18
	slotContentViewCondition        = 19
	slotCreateTreeWalker            = 13
	slotCreateTrueCondition         = 21
	slotCreateCacheRequest          = 20
	slotAddAutomationEventHandler   = 32
	slotAddPropertyChangedHandler   = 34 // AddPropertyChangedEventHandlerNativeArray
	slotAddStructureChangedHandler  = 37
	slotAddFocusChangedHandler      = 39
	slotRemoveAllEventHandlers      = 41

	// IUIAutomationElement
	slotSetFocus                  = 3
	slotGetRuntimeID              = 4
	slotBuildUpdatedCache         = 9
	slotGetCurrentPropertyValue   = 10
	slotGetCurrentPropertyValueEx = 11
	slotGetCachedPropertyValue    = 12
	slotGetCachedPropertyValueEx  = 13
	slotGetCurrentPattern         = 16
	slotGetCachedChildren         = 19
	slotCurrentProcessID          = 20
	slotCurrentControlType        = 21
	slotCurrentName               = 23
	slotCurrentHasKeyboardFocus   = 26
	slotCurrentIsEnabled          = 28
	slotCurrentClassName          = 30
	slotCurrentIsPassword         = 35
	slotCurrentNativeWindow       = 36
	slotCurrentIsOffscreen        = 38
	slotCurrentBoundingRect       = 43
	slotCachedProcessID           = 52
	slotCachedControlType         = 53
	slotCachedName                = 55
	slotCachedHasKeyboardFocus    = 58
	slotCachedIsEnabled           = 60
	slotCachedIsPassword          = 67
	slotCachedNativeWindow        = 68
	slotCachedIsOffscreen         = 70
	slotCachedBoundingRect        = 75
	slotGetClickablePoint         = 84

	// IUIAutomationElementArray
	slotArrayLength     = 3
	slotArrayGetElement = 4

	// IUIAutomationCacheRequest
	slotCacheAddProperty    = 3
	slotCacheAddPattern     = 4
	slotCachePutTreeScope   = 7
	slotCachePutTreeFilter  = 9
	slotCachePutElementMode = 11

	// IUIAutomationTreeWalker
	slotParent                = 3
	slotFirstChild            = 4
	slotNextSibling           = 6
	slotFirstChildBuildCache  = 10
	slotNextSiblingBuildCache = 12

	// Pattern interfaces: the action each calls.
	slotInvoke             = 3 // IUIAutomationInvokePattern.Invoke
	slotValueSetValue      = 3 // IUIAutomationValuePattern.SetValue
	slotRangeSetValue      = 3 // IUIAutomationRangeValuePattern.SetValue
	slotToggle             = 3 // IUIAutomationTogglePattern.Toggle
	slotSelect             = 3 // IUIAutomationSelectionItemPattern.Select
	slotExpand             = 3 // IUIAutomationExpandCollapsePattern.Expand
	slotCollapse           = 4 // IUIAutomationExpandCollapsePattern.Collapse
	slotScrollIntoView     = 3 // IUIAutomationScrollItemPattern.ScrollIntoView
	slotScroll             = 3 // IUIAutomationScrollPattern.Scroll
	slotRealize            = 3 // IUIAutomationVirtualizedItemPattern.Realize
	slotFindItemByProperty = 3 // IUIAutomationItemContainerPattern.FindItemByProperty
)

// Pattern IDs (UIA_InvokePatternId = 10000, ...).
const (
	patternInvoke          = 10000
	patternSelection       = 10001
	patternValue           = 10002
	patternRangeValue      = 10003
	patternScroll          = 10004
	patternExpandCollapse  = 10005
	patternGrid            = 10006
	patternSelectionItem   = 10010
	patternToggle          = 10015
	patternScrollItem      = 10017
	patternItemContainer   = 10019
	patternVirtualizedItem = 10020
)

// Property IDs (UIA_RuntimeIdPropertyId = 30000, ...).
const (
	propRuntimeID            = 30000
	propBoundingRectangle    = 30001
	propProcessID            = 30002
	propControlType          = 30003
	propName                 = 30005
	propHasKeyboardFocus     = 30008
	propIsEnabled            = 30010
	propClassName            = 30012
	propNativeWindowHandle   = 30020
	propIsOffscreen          = 30022
	propIsPassword           = 30019
	propIsControlElement     = 30016
	propIsContentElement     = 30017
	propIsScrollPatternAvail = 30034
	propIsGridPatternAvail   = 30030
	propGridRowCount         = 30062
	propValueValue           = 30045
	propValueIsReadOnly      = 30046
	propRangeValue           = 30047
	propRangeIsReadOnly      = 30048
	propExpandState          = 30070
	propSelectionSelected    = 30079
	propToggleState          = 30086
)

// Event IDs (UIA_ToolTipOpenedEventId = 20000, ...).
const (
	eventStructureChanged       = 20002
	eventAutomationFocusChanged = 20005
)

// TreeScope values.
const (
	treeScopeElement     = 1
	treeScopeChildren    = 2
	treeScopeDescendants = 4
	treeScopeSubtree     = treeScopeElement | treeScopeChildren | treeScopeDescendants
)

// HRESULTs that map onto protocol codes.
const (
	uiaElementNotEnabled   = 0x80040200
	uiaElementNotAvailable = 0x80040201
	uiaNoClickablePoint    = 0x80040202
	uiaNotSupported        = 0x80040204
	eNotImpl               = 0x80004001
	eNoInterface           = 0x80004002
	eAccessDenied          = 0x80070005
)

// hrError turns a failing HRESULT (as a COM call returns it) into the
// protocol's error for what; a success is nil. What Wine lacks
// (E_NOTIMPL, E_NOINTERFACE) is unsupported_pattern, like a provider's
// UIA_E_NOTSUPPORTED.
func hrError(r uint32, what string) error {
	if int32(r) >= 0 {
		return nil
	}
	switch r {
	case uiaElementNotAvailable:
		return uitree.Errorf(uitree.CodeStaleElement, "uia: %s: the element is no longer available", what)
	case uiaElementNotEnabled:
		return uitree.Errorf(uitree.CodeActionFailed, "uia: %s: the element is not enabled", what)
	case uiaNoClickablePoint:
		return uitree.Errorf(uitree.CodeNotClickable, "uia: %s: the element has no clickable point", what)
	case uiaNotSupported, eNotImpl, eNoInterface:
		return uitree.Errorf(uitree.CodeUnsupportedPattern, "uia: %s: not supported", what)
	case eAccessDenied:
		return uitree.Errorf(uitree.CodeInputFailed, "uia: %s: access denied (the target may run at a higher integrity level)", what)
	}
	return uitree.Errorf(uitree.CodeActionFailed, "uia: %s failed with HRESULT %#x", what, r)
}

// virtualKeys maps the protocol's named keys onto Windows virtual-key codes
// (VK_UP = 0x26, ...).
var virtualKeys = map[string]uint16{
	"Up": 0x26, "Down": 0x28, "Left": 0x25, "Right": 0x27, "Enter": 0x0d, "Tab": 0x09, "Escape": 0x1b,
	"Home": 0x24, "End": 0x23, "PageUp": 0x21, "PageDown": 0x22, "Insert": 0x2d, "Delete": 0x2e,
	"Backspace": 0x08, "Space": 0x20,
	"F1": 0x70, "F2": 0x71, "F3": 0x72, "F4": 0x73, "F5": 0x74, "F6": 0x75, "F7": 0x76, "F8": 0x77,
	"F9": 0x78, "F10": 0x79, "F11": 0x7a, "F12": 0x7b,
}

// Modifier virtual keys.
const (
	vkControl = 0x11
	vkShift   = 0x10
	vkMenu    = 0x12
	vkLWin    = 0x5b
)

// keyStroke is one key event of a chord: a virtual key, or (unicode set)
// a UTF-16 unit typed with KEYEVENTF_UNICODE.
type keyStroke struct {
	vk      uint16
	unit    uint16
	up      bool
	unicode bool
}

// chordStrokes lays out a chord as key events: modifiers down, the key down
// and up, modifiers up in reverse. A character with no virtual key of its
// own is typed as Unicode when no modifier is held; with modifiers it is
// invalid_params.
func chordStrokes(c uitree.Chord) ([]keyStroke, error) {
	mods := uitree.ChordModifiers[uint16](c, vkControl, vkShift, vkMenu, vkLWin)
	vk, ok := virtualKeys[c.Key]
	if !ok {
		r := []rune(c.Key)[0]
		switch {
		case r >= 'a' && r <= 'z':
			vk = uint16(r - 'a' + 'A')
		case r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
			vk = uint16(r)
		default:
			if len(mods) == 0 {
				return textStrokes(c.Key), nil
			}
			return nil, uitree.Errorf(uitree.CodeInvalidParams, "key %q cannot be combined with modifiers here", c.Key)
		}
	}
	var out []keyStroke
	for _, m := range mods {
		out = append(out, keyStroke{vk: m})
	}
	out = append(out, keyStroke{vk: vk}, keyStroke{vk: vk, up: true})
	for i := len(mods) - 1; i >= 0; i-- {
		out = append(out, keyStroke{vk: mods[i], up: true})
	}
	return out, nil
}

// textStrokes types text as Unicode key events, one down and up per UTF-16
// unit (a character outside the BMP is two units, sent as a pair).
func textStrokes(text string) []keyStroke {
	var out []keyStroke
	for _, u := range utf16.Encode([]rune(text)) {
		out = append(out, keyStroke{unit: u, unicode: true}, keyStroke{unit: u, unicode: true, up: true})
	}
	return out
}
