package uia

import (
	"testing"

	"textfirst/internal/windows2text/uitree"
)

// The method lists below are written out from the Windows SDK's
// UIAutomationClient.h, in declaration order (the vtable order). Each
// interface's methods start after those of its base: IUnknown's three.
var (
	iUnknown = []string{"QueryInterface", "AddRef", "Release"}

	iUIAutomation = []string{
		"CompareElements", "CompareRuntimeIds", "GetRootElement", "ElementFromHandle", "ElementFromPoint",
		"GetFocusedElement", "GetRootElementBuildCache", "ElementFromHandleBuildCache",
		"ElementFromPointBuildCache", "GetFocusedElementBuildCache", "CreateTreeWalker",
		"get_ControlViewWalker", "get_ContentViewWalker", "get_RawViewWalker", "get_RawViewCondition",
		"get_ControlViewCondition", "get_ContentViewCondition", "CreateCacheRequest", "CreateTrueCondition",
		"CreateFalseCondition", "CreatePropertyCondition", "CreatePropertyConditionEx", "CreateAndCondition",
		"CreateAndConditionFromArray", "CreateAndConditionFromNativeArray", "CreateOrCondition",
		"CreateOrConditionFromArray", "CreateOrConditionFromNativeArray", "CreateNotCondition",
		"AddAutomationEventHandler", "RemoveAutomationEventHandler",
		"AddPropertyChangedEventHandlerNativeArray", "AddPropertyChangedEventHandler",
		"RemovePropertyChangedEventHandler", "AddStructureChangedEventHandler",
		"RemoveStructureChangedEventHandler", "AddFocusChangedEventHandler", "RemoveFocusChangedEventHandler",
		"RemoveAllEventHandlers", "IntNativeArrayToSafeArray", "IntSafeArrayToNativeArray", "RectToVariant",
		"VariantToRect", "SafeArrayToRectNativeArray", "CreateProxyFactoryEntry", "get_ProxyFactoryMapping",
		"GetPropertyProgrammaticName", "GetPatternProgrammaticName", "PollForPotentialSupportedPatterns",
		"PollForPotentialSupportedProperties", "CheckNotSupported", "get_ReservedNotSupportedValue",
		"get_ReservedMixedAttributeValue", "ElementFromIAccessible", "ElementFromIAccessibleBuildCache",
	}

	elementProps = []string{
		"ProcessId", "ControlType", "LocalizedControlType", "Name", "AcceleratorKey", "AccessKey",
		"HasKeyboardFocus", "IsKeyboardFocusable", "IsEnabled", "AutomationId", "ClassName", "HelpText",
		"Culture", "IsControlElement", "IsContentElement", "IsPassword", "NativeWindowHandle", "ItemType",
		"IsOffscreen", "Orientation", "FrameworkId", "IsRequiredForForm", "ItemStatus", "BoundingRectangle",
		"LabeledBy", "AriaRole", "AriaProperties", "IsDataValidForForm", "ControllerFor", "DescribedBy",
		"FlowsTo", "ProviderDescription",
	}

	iUIAutomationElement = func() []string {
		m := []string{
			"SetFocus", "GetRuntimeId", "FindFirst", "FindAll", "FindFirstBuildCache", "FindAllBuildCache",
			"BuildUpdatedCache", "GetCurrentPropertyValue", "GetCurrentPropertyValueEx",
			"GetCachedPropertyValue", "GetCachedPropertyValueEx", "GetCurrentPatternAs", "GetCachedPatternAs",
			"GetCurrentPattern", "GetCachedPattern", "GetCachedParent", "GetCachedChildren",
		}
		for _, p := range elementProps {
			m = append(m, "get_Current"+p)
		}
		for _, p := range elementProps {
			m = append(m, "get_Cached"+p)
		}
		return append(m, "GetClickablePoint")
	}()

	iUIAutomationCacheRequest = []string{
		"AddProperty", "AddPattern", "Clone", "get_TreeScope", "put_TreeScope", "get_TreeFilter",
		"put_TreeFilter", "get_AutomationElementMode", "put_AutomationElementMode",
	}

	iUIAutomationTreeWalker = []string{
		"GetParentElement", "GetFirstChildElement", "GetLastChildElement", "GetNextSiblingElement",
		"GetPreviousSiblingElement", "NormalizeElement", "GetParentElementBuildCache",
		"GetFirstChildElementBuildCache", "GetLastChildElementBuildCache", "GetNextSiblingElementBuildCache",
		"GetPreviousSiblingElementBuildCache", "NormalizeElementBuildCache", "get_Condition",
	}

	iUIAutomationElementArray = []string{"get_Length", "GetElement"}

	iUIAutomationInvokePattern         = []string{"Invoke"}
	iUIAutomationValuePattern          = []string{"SetValue", "get_CurrentValue", "get_CurrentIsReadOnly", "get_CachedValue", "get_CachedIsReadOnly"}
	iUIAutomationRangeValuePattern     = []string{"SetValue", "get_CurrentValue", "get_CurrentIsReadOnly", "get_CurrentMaximum", "get_CurrentMinimum", "get_CurrentLargeChange", "get_CurrentSmallChange"}
	iUIAutomationTogglePattern         = []string{"Toggle", "get_CurrentToggleState", "get_CachedToggleState"}
	iUIAutomationSelectionItemPattern  = []string{"Select", "AddToSelection", "RemoveFromSelection", "get_CurrentIsSelected", "get_CurrentSelectionContainer"}
	iUIAutomationExpandCollapsePattern = []string{"Expand", "Collapse", "get_CurrentExpandCollapseState", "get_CachedExpandCollapseState"}
	iUIAutomationScrollItemPattern     = []string{"ScrollIntoView"}
	iUIAutomationScrollPattern         = []string{"Scroll", "SetScrollPercent", "get_CurrentHorizontalScrollPercent", "get_CurrentVerticalScrollPercent"}
	iUIAutomationVirtualizedItem       = []string{"Realize"}
	iUIAutomationItemContainer         = []string{"FindItemByProperty"}
)

// slotOf returns the vtable slot of method in an interface whose own
// methods follow IUnknown's.
func slotOf(t *testing.T, methods []string, method string) int {
	t.Helper()
	for i, m := range append(append([]string{}, iUnknown...), methods...) {
		if m == method {
			return i
		}
	}
	t.Fatalf("method %s is not in the table", method)
	return -1
}

func TestVtableSlots(t *testing.T) {
	tests := []struct {
		iface   []string
		method  string
		got     int
		ifaceID string
	}{
		{nil, "QueryInterface", slotQueryInterface, "IUnknown"},
		{nil, "AddRef", slotAddRef, "IUnknown"},
		{nil, "Release", slotRelease, "IUnknown"},

		{iUIAutomation, "CompareRuntimeIds", slotCompareRuntimeIDs, "IUIAutomation"},
		{iUIAutomation, "GetRootElement", slotGetRootElement, "IUIAutomation"},
		{iUIAutomation, "ElementFromHandle", slotElementFromHandle, "IUIAutomation"},
		{iUIAutomation, "ElementFromPoint", slotElementFromPoint, "IUIAutomation"},
		{iUIAutomation, "GetFocusedElement", slotGetFocusedElement, "IUIAutomation"},
		{iUIAutomation, "GetRootElementBuildCache", slotGetRootElementBuildCache, "IUIAutomation"},
		{iUIAutomation, "ElementFromHandleBuildCache", slotElementFromHandleBuildCache, "IUIAutomation"},
		{iUIAutomation, "get_ControlViewWalker", slotControlViewWalker, "IUIAutomation"},
		{iUIAutomation, "get_ContentViewWalker", slotContentViewWalker, "IUIAutomation"},
		{iUIAutomation, "get_RawViewWalker", slotRawViewWalker, "IUIAutomation"},
		{iUIAutomation, "CreateCacheRequest", slotCreateCacheRequest, "IUIAutomation"},
		{iUIAutomation, "CreateTreeWalker", slotCreateTreeWalker, "IUIAutomation"},
		{iUIAutomation, "get_RawViewCondition", slotRawViewCondition, "IUIAutomation"},
		{iUIAutomation, "get_ControlViewCondition", slotControlViewCondition, "IUIAutomation"},
		{iUIAutomation, "get_ContentViewCondition", slotContentViewCondition, "IUIAutomation"},
		{iUIAutomation, "CreateTrueCondition", slotCreateTrueCondition, "IUIAutomation"},
		{iUIAutomation, "AddAutomationEventHandler", slotAddAutomationEventHandler, "IUIAutomation"},
		{iUIAutomation, "AddPropertyChangedEventHandlerNativeArray", slotAddPropertyChangedHandler, "IUIAutomation"},
		{iUIAutomation, "AddStructureChangedEventHandler", slotAddStructureChangedHandler, "IUIAutomation"},
		{iUIAutomation, "AddFocusChangedEventHandler", slotAddFocusChangedHandler, "IUIAutomation"},
		{iUIAutomation, "RemoveAllEventHandlers", slotRemoveAllEventHandlers, "IUIAutomation"},

		{iUIAutomationElement, "SetFocus", slotSetFocus, "IUIAutomationElement"},
		{iUIAutomationElement, "GetRuntimeId", slotGetRuntimeID, "IUIAutomationElement"},
		{iUIAutomationElement, "BuildUpdatedCache", slotBuildUpdatedCache, "IUIAutomationElement"},
		{iUIAutomationElement, "GetCurrentPropertyValue", slotGetCurrentPropertyValue, "IUIAutomationElement"},
		{iUIAutomationElement, "GetCurrentPropertyValueEx", slotGetCurrentPropertyValueEx, "IUIAutomationElement"},
		{iUIAutomationElement, "GetCachedPropertyValue", slotGetCachedPropertyValue, "IUIAutomationElement"},
		{iUIAutomationElement, "GetCachedPropertyValueEx", slotGetCachedPropertyValueEx, "IUIAutomationElement"},
		{iUIAutomationElement, "GetCurrentPattern", slotGetCurrentPattern, "IUIAutomationElement"},
		{iUIAutomationElement, "GetCachedChildren", slotGetCachedChildren, "IUIAutomationElement"},
		{iUIAutomationElementArray, "get_Length", slotArrayLength, "IUIAutomationElementArray"},
		{iUIAutomationElementArray, "GetElement", slotArrayGetElement, "IUIAutomationElementArray"},
		{iUIAutomationElement, "get_CurrentProcessId", slotCurrentProcessID, "IUIAutomationElement"},
		{iUIAutomationElement, "get_CurrentControlType", slotCurrentControlType, "IUIAutomationElement"},
		{iUIAutomationElement, "get_CurrentName", slotCurrentName, "IUIAutomationElement"},
		{iUIAutomationElement, "get_CurrentHasKeyboardFocus", slotCurrentHasKeyboardFocus, "IUIAutomationElement"},
		{iUIAutomationElement, "get_CurrentIsEnabled", slotCurrentIsEnabled, "IUIAutomationElement"},
		{iUIAutomationElement, "get_CurrentClassName", slotCurrentClassName, "IUIAutomationElement"},
		{iUIAutomationElement, "get_CurrentIsPassword", slotCurrentIsPassword, "IUIAutomationElement"},
		{iUIAutomationElement, "get_CurrentNativeWindowHandle", slotCurrentNativeWindow, "IUIAutomationElement"},
		{iUIAutomationElement, "get_CurrentIsOffscreen", slotCurrentIsOffscreen, "IUIAutomationElement"},
		{iUIAutomationElement, "get_CurrentBoundingRectangle", slotCurrentBoundingRect, "IUIAutomationElement"},
		{iUIAutomationElement, "get_CachedProcessId", slotCachedProcessID, "IUIAutomationElement"},
		{iUIAutomationElement, "get_CachedControlType", slotCachedControlType, "IUIAutomationElement"},
		{iUIAutomationElement, "get_CachedName", slotCachedName, "IUIAutomationElement"},
		{iUIAutomationElement, "get_CachedHasKeyboardFocus", slotCachedHasKeyboardFocus, "IUIAutomationElement"},
		{iUIAutomationElement, "get_CachedIsEnabled", slotCachedIsEnabled, "IUIAutomationElement"},
		{iUIAutomationElement, "get_CachedIsPassword", slotCachedIsPassword, "IUIAutomationElement"},
		{iUIAutomationElement, "get_CachedNativeWindowHandle", slotCachedNativeWindow, "IUIAutomationElement"},
		{iUIAutomationElement, "get_CachedIsOffscreen", slotCachedIsOffscreen, "IUIAutomationElement"},
		{iUIAutomationElement, "get_CachedBoundingRectangle", slotCachedBoundingRect, "IUIAutomationElement"},
		{iUIAutomationElement, "GetClickablePoint", slotGetClickablePoint, "IUIAutomationElement"},

		{iUIAutomationCacheRequest, "AddProperty", slotCacheAddProperty, "IUIAutomationCacheRequest"},
		{iUIAutomationCacheRequest, "AddPattern", slotCacheAddPattern, "IUIAutomationCacheRequest"},
		{iUIAutomationCacheRequest, "put_TreeScope", slotCachePutTreeScope, "IUIAutomationCacheRequest"},
		{iUIAutomationCacheRequest, "put_TreeFilter", slotCachePutTreeFilter, "IUIAutomationCacheRequest"},
		{iUIAutomationCacheRequest, "put_AutomationElementMode", slotCachePutElementMode, "IUIAutomationCacheRequest"},

		{iUIAutomationTreeWalker, "GetParentElement", slotParent, "IUIAutomationTreeWalker"},
		{iUIAutomationTreeWalker, "GetFirstChildElement", slotFirstChild, "IUIAutomationTreeWalker"},
		{iUIAutomationTreeWalker, "GetNextSiblingElement", slotNextSibling, "IUIAutomationTreeWalker"},
		{iUIAutomationTreeWalker, "GetFirstChildElementBuildCache", slotFirstChildBuildCache, "IUIAutomationTreeWalker"},
		{iUIAutomationTreeWalker, "GetNextSiblingElementBuildCache", slotNextSiblingBuildCache, "IUIAutomationTreeWalker"},

		{iUIAutomationInvokePattern, "Invoke", slotInvoke, "IUIAutomationInvokePattern"},
		{iUIAutomationValuePattern, "SetValue", slotValueSetValue, "IUIAutomationValuePattern"},
		{iUIAutomationRangeValuePattern, "SetValue", slotRangeSetValue, "IUIAutomationRangeValuePattern"},
		{iUIAutomationTogglePattern, "Toggle", slotToggle, "IUIAutomationTogglePattern"},
		{iUIAutomationSelectionItemPattern, "Select", slotSelect, "IUIAutomationSelectionItemPattern"},
		{iUIAutomationExpandCollapsePattern, "Expand", slotExpand, "IUIAutomationExpandCollapsePattern"},
		{iUIAutomationExpandCollapsePattern, "Collapse", slotCollapse, "IUIAutomationExpandCollapsePattern"},
		{iUIAutomationScrollItemPattern, "ScrollIntoView", slotScrollIntoView, "IUIAutomationScrollItemPattern"},
		{iUIAutomationScrollPattern, "Scroll", slotScroll, "IUIAutomationScrollPattern"},
		{iUIAutomationVirtualizedItem, "Realize", slotRealize, "IUIAutomationVirtualizedItemPattern"},
		{iUIAutomationItemContainer, "FindItemByProperty", slotFindItemByProperty, "IUIAutomationItemContainerPattern"},
	}
	for _, tt := range tests {
		if want := slotOf(t, tt.iface, tt.method); tt.got != want {
			t.Errorf("%s.%s: slot constant %d, SDK order gives %d", tt.ifaceID, tt.method, tt.got, want)
		}
	}
	// The tables themselves: the element's two property blocks are as long
	// as each other and GetClickablePoint is last, at 84.
	if n := len(iUnknown) + len(iUIAutomationElement); n != 85 {
		t.Errorf("IUIAutomationElement has %d slots, the SDK 85", n)
	}
	if n := len(iUnknown) + len(iUIAutomation); n != 58 {
		t.Errorf("IUIAutomation has %d slots, the SDK 58", n)
	}
}

func TestPatternAndPropertyIDs(t *testing.T) {
	// UIAutomationClient.h numbers patterns from UIA_InvokePatternId = 10000
	// and properties from UIA_RuntimeIdPropertyId = 30000, in this order.
	patterns := []string{"Invoke", "Selection", "Value", "RangeValue", "Scroll", "ExpandCollapse", "Grid",
		"GridItem", "MultipleView", "Window", "SelectionItem", "Dock", "Table", "TableItem", "Text", "Toggle",
		"Transform", "ScrollItem", "LegacyIAccessible", "ItemContainer", "VirtualizedItem"}
	ids := map[string]int{"Invoke": patternInvoke, "Selection": patternSelection, "Value": patternValue,
		"RangeValue": patternRangeValue, "Scroll": patternScroll, "ExpandCollapse": patternExpandCollapse,
		"Grid": patternGrid, "SelectionItem": patternSelectionItem, "Toggle": patternToggle,
		"ScrollItem": patternScrollItem, "ItemContainer": patternItemContainer, "VirtualizedItem": patternVirtualizedItem}
	for name, id := range ids {
		if got := patterns[id-10000]; got != name {
			t.Errorf("pattern id %d is %s in the SDK, the code calls it %s", id, got, name)
		}
	}
	props := map[int]string{propRuntimeID: "RuntimeId", propBoundingRectangle: "BoundingRectangle",
		propProcessID: "ProcessId", propControlType: "ControlType", propName: "Name",
		propHasKeyboardFocus: "HasKeyboardFocus", propIsEnabled: "IsEnabled", propClassName: "ClassName",
		propIsControlElement: "IsControlElement", propIsContentElement: "IsContentElement",
		propIsPassword: "IsPassword", propIsGridPatternAvail: "IsGridPatternAvailable", propGridRowCount: "GridRowCount", propNativeWindowHandle: "NativeWindowHandle", propIsOffscreen: "IsOffscreen",
		30028: "IsExpandCollapsePatternAvailable", 30031: "IsInvokePatternAvailable",
		30033: "IsRangeValuePatternAvailable", propIsScrollPatternAvail: "IsScrollPatternAvailable",
		30035: "IsScrollItemPatternAvailable", 30036: "IsSelectionItemPatternAvailable",
		30041: "IsTogglePatternAvailable", 30043: "IsValuePatternAvailable",
		propValueValue: "ValueValue", propValueIsReadOnly: "ValueIsReadOnly", propRangeValue: "RangeValueValue",
		propRangeIsReadOnly: "RangeValueIsReadOnly", propExpandState: "ExpandCollapseExpandCollapseState",
		propSelectionSelected: "SelectionItemIsSelected", propToggleState: "ToggleToggleState"}
	// UIAutomationClient.h's property ids, 30000 onwards, as far as used.
	sdk := []string{"RuntimeId", "BoundingRectangle", "ProcessId", "ControlType", "LocalizedControlType",
		"Name", "AcceleratorKey", "AccessKey", "HasKeyboardFocus", "IsKeyboardFocusable", "IsEnabled",
		"AutomationId", "ClassName", "HelpText", "ClickablePoint", "Culture", "IsControlElement",
		"IsContentElement", "LabeledBy", "IsPassword", "NativeWindowHandle", "ItemType", "IsOffscreen",
		"Orientation", "FrameworkId", "IsRequiredForForm", "ItemStatus", "IsDockPatternAvailable",
		"IsExpandCollapsePatternAvailable", "IsGridItemPatternAvailable", "IsGridPatternAvailable",
		"IsInvokePatternAvailable", "IsMultipleViewPatternAvailable", "IsRangeValuePatternAvailable",
		"IsScrollPatternAvailable", "IsScrollItemPatternAvailable", "IsSelectionItemPatternAvailable",
		"IsSelectionPatternAvailable", "IsTablePatternAvailable", "IsTableItemPatternAvailable",
		"IsTextPatternAvailable", "IsTogglePatternAvailable", "IsTransformPatternAvailable",
		"IsValuePatternAvailable", "IsWindowPatternAvailable", "ValueValue", "ValueIsReadOnly",
		"RangeValueValue", "RangeValueIsReadOnly", "RangeValueMinimum", "RangeValueMaximum",
		"RangeValueLargeChange", "RangeValueSmallChange", "ScrollHorizontalScrollPercent",
		"ScrollHorizontalViewSize", "ScrollVerticalScrollPercent", "ScrollVerticalViewSize",
		"ScrollHorizontallyScrollable", "ScrollVerticallyScrollable", "SelectionSelection",
		"SelectionCanSelectMultiple", "SelectionIsSelectionRequired", "GridRowCount", "GridColumnCount",
		"GridItemRow", "GridItemColumn", "GridItemRowSpan", "GridItemColumnSpan", "GridItemContainingGrid",
		"DockDockPosition", "ExpandCollapseExpandCollapseState", "MultipleViewCurrentView",
		"MultipleViewSupportedViews", "WindowCanMaximize", "WindowCanMinimize", "WindowWindowVisualState",
		"WindowWindowInteractionState", "WindowIsModal", "WindowIsTopmost", "SelectionItemIsSelected",
		"SelectionItemSelectionContainer", "TableRowHeaders", "TableColumnHeaders", "TableRowOrColumnMajor",
		"TableItemRowHeaderItems", "TableItemColumnHeaderItems", "ToggleToggleState"}
	for id, name := range props {
		if got := sdk[id-30000]; got != name {
			t.Errorf("property id %d is %s in the SDK, the code means %s", id, got, name)
		}
	}
	// Every pattern action the backend offers reads an Is...PatternAvailable property.
	for _, pa := range patternActions {
		if name := sdk[pa.property-30000]; len(name) < 2 || name[:2] != "Is" {
			t.Errorf("pattern action property %d is %s, not an availability property", pa.property, name)
		}
	}
}

func TestControlTypesCoverSDK(t *testing.T) {
	// UIA_ButtonControlTypeId = 50000 ... UIA_AppBarControlTypeId = 50040,
	// in the SDK's order; SemanticZoom (50039) has no role of its own.
	sdk := []string{"Button", "Calendar", "CheckBox", "ComboBox", "Edit", "Hyperlink", "Image", "ListItem",
		"List", "Menu", "MenuBar", "MenuItem", "ProgressBar", "RadioButton", "ScrollBar", "Slider", "Spinner",
		"StatusBar", "Tab", "TabItem", "Text", "ToolBar", "ToolTip", "Tree", "TreeItem", "Custom", "Group",
		"Thumb", "DataGrid", "DataItem", "Document", "SplitButton", "Window", "Pane", "Header", "HeaderItem",
		"Table", "TitleBar", "Separator", "SemanticZoom", "AppBar"}
	for i, name := range sdk {
		id := 50000 + i
		want := uitree.Role(name)
		if name == "SemanticZoom" {
			want = uitree.RoleCustom
		}
		if got := RoleOf(id); got != want {
			t.Errorf("RoleOf(%d) = %s, SDK control type %s", id, got, name)
		}
		if got := nativeRole(id); got != "ControlType."+string(want) {
			t.Errorf("nativeRole(%d) = %s", id, got)
		}
	}
}

func TestHRError(t *testing.T) {
	tests := []struct {
		hr   uint32
		want uitree.Code
	}{
		{0, ""}, {1, ""},
		{uiaElementNotAvailable, uitree.CodeStaleElement},
		{uiaElementNotEnabled, uitree.CodeActionFailed},
		{uiaNoClickablePoint, uitree.CodeNotClickable},
		{uiaNotSupported, uitree.CodeUnsupportedPattern},
		{eNotImpl, uitree.CodeUnsupportedPattern},
		{eNoInterface, uitree.CodeUnsupportedPattern},
		{eAccessDenied, uitree.CodeInputFailed},
		{0x80004005, uitree.CodeActionFailed},
	}
	for _, tt := range tests {
		err := hrError(tt.hr, "x")
		if tt.want == "" {
			if err != nil {
				t.Errorf("hrError(%#x) = %v, want nil", tt.hr, err)
			}
			continue
		}
		if got := uitree.CodeOf(err); got != tt.want {
			t.Errorf("hrError(%#x) code %s, want %s", tt.hr, got, tt.want)
		}
	}
}

func TestChordStrokes(t *testing.T) {
	vk := func(v uint16, up bool) keyStroke { return keyStroke{vk: v, up: up} }
	uni := func(u uint16, up bool) keyStroke { return keyStroke{unit: u, unicode: true, up: up} }
	tests := []struct {
		chord string
		want  []keyStroke
		code  uitree.Code
	}{
		{"Enter", []keyStroke{vk(0x0d, false), vk(0x0d, true)}, ""},
		{"CTRL+a", []keyStroke{vk(0x11, false), vk('A', false), vk('A', true), vk(0x11, true)}, ""},
		{"ctrl+shift+P", []keyStroke{vk(0x11, false), vk(0x10, false), vk('P', false), vk('P', true), vk(0x10, true), vk(0x11, true)}, ""},
		{"ALT+F4", []keyStroke{vk(0x12, false), vk(0x73, false), vk(0x73, true), vk(0x12, true)}, ""},
		{"WIN+Up", []keyStroke{vk(0x5b, false), vk(0x26, false), vk(0x26, true), vk(0x5b, true)}, ""},
		{"Esc", []keyStroke{vk(0x1b, false), vk(0x1b, true)}, ""},
		{"7", []keyStroke{vk('7', false), vk('7', true)}, ""},
		{"é", []keyStroke{uni(0xe9, false), uni(0xe9, true)}, ""},
		{"😀", []keyStroke{uni(0xd83d, false), uni(0xd83d, true), uni(0xde00, false), uni(0xde00, true)}, ""},
		{"CTRL+é", nil, uitree.CodeInvalidParams},
	}
	for _, tt := range tests {
		c, err := uitree.ParseChord(tt.chord)
		if err != nil {
			t.Fatalf("ParseChord(%q): %v", tt.chord, err)
		}
		got, err := chordStrokes(c)
		if tt.code != "" {
			if uitree.CodeOf(err) != tt.code {
				t.Errorf("%q: error %v, want %s", tt.chord, err, tt.code)
			}
			continue
		}
		if err != nil || len(got) != len(tt.want) {
			t.Errorf("%q: %v, %v; want %v", tt.chord, got, err, tt.want)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("%q: stroke %d = %+v, want %+v", tt.chord, i, got[i], tt.want[i])
			}
		}
	}
	// Every named key of the protocol has a virtual key.
	for _, k := range uitree.NamedKeys {
		if _, ok := virtualKeys[k]; !ok {
			t.Errorf("named key %s has no virtual key", k)
		}
	}
}
