// Package e2e drives the real tw binary through its JSON-RPC server, as a
// client would, and checks what lands on disk.
package e2e

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"textfirst/internal/testkit"
)

var twBin string

func TestMain(m *testing.M) {
	twBin = testkit.MustBinary("tw")
	testkit.Main(m)
}

// client is a JSON-RPC client of one tw server process.
type client struct {
	t      *testing.T
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Reader
	nextID int
	notes  []map[string]any // notifications seen
}

// tw is the command that runs the built tw with args.
func tw(args ...string) *exec.Cmd { return exec.Command(twBin, args...) }

// serve is the command of a tw serve --stdio with its home in home.
func serve(home string, args ...string) *exec.Cmd {
	return tw(append([]string{"serve", "--stdio", "--home", home}, args...)...)
}

// runTw runs tw with args and its home in home, and returns its exit code
// and output.
func runTw(t *testing.T, home string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	cmd := tw(args...)
	cmd.Env = append(os.Environ(), "TEXTWEAVER_HOME="+home)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), out.String(), errb.String()
	} else if err != nil {
		t.Fatal(err)
	}
	return 0, out.String(), errb.String()
}

// start starts a silent server with its home in home.
func start(t *testing.T, home string, args ...string) *client {
	t.Helper()
	return startCmd(t, serve(home, append([]string{"--no-speech"}, args...)...))
}

// startWith writes text to a file called name in a new temporary folder,
// starts a server whose home is in that folder and opens the file; it
// returns the client, the folder and the file's path.
func startWith(t *testing.T, name, text string) (c *client, dir, path string) {
	t.Helper()
	dir = t.TempDir()
	path = writeFile(t, filepath.Join(dir, name), text)
	c = start(t, filepath.Join(dir, "home"))
	c.call("open", map[string]any{"path": path})
	return c, dir, path
}

// startCmd starts cmd, a tw serve --stdio, and returns its client; the
// server is killed when the test ends.
func startCmd(t *testing.T, cmd *exec.Cmd) *client {
	t.Helper()
	cmd.Stderr = os.Stderr
	in, out := testkit.StartPiped(t, cmd)
	c := &client{t: t, cmd: cmd, in: in, out: bufio.NewReader(out)}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return c
}

// call sends a request and returns its result, failing on an error.
func (c *client) call(method string, params any) map[string]any {
	c.t.Helper()
	res, rpcErr := c.try(method, params)
	if rpcErr != nil {
		c.t.Fatalf("%s %v: error %v", method, params, rpcErr)
	}
	m, _ := res.(map[string]any)
	return m
}

func (c *client) try(method string, params any) (any, map[string]any) {
	c.t.Helper()
	c.nextID++
	req := map[string]any{"jsonrpc": "2.0", "id": c.nextID, "method": method}
	if params != nil {
		req["params"] = params
	}
	data, _ := json.Marshal(req)
	if _, err := c.in.Write(append(data, '\n')); err != nil {
		c.t.Fatalf("writing %s: %v", method, err)
	}
	for {
		line, err := c.out.ReadString('\n')
		if err != nil {
			c.t.Fatalf("reading the answer to %s: %v", method, err)
		}
		var msg map[string]any
		if err := json.Unmarshal([]byte(line), &msg); err != nil {
			c.t.Fatalf("not JSON: %q", line)
		}
		if _, isNote := msg["method"]; isNote {
			c.notes = append(c.notes, msg)
			continue
		}
		if id, _ := msg["id"].(float64); int(id) == c.nextID {
			if e, ok := msg["error"].(map[string]any); ok {
				return nil, e
			}
			return msg["result"], nil
		}
	}
}

func (c *client) lastAnnouncement() string {
	for i := len(c.notes) - 1; i >= 0; i-- {
		if c.notes[i]["method"] == "announcement" {
			return c.notes[i]["params"].(map[string]any)["text"].(string)
		}
	}
	return ""
}

// notesMD is the spec's example document.
const notesMD = testkit.NotesMD

// writeFile writes a test file (testkit.WriteFile).
var writeFile = testkit.WriteFile

// TestEditingSession is a scripted editing session: through JSON-RPC only,
// edit a Markdown file, format, undo, redo, save, add a note with a tag,
// rename a bookmark, change the rate in the settings list, and quit with
// unsaved changes answered; then check the file and the state on disk.
func TestEditingSession(t *testing.T) {
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	path := writeFile(t, filepath.Join(dir, "notes.md"), notesMD)
	c := start(t, home)
	c.call("open", map[string]any{"path": path})
	c.call("navigate", map[string]any{"action": "next_sentence"})

	res := c.call("action", map[string]any{"id": "toggle_edit_mode"})
	if !strings.HasPrefix(res["status"].(string), "Edit mode on.") {
		t.Fatalf("toggle_edit_mode: %v", res)
	}
	st := c.call("status", nil)
	if st["mode"] != "Edit" || st["document"].(map[string]any)["editing"] != true {
		t.Fatalf("status in edit mode: %v", st)
	}
	ins := c.call("insert", map[string]any{"text": "Membranes hold cells together.\n\n"})
	if ins["position"] == nil {
		t.Fatalf("insert gives no position: %v", ins)
	}
	if st := c.call("status", nil); st["document"].(map[string]any)["dirty"] != true {
		t.Fatal("not dirty after an insert")
	}
	// The cursor is now on "Cells"; bold it, undo, redo.
	if got := c.call("action", map[string]any{"id": "bold"})["status"]; got != "Bold." {
		t.Fatalf("bold: %v", got)
	}
	if got := c.call("action", map[string]any{"id": "undo"})["status"].(string); !strings.HasPrefix(got, "Undo. Cells are") {
		t.Fatalf("undo: %v", got)
	}
	if got := c.call("action", map[string]any{"id": "redo"})["status"].(string); !strings.HasPrefix(got, "Redo. **Cells** are") {
		t.Fatalf("redo: %v", got)
	}
	if got := c.call("action", map[string]any{"id": "save"})["status"]; got != "Saved notes.md. Still editing." {
		t.Fatalf("save: %v", got)
	}
	want := strings.Replace(notesMD, "Cells are", "Membranes hold cells together.\n\n**Cells** are", 1)
	if got, _ := os.ReadFile(path); string(got) != want {
		t.Fatalf("file after save:\n%s\nwant:\n%s", got, want)
	}
	// A note on the sentence at the cursor, with a tag.
	res = c.call("action", map[string]any{"id": "add_note"})
	if eff := res["effects"].([]any); len(eff) != 1 || eff[0].(map[string]any)["params"].(map[string]any)["purpose"] != "note_text" {
		t.Fatalf("add_note effects: %v", res)
	}
	c.call("answer", map[string]any{"text": "Key idea #exam"})
	// A bookmark, renamed.
	c.call("action", map[string]any{"id": "add_bookmark"})
	res = c.call("action", map[string]any{"id": "rename_bookmark"})
	if eff := res["effects"].([]any); len(eff) != 1 || eff[0].(map[string]any)["params"].(map[string]any)["purpose"] != "rename_bookmark" {
		t.Fatalf("rename_bookmark effects: %v", res)
	}
	c.call("answer", map[string]any{"text": "cells"})
	// The rate, through the settings list: filter, right twice, left once.
	c.call("action", map[string]any{"id": "settings"})
	for _, k := range []string{"s", "p", "e", "e", "c", "h", " ", "r"} {
		c.call("list_key", map[string]any{"key": k})
	}
	lst := c.call("list_state", nil)
	if items := lst["items"].([]any); len(items) == 0 || !strings.HasPrefix(items[0].(string), "Speech rate: 265") {
		t.Fatalf("settings list filtered: %v", lst)
	}
	c.call("list_key", map[string]any{"key": "right"})
	c.call("list_key", map[string]any{"key": "right"})
	res = c.call("list_key", map[string]any{"key": "left"})
	if res["status"] != "Speech rate: 285 words per minute" {
		t.Fatalf("after right, right, left: %v", res["status"])
	}
	c.call("list_key", map[string]any{"key": "escape"})
	if got := c.call("get_setting", map[string]any{"path": "speech.rate"}); got["value"] != 285.0 || got["spoken"] != "285 words per minute" {
		t.Fatalf("speech.rate: %v", got)
	}
	// An unsaved change, then quit: the Save, Discard or Cancel list.
	c.call("insert", map[string]any{"text": "Unsaved words. "})
	res = c.call("action", map[string]any{"id": "quit"})
	eff := res["effects"].([]any)
	if len(eff) != 1 || eff[0].(map[string]any)["type"] != "list" {
		t.Fatalf("quit with unsaved changes: %v", res)
	}
	res = c.call("list_key", map[string]any{"key": "s"})
	eff = res["effects"].([]any)
	if len(eff) != 1 || eff[0].(map[string]any)["type"] != "quit" {
		t.Fatalf("save then quit: %v", res)
	}
	done := make(chan error, 1)
	go func() { done <- c.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("server exit: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the server did not stop after quit")
	}

	want = strings.Replace(want, "**Cells** are", "Unsaved words. **Cells** are", 1)
	if got, _ := os.ReadFile(path); string(got) != want {
		t.Fatalf("file after quit:\n%s\nwant:\n%s", got, want)
	}
	settingsTOML, _ := os.ReadFile(filepath.Join(home, "settings.toml"))
	if !strings.Contains(string(settingsTOML), "rate = 285") {
		t.Fatalf("settings.toml: %s", settingsTOML)
	}
	states, _ := filepath.Glob(filepath.Join(home, "data", "state", "documents", "*.json"))
	if len(states) != 1 {
		t.Fatalf("state files: %v", states)
	}
	var state struct {
		Bookmarks []struct {
			Name string
			Char int
		}
		Notes []struct {
			Anchor, Text string
			Tags         []string
			Start, End   int
		}
		Length int
	}
	data, _ := os.ReadFile(states[0])
	if err := json.Unmarshal(data, &state); err != nil {
		t.Fatalf("state file: %v", err)
	}
	canonical := "Cell biology\n\nMembranes hold cells together.\n\nUnsaved words. Cells are the smallest units of life. Every living thing is made of cells.\n\nThe nucleus\n\nThe nucleus holds the cell's DNA. It controls growth and division."
	if state.Length != len([]rune(canonical)) {
		t.Fatalf("state length %d, want %d", state.Length, len([]rune(canonical)))
	}
	if len(state.Notes) != 1 || state.Notes[0].Text != "Key idea #exam" || len(state.Notes[0].Tags) != 1 || state.Notes[0].Tags[0] != "exam" {
		t.Fatalf("notes: %+v", state.Notes)
	}
	n := state.Notes[0]
	if got := string([]rune(canonical)[n.Start:n.End]); got != n.Anchor || !strings.Contains(n.Anchor, "Cells are the smallest units of life.") {
		t.Fatalf("note anchor %q at %d-%d covers %q", n.Anchor, n.Start, n.End, got)
	}
	if len(state.Bookmarks) != 1 || state.Bookmarks[0].Name != "cells" {
		t.Fatalf("bookmarks: %+v", state.Bookmarks)
	}
}

// TestKillDuringSave kills the server (SIGKILL) at many moments around a
// save of a large document: the document and the state file are always
// whole — the old version or the new one, never a truncated mix.
func TestKillDuringSave(t *testing.T) {
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	path := filepath.Join(dir, "big.md")
	var b strings.Builder
	b.WriteString("# Big\n\n")
	for i := 0; b.Len() < 4<<20; i++ {
		fmt.Fprintf(&b, "Paragraph %d has some words in it. It is here to make the file large.\n\n", i)
	}
	old := b.String()
	writeFile(t, path, old)
	versions := map[string]bool{old: true}
	for round := 0; round < 8; round++ {
		c := start(t, home)
		c.call("open", map[string]any{"path": path})
		c.call("action", map[string]any{"id": "toggle_edit_mode"})
		text := fmt.Sprintf("Round %d. ", round)
		c.call("insert", map[string]any{"text": text})
		// In edit mode the text is the source, exactly what a save writes.
		versions[c.call("text", nil)["text"].(string)] = true
		// Ask for a save and kill the process a little later each round.
		req, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 999, "method": "action", "params": map[string]any{"id": "save"}})
		c.in.Write(append(req, '\n'))
		time.Sleep(time.Duration(round) * 3 * time.Millisecond)
		c.cmd.Process.Kill()
		c.cmd.Wait()
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !versions[string(got)] {
			t.Fatalf("round %d: the document is neither the old nor the new version (%d bytes)", round, len(got))
		}
		states, _ := filepath.Glob(filepath.Join(home, "data", "state", "documents", "*.json"))
		for _, s := range states {
			data, _ := os.ReadFile(s)
			if !json.Valid(data) {
				t.Fatalf("round %d: state file %s is damaged", round, s)
			}
		}
		leftovers, _ := filepath.Glob(filepath.Join(dir, ".big.md.tmp-*"))
		for _, l := range leftovers {
			os.Remove(l) // a temporary file of a killed write is harmless
		}
	}
}
