// Package uitree is the platform-neutral model of a desktop's accessibility
// tree as windows2text shows it: elements with UI Automation role names,
// snapshots whose references (sN:eM) expire when the next snapshot is taken,
// the control/content/raw views, and the projection of a snapshot into the
// ordered, labelled list of targets that a computer-use agent decides on.
//
// Platform backends (internal/uitree/atspi on Linux, internal/uitree/uia on
// Windows) implement the small Backend interface declared here; everything
// else (references, views, limits, labels) lives here so that both platforms
// answer in one vocabulary.
package uitree

import "strings"

// Role is a UI Automation control-type name ("Button", "Edit", ...). Both
// backends map their native roles onto this one vocabulary.
type Role string

// The UI Automation control types used by the backends.
const (
	RoleAppBar      Role = "AppBar"
	RoleButton      Role = "Button"
	RoleCalendar    Role = "Calendar"
	RoleCheckBox    Role = "CheckBox"
	RoleComboBox    Role = "ComboBox"
	RoleCustom      Role = "Custom"
	RoleDataGrid    Role = "DataGrid"
	RoleDataItem    Role = "DataItem"
	RoleDocument    Role = "Document"
	RoleEdit        Role = "Edit"
	RoleGroup       Role = "Group"
	RoleHeader      Role = "Header"
	RoleHeaderItem  Role = "HeaderItem"
	RoleHyperlink   Role = "Hyperlink"
	RoleImage       Role = "Image"
	RoleList        Role = "List"
	RoleListItem    Role = "ListItem"
	RoleMenu        Role = "Menu"
	RoleMenuBar     Role = "MenuBar"
	RoleMenuItem    Role = "MenuItem"
	RolePane        Role = "Pane"
	RoleProgressBar Role = "ProgressBar"
	RoleRadioButton Role = "RadioButton"
	RoleScrollBar   Role = "ScrollBar"
	RoleSeparator   Role = "Separator"
	RoleSlider      Role = "Slider"
	RoleSpinner     Role = "Spinner"
	RoleSplitButton Role = "SplitButton"
	RoleStatusBar   Role = "StatusBar"
	RoleTab         Role = "Tab"
	RoleTabItem     Role = "TabItem"
	RoleTable       Role = "Table"
	RoleText        Role = "Text"
	RoleThumb       Role = "Thumb"
	RoleTitleBar    Role = "TitleBar"
	RoleToolBar     Role = "ToolBar"
	RoleToolTip     Role = "ToolTip"
	RoleTree        Role = "Tree"
	RoleTreeItem    Role = "TreeItem"
	RoleWindow      Role = "Window"
)

// Action is the name of a protocol method that acts on one element. The
// actions an element lists are exactly the methods a client may call on its
// reference.
type Action string

// The action methods of the protocol, in the canonical order in which an
// element lists them.
const (
	ActionInvoke         Action = "invoke"
	ActionSetValue       Action = "set_value"
	ActionSetRange       Action = "set_range"
	ActionFocus          Action = "focus"
	ActionToggle         Action = "toggle"
	ActionSelect         Action = "select"
	ActionExpand         Action = "expand"
	ActionCollapse       Action = "collapse"
	ActionScrollIntoView Action = "scroll_into_view"
	ActionScroll         Action = "scroll"
	ActionClick          Action = "click"
	ActionTypeText       Action = "type_text"
	ActionKey            Action = "key"
)

// AllActions lists every action method in canonical order.
var AllActions = []Action{
	ActionInvoke, ActionSetValue, ActionSetRange, ActionFocus, ActionToggle,
	ActionSelect, ActionExpand, ActionCollapse, ActionScrollIntoView,
	ActionScroll, ActionClick, ActionTypeText, ActionKey,
}

// ActionSet is a set of actions stored as bits so that an element's list is
// always in canonical order, whatever order a backend discovered them in.
type ActionSet uint16

// Add returns the set with a added.
func (s ActionSet) Add(a Action) ActionSet {
	for i, x := range AllActions {
		if x == a {
			return s | 1<<i
		}
	}
	return s
}

// Has reports whether a is in the set.
func (s ActionSet) Has(a Action) bool {
	for i, x := range AllActions {
		if x == a {
			return s&(1<<i) != 0
		}
	}
	return false
}

// List returns the actions in canonical order (nil for the empty set).
func (s ActionSet) List() []Action {
	var out []Action
	for i, a := range AllActions {
		if s&(1<<i) != 0 {
			out = append(out, a)
		}
	}
	return out
}

// JoinActions names actions in their order, separated by sep.
func JoinActions(actions []Action, sep string) string {
	names := make([]string, len(actions))
	for i, a := range actions {
		names[i] = string(a)
	}
	return strings.Join(names, sep)
}

// States are the element states the protocol reports. The zero value is a
// disabled, unfocused, unchecked... element; backends set what they observe.
type States struct {
	Enabled   bool
	Focused   bool
	Checked   bool
	Expanded  bool
	Selected  bool
	ReadOnly  bool
	Offscreen bool
	// Protected marks a password field: its value is never read or shown.
	Protected bool
}

// List returns the set states by their protocol names, in a fixed order.
func (s States) List() []string {
	out := make([]string, 0, 4)
	add := func(on bool, name string) {
		if on {
			out = append(out, name)
		}
	}
	add(s.Enabled, "enabled")
	add(s.Focused, "focused")
	add(s.Checked, "checked")
	add(s.Expanded, "expanded")
	add(s.Selected, "selected")
	add(s.ReadOnly, "read-only")
	add(s.Offscreen, "offscreen")
	add(s.Protected, "protected")
	return out
}

// Rect is a rectangle in screen pixels.
type Rect struct {
	X      int `json:"x"`
	Y      int `json:"y"`
	Width  int `json:"width"`
	Height int `json:"height"`
}

// Empty reports whether the rectangle covers no pixel.
func (r Rect) Empty() bool { return r.Width <= 0 || r.Height <= 0 }

// Intersect returns the overlap of r and o (an empty Rect when none).
func (r Rect) Intersect(o Rect) Rect {
	x0, y0 := max(r.X, o.X), max(r.Y, o.Y)
	x1, y1 := min(r.X+r.Width, o.X+o.Width), min(r.Y+r.Height, o.Y+o.Height)
	if x1 <= x0 || y1 <= y0 {
		return Rect{}
	}
	return Rect{X: x0, Y: y0, Width: x1 - x0, Height: y1 - y0}
}

// Center returns the rectangle's middle pixel.
func (r Rect) Center() (x, y int) { return r.X + r.Width/2, r.Y + r.Height/2 }

// Element is one node of a snapshot. Backends fill every field except Ref,
// which the snapshot assigns; an Element is not modified after its snapshot
// is published, so it may be read from several goroutines.
type Element struct {
	// Ref is "sN:eM", assigned when the snapshot is published.
	Ref string
	// Role is the UI Automation control type; NativeRole the platform's own
	// role name ("push button" on AT-SPI, "ControlType.Button" on Windows).
	Role       Role
	NativeRole string
	Name       string
	// Value is the text of an edit field or document, the current number
	// of a range control, or empty. It is never set for a password field.
	Value   string
	States  States
	Bounds  Rect
	Actions ActionSet
	// App, PID and WindowID are set on top-level windows only.
	App      string
	PID      int
	WindowID string
	Children []*Element
	// OmittedChildren counts children (and their subtrees) that exist but
	// are not in Children: rows of a virtualized list that are scrolled out
	// of view, or everything below maxDepth or past maxNodes.
	OmittedChildren int
	// Handle is the backend's address of the element, used by actions. It
	// is opaque to everything but the backend that made it.
	Handle any
}

// Visible reports whether the element is on screen.
func (e *Element) Visible() bool { return !e.States.Offscreen }

// Walk calls fn for e and its descendants in pre-order (document order). It
// stops descending below an element when fn returns false.
func (e *Element) Walk(fn func(el *Element, depth int) bool) {
	var walk func(el *Element, depth int)
	walk = func(el *Element, depth int) {
		if !fn(el, depth) {
			return
		}
		for _, c := range el.Children {
			walk(c, depth+1)
		}
	}
	walk(e, 0)
}

// Truncate shortens s to at most max runes, marking a cut with "…". A max of
// zero or less leaves s as it is.
func Truncate(s string, max int) string {
	if max <= 0 {
		return s
	}
	n := 0
	for i := range s {
		if n == max {
			if max == 1 {
				return "…"
			}
			// Drop one more rune to make room for the ellipsis.
			cut := strings.LastIndexFunc(s[:i], func(rune) bool { return true })
			return s[:cut] + "…"
		}
		n++
	}
	return s
}
