//go:build linux

package mcp_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"textfirst/internal/windows2text/desktoptest"
)

// TestWaitLatency: wait answers met for the change it awaits on the real
// application (a label appears, a button is renamed), never before the
// change is made. The latency is logged (go test -v: a few milliseconds on
// a quiet machine) rather than bounded: a loaded machine delays the
// application itself, and a bound would fail for that.
func TestWaitLatency(t *testing.T) {
	defer mainApp.Command("reset")
	defer mainApp.Command("rename Save")
	c := connect(t)
	const rounds = 9
	for _, cond := range []string{"appear", "change"} {
		var lat []time.Duration
		for i := range rounds {
			name := fmt.Sprintf("Ping %d", i)
			args := map[string]any{"for": "appear", "name": name, "timeoutMs": 5000}
			cmd := "status " + name
			if cond == "change" {
				// A ref of the button as it is now: wait change
				// compares the element with its snapshot.
				was := "Save"
				if i > 0 {
					was = fmt.Sprintf("Ping %d", i-1)
				}
				text, _ := c.ok("observe", map[string]any{"format": "text"})
				save := refOf(t, text, `Button "`+was+`"`)
				args = map[string]any{"for": "change", "ref": save, "timeoutMs": 5000}
				cmd = "rename " + name
			}
			type answer struct {
				text string
				m    map[string]any
				at   time.Time
			}
			done := make(chan answer, 1)
			go func() {
				text, m, _ := c.call("wait", args)
				done <- answer{text, m, time.Now()}
			}()
			// Let the wait start (its first check) before the change.
			time.Sleep(150 * time.Millisecond)
			t0 := time.Now()
			if _, err := mainApp.Command(cmd); err != nil {
				t.Fatal(err)
			}
			a := <-done
			if a.m["met"] != true {
				t.Fatalf("%s round %d: %s", cond, i, a.text)
			}
			if a.at.Before(t0) {
				t.Fatalf("%s round %d: met before the change was made: %s", cond, i, a.text)
			}
			lat = append(lat, a.at.Sub(t0))
		}
		slices.Sort(lat)
		med := lat[rounds/2]
		t.Logf("wait %s: median %v, min %v, max %v over %d rounds", cond, med, lat[0], lat[rounds-1], rounds)
	}
}

// TestWaitTimeout: a condition that never holds ends at its timeout, not
// later, with met false; bad conditions are invalid_params.
func TestWaitTimeout(t *testing.T) {
	c := connect(t)
	for _, args := range []map[string]any{
		{"for": "appear", "name": "Never there", "timeoutMs": 300},
		{"for": "window_open", "title": "No such window", "timeoutMs": 300},
		{"for": "quiet", "quietMs": 5000, "timeoutMs": 300},
	} {
		start := time.Now()
		text, m := c.ok("wait", args)
		took := time.Since(start)
		// The server's own count must keep to the timeout; the client's
		// adds the way back through the transport on a busy machine.
		if m["met"] != false || m["elapsedMs"].(float64) > 300 || m["elapsedMs"].(float64) < 250 || took > 550*time.Millisecond {
			t.Errorf("wait %v: %s after %v (%v)", args, text, took, m)
		}
	}
	text, m := c.ok("wait", map[string]any{"for": "quiet", "quietMs": 100, "timeoutMs": 3000})
	if m["met"] != true {
		t.Errorf("the idle application is not quiet: %s", text)
	}
	for _, args := range []map[string]any{{"for": "soon"}, {"for": "appear"}, {"for": "change"}, {"for": "quiet", "timeoutMs": -1}} {
		c.fails("invalid_params", "wait", args)
	}
}

// TestChanges: changes lists what a scripted sequence of actions changed,
// and each change matches the application's own record.
func TestChanges(t *testing.T) {
	defer mainApp.Command("reset")
	c := connect(t)
	text, m := c.ok("observe", map[string]any{"format": "text"})
	since := m["snapshotId"].(string)
	c.ok("type_text", map[string]any{"ref": refOf(t, text, `Edit "Name"`), "text": "Grace", "clear": true})
	c.ok("toggle", map[string]any{"ref": refOf(t, text, `CheckBox "Bold"`)})
	c.ok("set_range", map[string]any{"ref": refOf(t, text, `Slider "Volume"`), "value": 75})
	c.ok("invoke", map[string]any{"ref": refOf(t, text, `Button "Save"`)})
	out, _ := c.ok("changes", map[string]any{"since": since})
	t.Logf("changes:\n%s", out)
	st, err := mainApp.State()
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ record, line string }{
		{st["entry"], `Edit "Name" value "Ada" → "Grace"`},
		{st["check"], `CheckBox "Bold" +checked`},
		{st["scale"], `Slider "Volume" value "30" → "75"`},
		{st["label"], `"Saved" renamed from "Status: ready"`},
		{st["confirm"], `renamed from "No form saved"`},
	}
	records := []string{"entry Grace", "check 1", "scale 75", "label Saved", "confirm Saved form: name=Grace bold=1 volume=75 colour=Red row=none"}
	for i, w := range want {
		if w.record != records[i] {
			t.Errorf("the application records %q, want %q", w.record, records[i])
		}
		if !strings.Contains(out, w.line) {
			t.Errorf("changes lacks %s", w.line)
		}
	}
	// Nothing changed since the snapshot changes just took.
	out, m = c.ok("changes", nil)
	if len(m["changes"].([]any)) != 0 {
		t.Errorf("changes of an unchanged application:\n%s", out)
	}
}

// TestWaitConditions: each kind of condition is met by the change it
// awaits, made by the application itself.
func TestWaitConditions(t *testing.T) {
	defer mainApp.Command("reset")
	c := connect(t)
	var second *desktoptest.App
	defer func() {
		if second != nil {
			second.Stop()
		}
	}()
	tests := []struct {
		name string
		args map[string]any
		// change makes the condition true, after the wait started.
		change func() error
	}{
		{"disappear", map[string]any{"for": "disappear", "role": "Text", "name": "Status: ready"}, func() error {
			_, err := mainApp.Command("status Gone")
			return err
		}},
		{"appear by role and name", map[string]any{"for": "appear", "role": "Text", "name": "Status: back"}, func() error {
			_, err := mainApp.Command("status Status: back")
			return err
		}},
		{"window_open", map[string]any{"for": "window_open", "title": "w2t second"}, func() error {
			var err error
			second, err = desk.StartApp("--title", "w2t second", "--rows", "2")
			return err
		}},
		{"window_close", map[string]any{"for": "window_close", "title": "w2t second"}, func() error {
			second.Command("quit") // it exits without an answer
			return nil
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.args["timeoutMs"] = 20000
			done := make(chan map[string]any, 1)
			go func() {
				text, m := c.ok("wait", tt.args)
				m["text"] = text
				done <- m
			}()
			time.Sleep(200 * time.Millisecond)
			select {
			case m := <-done:
				t.Fatalf("met before the change: %v", m)
			default:
			}
			if err := tt.change(); err != nil {
				t.Fatal(err)
			}
			m := <-done
			if m["met"] != true {
				t.Errorf("%v", m)
			}
		})
	}
}

// TestWaitQuiet: quiet comes once the application's own changes stop: a
// label that changes every 10 ms for 400 ms keeps it from being quiet.
func TestWaitQuiet(t *testing.T) {
	defer mainApp.Command("reset")
	c := connect(t)
	if _, err := mainApp.Command("pulse 400"); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	text, m := c.ok("wait", map[string]any{"for": "quiet", "quietMs": 100, "timeoutMs": 5000})
	took := time.Since(start)
	if m["met"] != true || took < 400*time.Millisecond || m["events"].(float64) < 10 {
		t.Errorf("quiet after %v: %s %v", took, text, m)
	}
	t.Logf("quiet after %v, %v events", took, m["events"])
}

// TestWaitChangeSeesWhatChangesSees: wait change compares the element with
// its snapshot as changes does, so a change the application made after
// the snapshot but before the wait began is met at once (a button renamed,
// a status text replaced), and an unchanged element is not.
func TestWaitChangeSeesWhatChangesSees(t *testing.T) {
	defer mainApp.Command("reset")
	defer mainApp.Command("rename Save")
	c := connect(t)
	_, m := c.ok("snapshot", nil)
	save := treeRef(t, m["root"], "Button", "Save")
	status := treeRef(t, m["root"], "Text", "Status: ready")
	// The application changes both before the waits begin; the events
	// it sends then come before either wait.
	for _, cmd := range []string{"rename Saved", "status Status: done"} {
		if _, err := mainApp.Command(cmd); err != nil {
			t.Fatal(err)
		}
	}
	for _, ref := range []string{save, status} {
		text, m := c.ok("wait", map[string]any{"for": "change", "ref": ref, "timeoutMs": 20000})
		if m["met"] != true {
			t.Errorf("wait change %s: %s", ref, text)
		}
	}
	out, _ := c.ok("changes", map[string]any{"since": strings.Split(save, ":")[0]})
	for _, want := range []string{`renamed from "Save"`, `renamed from "Status: ready"`} {
		if !strings.Contains(out, want) {
			t.Errorf("changes lacks %s:\n%s", want, out)
		}
	}
	// Nothing changes the button now: its wait runs out.
	_, m = c.ok("snapshot", nil)
	saved := treeRef(t, m["root"], "Button", "Saved")
	if text, m := c.ok("wait", map[string]any{"for": "change", "ref": saved, "timeoutMs": 300}); m["met"] != false {
		t.Errorf("wait change of an unchanged button: %s", text)
	}
}

// treeRef finds the ref of the first element with role and name in a
// snapshot's tree.
func treeRef(t *testing.T, tree any, role, name string) string {
	t.Helper()
	var find func(n map[string]any) string
	find = func(n map[string]any) string {
		if n["role"] == role && n["name"] == name {
			ref, _ := n["ref"].(string)
			return ref
		}
		kids, _ := n["children"].([]any)
		for _, k := range kids {
			if ref := find(k.(map[string]any)); ref != "" {
				return ref
			}
		}
		return ""
	}
	root, _ := tree.(map[string]any)
	if root == nil {
		t.Fatalf("no tree: %v", tree)
	}
	ref := find(root)
	if ref == "" {
		t.Fatalf("no %s %q in the snapshot", role, name)
	}
	return ref
}
