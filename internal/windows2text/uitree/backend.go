package uitree

import (
	"context"
	"fmt"
)

// Scope selects which part of the desktop a snapshot covers.
type Scope string

// The snapshot scopes of the protocol.
const (
	// ScopeForeground is the active top-level window.
	ScopeForeground Scope = "foreground"
	// ScopeDesktop is every top-level window of every application.
	ScopeDesktop Scope = "desktop"
	// ScopeCursor is the deepest element under the mouse pointer.
	ScopeCursor Scope = "cursor"
	// ScopeProcess is every top-level window of one process (Request.PID).
	ScopeProcess Scope = "process"
	// ScopeHwnd is one top-level window (Request.WindowID, as Windows lists it).
	ScopeHwnd Scope = "hwnd"
)

// View selects which elements a snapshot keeps, after UI Automation's views.
type View string

// The snapshot views of the protocol.
const (
	// ViewRaw keeps every element the platform exposes.
	ViewRaw View = "raw"
	// ViewControl drops unnamed layout containers that offer no action,
	// lifting their children into their place.
	ViewControl View = "control"
	// ViewContent is the control view without decoration (scroll bars,
	// separators, title bars, tooltips) and without empty text and images.
	ViewContent View = "content"
)

// Defaults and bounds of the snapshot limits.
const (
	DefaultMaxDepth   = 32
	DefaultMaxNodes   = 2000
	DefaultMaxText    = 2000
	DefaultMaxTargets = 100
	DefaultMaxWindows = 100

	LimitMaxDepth   = 1000
	LimitMaxNodes   = 100000
	LimitMaxText    = 1000000
	LimitMaxTargets = 100000
)

// Request describes one snapshot. Start from DefaultRequest: a zero MaxDepth
// means "the root only", and zero MaxNodes or MaxText are filled with their
// defaults by Normalize.
type Request struct {
	Scope Scope
	View  View
	// PID selects the process of ScopeProcess.
	PID int
	// WindowID selects the window of ScopeHwnd, as Window.ID gives it.
	WindowID string
	// MaxDepth is the deepest level kept below the snapshot's root (which is
	// depth 0), counted in the chosen view.
	MaxDepth int
	// MaxNodes is the most elements a snapshot holds, taken breadth first.
	MaxNodes int
	// MaxText is the most characters kept of one name or value.
	MaxText int
	// VisibleOnly drops every element that is off screen.
	VisibleOnly bool
}

// DefaultRequest returns a request with every default filled in.
func DefaultRequest() Request {
	return Request{Scope: ScopeForeground, View: ViewControl, MaxDepth: DefaultMaxDepth,
		MaxNodes: DefaultMaxNodes, MaxText: DefaultMaxText}
}

// Normalize fills in empty fields and checks every field; its error is an
// invalid_params Error naming the offending parameter.
func (r *Request) Normalize() error {
	if r.Scope == "" {
		r.Scope = ScopeForeground
	}
	if r.View == "" {
		r.View = ViewControl
	}
	switch r.Scope {
	case ScopeForeground, ScopeDesktop, ScopeCursor:
	case ScopeProcess:
		if r.PID <= 0 {
			return Errorf(CodeInvalidParams, "scope process needs a positive pid")
		}
	case ScopeHwnd:
		if r.WindowID == "" {
			return Errorf(CodeInvalidParams, "scope hwnd needs hwnd (a window id from windows)")
		}
	default:
		return Errorf(CodeInvalidParams, "scope must be foreground, desktop, cursor, process or hwnd, not %q", r.Scope)
	}
	switch r.View {
	case ViewRaw, ViewControl, ViewContent:
	default:
		return Errorf(CodeInvalidParams, "view must be control, raw or content, not %q", r.View)
	}
	var err error
	if r.MaxDepth, err = limit("maxDepth", r.MaxDepth, DefaultMaxDepth, 0, LimitMaxDepth); err != nil {
		return err
	}
	if r.MaxNodes, err = limit("maxNodes", r.MaxNodes, DefaultMaxNodes, 1, LimitMaxNodes); err != nil {
		return err
	}
	if r.MaxText, err = limit("maxText", r.MaxText, DefaultMaxText, 1, LimitMaxText); err != nil {
		return err
	}
	return nil
}

// limit checks that v is within [lo, hi]; a zero v below lo takes def.
func limit(name string, v, def, lo, hi int) (int, error) {
	if v == 0 && lo > 0 {
		return def, nil
	}
	if v < lo || v > hi {
		return 0, Errorf(CodeInvalidParams, "%s must be between %d and %d, not %d", name, lo, hi, v)
	}
	return v, nil
}

// Window is one top-level window as the windows method lists it.
type Window struct {
	// ID is the handle a client passes back as hwnd: the decimal HWND on
	// Windows, "busname/object/path" of the window's accessible on Linux.
	ID      string `json:"hwnd"`
	Title   string `json:"title"`
	App     string `json:"app"`
	PID     int    `json:"pid"`
	Role    Role   `json:"role"`
	Bounds  Rect   `json:"bounds"`
	Active  bool   `json:"active"`
	Visible bool   `json:"visible"`
	// NotResponding marks the window of an application that did not
	// answer when the list was made (it is also in the list's
	// Unresponsive): the window is listed from what is known of it (an
	// earlier listing, the window system) instead of left out.
	NotResponding bool `json:"notResponding,omitempty"`
}

// WindowList is the answer of Backend.Windows.
type WindowList struct {
	Windows []Window `json:"windows"`
	// More is set when max cut the list short.
	More bool `json:"truncated"`
	// Unresponsive lists applications whose windows could not be read.
	Unresponsive []Unresponsive `json:"unresponsive,omitempty"`
}

// Unresponsive reports an application that did not answer in time (or at
// all) during a walk; its part of the result is missing or incomplete.
type Unresponsive struct {
	App   string `json:"app,omitempty"`
	PID   int    `json:"pid,omitempty"`
	Error string `json:"error"`
}

// Tree is what a backend captures for one snapshot request.
type Tree struct {
	// Root is the top of the snapshot: a Window (foreground, hwnd), the
	// element under the pointer (cursor), or a Pane holding the windows of
	// the desktop or of one process.
	Root *Element
	// App is the name of the application the snapshot is about (empty for
	// the desktop).
	App string
	// Truncated is set when maxNodes cut the walk short, and when an
	// application the snapshot covers stopped answering (it is then in
	// Unresponsive): the tree holds what was read before.
	Truncated bool
	// Unresponsive lists applications that timed out or failed.
	Unresponsive []Unresponsive
}

// Backend captures accessibility trees from one platform. Implementations
// must be safe for use by one goroutine at a time; the server serialises
// requests. Errors that are the client's fault are *Error values with a
// protocol code; anything else becomes internal_error.
type Backend interface {
	// Windows lists the visible top-level windows, at most max of them.
	Windows(ctx context.Context, max int) (WindowList, error)
	// Snapshot walks the part of the desktop req selects, within its
	// limits. req has been normalized.
	Snapshot(ctx context.Context, req Request) (*Tree, error)
}

// Actor is the optional ability of a backend to act on elements of its own
// snapshots. A backend without it answers every action with
// unsupported_pattern.
type Actor interface {
	// Act performs one action on el, which the backend produced. act's
	// parameters are already validated.
	Act(ctx context.Context, el *Element, act ActionRequest) (ActionResult, error)
}

// ActionResult is what an action reports after it has settled.
type ActionResult struct {
	// Verified is set when reading the element back shows the action's
	// effect (a toggled state, the new text or value, the focus); actions
	// whose effect the accessibility tree cannot show report true.
	Verified bool `json:"verified"`
	// States are the element's states afterwards.
	States []string `json:"states,omitempty"`
	// Value is the element's value afterwards (never a password's).
	Value *string `json:"value,omitempty"`
	// Gone is set when the element no longer exists afterwards (a button
	// that closed its dialog).
	Gone bool `json:"gone,omitempty"`
	// Transformed says what the application did to typed text that
	// arrived changed (tabs made spaces, indentation added): the text
	// arrived, as Value shows; empty when it arrived as typed.
	Transformed string `json:"transformed,omitempty"`
	// Settled is set when the application went quiet (no accessibility
	// event for a short period) within waitMs; false when waitMs ran out
	// first or was 0.
	Settled bool `json:"settled"`
}

// ActionRequest carries the parameters of one action method.
type ActionRequest struct {
	Action Action
	// Value is set_value's text or set_range's number (as text).
	Value      string
	RangeValue float64
	// Horizontal and Vertical are scroll's amounts.
	Horizontal, Vertical string
	// Button and Count are click's.
	Button string
	Count  int
	// Text and Clear are type_text's.
	Text  string
	Clear bool
	// Key and Focus are key's.
	Key   string
	Focus bool
	// WaitMs is how long to let the UI settle after acting.
	WaitMs int
}

// Closer is the optional ability of a backend to release its connections.
type Closer interface {
	Close() error
}

// AccessibilitySwitch is a backend that can switch the desktop's
// accessibility on as screen readers do, for applications that expose
// their trees only then (Firefox). Applications started afterwards
// see it; running ones may need a restart.
type AccessibilitySwitch interface {
	EnableAccessibility(ctx context.Context) error
}

// String renders a request for logs and errors.
func (r Request) String() string {
	return fmt.Sprintf("scope=%s view=%s maxDepth=%d maxNodes=%d maxText=%d visibleOnly=%t",
		r.Scope, r.View, r.MaxDepth, r.MaxNodes, r.MaxText, r.VisibleOnly)
}
