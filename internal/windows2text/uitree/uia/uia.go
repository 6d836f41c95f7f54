// Package uia is the Windows backend of windows2text: UI Automation through
// its COM interface (IUIAutomation), called with golang.org/x/sys/windows.
//
// It implements uitree.Backend and uitree.Actor with the same element
// model as the Linux backend: control types are the role names, patterns
// become the protocol's actions, and click, type_text and key use
// SendInput. It is built and vetted for GOOS=windows by this project's
// checks but has not been run against a live Windows desktop here (the
// project's machines run Linux); the Linux backend is the tested one.
package uia

import "textfirst/internal/windows2text/uitree"

// controlTypes maps UI Automation's control type IDs (UIA_ButtonControlTypeId
// = 50000, ...) onto the shared role names.
var controlTypes = map[int]uitree.Role{
	50000: uitree.RoleButton, 50001: uitree.RoleCalendar, 50002: uitree.RoleCheckBox,
	50003: uitree.RoleComboBox, 50004: uitree.RoleEdit, 50005: uitree.RoleHyperlink,
	50006: uitree.RoleImage, 50007: uitree.RoleListItem, 50008: uitree.RoleList,
	50009: uitree.RoleMenu, 50010: uitree.RoleMenuBar, 50011: uitree.RoleMenuItem,
	50012: uitree.RoleProgressBar, 50013: uitree.RoleRadioButton, 50014: uitree.RoleScrollBar,
	50015: uitree.RoleSlider, 50016: uitree.RoleSpinner, 50017: uitree.RoleStatusBar,
	50018: uitree.RoleTab, 50019: uitree.RoleTabItem, 50020: uitree.RoleText,
	50021: uitree.RoleToolBar, 50022: uitree.RoleToolTip, 50023: uitree.RoleTree,
	50024: uitree.RoleTreeItem, 50025: uitree.RoleCustom, 50026: uitree.RoleGroup,
	50027: uitree.RoleThumb, 50028: uitree.RoleDataGrid, 50029: uitree.RoleDataItem,
	50030: uitree.RoleDocument, 50031: uitree.RoleSplitButton, 50032: uitree.RoleWindow,
	50033: uitree.RolePane, 50034: uitree.RoleHeader, 50035: uitree.RoleHeaderItem,
	50036: uitree.RoleTable, 50037: uitree.RoleTitleBar, 50038: uitree.RoleSeparator,
	50040: uitree.RoleAppBar,
}

// RoleOf returns the role of a UI Automation control type ID.
func RoleOf(controlType int) uitree.Role {
	if r, ok := controlTypes[controlType]; ok {
		return r
	}
	return uitree.RoleCustom
}

// nativeRole names a control type the way UI Automation's programmatic
// names do ("ControlType.Button").
func nativeRole(controlType int) string {
	if r, ok := controlTypes[controlType]; ok {
		return "ControlType." + string(r)
	}
	return "ControlType.Custom"
}

// Pattern availability, as the protocol's actions (pattern property IDs:
// UIA_IsInvokePatternAvailablePropertyId = 30031, ...).
var patternActions = []struct {
	property int
	actions  []uitree.Action
}{
	{30031, []uitree.Action{uitree.ActionInvoke}},
	{30043, []uitree.Action{uitree.ActionSetValue}},
	{30033, []uitree.Action{uitree.ActionSetRange}},
	{30041, []uitree.Action{uitree.ActionToggle}},
	{30036, []uitree.Action{uitree.ActionSelect}},
	{30028, []uitree.Action{uitree.ActionExpand, uitree.ActionCollapse}},
	{30035, []uitree.Action{uitree.ActionScrollIntoView}},
	{30034, []uitree.Action{uitree.ActionScroll}},
}

// scrollAmounts maps the protocol's scroll amounts onto UI Automation's
// ScrollAmount enumeration.
var scrollAmounts = map[string]uintptr{
	"large_decrement": 0, "small_decrement": 1, "no_amount": 2, "large_increment": 3, "small_increment": 4,
}

// walkerOrder is, for each view, the UI Automation walkers that can serve
// it, best first: Wine's UI Automation lacks some views' walkers, and a
// view served by another view's walker is still a walk of the same tree.
var walkerOrder = map[uitree.View][]uitree.View{
	uitree.ViewControl: {uitree.ViewControl, uitree.ViewRaw, uitree.ViewContent},
	uitree.ViewContent: {uitree.ViewContent, uitree.ViewControl, uitree.ViewRaw},
	uitree.ViewRaw:     {uitree.ViewRaw, uitree.ViewControl, uitree.ViewContent},
}

// walkerFor picks the walker that serves view among those UI Automation
// gave (has); false when it gave none.
func walkerFor(view uitree.View, has func(uitree.View) bool) (uitree.View, bool) {
	for _, v := range walkerOrder[view] {
		if has(v) {
			return v, true
		}
	}
	return "", false
}

// childSource says where an element's children come from: UI Automation's
// tree walker, or, when the walker gives none (Wine's walkers never do),
// the element's child windows, each made an element by ElementFromHandle.
func childSource(walkerChildren int, hasWindow bool) string {
	switch {
	case walkerChildren > 0:
		return "walker"
	case hasWindow:
		return "windows"
	}
	return "none"
}

// subtreeCacheUsable decides whether the cache that one BuildUpdatedCache
// call built for a whole subtree (TreeScope_Subtree, the view's condition
// as its filter) can serve a walk: the call and GetCachedChildren must have
// worked, and a top element cached without children while it has child
// windows is not believed (Wine builds the element's own cache and answers
// GetCachedChildren with nothing). When it cannot, the walk reads element
// by element (walker or child windows, one cache request each): slower, the
// same tree.
func subtreeCacheUsable(buildErr, childrenErr error, cachedChildren, childWindows int) bool {
	if buildErr != nil || childrenErr != nil {
		return false
	}
	return cachedChildren > 0 || childWindows == 0
}

// realizeCount is how many items of a virtualized container to realize
// (VirtualizedItemPattern.Realize, through ItemContainer) when the walk
// found none of them realized: the rows a reader would see first, at most
// maxRealize and what maxNodes still allows. A container with realized
// children shows those (they are the visible rows) and nothing more is
// realized: realizing scrolls nothing but costs the provider work.
func realizeCount(walked, items, nodesLeft int) int {
	if walked > 0 || items <= 0 || nodesLeft <= 0 {
		return 0
	}
	return min(items, maxRealize, nodesLeft)
}

// maxRealize bounds the items realized in one container.
const maxRealize = 50

// takesText reports whether an element takes typed text (type_text, focus,
// key): an editable text field with the Value pattern or, where UI
// Automation gives no patterns (Wine), a text field of its own window,
// which keyboard input reaches once the window has the focus.
func takesText(role uitree.Role, valuePattern, readOnly, ownWindow bool) bool {
	if role != uitree.RoleEdit && role != uitree.RoleDocument || readOnly {
		return false
	}
	return valuePattern || ownWindow
}

// Mandatory integrity levels (the last sub-authority of a token's
// integrity SID: SECURITY_MANDATORY_MEDIUM_RID = 0x2000, ...).
var integrityNames = []struct {
	rid  uint32
	name string
}{
	{0x0000, "untrusted"}, {0x1000, "low"}, {0x2000, "medium"}, {0x2100, "medium-plus"},
	{0x3000, "high"}, {0x4000, "system"}, {0x5000, "protected process"},
}

// integrityName names an integrity level (the highest named level not
// above rid).
func integrityName(rid uint32) string {
	name := "untrusted"
	for _, l := range integrityNames {
		if rid >= l.rid {
			name = l.name
		}
	}
	return name
}

// checkIntegrity is the check before synthesized input: Windows drops
// input sent to a process of a higher integrity level than the sender
// (User Interface Privilege Isolation), and SendInput still reports
// success, so the action would seem to work. A target above own is
// input_failed, with the reason.
func checkIntegrity(target, own uint32, app string) error {
	if target <= own {
		return nil
	}
	return uitree.Errorf(uitree.CodeInputFailed,
		"%s runs at %s integrity, above windows2text's %s: Windows blocks input into it (run windows2text elevated to act on it)",
		app, integrityName(target), integrityName(own))
}

// staleCheck compares an element's runtime id at snapshot time (before)
// with the one read before acting (now, or the error of reading it): an
// element UI Automation no longer has, whose runtime id changed (the
// provider replaced it), or whose own window is gone (windowGone: Wine
// keeps answering for elements of destroyed windows) is stale_element. An
// id that was not available either time proves nothing.
func staleCheck(ref string, before, now []int32, err error, windowGone bool) error {
	if windowGone {
		return uitree.Errorf(uitree.CodeStaleElement, "%s is no longer available: its window was closed (take a new snapshot)", ref)
	}
	if err != nil {
		if uitree.CodeOf(err) == uitree.CodeStaleElement {
			return uitree.Errorf(uitree.CodeStaleElement, "%s is no longer available (take a new snapshot)", ref)
		}
		return nil
	}
	if before == nil || now == nil {
		return nil
	}
	if len(before) != len(now) {
		return uitree.Errorf(uitree.CodeStaleElement, "%s was replaced by another element (take a new snapshot)", ref)
	}
	for i := range before {
		if before[i] != now[i] {
			return uitree.Errorf(uitree.CodeStaleElement, "%s was replaced by another element (take a new snapshot)", ref)
		}
	}
	return nil
}

// floatArgError says whether this build can pass a double to a COM method
// (IUIAutomationRangeValuePattern.SetValue): Go's Windows system calls put
// arguments in integer registers, and mirror them into XMM0-XMM3 only on
// amd64; arm64 takes doubles in D registers, which they never set.
func floatArgError(goarch string) error {
	if goarch == "amd64" {
		return nil
	}
	return uitree.Errorf(uitree.CodeUnsupportedPattern, "set_range is not available in windows/%s builds: they cannot pass RangeValue.SetValue its number", goarch)
}

// itemsRoles are the containers whose items UI Automation may virtualize:
// only the realized ones are in the tree.
var itemsRoles = map[uitree.Role]bool{
	uitree.RoleList: true, uitree.RoleDataGrid: true, uitree.RoleTable: true, uitree.RoleTree: true,
	uitree.RoleComboBox: true,
}

// maxItemCount bounds how many items of one container are counted through
// ItemContainer (one call each).
const maxItemCount = 10000

// virtualRows is how many items of a container are not in the tree: its
// item count (from ItemContainer, else the Grid pattern's row count, -1
// when neither is known) less the children the walk found. They become the
// element's omitted children: visible rows plus a count.
func virtualRows(role uitree.Role, walked, items, gridRows int) int {
	if !itemsRoles[role] {
		return 0
	}
	total := items
	if total < 0 {
		total = gridRows
	}
	if total <= walked {
		return 0
	}
	return total - walked
}
