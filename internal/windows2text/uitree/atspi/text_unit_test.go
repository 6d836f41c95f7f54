package atspi

import (
	"testing"

	"textfirst/internal/windows2text/uitree"
)

// leaf is a read node holding el.
func leaf(el *uitree.Element, kids ...*node) *node {
	n := &node{ok: true, el: el, children: kids, done: make(chan struct{})}
	close(n.done)
	return n
}

// TestOwnText: an unnamed text container is named by its own text (Gecko
// has no text leaves), with embedded objects' names in place of their
// placeholders; not when its children say it already.
func TestOwnText(t *testing.T) {
	link := leaf(&uitree.Element{Role: uitree.RoleHyperlink, Name: "here"})
	label := leaf(&uitree.Element{Role: uitree.RoleText, NativeRole: "label", Name: "Name"})
	entry := leaf(&uitree.Element{Role: uitree.RoleEdit, Name: "Name"})
	static := leaf(&uitree.Element{Role: uitree.RoleText, NativeRole: "static", Name: "Nothing ordered"})
	tests := []struct {
		name string
		n    *node
		want string
	}{
		{"Gecko paragraph of plain text", &node{text: "Nothing ordered"}, "Nothing ordered"},
		{"spaces collapsed", &node{text: "  Nothing\n  ordered "}, "Nothing ordered"},
		{"a link inside", &node{text: "Click \uFFFC now", children: []*node{link}}, "Click here now"},
		{"only placeholders: the children say it", &node{text: "\uFFFC \uFFFC", children: []*node{label, entry}}, ""},
		{"Chromium's static text children say it", &node{text: "Nothing ordered", children: []*node{static}}, ""},
		{"one child says it all", &node{text: "Name", children: []*node{label}}, ""},
		{"children not all read: placeholders dropped", &node{text: "a \uFFFC b \uFFFC c", children: []*node{link}}, "a b c"},
		{"empty", &node{}, ""},
	}
	for _, tt := range tests {
		if got := ownText(tt.n); got != tt.want {
			t.Errorf("%s: ownText = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestSelectedName: Gecko's select shows its chosen option, the selected
// item of its list.
func TestSelectedName(t *testing.T) {
	item := func(name string, selected bool) *node {
		return leaf(&uitree.Element{Role: uitree.RoleMenuItem, Name: name, States: uitree.States{Selected: selected}})
	}
	menu := leaf(&uitree.Element{Role: uitree.RoleMenu}, item("Apple", false), item("Banana", true), item("Cherry", false))
	tests := []struct {
		name  string
		n     *node
		depth int
		want  string
	}{
		{"the selected item of the list", leaf(&uitree.Element{Role: uitree.RoleComboBox}, menu), 3, "Banana"},
		{"too deep", leaf(&uitree.Element{Role: uitree.RoleComboBox}, menu), 1, ""},
		{"nothing selected", leaf(&uitree.Element{Role: uitree.RoleComboBox}, leaf(&uitree.Element{Role: uitree.RoleMenu}, item("Apple", false))), 3, ""},
		{"no list", leaf(&uitree.Element{Role: uitree.RoleComboBox}), 3, ""},
	}
	for _, tt := range tests {
		if got := selectedName(tt.n, tt.depth); got != tt.want {
			t.Errorf("%s: selectedName = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestCellShows(t *testing.T) {
	for _, tt := range []struct {
		text, input string
		want        bool
	}{
		{"17", "17", true},
		{"17", "17\n", true},
		{"3.5", "3.50", true},
		{"42", "=A1+A2", true},
		{"#NAME?", "=nosuch()", false},
		{"Err:502", "=SQRT(-1)", false},
		{"", "=A1", false},
		{"1", "17", false},
		{"Total", "Total", true},
	} {
		if got := cellShows(tt.text, tt.input); got != tt.want {
			t.Errorf("cellShows(%q, %q) = %v, want %v", tt.text, tt.input, got, tt.want)
		}
	}
}
