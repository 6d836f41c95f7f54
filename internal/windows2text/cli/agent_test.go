//go:build linux

package cli

import (
	"maps"
	"slices"
	"strings"
	"testing"
	"time"
)

// targetRefs maps each observed target's label, without its [ref=...]
// part, to its ref.
func targetRefs(t *testing.T, obs map[string]any) map[string]string {
	t.Helper()
	refs := map[string]string{}
	for _, tg := range obs["targets"].([]any) {
		tg := tg.(map[string]any)
		l := tg["label"].(string)
		refs[l[:strings.Index(l, " [ref=")]] = tg["ref"].(string)
	}
	return refs
}

// TestServeAgentFillsForm plays a computer-use agent through the real
// "windows2text serve" over NDJSON: observe, fill the form (text, check
// box, slider, combo box, list), press Save, observe again and find the
// confirmation. Every answer is checked, and so is the application's own
// state after each step.
func TestServeAgentFillsForm(t *testing.T) {
	h := startHelper(t)
	var refs map[string]string
	observe := func() map[string]any {
		t.Helper()
		obs := h.ok("observe", nil)
		refs = targetRefs(t, obs)
		return obs
	}
	need := func(label string) string {
		t.Helper()
		ref, ok := refs[label]
		if !ok {
			t.Fatalf("no target %s among %q", label, slices.Sorted(maps.Keys(refs)))
		}
		return ref
	}
	observe()
	// Put the form back for the other tests.
	defer mainApp.Command("reset")

	steps := []struct {
		method string
		target string // the label of the target, in the latest observation
		params map[string]any
		// value is the element's value the answer must report ("" for none).
		value string
		// state must be in the answer's states ("" for no check).
		state string
		// query and answer check the application's real state.
		query, answer string
		// observeAfter: the agent looks again after this step.
		observeAfter bool
	}{
		{"type_text", `Edit "Name" value="Ada"`, map[string]any{"text": "Grace Hopper", "clear": true}, "Grace Hopper", "focused", "entry", "entry Grace Hopper", false},
		{"toggle", `CheckBox "Bold"`, nil, "", "checked", "check", "check 1", false},
		{"set_range", `Slider "Volume" value="30"`, map[string]any{"value": 75}, "75", "", "scale", "scale 75", false},
		// The combo box's items show once its popup is open.
		{"expand", `ComboBox "Red"`, nil, "", "", "combo", "combo Red", true},
		{"invoke", `MenuItem "Blue"`, nil, "", "", "combo", "combo Blue", true},
		{"select", `DataItem "Row 2"`, nil, "", "selected", "selected", "selected 2", false},
		{"invoke", `Button "Save"`, nil, "", "", "label", "label Saved", false},
	}
	for _, st := range steps {
		// A generous bound: the answer still comes as soon as the
		// application is quiet, and a loaded machine does not make the
		// check of settled flaky.
		params := map[string]any{"ref": need(st.target), "waitMs": 1000}
		for k, v := range st.params {
			params[k] = v
		}
		res := h.ok(st.method, params)
		if res["verified"] != true || res["ref"] != params["ref"] || res["action"] != st.method {
			t.Errorf("%s %v answered %v", st.method, params, res)
		}
		if res["settled"] != true {
			t.Errorf("%s %v did not settle: %v", st.method, params, res)
		}
		if st.value != "" && res["value"] != st.value {
			t.Errorf("%s %v: value %v, want %q", st.method, params, res["value"], st.value)
		}
		if st.state != "" {
			states, _ := res["states"].([]any)
			if !slices.Contains(states, any(st.state)) {
				t.Errorf("%s %v: states %v lack %q", st.method, params, states, st.state)
			}
		}
		if got := recorded(t, st.query, st.answer); got != st.answer {
			t.Errorf("after %s %s the application's state file says %q, want %q", st.method, st.target, got, st.answer)
		}
		if st.observeAfter {
			observe()
		}
	}

	// Observe again: the confirmation is in the context, the Name target
	// shows the new value, and the old references are gone.
	old := need(`Button "Save"`)
	after := observe()
	const confirm = `Text "Saved form: name=Grace Hopper bold=1 volume=75 colour=Blue row=Row 2"`
	if ctx := after["context"].([]any); !slices.Contains(ctx, any(confirm)) {
		t.Errorf("the confirmation is not in the context: %q", ctx)
	}
	need(`Edit "Name" value="Grace Hopper"`)
	h.fails("unknown_ref", "invoke", map[string]any{"ref": old})
}

// recorded reads question cmd's answer from the state file the test
// application keeps, waiting up to half a second for it to become want.
func recorded(t *testing.T, cmd, want string) string {
	t.Helper()
	var got string
	for range 20 {
		st, err := mainApp.State()
		if err != nil {
			t.Fatal(err)
		}
		if got = st[cmd]; got == want {
			break
		}
		time.Sleep(25 * time.Millisecond)
	}
	return got
}

// TestServeActionErrors produces each action error code of the protocol
// with a real case against the test application, through serve.
func TestServeActionErrors(t *testing.T) {
	h := startHelper(t)
	defer mainApp.Command("reset")
	type errCase struct {
		name   string
		setup  string // a command for the application after the snapshot
		method string
		target string // "Role Name" in a fresh snapshot
		params map[string]any
		code   string
	}
	cases := []errCase{
		{"waitMs above 5000", "", "invoke", "Button Save", map[string]any{"waitMs": 5001}, "invalid_params"},
		{"negative waitMs", "", "invoke", "Button Save", map[string]any{"waitMs": -1}, "invalid_params"},
		{"set_range outside the range", "", "set_range", "Slider Volume", map[string]any{"value": 101}, "invalid_params"},
		{"toggle a button", "", "toggle", "Button Save", nil, "unsupported_pattern"},
		{"set_value on a read-only entry", "", "set_value", "Edit Serial", map[string]any{"value": "x"}, "read_only"},
		{"click a closed menu's item", "", "click", "MenuItem Open", nil, "not_clickable"},
		{"a button destroyed after the snapshot", "recreate", "invoke", "Button Save", nil, "stale_element"},
		{"an entry that stopped taking the focus", "nofocus 1", "type_text", "Edit Name", map[string]any{"text": "x"}, "input_failed"},
		{"a value the entry cuts short", "maxlen 3", "set_value", "Edit Name", map[string]any{"value": "Grace"}, "action_failed"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			defer func(parent *testing.T) { h.t = parent }(h.t)
			h.t = t
			snap := h.ok("snapshot", map[string]any{"scope": "process", "pid": mainApp.PID, "visibleOnly": false})
			role, name, _ := strings.Cut(c.target, " ")
			el := findNode(snap["root"].(map[string]any), role, name)
			if el == nil {
				t.Fatalf("no %s", c.target)
			}
			if c.setup != "" {
				if _, err := mainApp.Command(c.setup); err != nil {
					t.Fatal(err)
				}
			}
			params := map[string]any{"ref": el["ref"]}
			for k, v := range c.params {
				params[k] = v
			}
			h.fails(c.code, c.method, params)
		})
	}
	for _, undo := range []string{"nofocus 0", "maxlen 0", "reset"} {
		mainApp.Command(undo)
	}
	// Nothing of it reached the application.
	if got := recorded(t, "entry", "entry Ada"); got != "entry Ada" {
		t.Errorf("entry %q", got)
	}
	if got := recorded(t, "label", "label Status: ready"); got != "label Status: ready" {
		t.Errorf("label %q", got)
	}
	// A ref of an older snapshot.
	old := h.ok("snapshot", nil)
	h.ok("snapshot", nil)
	h.fails("unknown_ref", "invoke", map[string]any{"ref": findNode(old["root"].(map[string]any), "Button", "Save")["ref"]})
}
