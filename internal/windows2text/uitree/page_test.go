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
	lines := Lines(snap, Observe(snap, 100, 100)) // 3 targets, 2 context lines
	unit := Costs{Line: func(Line) int { return 10 }}
	tests := []struct {
		name          string
		start         Position
		budget, fixed int
		next          Position
		restT, restC  int
	}{
		{"everything fits", Position{}, 1000, 0, Position{3, 2}, 0, 0},
		{"fixed part counts", Position{}, 30, 10, Position{1, 1}, 2, 1},
		{"context in proportion", Position{}, 40, 0, Position{3, 1}, 0, 1},
		{"context at least a quarter", Position{}, 20, 0, Position{1, 1}, 2, 1},
		{"from a cursor", Position{2, 0}, 25, 0, Position{3, 1}, 0, 1},
		{"targets done, context fills", Position{3, 0}, 25, 0, Position{3, 2}, 0, 0},
		{"context done, targets fill", Position{0, 2}, 25, 0, Position{2, 2}, 1, 0},
		{"one line even over budget", Position{1, 0}, 5, 10, Position{2, 0}, 1, 2},
		{"only context left, over budget", Position{3, 1}, 5, 10, Position{3, 2}, 0, 0},
		{"nothing left", Position{3, 2}, 100, 0, Position{3, 2}, 0, 0},
		{"positions past the end", Position{9, 9}, 100, 0, Position{3, 2}, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := Paginate(lines, tt.start, tt.budget, tt.fixed, unit)
			taken := tt.next.Target - min(tt.start.Target, 3) + tt.next.Context - min(tt.start.Context, 2)
			if p.Next != tt.next || p.RestTargets != tt.restT || p.RestContext != tt.restC || len(p.Lines) != taken {
				t.Errorf("page %+v, want next %+v rest %d+%d", p, tt.next, tt.restT, tt.restC)
			}
			seenContext := false
			for _, l := range p.Lines {
				if l.Target == nil {
					seenContext = true
				} else if seenContext {
					t.Errorf("a target after a context line: %+v", p.Lines)
				}
			}
		})
	}
}

// TestPaginateFills pages through many lines of varied lengths: every page
// is within its budget, every page but the last at least 90% full where
// no line is over a tenth of the budget, and the pages hold each line once,
// in order.
func TestPaginateFills(t *testing.T) {
	var lines []Line
	for i := range 300 {
		tg := Target{Label: strings.Repeat("t", 20+(i*37)%90)}
		lines = append(lines, Line{Target: &tg})
	}
	for i := range 60 {
		lines = append(lines, Line{Context: strings.Repeat("c", 10+(i*53)%120)})
	}
	costs := Costs{Line: func(l Line) int {
		if l.Target != nil {
			return len(l.Target.Label) + 1
		}
		return len(l.Context) + 1
	}, ContextMark: 3}
	for _, budget := range []int{MinBudget, 1500, 4000} {
		var got []Line
		at := Position{}
		for page := 0; ; page++ {
			p := Paginate(lines, at, budget, 40, costs)
			size := 40
			hasContext := false
			for _, l := range p.Lines {
				size += costs.Line(l)
				if l.Target == nil && !hasContext {
					size += costs.ContextMark
					hasContext = true
				}
			}
			if size > budget {
				t.Fatalf("budget %d: page %d is %d bytes", budget, page, size)
			}
			got = append(got, p.Lines...)
			if p.Done() {
				break
			}
			if budget >= 1500 && size*10 < budget*9 {
				t.Errorf("budget %d: page %d is %d bytes, under 90%%", budget, page, size)
			}
			if page == 0 && !hasContext {
				t.Errorf("budget %d: the first page has no context line", budget)
			}
			at = p.Next
		}
		var want, gotTargets, gotContext []Line
		for _, l := range got {
			if l.Target != nil {
				gotTargets = append(gotTargets, l)
			} else {
				gotContext = append(gotContext, l)
			}
		}
		want = append(gotTargets, gotContext...)
		if len(want) != len(lines) {
			t.Fatalf("budget %d: %d lines paged, want %d", budget, len(want), len(lines))
		}
		for i := range lines {
			if want[i] != lines[i] {
				t.Fatalf("budget %d: line %d out of order", budget, i)
			}
		}
	}
}

func TestCursorRoundTrip(t *testing.T) {
	for _, c := range []Cursor{
		{SnapshotID: "s12", Next: Position{40, 0}, MaxTargets: 100, MaxText: 2000},
		{SnapshotID: "s12", Next: Position{40, 3}, MaxTargets: 100, MaxText: 2000},
		{SnapshotID: "s1", Next: Position{0, 7}, MaxTargets: 1, MaxText: 1},
	} {
		got, err := ParseCursor(c.String())
		if err != nil || got != c {
			t.Fatalf("%s: %v %v", c, got, err)
		}
	}
	if s := (Cursor{SnapshotID: "s4", Next: Position{40, 3}, MaxTargets: 100, MaxText: 2000}).String(); s != "s4/40.3/100/2000" {
		t.Errorf("cursor %q", s)
	}
	for _, bad := range []string{"", "s1", "s1/2/3", "x1/2/3/4", "s1/-2/3/4", "s1/2/0/4", "s1/2/3/0", "s1/2/3/4/5", "s1/a/3/4", "s1/9999999999/3/4",
		"s1/2./3/4", "s1/.2/3/4", "s1/2.0/3/4", "s1/2.-1/3/4", "s1/2.3.4/3/4", "s1/+2/3/4", "s1/2.+3/3/4"} {
		if _, err := ParseCursor(bad); CodeOf(err) != CodeInvalidParams {
			t.Errorf("ParseCursor(%q) = %v", bad, err)
		}
	}
}

func TestRenderText(t *testing.T) {
	snap := pageSnapshot()
	obs := Observe(snap, 100, 100)
	lines := Lines(snap, obs)
	p := Paginate(lines, Position{}, 3, 0, Costs{Line: func(l Line) int {
		if l.Target == nil {
			return 2
		}
		return 1
	}})
	got := RenderText(snap, obs, p, 100, "s1/3/100/100")
	want := "s1 window \"W\" app \"app\"\n" +
		"s1:e3 Button \"Two\" invoke,click [focused]\n" +
		"s1:e2 Button \"One\" invoke,click\n" +
		"s1:e5 Button \"Three\" invoke,click\n" +
		"… 0 more targets, 2 more context lines; cursor s1/3/100/100\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	p = Paginate(lines, Position{Target: 3}, 100, 0, Costs{Line: func(Line) int { return 1 }})
	if got := RenderText(snap, obs, p, 100, ""); got != "s1 window \"W\" app \"app\"\n--\nText \"Hello\"\nText \"Bye\"\n" {
		t.Errorf("last page:\n%s", got)
	}
}

func FuzzParseCursor(f *testing.F) {
	for _, s := range []string{"s4/40/100/2000", "s4/40.3/100/2000", "s1/0/1/1", "", "s/1/2/3", "s1//2/3", "s1/2/3/4/", "s99999999999999999999/1/1/1"} {
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
