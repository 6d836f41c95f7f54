//go:build linux

package realapps

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"textfirst/internal/windows2text/desktoptest"
)

// withWindowManager gives the test a desktop of its own managed by openbox
// (the package's shared desktop has no window manager) until it ends.
func withWindowManager(t *testing.T) {
	t.Helper()
	d, err := desktoptest.Start(false)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.StartWindowManager(); err != nil {
		d.Close()
		t.Fatal(err)
	}
	shared := desk
	desk = d
	// Cleanups run last first: the test's programs stop before this.
	t.Cleanup(func() {
		desk = shared
		d.Close()
	})
}

// foregroundWindow is the window observe's default (foreground) scope
// reads.
func foregroundWindow(c *client) string {
	r := c.do("observe", nil)
	w, _ := r.Result["window"].(string)
	return w
}

// TestWindowManagerForegroundFollowsDialogs: under a window manager,
// foreground is the window it activated: a dialog opened by the
// application in front (mousepad's Save As, opened by a shortcut and
// typed into at once), and a dialog of another program that opens after
// it (zenity), then the editor again once both are gone.
func TestWindowManagerForegroundFollowsDialogs(t *testing.T) {
	withWindowManager(t)
	app := start(t, nil, "mousepad")
	c := serve(t)
	if !eventually(10*time.Second, func() bool { return strings.Contains(foregroundWindow(c), "Mousepad") }) {
		t.Fatalf("the foreground window is %q, not mousepad's", foregroundWindow(c))
	}
	_, targets, _ := c.observe(inProcess(app.PID))
	editor := find(t, targets, "Edit ")
	c.ok("key", map[string]any{"ref": editor.Ref, "key": "CTRL+SHIFT+S", "focus": true})
	if !eventually(10*time.Second, func() bool { return strings.Contains(foregroundWindow(c), "Save As") }) {
		t.Fatalf("after Ctrl+Shift+S the foreground window is %q, not the Save As dialog", foregroundWindow(c))
	}
	// Typed into at once, the new dialog loses nothing.
	_, targets, _ = c.observe(nil)
	name := "notes-für-später.txt"
	res := c.ok("type_text", map[string]any{"ref": find(t, targets, `Edit "Name"`).Ref, "text": name, "clear": true})
	if v, _ := res["value"].(string); v != name {
		t.Errorf("the Save As dialog's name field holds %q, want %q", v, name)
	}
	c.ok("invoke", map[string]any{"ref": find(t, targets, `Button "Cancel"`).Ref})
	if !eventually(10*time.Second, func() bool { return strings.Contains(foregroundWindow(c), "Mousepad") }) {
		t.Fatalf("after Cancel the foreground window is %q, not mousepad's", foregroundWindow(c))
	}

	z := start(t, nil, "zenity", "--question", "--title", "Proceed?", "--text", "Go on with the test?")
	if !eventually(10*time.Second, func() bool { return strings.Contains(foregroundWindow(c), "Proceed?") }) {
		t.Fatalf("with zenity's dialog open the foreground window is %q", foregroundWindow(c))
	}
	_, targets, _ = c.observe(nil)
	c.ok("invoke", map[string]any{"ref": find(t, targets, `Button "No"`).Ref})
	if !eventually(10*time.Second, func() bool { return !z.Alive() }) {
		t.Fatal("zenity did not close on No")
	}
	if !eventually(10*time.Second, func() bool { return strings.Contains(foregroundWindow(c), "Mousepad") }) {
		t.Fatalf("after zenity closed the foreground window is %q, not mousepad's", foregroundWindow(c))
	}
}

// partialTyping is the error type_text gives when only part of the text
// arrived.
var partialTyping = regexp.MustCompile(`only (\d+) of the (\d+) characters`)

// TestWindowManagerTypeIntoNewWindow: the first type_text into a window
// the window manager has just mapped loses no keys: typing waits (bounded)
// until the window can take the focus. Should anything be lost, the error
// says how much arrived, and typing only the rest leaves the text exactly
// once; typing it all again with clear leaves it once too.
func TestWindowManagerTypeIntoNewWindow(t *testing.T) {
	withWindowManager(t)
	c := serve(t)
	text := "The quick brown fox jumps over the lazy dog 0123456789"
	for round := range 3 {
		// A new window each round, typed into as soon as it shows.
		app, err := desk.StartApp("--title", "w2t new window "+strconv.Itoa(round))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(app.Stop)
		_, targets, _ := c.observe(inProcess(app.PID))
		entry := find(t, targets, `Edit "Name"`)
		r := c.do("type_text", map[string]any{"ref": entry.Ref, "text": text, "clear": true})
		if !r.OK {
			m := partialTyping.FindStringSubmatch(r.Error.Message)
			if m == nil {
				t.Fatalf("round %d: type_text into a new window failed without saying how much arrived: %s", round, r.raw)
			}
			got, _ := strconv.Atoi(m[1])
			t.Errorf("round %d: only %d of %d characters arrived in a new window: %s", round, got, len(text), r.raw)
			// The retry types the rest only.
			c.ok("type_text", map[string]any{"ref": entry.Ref, "text": text[got:]})
		} else if v, _ := r.Result["value"].(string); v != text {
			t.Errorf("round %d: type_text answered ok with value %q, want %q", round, v, text)
		}
		st, err := app.State()
		if err != nil {
			t.Fatal(err)
		}
		if !eventually(2*time.Second, func() bool {
			st, _ = app.State()
			return st["entry"] == "entry "+text
		}) {
			t.Errorf("round %d: the entry holds %q, want the text once", round, st["entry"])
		}
		// Typing it all again with clear leaves it once.
		res := c.ok("type_text", map[string]any{"ref": entry.Ref, "text": text, "clear": true})
		if v, _ := res["value"].(string); v != text {
			t.Errorf("round %d: the retry with clear left %q", round, v)
		}
		app.Stop()
	}
}
