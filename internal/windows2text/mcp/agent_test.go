//go:build linux

package mcp_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"
)

// agentStep is one action of the form-filling task, on a target named by
// its role and name as observations show them.
type agentStep struct {
	action, target string
	args           map[string]any
	// reobserve: the action shows new targets (a combo box's popup).
	reobserve bool
}

var formTask = []agentStep{
	{"type_text", `Edit "Name"`, map[string]any{"text": "Grace Hopper", "clear": true}, false},
	{"toggle", `CheckBox "Bold"`, nil, false},
	{"set_range", `Slider "Volume"`, map[string]any{"value": 75}, false},
	{"expand", `ComboBox "Red"`, nil, true},
	{"invoke", `MenuItem "Blue"`, nil, true}, // the popup closes: back to the window
	{"select", `DataItem "Row 2"`, nil, false},
	{"invoke", `Button "Save"`, nil, false},
}

// agentMode is how the scripted agent uses the tools.
type agentMode struct {
	name string
	// observe returns the args of a first observation.
	format   string
	maxBytes int
	// loop: observe before every action (the agent cannot know what its
	// last action changed); else refs are reused until new targets appear.
	loop bool
	// wait: await the confirmation with wait instead of observing until
	// it shows.
	wait bool
}

// agent plays the task through MCP and returns after the form is saved.
type agent struct {
	t    *testing.T
	c    *client
	mode agentMode
	// lines maps each target's description to its ref, from the pages
	// read since the last observation.
	refs   map[string]string
	cursor string
}

var (
	textTarget = regexp.MustCompile(`(?m)^(s\d+:e\d+) ((\w+) "(?:[^"\\]|\\.)*")`)
	jsonTarget = regexp.MustCompile(`^((\w+) "(?:[^"\\]|\\.)*")`)
)

// observe takes a new observation (its first page under a budget).
func (a *agent) observe() string {
	args := map[string]any{}
	if a.mode.format != "" {
		args["format"] = a.mode.format
	}
	if a.mode.maxBytes > 0 {
		args["maxBytes"] = a.mode.maxBytes
	}
	a.refs = map[string]string{}
	return a.read(args)
}

// read reads one page and learns its targets.
func (a *agent) read(args map[string]any) string {
	text, m := a.c.ok("observe", args)
	a.cursor, _ = m["cursor"].(string)
	if a.mode.format == "text" {
		for _, mm := range textTarget.FindAllStringSubmatch(text, -1) {
			if _, ok := a.refs[mm[2]]; !ok {
				a.refs[mm[2]] = mm[1]
			}
		}
		return text
	}
	var all []string
	for _, tg := range m["targets"].([]any) {
		tg := tg.(map[string]any)
		label := tg["label"].(string)
		if mm := jsonTarget.FindStringSubmatch(label); mm != nil {
			if _, ok := a.refs[mm[1]]; !ok {
				a.refs[mm[1]] = tg["ref"].(string)
			}
		}
		all = append(all, label)
	}
	for _, l := range m["context"].([]any) {
		all = append(all, l.(string))
	}
	return strings.Join(all, "\n")
}

// ref finds a target, reading further pages when it is not yet seen.
func (a *agent) ref(target string) string {
	for {
		if r, ok := a.refs[target]; ok {
			return r
		}
		if a.cursor == "" {
			a.t.Fatalf("%s: no target %s", a.mode.name, target)
		}
		args := map[string]any{"cursor": a.cursor, "format": a.mode.format}
		if a.mode.maxBytes > 0 {
			args["maxBytes"] = a.mode.maxBytes
		}
		a.read(args)
	}
}

func (a *agent) run() {
	a.observe()
	for i, st := range formTask {
		if a.mode.loop && i > 0 {
			a.observe()
		}
		args := map[string]any{"ref": a.ref(st.target)}
		for k, v := range st.args {
			args[k] = v
		}
		a.c.ok(st.action, args)
		if st.reobserve && !a.mode.loop {
			a.observe()
		}
	}
	if a.mode.wait {
		text, m := a.c.ok("wait", map[string]any{"for": "appear", "name": "Saved", "timeoutMs": 5000})
		if m["met"] != true {
			a.t.Fatalf("%s: %s", a.mode.name, text)
		}
		return
	}
	// Look until the confirmation shows.
	for range 50 {
		seen := a.observe()
		for !strings.Contains(seen, `"Saved form: name=Grace Hopper`) && a.cursor != "" {
			seen = a.read(map[string]any{"cursor": a.cursor, "format": a.mode.format, "maxBytes": a.mode.maxBytes})
		}
		if strings.Contains(seen, `"Saved form: name=Grace Hopper`) {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	a.t.Fatalf("%s: the confirmation never showed", a.mode.name)
}

// TestAgentTask fills and submits the application's form through MCP in
// several ways and reports the calls made and the bytes read by each:
// bytes of the whole tool results (text and structure, as the client
// receives them) and of the text the model reads.
func TestAgentTask(t *testing.T) {
	modes := []agentMode{
		{name: "json, observe every step", loop: true},
		{name: "text, observe every step", format: "text", loop: true},
		{name: "json, reuse refs", format: "json"},
		{name: "text, reuse refs", format: "text"},
		{name: "text+budget 1500", format: "text", maxBytes: 1500},
		{name: "text+budget 1500+wait", format: "text", maxBytes: 1500, wait: true},
		{name: "text+wait", format: "text", wait: true},
	}
	var report []string
	bytes := map[string]int{}
	for _, mode := range modes {
		mainApp.Command("reset")
		c := connect(t)
		a := &agent{t: t, c: c, mode: mode}
		a.run()
		want := "confirm Saved form: name=Grace Hopper bold=1 volume=75 colour=Blue row=Row 2"
		deadline := time.Now().Add(2 * time.Second)
		for got := state(t, "confirm"); got != want; got = state(t, "confirm") {
			if time.Now().After(deadline) {
				t.Errorf("%s: the application records %q", mode.name, got)
				break
			}
		}
		bytes[mode.name] = c.bytes
		report = append(report, fmt.Sprintf("%-28s %2d calls %7d bytes read (%6d of text for the model)", mode.name, c.calls, c.bytes, c.textBytes))
	}
	mainApp.Command("reset")
	t.Log("form task through MCP:\n" + strings.Join(report, "\n"))
	if bytes["text+budget 1500+wait"]*3 > bytes["json, observe every step"] {
		t.Errorf("text, budget and wait read %d bytes, not a third of %d", bytes["text+budget 1500+wait"], bytes["json, observe every step"])
	}
}
