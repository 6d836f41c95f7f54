package rpc_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/tw/core"
)

// TestMenusOverRPC: the real tw serve offers the terminal reader's menus
// through the list protocol: action menu opens the File menu (items with
// their keys), list_key left and right move between menus, choose runs
// the item; the user guide, the help search and the notice history are
// reachable the same way.
func TestMenusOverRPC(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "notes.md"), notesMD)
	reading := -1
	for i, m := range core.Menus {
		if m.Name == "Reading" {
			reading = i
		}
	}
	sayPosition := -1
	for i, id := range core.Menus[reading].MenuActions() {
		if id == "say_position" {
			sayPosition = i
		}
	}
	var sc script
	add := sc.add
	add("action", `{"id":"menu"}`)
	add("list_key", `{"key":"right"}`)
	add("list_key", `{"key":"left"}`)
	add("list_key", `{"key":"down"}`)
	for i := 0; i < reading; i++ {
		add("list_key", `{"key":"right"}`)
	}
	add("choose", fmt.Sprintf(`{"index":%d}`, sayPosition))
	add("action", `{"id":"search_help"}`)
	for _, c := range "quiet" {
		add("list_key", fmt.Sprintf(`{"key":%q}`, string(c)))
	}
	add("action", `{"id":"help"}`)
	add("navigate", `{"action":"skip_next_heading"}`)
	add("action", `{"id":"help"}`)
	add("action", `{"id":"notice_history"}`)
	add("shutdown", "")
	add("exit", "")
	res := sc.serveNotes(t, dir, []string{"TEXTWEAVER_HOME=" + filepath.Join(dir, "home")})
	n := len(core.Menus[0].MenuActions())
	if want := fmt.Sprintf("File menu, Open, Ctrl+O, 1 of %d", n); res[0].Status != want {
		t.Errorf("menu said %q, want %q", res[0].Status, want)
	}
	if len(res[0].Effects) != 1 || res[0].Effects[0].Type != "list" || res[0].Effects[0].Params.Title != "File menu" ||
		len(res[0].Effects[0].Params.Items) != n || res[0].Effects[0].Params.Items[2] != "Save, Ctrl+S" {
		t.Errorf("menu effects %+v", res[0].Effects)
	}
	if res[1].List == nil || res[1].List.Title != "Edit menu" || !strings.HasPrefix(res[1].Status, "Edit menu, Toggle edit mode, Ctrl+E") {
		t.Errorf("right went to %+v, said %q", res[1].List, res[1].Status)
	}
	if res[2].List == nil || res[2].List.Title != "File menu" {
		t.Errorf("left went to %+v", res[2].List)
	}
	if want := fmt.Sprintf("New document, Ctrl+N, 2 of %d", n); res[3].Status != want {
		t.Errorf("down said %q, want %q", res[3].Status, want)
	}
	last := 4 + reading - 1
	if res[last].List == nil || res[last].List.Title != "Reading menu" {
		t.Fatalf("after %d rights the menu is %+v", reading, res[last].List)
	}
	if got := res[last+1].Status; !strings.HasPrefix(got, "Line 1 of") {
		t.Errorf("choosing say position said %q", got)
	}
	q := last + 2
	if !strings.HasPrefix(res[q].Status, "Search help and commands,") {
		t.Errorf("search_help said %q", res[q].Status)
	}
	filtered := res[q+5].List
	if filtered == nil || len(filtered.Items) == 0 || !strings.HasPrefix(filtered.Items[0], "Quiet screen, Alt+Q") {
		t.Errorf("typing quiet left %+v", filtered)
	}
	h := q + 6
	if !strings.HasPrefix(res[h].Status, "Opened the tw user guide.") {
		t.Errorf("help said %q", res[h].Status)
	}
	if res[h+2].Status != "Opened Cell biology." {
		t.Errorf("help again said %q, want the document back", res[h+2].Status)
	}
	hist := res[h+3]
	if len(hist.Effects) != 1 || hist.Effects[0].Params.Title != "Messages" || hist.Effects[0].Params.Items[0] != "Opened Cell biology." {
		t.Errorf("notice history %+v", hist.Effects)
	}
}
