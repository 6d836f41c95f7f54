package uitree

import (
	"fmt"
	"strings"
	"testing"
)

func button(name string, x, y int) *Element {
	return &Element{Role: RoleButton, Name: name, Bounds: Rect{X: x, Y: y, Width: 30, Height: 20},
		States: States{Enabled: true}, Actions: ActionSet(0).Add(ActionInvoke)}
}

func names(obs Observation) string {
	var out []string
	for _, t := range obs.Targets {
		out = append(out, t.Label[strings.Index(t.Label, `"`)+1:strings.LastIndex(t.Label, `"`)])
	}
	return strings.Join(out, " ")
}

// TestObserveReadingOrder: targets come top to bottom, left to right
// within a row (a row tolerates a few pixels of misalignment), window by
// window, whatever the tree order.
func TestObserveReadingOrder(t *testing.T) {
	win := func(name string, kids ...*Element) *Element {
		return &Element{Role: RoleWindow, Name: name, Bounds: Rect{Width: 500, Height: 500}, States: States{Enabled: true}, Children: kids}
	}
	tests := []struct {
		name string
		root *Element
		want string
	}{
		{"calculator keys", win("calc", button("=", 200, 100), button("2", 100, 141), button("1", 60, 140), button("7", 60, 60), button("8", 100, 62)),
			"7 8 = 1 2"},
		{"already in order", win("w", button("a", 0, 0), button("b", 40, 0), button("c", 0, 40)), "a b c"},
		{"two windows keep their order", &Element{Role: RolePane, Children: []*Element{
			win("second", button("s2", 0, 50), button("s1", 0, 10)),
			win("first", button("f1", 0, 0)),
		}}, "s1 s2 f1"},
	}
	for _, tt := range tests {
		var refs Refs
		obs := Observe(refs.Publish(&Tree{Root: tt.root}), 100, 100)
		if got := names(obs); got != tt.want {
			t.Errorf("%s: targets %q, want %q", tt.name, got, tt.want)
		}
		for i, tg := range obs.Targets {
			if tg.Index != i || obs.Visible[i] != tg.Label {
				t.Errorf("%s: target %d has index %d / visible %q", tt.name, i, tg.Index, obs.Visible[i])
			}
		}
	}
}

// TestObserveLongListLeavesRoomForButtons: a dialog with a 500-row list
// and two buttons under it keeps both buttons when maxTargets is small.
func TestObserveLongListLeavesRoomForButtons(t *testing.T) {
	list := &Element{Role: RoleDataGrid, Name: "Files", Bounds: Rect{Width: 400, Height: 400}, States: States{Enabled: true}}
	for i := range 500 {
		list.Children = append(list.Children, &Element{Role: RoleDataItem, Name: fmt.Sprint("row ", i),
			Bounds: Rect{X: 0, Y: i, Width: 400, Height: 1}, States: States{Enabled: true}, Actions: ActionSet(0).Add(ActionSelect)})
	}
	small := &Element{Role: RoleList, Name: "Places", Bounds: Rect{X: 400, Width: 100, Height: 100}, States: States{Enabled: true}}
	for i := range 3 {
		small.Children = append(small.Children, &Element{Role: RoleListItem, Name: fmt.Sprint("place ", i),
			Bounds: Rect{X: 400, Y: i * 10, Width: 100, Height: 10}, States: States{Enabled: true}, Actions: ActionSet(0).Add(ActionSelect)})
	}
	root := &Element{Role: RoleWindow, Name: "Open", Bounds: Rect{Width: 500, Height: 500}, States: States{Enabled: true},
		Children: []*Element{small, list, button("Cancel", 300, 450), button("Open", 400, 450)}}
	var refs Refs
	obs := Observe(refs.Publish(&Tree{Root: root}), 20, 100)
	got := names(obs)
	if len(obs.Targets) != 20 || obs.OmittedTargets != 485 {
		t.Errorf("%d targets, %d omitted; want 20 and 485", len(obs.Targets), obs.OmittedTargets)
	}
	for _, want := range []string{"Cancel", "Open", "place 0", "place 2", "row 0", "row 14"} {
		if !strings.Contains(got, want) {
			t.Errorf("targets %q lack %q", got, want)
		}
	}
	if strings.Contains(got, "row 15") {
		t.Errorf("targets %q hold more rows than their share", got)
	}
}

// sheetWindow is a window of ten tools above a sheet of 50 cells, A1 to
// A50, of which A31 has the focus and cell i holds value(i).
func sheetWindow(value func(i int) string) *Element {
	grid := &Element{Role: RoleDataGrid, Name: "Sheet1", Bounds: Rect{Y: 100, Width: 400, Height: 400}, States: States{Enabled: true}}
	for i := range 50 {
		grid.Children = append(grid.Children, &Element{Role: RoleDataItem, Name: fmt.Sprint("A", i+1), Value: value(i),
			Bounds: Rect{Y: 100 + i, Width: 400, Height: 1}, States: States{Enabled: true, Focused: i == 30}, Actions: ActionSet(0).Add(ActionSelect)})
	}
	root := &Element{Role: RoleWindow, Name: "Calc", Bounds: Rect{Width: 500, Height: 500}, States: States{Enabled: true}}
	for i := range 10 {
		root.Children = append(root.Children, button(fmt.Sprint("tool ", i), i*40, 0))
	}
	root.Children = append(root.Children, grid)
	return root
}

// TestObserveKeepsFocusedItem: when the targets outside lists fill
// maxTargets, a list's focused item (a sheet's current cell) still shows.
func TestObserveKeepsFocusedItem(t *testing.T) {
	root := sheetWindow(func(int) string { return "" })
	var refs Refs
	obs := Observe(refs.Publish(&Tree{Root: root}), 10, 100)
	got := names(obs)
	if !strings.Contains(got, "A31") || strings.Contains(got, "tool 9") || len(obs.Targets) != 10 {
		t.Errorf("targets %q: want nine tools and the focused A31", got)
	}
}

// TestObserveKeepsFilledCells: when the targets outside lists fill
// maxTargets, a grid's cells that hold a value still show beside the
// focused cell, up to half of what the focused items leave; the tools
// keep the rest.
func TestObserveKeepsFilledCells(t *testing.T) {
	root := sheetWindow(func(i int) string {
		if i < 3 || (i >= 40 && i < 45) {
			return fmt.Sprint(i)
		}
		return ""
	})
	var refs Refs
	obs := Observe(refs.Publish(&Tree{Root: root}), 10, 100)
	var kept []string
	for _, tg := range obs.Targets {
		kept = append(kept, strings.SplitN(tg.Label, `"`, 3)[1])
	}
	got := strings.Join(kept, " ")
	want := "tool 0 tool 1 tool 2 tool 3 tool 4 A1 A2 A3 A31 A41"
	if got != want || obs.OmittedTargets != 50 {
		t.Errorf("targets %q (%d omitted), want %q (50 omitted)", got, obs.OmittedTargets, want)
	}
}
