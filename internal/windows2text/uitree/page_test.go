package uitree

import (
	"strings"
	"testing"
)

// pageTree is a window with three buttons (the second focused) and two
// labels.
func pageSnapshot() *Snapshot {
	btn := func(name string, focused bool) *Element {
		return &Element{Role: RoleButton, Name: name, Actions: ActionSet(0).Add(ActionInvoke).Add(ActionClick),
			States: States{Enabled: true, Focused: focused}, Bounds: Rect{Width: 10, Height: 10}}
	}
	text := func(name string) *Element {
		return &Element{Role: RoleText, Name: name, States: States{Enabled: true}, Bounds: Rect{Width: 10, Height: 10}}
	}
	root := &Element{Role: RoleWindow, Name: "W", States: States{Enabled: true}, Bounds: Rect{Width: 100, Height: 100},
		Children: []*Element{btn("One", false), btn("Two", true), text("Hello"), btn("Three", false), text("Bye")}}
	var refs Refs
	return refs.Publish(&Tree{Root: root, App: "app"})
}

func TestLinesOrder(t *testing.T) {
	snap := pageSnapshot()
	lines := Lines(snap, Observe(snap, 100, 100))
	var got []string
	for _, l := range lines {
		if l.Target != nil {
			got = append(got, TextLine(snap, l, 100))
		} else {
			got = append(got, l.Context)
		}
	}
	want := []string{
		`s1:e3 Button "Two" invoke,click [focused]`, // focused first
		`s1:e2 Button "One" invoke,click`,           // then reading order
		`s1:e5 Button "Three" invoke,click`,
		`Text "Hello"`, // then context
		`Text "Bye"`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("lines:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !lines[0].Focused || lines[1].Focused {
		t.Error("only the first line is the focused target")
	}
}

func TestPaginate(t *testing.T) {
	snap := pageSnapshot()
	lines := Lines(snap, Observe(snap, 100, 100))
	unit := func(Line) int { return 10 }
	tests := []struct {
		name                 string
		start, budget, fixed int
		next, restT, restC   int
	}{
		{"everything fits", 0, 1000, 0, 5, 0, 0},
		{"fixed part counts", 0, 30, 10, 2, 1, 2},
		{"from a cursor", 2, 25, 0, 4, 0, 1},
		{"one line even over budget", 1, 5, 10, 2, 1, 2},
		{"nothing left", 5, 100, 0, 5, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := Paginate(lines, tt.start, tt.budget, tt.fixed, unit)
			if p.Start != tt.start || p.Next != tt.next || p.RestTargets != tt.restT || p.RestContext != tt.restC || len(p.Lines) != tt.next-tt.start {
				t.Errorf("page %+v, want next %d rest %d+%d", p, tt.next, tt.restT, tt.restC)
			}
		})
	}
}

func TestCursorRoundTrip(t *testing.T) {
	c := Cursor{SnapshotID: "s12", Next: 40, MaxTargets: 100, MaxText: 2000}
	got, err := ParseCursor(c.String())
	if err != nil || got != c {
		t.Fatalf("%v %v", got, err)
	}
	for _, bad := range []string{"", "s1", "s1/2/3", "x1/2/3/4", "s1/-2/3/4", "s1/2/0/4", "s1/2/3/0", "s1/2/3/4/5", "s1/a/3/4", "s1/9999999999/3/4"} {
		if _, err := ParseCursor(bad); CodeOf(err) != CodeInvalidParams {
			t.Errorf("ParseCursor(%q) = %v", bad, err)
		}
	}
}

func TestRenderText(t *testing.T) {
	snap := pageSnapshot()
	obs := Observe(snap, 100, 100)
	lines := Lines(snap, obs)
	p := Paginate(lines, 0, 3, 0, func(Line) int { return 1 })
	got := RenderText(snap, obs, p, 100, "s1/3/100/100")
	want := "s1 window \"W\" app \"app\"\n" +
		"s1:e3 Button \"Two\" invoke,click [focused]\n" +
		"s1:e2 Button \"One\" invoke,click\n" +
		"s1:e5 Button \"Three\" invoke,click\n" +
		"… 0 more targets, 2 more context lines; cursor s1/3/100/100\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	p = Paginate(lines, 3, 100, 0, func(Line) int { return 1 })
	if got := RenderText(snap, obs, p, 100, ""); got != "s1 window \"W\" app \"app\"\n--\nText \"Hello\"\nText \"Bye\"\n" {
		t.Errorf("last page:\n%s", got)
	}
}

func FuzzParseCursor(f *testing.F) {
	for _, s := range []string{"s4/40/100/2000", "s1/0/1/1", "", "s/1/2/3", "s1//2/3", "s1/2/3/4/", "s99999999999999999999/1/1/1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCursor(s)
		if err != nil {
			if CodeOf(err) != CodeInvalidParams {
				t.Fatalf("%q: %v", s, err)
			}
			return
		}
		back, err := ParseCursor(c.String())
		if err != nil || back != c {
			t.Fatalf("%q → %+v → %q → %+v %v", s, c, c.String(), back, err)
		}
	})
}
