//go:build linux

package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"textfirst/internal/testkit"
	"textfirst/internal/windows2text/desktoptest"
)

var (
	desk    *desktoptest.Desktop
	mainApp *desktoptest.App
)

// TestMain starts one private desktop with the GTK3 test application for
// all tests. When W2T_BE_MAIN is set, the test binary is windows2text
// itself: the protocol tests run it as a child process.
func TestMain(m *testing.M) {
	if os.Getenv("W2T_BE_MAIN") == "1" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	desktoptest.Main(m, true, func(d *desktoptest.Desktop) (func(), error) {
		desk = d
		var err error
		mainApp, err = desk.StartPresentedApp("--title", "w2t test")
		return nil, err
	})
}

// helper is a running "windows2text serve".
type helper struct {
	t      *testing.T
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Reader
	stderr bytes.Buffer
	next   int
	done   chan error
}

func startHelper(t *testing.T) *helper {
	t.Helper()
	h := &helper{t: t, done: make(chan error, 1)}
	h.cmd = exec.Command(os.Args[0], "serve")
	h.cmd.Env = append(os.Environ(), "W2T_BE_MAIN=1")
	h.cmd.Stderr = &h.stderr
	var out io.ReadCloser
	h.in, out = testkit.StartPiped(t, h.cmd)
	h.out = bufio.NewReader(out)
	go func() { h.done <- h.cmd.Wait() }()
	t.Cleanup(func() {
		h.in.Close()
		select {
		case <-h.done:
		case <-time.After(5 * time.Second):
			h.cmd.Process.Kill()
			<-h.done
		}
	})
	return h
}

// raw sends one line and returns the response line, decoded.
func (h *helper) raw(line string) map[string]any {
	h.t.Helper()
	if _, err := io.WriteString(h.in, line+"\n"); err != nil {
		h.t.Fatal(err)
	}
	type res struct {
		line string
		err  error
	}
	ch := make(chan res, 1)
	go func() {
		l, err := h.out.ReadString('\n')
		ch <- res{l, err}
	}()
	select {
	case r := <-ch:
		if r.err != nil {
			h.t.Fatalf("reading the response to %s: %v (stderr %q)", line, r.err, h.stderr.String())
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(r.line), &m); err != nil {
			h.t.Fatalf("response %q: %v", r.line, err)
		}
		return m
	case <-time.After(20 * time.Second):
		h.t.Fatalf("no response to %s", line)
	}
	return nil
}

// call sends a request and returns its response; the id is checked.
func (h *helper) call(method string, params map[string]any) map[string]any {
	h.t.Helper()
	h.next++
	req := map[string]any{"id": h.next, "method": method}
	if params != nil {
		req["params"] = params
	}
	b, _ := json.Marshal(req)
	resp := h.raw(string(b))
	if resp["id"] != float64(h.next) {
		h.t.Fatalf("response %v to id %d", resp, h.next)
	}
	return resp
}

// ok calls and fails the test unless the call succeeds; it returns the result.
func (h *helper) ok(method string, params map[string]any) map[string]any {
	h.t.Helper()
	resp := h.call(method, params)
	if resp["ok"] != true {
		h.t.Fatalf("%s %v failed: %v", method, params, resp["error"])
	}
	return resp["result"].(map[string]any)
}

// fails calls and checks the error code.
func (h *helper) fails(code, method string, params map[string]any) {
	h.t.Helper()
	resp := h.call(method, params)
	e, _ := resp["error"].(map[string]any)
	if resp["ok"] != false || e == nil || e["code"] != code {
		h.t.Errorf("%s %v = %v, want %s", method, params, resp, code)
	}
}

// findNode returns the first element in a JSON tree with role and name.
func findNode(n map[string]any, role, name string) map[string]any {
	if n["role"] == role && n["name"] == name {
		return n
	}
	kids, _ := n["children"].([]any)
	for _, k := range kids {
		if f := findNode(k.(map[string]any), role, name); f != nil {
			return f
		}
	}
	return nil
}

func TestServeObservationMethods(t *testing.T) {
	h := startHelper(t)
	ping := h.ok("ping", nil)
	if ping["version"] != version || ping["protocolVersion"] != 1.0 || ping["snapshotId"] != nil || len(ping["methods"].([]any)) != 20 { // the spec's 18, wait and changes
		t.Errorf("ping = %v", ping)
	}

	wins := h.ok("windows", map[string]any{"maxNodes": 100})
	var hwnd any
	for _, w := range wins["windows"].([]any) {
		w := w.(map[string]any)
		if w["title"] == "w2t test" {
			hwnd = w["hwnd"]
			if w["pid"] != float64(mainApp.PID) || w["role"] != "Window" || w["active"] != true {
				t.Errorf("window %v", w)
			}
		}
	}
	if hwnd == nil {
		t.Fatalf("windows = %v", wins)
	}

	scopes := []struct {
		params   map[string]any
		rootRole string
		rootName string
	}{
		{map[string]any{"scope": "foreground"}, "Window", "w2t test"},
		{map[string]any{"scope": "desktop"}, "Pane", "Desktop"},
		{map[string]any{"scope": "process", "pid": mainApp.PID}, "Pane", "app.py"},
		{map[string]any{"scope": "hwnd", "hwnd": hwnd}, "Window", "w2t test"},
	}
	for i, sc := range scopes {
		res := h.ok("snapshot", sc.params)
		root := res["root"].(map[string]any)
		wantID := fmt.Sprintf("s%d", i+1)
		if res["snapshotId"] != wantID || root["role"] != sc.rootRole || root["name"] != sc.rootName || root["ref"] != wantID+":e1" {
			t.Errorf("snapshot %v: id %v root %v %q ref %v", sc.params, res["snapshotId"], root["role"], root["name"], root["ref"])
		}
		if findNode(root, "Button", "Save") == nil {
			t.Errorf("snapshot %v has no Save button", sc.params)
		}
	}
	if got := h.ok("ping", nil)["snapshotId"]; got != "s4" {
		t.Errorf("ping snapshotId = %v, want s4", got)
	}
	// The cursor scope: the pointer over Save.
	save := findNode(h.ok("snapshot", nil)["root"].(map[string]any), "Button", "Save")
	b := save["bounds"].(map[string]any)
	x, y := int(b["x"].(float64)+b["width"].(float64)/2), int(b["y"].(float64)+b["height"].(float64)/2)
	warp(t, x, y)
	cur := h.ok("snapshot", map[string]any{"scope": "cursor"})["root"].(map[string]any)
	if cur["name"] != "Save" {
		t.Errorf("cursor snapshot root = %v %q", cur["role"], cur["name"])
	}

	counts := map[string]float64{}
	for _, view := range []string{"raw", "control", "content"} {
		counts[view] = h.ok("snapshot", map[string]any{"view": view})["nodeCount"].(float64)
	}
	if !(counts["raw"] > counts["control"] && counts["control"] > counts["content"]) {
		t.Errorf("node counts by view %v", counts)
	}
	limited := h.ok("snapshot", map[string]any{"maxDepth": 1, "maxNodes": 5, "maxText": 4, "visibleOnly": true})
	if limited["nodeCount"] != 5.0 || limited["truncated"] != true {
		t.Errorf("limited snapshot: %v nodes, truncated %v", limited["nodeCount"], limited["truncated"])
	}
	if root := limited["root"].(map[string]any); root["name"] != "w2t…" {
		t.Errorf("maxText 4 root name %q", root["name"])
	}
}

func warp(t *testing.T, x, y int) {
	t.Helper()
	// xdotool is not required: the test application's own display
	// connection would do, but xgb keeps it in Go.
	if err := warpPointer(desk.Display, x, y); err != nil {
		t.Fatal(err)
	}
}

func TestServeObserveAndReferences(t *testing.T) {
	h := startHelper(t)
	obs := h.ok("observe", map[string]any{"scope": "foreground", "maxDepth": 32, "maxNodes": 500, "maxTargets": 100})
	if obs["snapshotId"] != "s1" || obs["app"] != "app.py" || obs["window"] != "w2t test" {
		t.Errorf("observe header %v %v %v", obs["snapshotId"], obs["app"], obs["window"])
	}
	visible := obs["visible"].([]any)
	targets := obs["targets"].([]any)
	if len(visible) != len(targets) || len(visible) < 8 {
		t.Fatalf("%d visible lines, %d targets", len(visible), len(targets))
	}
	labels := map[string]string{} // label prefix -> ref
	for i, tg := range targets {
		tg := tg.(map[string]any)
		label := tg["label"].(string)
		if tg["index"] != float64(i) || visible[i] != label || !strings.Contains(label, "[ref="+tg["ref"].(string)+"; actions=") {
			t.Errorf("target %d %v does not match visible line %q", i, tg, visible[i])
		}
		labels[label[:strings.Index(label, " [ref=")]] = tg["ref"].(string)
	}
	for _, want := range []string{`Button "Save"`, `CheckBox "Bold"`, `Edit "Name" value="Ada"`, `Slider "Volume" value="30"`, `Edit "Password"`, `Edit "Serial" value="fixed"`} {
		if _, ok := labels[want]; !ok {
			t.Errorf("no target %s in %q", want, visible)
		}
	}
	saveRef := labels[`Button "Save"`]
	// Save has the keyboard focus after present.
	if saveLabel := visible[indexOf(visible, `Button "Save" [ref=`)]; saveLabel != `Button "Save" [ref=`+saveRef+`; actions=invoke,focus,click,key; states=focused]` {
		t.Errorf("Save label %q", saveLabel)
	}
	ctx := obs["context"].([]any)
	if indexOf(ctx, `Text "Status: ready"`) < 0 || indexOf(ctx, `Button "Disabled" [disabled]`) < 0 {
		t.Errorf("context %q", ctx)
	}
	all, _ := json.Marshal(obs)
	if strings.Contains(string(all), "hunter2") {
		t.Error("observe reveals the password")
	}
	if _, has := obs["tree"]; has {
		t.Error("tree without includeTree")
	}
	small := h.ok("observe", map[string]any{"maxTargets": 2, "includeTree": true, "maxText": 3})
	if len(small["visible"].([]any)) != 2 || small["omittedTargets"].(float64) < 1 || small["tree"] == nil {
		t.Errorf("observe maxTargets 2: %v", small)
	}

	// Snapshot s2 replaced s1: s1's references are gone for good.
	h.fails("unknown_ref", "invoke", map[string]any{"ref": saveRef})
	fresh := h.ok("observe", nil)
	refs := map[string]string{}
	for _, tg := range fresh["targets"].([]any) {
		tg := tg.(map[string]any)
		l := tg["label"].(string)
		refs[l[:strings.Index(l, " [ref=")]] = tg["ref"].(string)
	}
	h.fails("unsupported_pattern", "toggle", map[string]any{"ref": refs[`Button "Save"`]})
	// Actions through the protocol: AT-SPI's and XTEST's.
	for _, call := range []struct {
		method string
		params map[string]any
		answer string // the test application's answer afterwards
		query  string
	}{
		{"invoke", map[string]any{"ref": refs[`Button "Save"`]}, "label Saved", "label"},
		{"toggle", map[string]any{"ref": refs[`CheckBox "Bold"`], "waitMs": 50}, "check 1", "check"},
		{"toggle", map[string]any{"ref": refs[`CheckBox "Bold"`], "waitMs": 50}, "check 0", "check"},
		{"set_value", map[string]any{"ref": refs[`Edit "Name" value="Ada"`], "value": "Lin"}, "entry Lin", "entry"},
		{"type_text", map[string]any{"ref": refs[`Edit "Name" value="Ada"`], "text": "da", "clear": false}, "entry Linda", "entry"},
		{"key", map[string]any{"ref": refs[`Edit "Name" value="Ada"`], "key": "Backspace"}, "entry Lind", "entry"},
		{"set_value", map[string]any{"ref": refs[`Edit "Name" value="Ada"`], "value": "Ada", "waitMs": 0}, "entry Ada", "entry"},
		{"set_range", map[string]any{"ref": refs[`Slider "Volume" value="30"`], "value": 40}, "scale 40", "scale"},
		{"set_range", map[string]any{"ref": refs[`Slider "Volume" value="30"`], "value": 30}, "scale 30", "scale"},
	} {
		res := h.ok(call.method, call.params)
		if res["verified"] != true || res["ref"] != call.params["ref"] || res["action"] != call.method {
			t.Errorf("%s %v = %v", call.method, call.params, res)
		}
		if got, _ := mainApp.Command(call.query); got != call.answer {
			t.Errorf("after %s %v the application says %q, want %q", call.method, call.params, got, call.answer)
		}
	}
	mainApp.Command("status Status: ready")
	h.fails("read_only", "set_value", map[string]any{"ref": refs[`Edit "Serial" value="fixed"`], "value": "x"})
	h.fails("unknown_ref", "invoke", map[string]any{"ref": "s3:e9999"})
	// A closed menu's item has no usable bounds.
	full := h.ok("snapshot", map[string]any{"visibleOnly": false})
	open := findNode(full["root"].(map[string]any), "MenuItem", "Open")
	if open == nil {
		t.Fatal("no MenuItem Open")
	}
	h.fails("not_clickable", "click", map[string]any{"ref": open["ref"]})
	// A well-formed window id that names no window now: the window closed.
	h.fails("stale_element", "snapshot", map[string]any{"scope": "hwnd", "hwnd": ":1.999/no/such/window"})
	h.fails("invalid_params", "snapshot", map[string]any{"scope": "process", "pid": 999999})
	h.fails("invalid_params", "observe", map[string]any{"maxTargets": -1})
	h.fails("unknown_method", "teleport", nil)
	if r := h.raw(`{"id":`); r["ok"] != false || r["error"].(map[string]any)["code"] != "invalid_request" {
		t.Errorf("broken line: %v", r)
	}

	// shutdown answers and ends the process cleanly.
	h.ok("shutdown", nil)
	h.exited("after shutdown")
	if h.stderr.Len() != 0 {
		t.Errorf("stderr is for fatal start-up diagnostics only, got %q", h.stderr.String())
	}
}

func indexOf(list []any, prefix string) int {
	for i, v := range list {
		if strings.HasPrefix(v.(string), prefix) {
			return i
		}
	}
	return -1
}

func TestServeEndsWhenStdinCloses(t *testing.T) {
	h := startHelper(t)
	h.ok("ping", nil)
	h.in.Close()
	h.exited("when stdin closed")
}

// exited waits five seconds at most for the helper to end cleanly, as it
// should at the moment when names.
func (h *helper) exited(when string) {
	h.t.Helper()
	select {
	case err := <-h.done:
		if err != nil {
			h.t.Errorf("the helper's exit %s: %v", when, err)
		}
	case <-time.After(5 * time.Second):
		h.t.Fatalf("the helper did not exit %s", when)
	}
	h.done <- nil // for the cleanup
}

func TestCLI(t *testing.T) {
	tests := []struct {
		args     []string
		status   int
		stdout   []string // substrings
		stderr   string
		jsonRoot bool
	}{
		{[]string{"windows"}, 0, []string{"w2t test", fmt.Sprintf("pid=%d", mainApp.PID), "active"}, "", false},
		{[]string{"snapshot", "--max-depth", "1"}, 0, []string{`Window "w2t test" [ref=s1:e1]`, `  Button "Save" [ref=s1:`, "more"}, "", false},
		{[]string{"snapshot", "--view", "raw", "--scope", "desktop", "--max-nodes", "3"}, 0, []string{`Pane "Desktop"`, "# truncated"}, "", false},
		{[]string{"observe", "--max-targets", "3"}, 0, []string{"# app.py", `0. `, "more targets", "# context", `- Button "Disabled" [disabled]`}, "", false},
		{[]string{"snapshot", "--json", "--max-depth", "0"}, 0, []string{`"snapshotId":"s1"`}, "", true},
		{[]string{"observe", "--visible-only", "--max-text", "5", "--include-tree"}, 0, []string{"# tree", `Window "w2t …"`}, "", false},
		{[]string{"snapshot", "--scope", "moon"}, 1, nil, "invalid_params", false},
		{[]string{"snapshot", "--scope", "process", "--pid", fmt.Sprint(mainApp.PID), "--max-depth", "1"}, 0, []string{`Pane "app.py"`, `Window "w2t test"`}, "", false},
		{[]string{"snapshot", "--pid", fmt.Sprint(mainApp.PID), "--max-depth", "1"}, 0, []string{`Pane "app.py"`}, "", false},
		{[]string{"snapshot", "--scope", "desktop", "--pid", "4"}, 1, nil, "invalid_params: pid is only used with scope process", false},
		{[]string{"snapshot", "--bogus"}, 2, nil, "flag provided but not defined", false},
		{[]string{"fly"}, 2, nil, "unknown command", false},
		{[]string{"version"}, 0, []string{"windows2text " + version}, "", false},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var out, errOut bytes.Buffer
			status := run(tt.args, strings.NewReader(""), &out, &errOut)
			if status != tt.status {
				t.Fatalf("status %d, want %d (stderr %q)", status, tt.status, errOut.String())
			}
			for _, want := range tt.stdout {
				if !strings.Contains(out.String(), want) {
					t.Errorf("stdout lacks %q:\n%s", want, out.String())
				}
			}
			if !strings.Contains(errOut.String(), tt.stderr) || (tt.stderr == "" && errOut.Len() > 0) {
				t.Errorf("stderr %q, want %q", errOut.String(), tt.stderr)
			}
			if tt.jsonRoot {
				var m map[string]any
				if err := json.Unmarshal(out.Bytes(), &m); err != nil || m["root"] == nil {
					t.Errorf("--json output is not the snapshot result: %v", err)
				}
			}
		})
	}
}

// TestCLIWindowIDRoundTrip feeds a window id from "windows --json" back to
// "snapshot --hwnd", as a script would.
func TestCLIWindowIDRoundTrip(t *testing.T) {
	var out, errOut bytes.Buffer
	if status := run([]string{"windows", "--json"}, strings.NewReader(""), &out, &errOut); status != 0 {
		t.Fatalf("windows --json: %d %s", status, errOut.String())
	}
	var list struct {
		Windows []struct {
			Hwnd  string `json:"hwnd"`
			Title string `json:"title"`
		} `json:"windows"`
	}
	if err := json.Unmarshal(out.Bytes(), &list); err != nil || len(list.Windows) == 0 {
		t.Fatalf("windows --json = %s (%v)", out.String(), err)
	}
	out.Reset()
	if status := run([]string{"snapshot", "--hwnd", list.Windows[0].Hwnd, "--max-depth", "0"}, strings.NewReader(""), &out, &errOut); status != 0 {
		t.Fatalf("snapshot --hwnd: %d %s", status, errOut.String())
	}
	if want := fmt.Sprintf("Window %q [ref=s1:e1]", list.Windows[0].Title); !strings.Contains(out.String(), want) {
		t.Errorf("snapshot --hwnd printed %q, want %q", out.String(), want)
	}
}
