package uitree

import (
	"strings"
	"testing"
)

func TestTruncate(t *testing.T) {
	tests := []struct {
		in   string
		max  int
		want string
	}{
		{"hello", 10, "hello"},
		{"hello", 5, "hello"},
		{"hello world", 5, "hell…"},
		{"hello", 1, "…"},
		{"héllo wörld", 4, "hél…"},
		{"日本語テキスト", 3, "日本…"},
		{"", 3, ""},
		{"abc", 0, "abc"},
	}
	for _, tt := range tests {
		if got := Truncate(tt.in, tt.max); got != tt.want {
			t.Errorf("Truncate(%q, %d) = %q, want %q", tt.in, tt.max, got, tt.want)
		}
	}
}

func TestParseChord(t *testing.T) {
	tests := []struct {
		in   string
		want Chord
		ok   bool
	}{
		{"Enter", Chord{Key: "Enter"}, true},
		{"ctrl+shift+p", Chord{Ctrl: true, Shift: true, Key: "p"}, true},
		{"CTRL+SHIFT+P", Chord{Ctrl: true, Shift: true, Key: "P"}, true},
		{"ALT+F4", Chord{Alt: true, Key: "F4"}, true},
		{"WIN+pagedown", Chord{Win: true, Key: "PageDown"}, true},
		{"CTRL++", Chord{Ctrl: true, Key: "+"}, true},
		{"+", Chord{Key: "+"}, true},
		{"esc", Chord{Key: "Escape"}, true},
		{"é", Chord{Key: "é"}, true},
		{"", Chord{}, false},
		{"HYPER+Q", Chord{}, false},
		{"CTRL+", Chord{}, false},
		{"F13", Chord{}, false},
		{"CTRL+Enterx", Chord{}, false},
	}
	for _, tt := range tests {
		got, err := ParseChord(tt.in)
		if (err == nil) != tt.ok || (tt.ok && got != tt.want) {
			t.Errorf("ParseChord(%q) = %+v, %v; want %+v ok=%t", tt.in, got, err, tt.want, tt.ok)
		}
		if err != nil && CodeOf(err) != CodeInvalidParams {
			t.Errorf("ParseChord(%q) error code %s", tt.in, CodeOf(err))
		}
	}
}

func tree() *Tree {
	on := States{Enabled: true}
	clickable := Rect{X: 1, Y: 1, Width: 10, Height: 10}
	btn := &Element{Role: RoleButton, Name: "Save", States: on, Bounds: clickable, Actions: ActionSet(0).Add(ActionClick).Add(ActionInvoke),
		Children: []*Element{{Role: RoleText, Name: "Save", States: on, Bounds: clickable}}}
	edit := &Element{Role: RoleEdit, Name: "Say \"hi\"\n", Value: "line1\tline2", States: States{Enabled: true, Focused: true}, Bounds: clickable,
		Actions: ActionSet(0).Add(ActionSetValue).Add(ActionFocus)}
	off := &Element{Role: RoleButton, Name: "Gone", States: States{Enabled: true, Offscreen: true}, Actions: ActionSet(0).Add(ActionInvoke)}
	disabled := &Element{Role: RoleButton, Name: "Nope", Bounds: clickable}
	label := &Element{Role: RoleText, Name: "Settings saved", States: on, Bounds: clickable}
	frame := &Element{Role: RolePane, Name: "Inset", States: on, Bounds: clickable,
		Children: []*Element{{Role: RoleText, Name: "Inset", States: on, Bounds: clickable}}}
	empty := &Element{Role: RolePane, States: on, Bounds: clickable}
	win := &Element{Role: RoleWindow, Name: "Settings", States: on, Bounds: Rect{Width: 100, Height: 100},
		Children: []*Element{btn, edit, off, disabled, label, empty, frame}, OmittedChildren: 3}
	return &Tree{Root: win, App: "settings"}
}

func TestRefsExpire(t *testing.T) {
	var refs Refs
	if _, err := refs.Resolve("s1:e1"); CodeOf(err) != CodeUnknownRef {
		t.Errorf("before any snapshot: %v", err)
	}
	s1 := refs.Publish(tree())
	if s1.ID != "s1" || s1.Nodes != 10 {
		t.Fatalf("first snapshot %s with %d nodes", s1.ID, s1.Nodes)
	}
	el, err := refs.Resolve("s1:e2")
	if err != nil || el.Name != "Save" {
		t.Fatalf("s1:e2 = %+v, %v", el, err)
	}
	s2 := refs.Publish(tree())
	if s2.ID != "s2" {
		t.Fatalf("second snapshot %s", s2.ID)
	}
	for _, ref := range []string{"s1:e2", "s2:e99", "s3:e1"} {
		if _, err := refs.Resolve(ref); CodeOf(err) != CodeUnknownRef {
			t.Errorf("Resolve(%s) = %v, want unknown_ref", ref, err)
		}
	}
	for _, ref := range []string{"", "s1", "e1", "s1:x1", "s:e1", "s1:e", "S1:E1", "s1:e1:e2", "s-1:e1"} {
		if _, err := refs.Resolve(ref); CodeOf(err) != CodeInvalidParams {
			t.Errorf("Resolve(%q) = %v, want invalid_params", ref, err)
		}
	}
	if el, err := refs.Resolve("s2:e2"); err != nil || el.Ref != "s2:e2" {
		t.Errorf("s2:e2 = %+v, %v", el, err)
	}
}

func TestObserve(t *testing.T) {
	var refs Refs
	s := refs.Publish(tree())
	obs := Observe(s, 100, 2000)
	wantVisible := []string{
		`Button "Save" [ref=s1:e2; actions=invoke,click]`,
		`Edit "Say \"hi\"\n" value="line1\tline2" [ref=s1:e4; actions=set_value,focus; states=focused]`,
	}
	if strings.Join(obs.Visible, "\n") != strings.Join(wantVisible, "\n") {
		t.Errorf("visible:\n%s\nwant:\n%s", strings.Join(obs.Visible, "\n"), strings.Join(wantVisible, "\n"))
	}
	// The button's own label repeats its name and is left out; the
	// disabled button is context.
	wantContext := []string{`Button "Nope" [disabled]`, `Text "Settings saved"`, `Pane "Inset"`}
	if strings.Join(obs.Context, "\n") != strings.Join(wantContext, "\n") {
		t.Errorf("context %q, want %q", obs.Context, wantContext)
	}
	if obs.App != "settings" || obs.Window != "Settings" || len(obs.Targets) != 2 || obs.Targets[1].Index != 1 || obs.Targets[1].Ref != "s1:e4" {
		t.Errorf("observation %+v", obs)
	}
	small := Observe(s, 1, 4)
	if len(small.Visible) != 1 || small.OmittedTargets != 1 || small.Visible[0] != `Button "Save" [ref=s1:e2; actions=invoke,click]` ||
		len(small.Context) != 1 || small.OmittedContext != 2 || small.Context[0] != `Button "Nope" [disabled]` {
		t.Errorf("maxTargets 1: %+v", small)
	}
	cut := Observe(s, 10, 3)
	if cut.Visible[1] != `Edit "Sa…" value="li…" [ref=s1:e4; actions=set_value,focus; states=focused]` {
		t.Errorf("maxText 3: %q", cut.Visible[1])
	}
}

func TestText(t *testing.T) {
	var refs Refs
	s := refs.Publish(tree())
	got := Text(s, 100)
	want := `Window "Settings" [ref=s1:e1]
  Button "Save" [ref=s1:e2; actions=invoke,click]
    Text "Save" [ref=s1:e3]
  Edit "Say \"hi\"\n" value="line1\tline2" [ref=s1:e4; actions=set_value,focus; states=focused]
  Button "Gone" [ref=s1:e5; actions=invoke; states=offscreen]
  Button "Nope" [ref=s1:e6; states=disabled]
  Text "Settings saved" [ref=s1:e7]
  Pane [ref=s1:e8]
  Pane "Inset" [ref=s1:e9]
    Text "Inset" [ref=s1:e10]
  … 3 more
`
	if got != want {
		t.Errorf("Text:\n%s\nwant:\n%s", got, want)
	}
}

func TestFateIn(t *testing.T) {
	named := &Element{Role: RolePane, Name: "Options"}
	unnamed := &Element{Role: RolePane}
	focusPane := &Element{Role: RolePane, Actions: ActionSet(0).Add(ActionScroll)}
	clickOnly := &Element{Role: RoleGroup, Actions: ActionSet(0).Add(ActionClick)}
	scrollBar := &Element{Role: RoleScrollBar, Value: "0"}
	blankText := &Element{Role: RoleText}
	window := &Element{Role: RoleWindow}
	tests := []struct {
		el                 *Element
		raw, control, cont Fate
	}{
		{named, Keep, Keep, Keep},
		{unnamed, Keep, Hoist, Hoist},
		{focusPane, Keep, Keep, Keep},
		{clickOnly, Keep, Hoist, Hoist},
		{scrollBar, Keep, Keep, Drop},
		{blankText, Keep, Keep, Drop},
		{window, Keep, Keep, Keep},
	}
	for _, tt := range tests {
		for view, want := range map[View]Fate{ViewRaw: tt.raw, ViewControl: tt.control, ViewContent: tt.cont} {
			if got := FateIn(view, tt.el); got != want {
				t.Errorf("FateIn(%s, %s %q) = %d, want %d", view, tt.el.Role, tt.el.Name, got, want)
			}
		}
	}
}

func TestClip(t *testing.T) {
	win := Rect{Width: 100, Height: 100}
	tests := []struct {
		name      string
		bounds    Rect
		showing   bool
		area      Area
		offscreen bool
		child     Area
	}{
		{"inside", Rect{X: 10, Y: 10, Width: 10, Height: 10}, true, Area{win, true}, false, Area{Rect{X: 10, Y: 10, Width: 10, Height: 10}, true}},
		{"not showing", Rect{X: 10, Y: 10, Width: 10, Height: 10}, false, Area{win, true}, true, Area{Rect{X: 10, Y: 10, Width: 10, Height: 10}, true}},
		{"scrolled out", Rect{X: 10, Y: 200, Width: 10, Height: 10}, true, Area{win, true}, true, Area{Rect{}, true}},
		{"no bounds", Rect{}, true, Area{win, true}, true, Area{win, true}},
		{"unknown area", Rect{X: 500, Y: 500, Width: 10, Height: 10}, true, Area{}, false, Area{Rect{X: 500, Y: 500, Width: 10, Height: 10}, true}},
		{"partly inside", Rect{X: 90, Y: 90, Width: 20, Height: 20}, true, Area{win, true}, false, Area{Rect{X: 90, Y: 90, Width: 10, Height: 10}, true}},
	}
	for _, tt := range tests {
		el := &Element{Bounds: tt.bounds}
		child := Clip(el, tt.showing, tt.area)
		if el.States.Offscreen != tt.offscreen || child != tt.child {
			t.Errorf("%s: offscreen %t child area %+v; want %t %+v", tt.name, el.States.Offscreen, child, tt.offscreen, tt.child)
		}
	}
}

func TestNormalize(t *testing.T) {
	r := Request{}
	if err := r.Normalize(); err != nil || r.Scope != ScopeForeground || r.View != ViewControl || r.MaxNodes != DefaultMaxNodes || r.MaxText != DefaultMaxText || r.MaxDepth != 0 {
		t.Errorf("zero request normalized to %+v, %v", r, err)
	}
	for _, bad := range []Request{
		{Scope: "moon"}, {View: "x"}, {Scope: ScopeProcess}, {Scope: ScopeHwnd}, {MaxDepth: -1}, {MaxNodes: -5}, {MaxText: LimitMaxText + 1}, {MaxDepth: LimitMaxDepth + 1},
	} {
		if err := bad.Normalize(); CodeOf(err) != CodeInvalidParams {
			t.Errorf("Normalize(%+v) = %v, want invalid_params", bad, err)
		}
	}
}

func TestActionSetOrder(t *testing.T) {
	s := ActionSet(0).Add(ActionKey).Add(ActionClick).Add(ActionInvoke).Add("bogus")
	got := s.List()
	if len(got) != 3 || got[0] != ActionInvoke || got[1] != ActionClick || got[2] != ActionKey || s.Has("bogus") || !s.Has(ActionClick) {
		t.Errorf("List = %v", got)
	}
}

// TestLabelControlCharacters: names and values reach an observation with
// every control character visible as an escape (C0, DEL and C1 as \xNN,
// line separators and bidirectional controls as \uNNNN), so an application
// cannot write terminal escapes or reorder an agent's text through a
// label; other text, non-ASCII included, stays as it is.
func TestLabelControlCharacters(t *testing.T) {
	tests := []struct {
		name, want string
	}{
		{"Save\x1b]52;c;aGk=\x07", `Button "Save\x1b]52;c;aGk=\x07" [ref=e1; actions=]`},
		{"a\u0085b\u009bc\u0080", `Button "a\x85b\x9bc\x80" [ref=e1; actions=]`},
		{"a\x7fb\tc\nd", `Button "a\x7fb\tc\nd" [ref=e1; actions=]`},
		{"x\u2028y\u2029z", `Button "x\u2028y\u2029z" [ref=e1; actions=]`},
		{"\u202egnp.exe\u202c \u200e\u2066", `Button "\u202egnp.exe\u202c \u200e\u2066" [ref=e1; actions=]`},
		{"Don’t Save — née 日本 👩\u200d💻 \u00a0", "Button \"Don’t Save — née 日本 👩\u200d💻 \u00a0\" [ref=e1; actions=]"},
	}
	for _, tt := range tests {
		el := &Element{Role: RoleButton, Name: tt.name, Ref: "e1", States: States{Enabled: true}}
		if got := Label(el, 0); got != tt.want {
			t.Errorf("Label(%q) = %s, want %s", tt.name, got, tt.want)
		}
	}
}

func TestSameText(t *testing.T) {
	tests := []struct {
		a, b string
		same bool
	}{
		{"Don't Save", "Don’t Save", true},
		{"Don't Save", "DON‘T SAVE", true},
		{`Say "hi"`, "Say “hi”", true},
		{"Save As...", "Save As…", true},
		{"A - B", "A — B", true},
		{"A-B", "A‐B", true},
		{"Total  due ", "total\u00a0due", true},
		{"Straße", "STRASSE", false},
		{"Save", "Save As", false},
		{"Don't Save", "Dont Save", false},
		{"", "", true},
	}
	for _, tt := range tests {
		if got := SameText(tt.a, tt.b); got != tt.same {
			t.Errorf("SameText(%q, %q) = %v, want %v (%q, %q)", tt.a, tt.b, got, tt.same, FoldText(tt.a), FoldText(tt.b))
		}
	}
}

func TestContainsText(t *testing.T) {
	tests := []struct {
		s, part string
		in      bool
	}{
		{"Don’t Save", "don't", true},
		{"Save As…", "as...", true},
		{"Save", "Save As", false},
		{"Total", "", true},
	}
	for _, tt := range tests {
		if got := ContainsText(tt.s, tt.part); got != tt.in {
			t.Errorf("ContainsText(%q, %q) = %v, want %v", tt.s, tt.part, got, tt.in)
		}
	}
}
