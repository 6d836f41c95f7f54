package uia

import (
	"strconv"

	"textfirst/internal/windows2text/uitree"
)

// props are an element's property values by property id, as decoded from
// their VARIANTs: int32, float64, bool, string, []int32 (VT_ARRAY|VT_I4) or
// []float64 (VT_ARRAY|VT_R8); a property the element does not have is
// absent.
type props map[int]any

// readProps are the properties a snapshot reads of every element, in the
// one CacheRequest of a snapshot.
var readProps = func() []int {
	ids := []int{propControlType, propName, propIsEnabled, propHasKeyboardFocus, propIsPassword,
		propBoundingRectangle, propIsOffscreen, propNativeWindowHandle, propProcessID, propRuntimeID,
		propToggleState, propExpandState, propSelectionSelected, propValueIsReadOnly, propRangeIsReadOnly,
		propValueValue, propRangeValue}
	for _, pa := range patternActions {
		ids = append(ids, pa.property)
	}
	return ids
}()

func (p props) int(id int) (int32, bool) {
	v, ok := p[id].(int32)
	return v, ok
}

func (p props) bool(id int) bool {
	v, _ := p[id].(bool)
	return v
}

func (p props) string(id int) string {
	v, _ := p[id].(string)
	return v
}

// rect decodes BoundingRectangle: left, top, width, height as doubles.
func (p props) rect() uitree.Rect {
	r, ok := p[propBoundingRectangle].([]float64)
	if !ok || len(r) != 4 {
		return uitree.Rect{}
	}
	return uitree.Rect{X: int(r[0]), Y: int(r[1]), Width: int(r[2]), Height: int(r[3])}
}

// facts are what a snapshot keeps of an element besides its Element.
type facts struct {
	hwnd     uint32
	pid      int
	rid      []int32
	onScreen bool
	// valuePattern is set when the Value pattern is there (its value may
	// still be empty).
	valuePattern bool
}

// elementFrom builds an element from its properties, cut to maxText: role,
// name, states, value (never a password's) and the actions its patterns
// offer. The window-dependent parts (an edit's window text, click) are the
// caller's.
func elementFrom(p props, maxText int) (*uitree.Element, facts) {
	ct, _ := p.int(propControlType)
	el := &uitree.Element{Role: RoleOf(int(ct)), NativeRole: nativeRole(int(ct))}
	el.Name = uitree.Truncate(p.string(propName), maxText)
	el.States.Enabled = p.bool(propIsEnabled)
	el.States.Focused = p.bool(propHasKeyboardFocus)
	el.States.Protected = p.bool(propIsPassword)
	el.Bounds = p.rect()
	if ts, ok := p.int(propToggleState); ok {
		el.States.Checked = ts == 1
	}
	if es, ok := p.int(propExpandState); ok {
		el.States.Expanded = es == 1 || es == 2
	}
	el.States.Selected = p.bool(propSelectionSelected)
	el.States.ReadOnly = p.bool(propValueIsReadOnly) || p.bool(propRangeIsReadOnly)
	var f facts
	if h, ok := p.int(propNativeWindowHandle); ok {
		f.hwnd = uint32(h)
	}
	if pid, ok := p.int(propProcessID); ok {
		f.pid = int(pid)
	}
	f.rid, _ = p[propRuntimeID].([]int32)
	f.onScreen = !p.bool(propIsOffscreen)
	if !el.States.Protected {
		if v, ok := p[propValueValue].(string); ok {
			el.Value = uitree.Truncate(v, maxText)
		} else if r, ok := p[propRangeValue].(float64); ok {
			el.Value = strconv.FormatFloat(r, 'g', -1, 64)
		}
	}
	var acts uitree.ActionSet
	for _, pa := range patternActions {
		if !p.bool(pa.property) {
			continue
		}
		for _, a := range pa.actions {
			if a == uitree.ActionSetValue {
				f.valuePattern = true
			}
			if (a == uitree.ActionSetValue || a == uitree.ActionSetRange) && el.States.ReadOnly {
				continue
			}
			acts = acts.Add(a)
		}
	}
	if takesText(el.Role, acts.Has(uitree.ActionSetValue), el.States.ReadOnly, f.hwnd != 0) {
		acts = acts.Add(uitree.ActionTypeText).Add(uitree.ActionFocus).Add(uitree.ActionKey)
	}
	el.Actions = acts
	return el, f
}
