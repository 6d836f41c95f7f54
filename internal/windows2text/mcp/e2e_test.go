//go:build linux

package mcp_test

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// refOf finds the ref of the first text line that starts with the
// description (ref first: "s4:e12 CheckBox \"Bold\" ...").
func refOf(t *testing.T, text, desc string) string {
	t.Helper()
	re := regexp.MustCompile(`(?m)^(s\d+:e\d+) ` + regexp.QuoteMeta(desc))
	m := re.FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("no line %s in:\n%s", desc, text)
	}
	return m[1]
}

// TestToolsListed checks the tool list: the protocol's methods, every
// action, step, wait and changes, each with a schema of its parameters.
func TestToolsListed(t *testing.T) {
	c := connect(t)
	res, err := c.cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
		if tool.Description == "" || tool.InputSchema == nil {
			t.Errorf("%s has no description or schema", tool.Name)
		}
	}
	for _, want := range []string{"windows", "observe", "snapshot", "invoke", "set_value", "set_range", "focus", "toggle",
		"select", "expand", "collapse", "scroll_into_view", "scroll", "click", "type_text", "key", "step", "wait", "changes", "resolve"} {
		if !slices.Contains(names, want) {
			t.Errorf("tool %s missing from %v", want, names)
		}
	}
}

// TestObserveActRead observes the real application, toggles Bold through
// the toggle tool, and finds the change in the application's own state and
// in a new observation. Errors keep the protocol's codes.
func TestObserveActRead(t *testing.T) {
	defer mainApp.Command("reset")
	c := connect(t)
	text, _ := c.ok("observe", map[string]any{"format": "text"})
	bold := refOf(t, text, `CheckBox "Bold"`)
	if got := state(t, "check"); got != "check 0" {
		t.Fatalf("before: %s", got)
	}
	out, res := c.ok("toggle", map[string]any{"ref": bold})
	if res["verified"] != true || !strings.Contains(out, "toggle "+bold) {
		t.Errorf("toggle: %s %v", out, res)
	}
	if got := state(t, "check"); got != "check 1" {
		t.Errorf("the application says %s after toggle", got)
	}
	text, _ = c.ok("observe", map[string]any{"format": "text"})
	if !regexp.MustCompile(`CheckBox "Bold" [a-z_,]+ \[checked\]`).MatchString(text) {
		t.Errorf("the new observation does not show Bold checked:\n%s", text)
	}
	// The old ref expired: the protocol's unknown_ref, as a tool error.
	if out, _ := c.fails("unknown_ref", "toggle", map[string]any{"ref": bold}); !strings.HasPrefix(out, "unknown_ref: ") {
		t.Errorf("expired ref: the tool's text %q does not start with its code", out)
	}
	c.fails("invalid_params", "set_range", map[string]any{"ref": "nonsense", "value": 3})
}

// TestStepPlansWithoutActing: step without act:true plans and does not act
// (the application's record is unchanged); with act:true it acts.
func TestStepPlansWithoutActing(t *testing.T) {
	defer mainApp.Command("reset")
	c := connect(t)
	for _, args := range []map[string]any{
		{"action": "toggle", "target": `CheckBox "Bold"`},
		{"action": "toggle", "target": `CheckBox "Bold"`, "act": false, "format": "text"},
		{"action": "set_value", "target": `Edit "Name"`, "args": map[string]any{"value": "Never"}},
	} {
		text, res := c.ok("step", args)
		if res["acted"] != false || !strings.HasPrefix(text, "would ") {
			t.Errorf("step %v: %s %v", args, text, res)
		}
	}
	if got := state(t, "check"); got != "check 0" {
		t.Errorf("step without act changed the check box: %s", got)
	}
	if got := state(t, "entry"); got != "entry Ada" {
		t.Errorf("step without act changed the entry: %s", got)
	}
	// A ref of an earlier observation is found again in step's own.
	text, _ := c.ok("observe", map[string]any{"format": "text"})
	bold := refOf(t, text, `CheckBox "Bold"`)
	text, res := c.ok("step", map[string]any{"action": "toggle", "ref": bold, "act": true, "format": "text"})
	if res["acted"] != true || !strings.HasPrefix(text, "did toggle") || !strings.Contains(text, "[checked]") {
		t.Errorf("step act: %s", text)
	}
	if got := state(t, "check"); got != "check 1" {
		t.Errorf("step with act:true did not toggle: %s", got)
	}
}

// TestStableIDs: a target's stable id stays the same across snapshots
// while the target does, resolve maps it to the current ref, and a renamed
// target's old id is gone.
func TestStableIDs(t *testing.T) {
	defer mainApp.Command("reset")
	defer mainApp.Command("rename Save")
	c := connect(t)
	idRE := regexp.MustCompile(`(?m)^(s\d+:e\d+) #(k[0-9a-f]{10}) (\w+ "[^"]*")`)
	ids := func() map[string][2]string {
		text, m := c.ok("observe", map[string]any{"format": "text", "stableIds": true})
		out := map[string][2]string{}
		for _, mm := range idRE.FindAllStringSubmatch(text, -1) {
			out[mm[3]] = [2]string{mm[1], mm[2]}
		}
		if len(out) < 10 || len(m["stableIds"].(map[string]any)) != len(regexp.MustCompile(`(?m)^s\d+:e\d+ #k`).FindAllString(text, -1)) {
			t.Fatalf("stable ids: %v\n%s", m["stableIds"], text)
		}
		return out
	}
	first, second := ids(), ids()
	bold, save := first[`CheckBox "Bold"`], first[`Button "Save"`]
	if bold[1] != second[`CheckBox "Bold"`][1] || bold[0] == second[`CheckBox "Bold"`][0] {
		t.Errorf("Bold: %v then %v", bold, second[`CheckBox "Bold"`])
	}
	_, m := c.ok("resolve", map[string]any{"id": bold[1]})
	if m["ref"] != second[`CheckBox "Bold"`][0] {
		t.Errorf("resolve: %v", m)
	}
	if _, m := c.ok("toggle", map[string]any{"ref": m["ref"]}); m["verified"] != true {
		t.Errorf("toggle of the resolved ref: %v", m)
	}
	mainApp.Command("rename Keep")
	ids()
	// The renamed button's id, and an id of no element.
	c.fails("unknown_ref", "resolve", map[string]any{"id": save[1]})
	c.fails("invalid_params", "resolve", map[string]any{"id": "e12"})
}
