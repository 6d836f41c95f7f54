package mcp_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"textfirst/internal/windows2text/mcp"
	"textfirst/internal/windows2text/uitree"
)

// fakeUI is a backend whose window the test changes: a text field, a check
// box and a label, each with a native id (its Handle), and events the test
// sends.
type fakeUI struct {
	mu      sync.Mutex
	name    string // the field's value
	checked bool
	label   string
	extra   bool // an OK button shows
	closed  bool // the window is gone: no windows are listed
	events  chan uitree.Event
	acted   []uitree.Action
}

func newFakeUI() *fakeUI {
	return &fakeUI{name: "Ada", label: "Ready", events: make(chan uitree.Event, 100)}
}

func (f *fakeUI) Windows(context.Context, int) (uitree.WindowList, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return uitree.WindowList{Windows: []uitree.Window{}}, nil
	}
	return uitree.WindowList{Windows: []uitree.Window{{ID: ":1.1/w", Title: "Form", App: "fake", Active: true, Visible: true}}}, nil
}

func (f *fakeUI) Snapshot(context.Context, uitree.Request) (*uitree.Tree, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	box := uitree.Rect{Width: 10, Height: 10}
	on := uitree.States{Enabled: true}
	el := func(h string, role uitree.Role, name, value string, st uitree.States, acts ...uitree.Action) *uitree.Element {
		var set uitree.ActionSet
		for _, a := range acts {
			set = set.Add(a)
		}
		return &uitree.Element{Handle: h, Role: role, Name: name, Value: value, States: st, Bounds: box, Actions: set}
	}
	check := on
	check.Checked = f.checked
	root := el("w", uitree.RoleWindow, "Form", "", on)
	root.Children = []*uitree.Element{
		el("name", uitree.RoleEdit, "Name", f.name, on, uitree.ActionSetValue),
		el("bold", uitree.RoleCheckBox, "Bold", "", check, uitree.ActionToggle),
		el("label", uitree.RoleText, f.label, "", on),
	}
	if f.extra {
		root.Children = append(root.Children, el("ok", uitree.RoleButton, "OK", "", on, uitree.ActionInvoke))
	}
	return &uitree.Tree{Root: root, App: "fake"}, nil
}

func (f *fakeUI) Act(_ context.Context, el *uitree.Element, a uitree.ActionRequest) (uitree.ActionResult, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.acted = append(f.acted, a.Action)
	switch a.Action {
	case uitree.ActionToggle:
		f.checked = !f.checked
	case uitree.ActionSetValue:
		f.name = a.Value
	}
	return uitree.ActionResult{Verified: true, Settled: true}, nil
}

func (f *fakeUI) NativeID(el *uitree.Element) string {
	h, _ := el.Handle.(string)
	return ":1.1/" + h
}

type fakeSub struct{ c chan uitree.Event }

func (s fakeSub) Events() <-chan uitree.Event { return s.c }
func (s fakeSub) Close() error                { return nil }

func (f *fakeUI) Subscribe(context.Context) (uitree.Subscription, error) {
	return fakeSub{f.events}, nil
}

// change changes the fake UI and sends the event that says so.
func (f *fakeUI) change(edit func(*fakeUI), source, typ string) {
	f.mu.Lock()
	edit(f)
	f.mu.Unlock()
	f.events <- uitree.Event{Type: typ, Source: ":1.1/" + source, App: ":1.1", At: time.Now()}
}

func connectFake(t *testing.T, f uitree.Backend) *client {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	st, ct := sdk.NewInMemoryTransports()
	srv := mcp.NewServer(f, mcp.Options{Version: "test"})
	go srv.Run(ctx, st)
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); cancel() })
	return &client{t: t, cs: cs}
}

// TestFakeErrorsKeepCodes: every failure is a tool error carrying the
// protocol's code and message.
func TestFakeErrorsKeepCodes(t *testing.T) {
	c := connectFake(t, newFakeUI())
	c.ok("observe", nil)
	tests := []struct {
		tool string
		args map[string]any
		code string
	}{
		{"invoke", map[string]any{"ref": "s9:e1"}, "unknown_ref"},
		{"invoke", map[string]any{"ref": "nonsense"}, "invalid_params"},
		{"invoke", map[string]any{"ref": "s1:e2"}, "unsupported_pattern"},
		{"observe", map[string]any{"format": "yaml"}, "invalid_params"},
		{"observe", map[string]any{"scope": "planet"}, "invalid_params"},
		{"step", map[string]any{"action": "fly", "target": `Edit "Name"`}, "invalid_params"},
		{"step", map[string]any{"action": "invoke", "target": `Button "Nope"`}, "unknown_ref"},
		{"changes", map[string]any{"since": "s99"}, "invalid_params"},
	}
	for _, tt := range tests {
		text, m, isErr := c.call(tt.tool, tt.args)
		e, _ := m["error"].(map[string]any)
		if !isErr || e["code"] != tt.code || text != tt.code+": "+e["message"].(string) {
			t.Errorf("%s %v: %v %q %v", tt.tool, tt.args, isErr, text, m)
		}
	}
}

// TestFakeStepNeverActsWithoutAct: planning calls no action of the backend.
func TestFakeStepNeverActsWithoutAct(t *testing.T) {
	f := newFakeUI()
	c := connectFake(t, f)
	for _, act := range []any{nil, false} {
		args := map[string]any{"action": "toggle", "target": `CheckBox "Bold"`}
		if act != nil {
			args["act"] = act
		}
		c.ok("step", args)
	}
	if len(f.acted) != 0 {
		t.Fatalf("step without act:true acted: %v", f.acted)
	}
	_, m := c.ok("step", map[string]any{"action": "set_value", "target": `Edit "Name"`, "args": map[string]any{"value": "Grace"}, "act": true})
	if len(f.acted) != 1 || f.name != "Grace" || m["acted"] != true {
		t.Errorf("step with act:true: %v %v", f.acted, m)
	}
}

// TestFakeWaitOnEvents: wait answers as soon as the event of the change
// comes, and a change condition ignores events of other elements.
func TestFakeWaitOnEvents(t *testing.T) {
	f := newFakeUI()
	c := connectFake(t, f)
	_, obs := c.ok("observe", nil)
	var boldRef string
	for _, tg := range obs["targets"].([]any) {
		if strings.HasPrefix(tg.(map[string]any)["label"].(string), `CheckBox "Bold"`) {
			boldRef = tg.(map[string]any)["ref"].(string)
		}
	}
	tests := []struct {
		args   map[string]any
		change func()
	}{
		{map[string]any{"for": "appear", "role": "Button", "name": "OK"}, func() {
			f.change(func(f *fakeUI) { f.extra = true }, "w", "object:children-changed:add")
		}},
		{map[string]any{"for": "disappear", "name": "OK"}, func() {
			f.change(func(f *fakeUI) { f.extra = false }, "w", "object:children-changed:remove")
		}},
		{map[string]any{"for": "change", "ref": boldRef}, func() {
			f.change(func(*fakeUI) {}, "label", "object:property-change:accessible-name")
			f.change(func(f *fakeUI) { f.checked = true }, "bold", "object:state-changed:checked")
		}},
	}
	for _, tt := range tests {
		tt.args["timeoutMs"] = 5000
		done := make(chan map[string]any, 1)
		go func() { _, m := c.ok("wait", tt.args); done <- m }()
		time.Sleep(50 * time.Millisecond)
		start := time.Now()
		tt.change()
		m := <-done
		if took := time.Since(start); m["met"] != true || took > 150*time.Millisecond {
			t.Errorf("wait %v: %v after %v", tt.args, m, took)
		}
		if tt.args["for"] == "appear" {
			// The element's ref is current, and so are the others' refs.
			if _, r := c.ok("invoke", map[string]any{"ref": m["ref"]}); r["verified"] != true {
				t.Errorf("invoke of the ref wait gave: %v", r)
			}
			_, obs = c.ok("observe", nil)
			for _, tg := range obs["targets"].([]any) {
				if strings.HasPrefix(tg.(map[string]any)["label"].(string), `CheckBox "Bold"`) {
					boldRef = tg.(map[string]any)["ref"].(string)
				}
			}
			tt := tests[2]
			tt.args["ref"] = boldRef
		}
		if tt.args["for"] == "change" && m["event"] != "object:state-changed:checked" {
			t.Errorf("the change was met by %v", m["event"])
		}
	}
}

// TestFakeWaitKeepsRefs: a wait that ends without its element takes no
// snapshot the client sees: the refs it holds stay valid.
func TestFakeWaitKeepsRefs(t *testing.T) {
	f := newFakeUI()
	c := connectFake(t, f)
	_, obs := c.ok("observe", nil)
	for _, args := range []map[string]any{
		{"for": "appear", "name": "Never", "timeoutMs": 100},
		{"for": "disappear", "name": "Bold", "timeoutMs": 100},
	} {
		if _, m := c.ok("wait", args); m["met"] != false {
			t.Errorf("%v: %v", args, m)
		}
	}
	ref := obs["targets"].([]any)[1].(map[string]any)["ref"]
	if _, m := c.ok("toggle", map[string]any{"ref": ref}); m["verified"] != true || !f.checked {
		t.Errorf("the ref of the observation before the waits: %v", m)
	}
}

// TestFakeChanges: the diff of two snapshots, kind by kind.
func TestFakeChanges(t *testing.T) {
	f := newFakeUI()
	c := connectFake(t, f)
	_, m := c.ok("observe", nil)
	since := m["snapshotId"].(string)
	f.mu.Lock()
	f.name, f.checked, f.label, f.extra = "Grace", true, "Saved", true
	f.mu.Unlock()
	text, m := c.ok("changes", map[string]any{"since": since})
	raw, _ := json.Marshal(m["changes"])
	for _, want := range []string{
		`~ s2:e2 Edit "Name" value "Ada" → "Grace"`,
		`~ s2:e3 CheckBox "Bold" +checked`,
		`~ s2:e4 Text "Saved" renamed from "Ready"`,
		`+ s2:e5 Button "OK"`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("changes lacks %s:\n%s\n%s", want, text, raw)
		}
	}
	f.mu.Lock()
	f.extra = false
	f.mu.Unlock()
	if text, _ := c.ok("changes", nil); !strings.Contains(text, `- Button "OK"`) || !strings.HasPrefix(text, "s2 → s3: 1 changes") {
		t.Errorf("removal:\n%s", text)
	}
}

// TestFakeTexts: the texts of windows, changes and actions quote names
// and values as observe's labels do (no JSON or Go escapes of readable
// text), and windows says when there are none.
func TestFakeTexts(t *testing.T) {
	f := newFakeUI()
	c := connectFake(t, f)
	if text, _ := c.ok("windows", nil); text != ":1.1/w \"Form\" app \"fake\" pid 0 [active]\n" {
		t.Errorf("windows: %q", text)
	}
	_, m := c.ok("observe", nil)
	since := m["snapshotId"].(string)
	value := "a\u00a0b 👩\u200d💻 «x»\t\u0085"
	// Readable text stays as it is; a tab and a C1 control are escaped.
	shown := "\"a\u00a0b 👩\u200d💻 «x»\\t\\x85\""
	f.mu.Lock()
	f.name = value
	f.mu.Unlock()
	text, _ := c.ok("changes", map[string]any{"since": since})
	if want := `~ s2:e2 Edit "Name" value "Ada" → ` + shown; !strings.Contains(text, want) {
		t.Errorf("changes:\n%s\nwant %s", text, want)
	}
	if obs, _ := c.ok("observe", map[string]any{"format": "text"}); !strings.Contains(obs, `value=`+shown) {
		t.Errorf("observe quotes the value otherwise:\n%s", obs)
	}
	f.mu.Lock()
	f.closed = true
	f.mu.Unlock()
	if text, _ := c.ok("windows", nil); text != "no windows\n" {
		t.Errorf("windows with none: %q", text)
	}
}

// switchableUI is a fake backend that can switch accessibility on.
type switchableUI struct {
	*fakeUI
	enabled int
}

func (s *switchableUI) EnableAccessibility(context.Context) error {
	s.enabled++
	return nil
}

// TestFakeEnableAccessibility: the tool exists where the backend has the
// switch, and calls it.
func TestFakeEnableAccessibility(t *testing.T) {
	hasTool := func(c *client) bool {
		res, err := c.cs.ListTools(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, tool := range res.Tools {
			if tool.Name == "enable_accessibility" {
				return true
			}
		}
		return false
	}
	if hasTool(connectFake(t, newFakeUI())) {
		t.Error("enable_accessibility is offered by a backend without the switch")
	}
	ui := &switchableUI{fakeUI: newFakeUI()}
	c := connectFake(t, ui)
	if !hasTool(c) {
		t.Fatal("enable_accessibility is not offered")
	}
	if _, m := c.ok("enable_accessibility", nil); m["enabled"] != true || ui.enabled != 1 {
		t.Errorf("enable_accessibility answered %v and switched %d times", m, ui.enabled)
	}
}
