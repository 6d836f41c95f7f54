package uia

import (
	"testing"

	"textfirst/internal/windows2text/uitree"
)

func TestElementFrom(t *testing.T) {
	tests := []struct {
		name    string
		p       props
		role    uitree.Role
		elName  string
		value   string
		states  []string
		actions []uitree.Action
		hwnd    uint32
	}{
		{"check box", props{propControlType: int32(50002), propName: "Wrap", propIsEnabled: true,
			propToggleState: int32(1), 30041: true, propBoundingRectangle: []float64{10, 20, 100, 16}},
			uitree.RoleCheckBox, "Wrap", "", []string{"enabled", "checked"}, []uitree.Action{uitree.ActionToggle}, 0},
		{"edit with Value pattern", props{propControlType: int32(50004), propIsEnabled: true, 30043: true,
			propValueValue: "abc", propHasKeyboardFocus: true},
			uitree.RoleEdit, "", "abc", []string{"enabled", "focused"},
			[]uitree.Action{uitree.ActionSetValue, uitree.ActionTypeText, uitree.ActionFocus, uitree.ActionKey}, 0},
		{"Wine's edit: no patterns, own window", props{propControlType: int32(50004), propIsEnabled: true,
			propNativeWindowHandle: int32(0x1007c)},
			uitree.RoleEdit, "", "", []string{"enabled"},
			[]uitree.Action{uitree.ActionTypeText, uitree.ActionFocus, uitree.ActionKey}, 0x1007c},
		{"read-only edit", props{propControlType: int32(50004), 30043: true, propValueIsReadOnly: true, propValueValue: "x"},
			uitree.RoleEdit, "", "x", []string{"read-only"}, nil, 0},
		{"password", props{propControlType: int32(50004), 30043: true, propIsPassword: true, propValueValue: "secret"},
			uitree.RoleEdit, "", "", []string{"protected"},
			[]uitree.Action{uitree.ActionSetValue, uitree.ActionTypeText, uitree.ActionFocus, uitree.ActionKey}, 0},
		{"slider", props{propControlType: int32(50015), 30033: true, propRangeValue: 42.5},
			uitree.RoleSlider, "", "42.5", nil, []uitree.Action{uitree.ActionSetRange}, 0},
		{"combo box", props{propControlType: int32(50003), 30028: true, propExpandState: int32(1)},
			uitree.RoleComboBox, "", "", []string{"expanded"}, []uitree.Action{uitree.ActionExpand, uitree.ActionCollapse}, 0},
		{"nothing known", props{}, uitree.RoleCustom, "", "", nil, nil, 0},
	}
	for _, tt := range tests {
		el, f := elementFrom(tt.p, 100)
		if el.Role != tt.role || el.Name != tt.elName || el.Value != tt.value || f.hwnd != tt.hwnd {
			t.Errorf("%s: role %s name %q value %q hwnd %#x", tt.name, el.Role, el.Name, el.Value, f.hwnd)
		}
		for _, s := range tt.states {
			found := false
			for _, got := range el.States.List() {
				found = found || got == s
			}
			if !found {
				t.Errorf("%s: states %v lack %s", tt.name, el.States.List(), s)
			}
		}
		var want uitree.ActionSet
		for _, a := range tt.actions {
			want = want.Add(a)
		}
		if el.Actions != want {
			t.Errorf("%s: actions %v, want %v", tt.name, el.Actions, want)
		}
	}
	el, _ := elementFrom(props{propBoundingRectangle: []float64{1.5, 2, 30, 40}, propName: "a long name"}, 4)
	if el.Bounds != (uitree.Rect{X: 1, Y: 2, Width: 30, Height: 40}) {
		t.Errorf("bounds %+v", el.Bounds)
	}
	if el.Name == "a long name" {
		t.Errorf("name not cut to maxText: %q", el.Name)
	}
	if len(readProps) != 17+len(patternActions) {
		t.Errorf("readProps has %d ids", len(readProps))
	}
}
