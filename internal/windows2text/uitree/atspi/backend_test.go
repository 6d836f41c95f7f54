//go:build linux

package atspi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"

	"textfirst/internal/windows2text/uitree"
	"textfirst/internal/windows2text/uitree/atspi"
)

// find returns the first element (document order) matching role and name.
func find(root *uitree.Element, role uitree.Role, name string) *uitree.Element {
	var found *uitree.Element
	root.Walk(func(el *uitree.Element, _ int) bool {
		if found == nil && el.Role == role && el.Name == name {
			found = el
		}
		return found == nil
	})
	return found
}

// parentOf returns the element of the tree under root whose child is
// child, or nil.
func parentOf(root, child *uitree.Element) *uitree.Element {
	var parent *uitree.Element
	root.Walk(func(el *uitree.Element, _ int) bool {
		for _, c := range el.Children {
			if c == child {
				parent = el
			}
		}
		return parent == nil
	})
	return parent
}

func mustFind(t *testing.T, root *uitree.Element, role uitree.Role, name string) *uitree.Element {
	t.Helper()
	el := find(root, role, name)
	if el == nil {
		t.Fatalf("no %s %q in the snapshot", role, name)
	}
	return el
}

func actions(el *uitree.Element) string {
	var out []string
	for _, a := range el.Actions.List() {
		out = append(out, string(a))
	}
	return strings.Join(out, ",")
}

func TestWindowsListsBothApplications(t *testing.T) {
	list, err := backend.Windows(context.Background(), 100)
	if err != nil {
		t.Fatal(err)
	}
	byTitle := map[string]uitree.Window{}
	for _, w := range list.Windows {
		byTitle[w.Title] = w
	}
	for title, pid := range map[string]int{"w2t test": mainApp.PID, "w2t other": other.PID} {
		w, ok := byTitle[title]
		if !ok {
			t.Fatalf("window %q missing from %+v", title, list.Windows)
		}
		if w.PID != pid || w.Role != uitree.RoleWindow || !w.Visible || w.Bounds.Empty() || w.ID == "" || w.App != "app.py" {
			t.Errorf("window %q = %+v, want pid %d, a visible Window with bounds and an id", title, w, pid)
		}
	}
	if !byTitle["w2t test"].Active {
		t.Errorf("the presented window is not active: %+v", byTitle["w2t test"])
	}
	one, err := backend.Windows(context.Background(), 1)
	if err != nil || len(one.Windows) != 1 || !one.More {
		t.Errorf("Windows(max 1) = %+v, %v; want one window and More", one, err)
	}
}

func TestScopes(t *testing.T) {
	otherID := windowID(t, func(w uitree.Window) bool { return w.Title == "w2t other" })
	tests := []struct {
		name     string
		edit     func(*uitree.Request)
		rootRole uitree.Role
		rootName string
		app      string
		windows  []string // titles of the root's Window children, when it is a Pane
	}{
		{"foreground", nil, uitree.RoleWindow, "w2t test", "app.py", nil},
		{"hwnd", func(r *uitree.Request) { r.Scope, r.WindowID = uitree.ScopeHwnd, otherID }, uitree.RoleWindow, "w2t other", "app.py", nil},
		{"process", func(r *uitree.Request) { r.Scope, r.PID = uitree.ScopeProcess, other.PID }, uitree.RolePane, "app.py", "app.py", []string{"w2t other"}},
		{"desktop", func(r *uitree.Request) { r.Scope = uitree.ScopeDesktop }, uitree.RolePane, "Desktop", "", []string{"w2t other", "w2t test"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := snap(t, tt.edit)
			root := s.Tree.Root
			if root.Role != tt.rootRole || root.Name != tt.rootName || s.Tree.App != tt.app {
				t.Fatalf("root %s %q (app %q), want %s %q (app %q)", root.Role, root.Name, s.Tree.App, tt.rootRole, tt.rootName, tt.app)
			}
			if tt.windows != nil {
				var titles []string
				for _, c := range root.Children {
					if c.Role != uitree.RoleWindow || c.WindowID == "" || c.PID == 0 {
						t.Errorf("child %+v of %s is not a window with id and pid", c, root.Name)
					}
					titles = append(titles, c.Name)
				}
				if !slices.Equal(titles, tt.windows) {
					t.Errorf("windows %q, want %q", titles, tt.windows)
				}
			} else if root.WindowID == "" || root.PID == 0 {
				t.Errorf("root window has no id or pid: %+v", root)
			}
		})
	}
	t.Run("hwnd unknown", func(t *testing.T) {
		req := uitree.DefaultRequest()
		req.Scope, req.WindowID = uitree.ScopeHwnd, ":1.999/org/a11y/atspi/accessible/1"
		if _, err := backend.Snapshot(context.Background(), req); uitree.CodeOf(err) != uitree.CodeStaleElement {
			t.Errorf("unknown hwnd: %v, want stale_element", err)
		}
		req.WindowID = "not a window"
		if _, err := backend.Snapshot(context.Background(), req); uitree.CodeOf(err) != uitree.CodeInvalidParams {
			t.Errorf("malformed hwnd: %v, want invalid_params", err)
		}
	})
	t.Run("process unknown", func(t *testing.T) {
		req := uitree.DefaultRequest()
		req.Scope, req.PID = uitree.ScopeProcess, 999999
		if _, err := backend.Snapshot(context.Background(), req); uitree.CodeOf(err) != uitree.CodeInvalidParams {
			t.Errorf("unknown pid: %v, want invalid_params", err)
		}
	})
}

// movePointer warps the X pointer to (x, y) on the test display.
func movePointer(t *testing.T, x, y int) {
	t.Helper()
	xgb.Logger = log.New(io.Discard, "", 0)
	c, err := xgb.NewConnDisplay(desk.Display)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	root := xproto.Setup(c).DefaultScreen(c).Root
	if err := xproto.WarpPointerChecked(c, 0, root, 0, 0, 0, 0, int16(x), int16(y)).Check(); err != nil {
		t.Fatal(err)
	}
}

func TestCursorScope(t *testing.T) {
	s, _ := snap(t, nil)
	for _, target := range []struct {
		role uitree.Role
		name string
	}{{uitree.RoleButton, "Save"}, {uitree.RoleCheckBox, "Bold"}} {
		el := mustFind(t, s.Tree.Root, target.role, target.name)
		x, y := el.Bounds.Center()
		movePointer(t, x, y)
		cur, _ := snap(t, func(r *uitree.Request) { r.Scope = uitree.ScopeCursor })
		// The deepest element under the pointer is the control or its label.
		root := cur.Tree.Root
		if !(root.Role == target.role && root.Name == target.name) && !(root.Role == uitree.RoleText && root.Name == target.name) {
			t.Errorf("cursor at %s %q (%d,%d) gave %s %q", target.role, target.name, x, y, root.Role, root.Name)
		}
	}
}

func count(root *uitree.Element, pred func(*uitree.Element) bool) int {
	n := 0
	root.Walk(func(el *uitree.Element, _ int) bool {
		if pred(el) {
			n++
		}
		return true
	})
	return n
}

func TestViews(t *testing.T) {
	raw, _ := snap(t, func(r *uitree.Request) { r.View = uitree.ViewRaw })
	control, _ := snap(t, func(r *uitree.Request) { r.View = uitree.ViewControl })
	content, _ := snap(t, func(r *uitree.Request) { r.View = uitree.ViewContent })
	if !(raw.Nodes > control.Nodes && control.Nodes > content.Nodes) {
		t.Errorf("element counts raw %d, control %d, content %d: want raw > control > content", raw.Nodes, control.Nodes, content.Nodes)
	}
	unnamedFillers := func(el *uitree.Element) bool { return el.NativeRole == "filler" && el.Name == "" }
	if count(raw.Tree.Root, unnamedFillers) == 0 || count(control.Tree.Root, unnamedFillers) != 0 {
		t.Errorf("unnamed fillers: raw %d (want some), control %d (want none)",
			count(raw.Tree.Root, unnamedFillers), count(control.Tree.Root, unnamedFillers))
	}
	scrollBars := func(el *uitree.Element) bool { return el.Role == uitree.RoleScrollBar }
	if count(control.Tree.Root, scrollBars) == 0 || count(content.Tree.Root, scrollBars) != 0 {
		t.Errorf("scroll bars: control %d (want some), content %d (want none)",
			count(control.Tree.Root, scrollBars), count(content.Tree.Root, scrollBars))
	}
	// Every view keeps the controls.
	for _, s := range []*uitree.Snapshot{raw, control, content} {
		mustFind(t, s.Tree.Root, uitree.RoleButton, "Save")
		mustFind(t, s.Tree.Root, uitree.RoleEdit, "Name")
	}
}

func depthOf(root *uitree.Element) int {
	deepest := 0
	root.Walk(func(_ *uitree.Element, d int) bool {
		deepest = max(deepest, d)
		return true
	})
	return deepest
}

func TestLimits(t *testing.T) {
	t.Run("maxDepth", func(t *testing.T) {
		for _, depth := range []int{0, 1, 3} {
			s, _ := snap(t, func(r *uitree.Request) { r.MaxDepth = depth })
			if got := depthOf(s.Tree.Root); got != depth {
				t.Errorf("maxDepth %d: deepest element at %d", depth, got)
			}
			if find(s.Tree.Root, uitree.RoleText, "Deepest") != nil {
				t.Errorf("maxDepth %d: the deepest label is there", depth)
			}
			omitted := 0
			s.Tree.Root.Walk(func(el *uitree.Element, _ int) bool { omitted += el.OmittedChildren; return true })
			if omitted == 0 {
				t.Errorf("maxDepth %d: nothing counted as omitted", depth)
			}
		}
		full, _ := snap(t, nil)
		mustFind(t, full.Tree.Root, uitree.RoleText, "Deepest")
	})
	t.Run("maxNodes", func(t *testing.T) {
		for _, n := range []int{1, 10, 57} {
			s, _ := snap(t, func(r *uitree.Request) { r.MaxNodes = n })
			if s.Nodes != n || !s.Tree.Truncated {
				t.Errorf("maxNodes %d: %d elements, truncated %t", n, s.Nodes, s.Tree.Truncated)
			}
		}
		// Breadth first and deterministic: the same cut twice.
		a, _ := snap(t, func(r *uitree.Request) { r.MaxNodes = 20 })
		b, _ := snap(t, func(r *uitree.Request) { r.MaxNodes = 20 })
		if ta, tb := uitree.Text(a, 100), uitree.Text(b, 100); ta != tb {
			t.Errorf("two maxNodes 20 snapshots differ:\n%s\n%s", ta, tb)
		}
		full, _ := snap(t, nil)
		if full.Tree.Truncated {
			t.Errorf("the default limits truncated the test window (%d elements)", full.Nodes)
		}
	})
	t.Run("maxText", func(t *testing.T) {
		s, _ := snap(t, func(r *uitree.Request) { r.MaxText = 12 })
		var long *uitree.Element
		s.Tree.Root.Walk(func(el *uitree.Element, _ int) bool {
			if strings.HasPrefix(el.Name, "Long text") {
				long = el
			}
			return true
		})
		if long == nil || long.Name != "Long text w…" {
			t.Fatalf("long label with maxText 12: %+v", long)
		}
		s.Tree.Root.Walk(func(el *uitree.Element, _ int) bool {
			if len([]rune(el.Name)) > 12 || len([]rune(el.Value)) > 12 {
				t.Errorf("%s %q value %q is longer than maxText", el.Role, el.Name, el.Value)
			}
			return true
		})
	})
	t.Run("visibleOnly", func(t *testing.T) {
		all, _ := snap(t, nil)
		vis, _ := snap(t, func(r *uitree.Request) { r.VisibleOnly = true })
		if count(all.Tree.Root, func(el *uitree.Element) bool { return el.States.Offscreen }) == 0 {
			t.Fatal("the test window has no offscreen element to drop")
		}
		if n := count(vis.Tree.Root, func(el *uitree.Element) bool { return el.States.Offscreen }); n != 0 {
			t.Errorf("visibleOnly kept %d offscreen elements", n)
		}
		if find(vis.Tree.Root, uitree.RoleText, "Hidden details") != nil || find(vis.Tree.Root, uitree.RoleMenuItem, "Open") != nil {
			t.Error("visibleOnly kept the collapsed expander's label or the closed menu's item")
		}
		mustFind(t, vis.Tree.Root, uitree.RoleButton, "Save")
	})
}

func stripRefs(s string) string {
	var b strings.Builder
	for _, line := range strings.Split(s, "\n") {
		if i := strings.Index(line, "[ref="); i >= 0 {
			if j := strings.IndexAny(line[i:], ";]"); j >= 0 {
				line = line[:i] + line[i+j:]
			}
		}
		b.WriteString(line + "\n")
	}
	return b.String()
}

func TestElements(t *testing.T) {
	s, _ := snap(t, nil)
	root := s.Tree.Root
	tests := []struct {
		role    uitree.Role
		name    string
		value   string
		actions string
		check   func(uitree.States) bool
	}{
		{uitree.RoleButton, "Save", "", "invoke,focus,click,key", func(st uitree.States) bool { return st.Enabled }},
		{uitree.RoleButton, "Disabled", "", "", func(st uitree.States) bool { return !st.Enabled }},
		{uitree.RoleCheckBox, "Bold", "", "focus,toggle,click,key", func(st uitree.States) bool { return !st.Checked }},
		{uitree.RoleEdit, "Name", "Ada", "set_value,focus,click,type_text,key", func(st uitree.States) bool { return !st.ReadOnly }},
		{uitree.RoleEdit, "Serial", "fixed", "focus,click,key", func(st uitree.States) bool { return st.ReadOnly }},
		// Named by the label that points at it ("_City:").
		{uitree.RoleEdit, "City", "Paris", "set_value,focus,click,type_text,key", nil},
		{uitree.RoleEdit, "Password", "", "set_value,focus,click,type_text,key", func(st uitree.States) bool { return st.Protected }},
		{uitree.RoleSlider, "Volume", "30", "set_range,focus,click,key", nil},
		{uitree.RoleComboBox, "Red", "", "expand,collapse,click", nil},
		{uitree.RoleButton, "Details", "", "focus,expand,collapse,click,key", func(st uitree.States) bool { return !st.Expanded }},
		{uitree.RoleMenu, "File", "", "invoke,select,click", nil},
		{uitree.RoleText, "Status: ready", "", "", nil},
	}
	for _, tt := range tests {
		el := find(root, tt.role, tt.name)
		if el == nil {
			t.Errorf("no %s %q", tt.role, tt.name)
			continue
		}
		if el.Value != tt.value || actions(el) != tt.actions || (tt.check != nil && !tt.check(el.States)) || el.Bounds.Empty() || el.NativeRole == "" {
			t.Errorf("%s %q: value %q actions %q states %v bounds %v native %q; want value %q actions %q",
				tt.role, tt.name, el.Value, actions(el), el.States.List(), el.Bounds, el.NativeRole, tt.value, tt.actions)
		}
	}
	// The password never leaves the application, in any form.
	b, err := json.Marshal(root)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), "hunter2") {
		t.Error("the snapshot reveals the password")
	}
}

func TestVirtualizedList(t *testing.T) {
	s, _ := snap(t, nil)
	list := mustFind(t, s.Tree.Root, uitree.RoleDataGrid, "Items")
	// 2,000 rows of two cells and two column headers.
	total := len(list.Children) + list.OmittedChildren
	if total != 4002 {
		t.Errorf("list children %d + omitted %d = %d, want 4002", len(list.Children), list.OmittedChildren, total)
	}
	if len(list.Children) < 6 || len(list.Children) > 80 {
		t.Errorf("list has %d children walked; want the visible rows only", len(list.Children))
	}
	var names []string
	for _, c := range list.Children[:6] {
		names = append(names, c.Name)
	}
	if want := []string{"Item", "Value", "Row 0", "value 0", "Row 1", "value 7"}; !slices.Equal(names, want) {
		t.Errorf("first cells %q, want %q", names, want)
	}
	for _, c := range list.Children {
		if c.States.Offscreen && c.Role == uitree.RoleDataItem {
			t.Errorf("walked an offscreen row %q", c.Name)
		}
	}
}

func TestDeterministicText(t *testing.T) {
	a, _ := snap(t, nil)
	b, _ := snap(t, nil)
	if ta, tb := stripRefs(uitree.Text(a, 200)), stripRefs(uitree.Text(b, 200)); ta != tb {
		t.Errorf("two snapshots of the same UI differ:\n%s\n---\n%s", ta, tb)
	}
	oa, ob := uitree.Observe(a, 100, 200), uitree.Observe(b, 100, 200)
	if len(oa.Visible) != len(ob.Visible) || len(oa.Context) != len(ob.Context) {
		t.Errorf("observations differ: %d/%d targets, %d/%d context", len(oa.Visible), len(ob.Visible), len(oa.Context), len(ob.Context))
	}
}

// TestStoppedApplication stops the other application with SIGSTOP: a
// desktop snapshot must come back after about one call timeout, with the
// stopped application reported and the live one complete.
func TestStoppedApplication(t *testing.T) {
	if err := syscall.Kill(other.PID, syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	defer syscall.Kill(other.PID, syscall.SIGCONT)
	for round := range 2 {
		start := time.Now()
		s, _ := snap(t, func(r *uitree.Request) { r.Scope = uitree.ScopeDesktop })
		took := time.Since(start)
		if took > 3*callTimeout {
			t.Errorf("round %d: desktop snapshot with a stopped application took %v (call timeout %v)", round, took, callTimeout)
		}
		var pids []string
		for _, u := range s.Tree.Unresponsive {
			pids = append(pids, fmt.Sprint(u.PID))
		}
		if !slices.Contains(pids, fmt.Sprint(other.PID)) {
			t.Errorf("round %d: unresponsive %+v does not name pid %d", round, s.Tree.Unresponsive, other.PID)
		}
		win := find(s.Tree.Root, uitree.RoleWindow, "w2t test")
		if win == nil || find(win, uitree.RoleButton, "Save") == nil {
			t.Errorf("round %d: the live application's window is missing or incomplete", round)
		}
	}
	list, err := backend.Windows(context.Background(), 100)
	if err != nil || len(list.Unresponsive) == 0 {
		t.Errorf("Windows with a stopped application: %+v, %v; want it reported", list, err)
	}
	syscall.Kill(other.PID, syscall.SIGCONT)
	// Once it runs again, it answers again.
	deadline := time.Now().Add(5 * time.Second)
	for {
		s, _ := snap(t, func(r *uitree.Request) { r.Scope = uitree.ScopeDesktop })
		if len(s.Tree.Unresponsive) == 0 && find(s.Tree.Root, uitree.RoleWindow, "w2t other") != nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the continued application is still reported: %+v", s.Tree.Unresponsive)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func TestStatusChangeIsSeen(t *testing.T) {
	if _, err := mainApp.Command("status Working hard"); err != nil {
		t.Fatal(err)
	}
	defer mainApp.Command("status Status: ready")
	s, _ := snap(t, nil)
	mustFind(t, s.Tree.Root, uitree.RoleText, "Working hard")
}

// TestBusOnlyMatchesDirect checks the two transports against each other:
// godbus over the accessibility bus and the direct client over the
// applications' own sockets must read the same tree.
func TestBusOnlyMatchesDirect(t *testing.T) {
	slow, err := atspi.New(context.Background(), atspi.WithBusOnly(), atspi.WithCallTimeout(5*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	defer slow.Close()
	for _, view := range []uitree.View{uitree.ViewRaw, uitree.ViewControl} {
		req := uitree.DefaultRequest()
		req.View = view
		a, err := slow.Snapshot(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := snap(t, func(r *uitree.Request) { r.View = view })
		var refs uitree.Refs
		ta, tb := stripRefs(uitree.Text(refs.Publish(a), 200)), stripRefs(uitree.Text(b, 200))
		if ta != tb {
			t.Errorf("view %s: bus and direct snapshots differ:\n%s\n---\n%s", view, ta, tb)
		}
	}
}
