package uitree

import "encoding/json"

// elementJSON is the wire form of an Element.
type elementJSON struct {
	Ref             string     `json:"ref"`
	Role            Role       `json:"role"`
	NativeRole      string     `json:"nativeRole,omitempty"`
	Name            string     `json:"name"`
	Value           string     `json:"value,omitempty"`
	States          []string   `json:"states"`
	Bounds          *Rect      `json:"bounds,omitempty"`
	Actions         []Action   `json:"actions"`
	App             string     `json:"app,omitempty"`
	PID             int        `json:"pid,omitempty"`
	WindowID        string     `json:"hwnd,omitempty"`
	Children        []*Element `json:"children,omitempty"`
	OmittedChildren int        `json:"omittedChildren,omitempty"`
}

// MarshalJSON writes the element and its subtree: states and actions as
// lists of protocol names, bounds left out when the element has none.
func (e *Element) MarshalJSON() ([]byte, error) {
	j := elementJSON{
		Ref: e.Ref, Role: e.Role, NativeRole: e.NativeRole, Name: e.Name, Value: e.Value,
		States: e.States.List(), Actions: e.Actions.List(), App: e.App, PID: e.PID,
		WindowID: e.WindowID, Children: e.Children, OmittedChildren: e.OmittedChildren,
	}
	if j.Actions == nil {
		j.Actions = []Action{}
	}
	if !e.Bounds.Empty() {
		b := e.Bounds
		j.Bounds = &b
	}
	return json.Marshal(j)
}
