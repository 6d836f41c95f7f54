package e2e

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/tw/docstate"
	"textfirst/internal/tw/rpc/sessiongen"
)

// Two tw serve processes on one home add 40 bookmarks each, interleaved:
// every acknowledged bookmark is on disk at the end, each with a name of
// its own.
func TestTwoServersKeepEveryMark(t *testing.T) {
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	var doc strings.Builder
	for i := 1; i <= 80; i++ {
		fmt.Fprintf(&doc, "Paragraph %d says one thing.\n\n", i)
	}
	path := writeFile(t, filepath.Join(dir, "long.md"), doc.String())
	a, b := start(t, home), start(t, home)
	a.call("open", map[string]any{"path": path})
	b.call("open", map[string]any{"path": path})
	acked := map[string]bool{}
	for i := 1; i <= 40; i++ {
		for k, c := range []*client{a, b} {
			c.call("navigate", map[string]any{"goto": fmt.Sprint(2*(i+40*k) - 1)})
			status := c.call("action", map[string]any{"id": "add_bookmark"})["status"].(string)
			var name string
			var pct int
			if _, err := fmt.Sscanf(status, "Bookmark %s set at %d percent.", &name, &pct); err != nil {
				t.Fatalf("add_bookmark said %q", status)
			}
			if acked[name] {
				t.Fatalf("two bookmarks acknowledged as %s", name)
			}
			acked[name] = true
		}
	}
	for _, c := range []*client{a, b} {
		c.call("shutdown", nil)
	}
	st, err := docstate.Store{Home: home}.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, bm := range st.Bookmarks {
		delete(acked, bm.Name)
	}
	if len(st.Bookmarks) != 80 || len(acked) != 0 {
		t.Fatalf("%d bookmarks on disk; acknowledged but lost: %v", len(st.Bookmarks), acked)
	}
}

// A short run of the sequence fuzzer against the real binary: random
// sessions get one well-formed answer per request and no internal error.
func TestRandomSessionsBinary(t *testing.T) {
	requests := 0
	for seed := int64(1); seed <= 4; seed++ {
		dir := t.TempDir()
		home := filepath.Join(dir, "home")
		writeFile(t, filepath.Join(dir, "notes.md"), notesMD)
		// The server's folder is the scratch one: untitled documents are
		// saved there.
		c2 := startIn(t, dir, home)
		c2.call("open", map[string]any{"path": filepath.Join(dir, "notes.md")})
		for _, r := range sessiongen.Session(rand.New(rand.NewSource(seed)), 150, []string{"notes.md", "missing.md"}) {
			_, rpcErr := c2.try(r.Method, r.Params)
			if rpcErr != nil && rpcErr["code"] == float64(-32603) {
				data, _ := json.Marshal(rpcErr)
				t.Fatalf("seed %d: %s %v: %s", seed, r.Method, r.Params, data)
			}
			requests++
		}
		c2.call("shutdown", nil)
	}
	t.Logf("%d requests, no internal error", requests)
}

// startIn starts tw serve with dir as its working folder.
func startIn(t *testing.T, dir, home string) *client {
	t.Helper()
	cmd := serve(home, "--no-speech")
	cmd.Dir = dir
	return startCmd(t, cmd)
}

// Over JSON-RPC, saving over a file another program changed returns the
// question as pending; the file is written only once it is answered yes.
func TestSaveOverAChangedFileAsksOverRPC(t *testing.T) {
	c, _, path := startWith(t, "notes.md", notesMD)
	c.call("action", map[string]any{"id": "toggle_edit_mode"})
	c.call("insert", map[string]any{"text": "Mine. "})
	writeFile(t, path, "Theirs.\n")
	res := c.call("action", map[string]any{"id": "save"})
	pending, _ := res["pending"].(map[string]any)
	if pending["action"] != "save" || pending["question"] != "notes.md changed on disk since it was opened. Overwrite it? y or n" {
		t.Fatalf("save over a changed file: %v", res)
	}
	if got, _ := os.ReadFile(path); string(got) != "Theirs.\n" {
		t.Fatalf("written before the answer: %q", got)
	}
	res = c.call("action", map[string]any{"id": "save", "confirm": true})
	if got, _ := os.ReadFile(path); !strings.Contains(string(got), "Mine. ") || res["pending"] != nil {
		t.Fatalf("yes did not save: %q %v", got, res)
	}
}
