package mcp_test

import (
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"textfirst/internal/windows2text/mcp"
	"textfirst/internal/windows2text/ndjson/ndjsontest"
)

// ndjsonClient speaks the NDJSON protocol to mcp.ServeNDJSON over pipes.
type ndjsonClient struct {
	t    *testing.T
	ndjs *ndjsontest.Client
}

func serveNDJSON(t *testing.T, f *fakeUI) *ndjsonClient {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- mcp.ServeNDJSON(context.Background(), f, inR, outW, mcp.Options{Version: "test"}) }()
	t.Cleanup(func() {
		inW.Close()
		if err := <-done; err != nil {
			t.Errorf("ServeNDJSON: %v", err)
		}
	})
	return &ndjsonClient{t: t, ndjs: ndjsontest.New(t, inW, outR)}
}

// do sends one request and returns its decoded response.
func (c *ndjsonClient) do(method string, params any) map[string]any {
	c.t.Helper()
	answer := c.ndjs.Call(method, params)
	var m map[string]any
	if err := json.Unmarshal(answer, &m); err != nil {
		c.t.Fatalf("%s: %s", method, answer)
	}
	return m
}

// ok sends a request that must succeed and returns its result.
func (c *ndjsonClient) ok(method string, params any) map[string]any {
	c.t.Helper()
	m := c.do(method, params)
	if m["ok"] != true {
		c.t.Fatalf("%s %v: %v", method, params, m)
	}
	return m["result"].(map[string]any)
}

// TestNDJSONWaitAndChanges: "serve" has wait and changes as the MCP tools
// have them: listed by ping before shutdown, the same results, the same
// error codes; wait matches names whatever their quote, dash and case
// styles, in both protocols.
func TestNDJSONWaitAndChanges(t *testing.T) {
	f := newFakeUI()
	c := serveNDJSON(t, f)
	methods := c.ok("ping", nil)["methods"].([]any)
	if n := len(methods); n < 3 || methods[n-3] != "wait" || methods[n-2] != "changes" || methods[n-1] != "shutdown" {
		t.Errorf("ping lists %v", methods)
	}
	since := c.ok("observe", nil)["snapshotId"].(string)

	// wait: a label renamed with a curly apostrophe, asked for straight.
	done := make(chan map[string]any, 1)
	go func() {
		done <- c.ok("wait", map[string]any{"for": "appear", "role": "Text", "name": "DON'T SAVE", "timeoutMs": 5000})
	}()
	time.Sleep(50 * time.Millisecond)
	f.change(func(f *fakeUI) { f.label = "Don’t Save" }, "label", "object:property-change:accessible-name")
	if m := <-done; m["met"] != true || m["label"] == nil || !strings.HasPrefix(m["label"].(string), `Text "Don’t Save"`) {
		t.Errorf("wait appear: %v", m)
	}
	if m := c.ok("wait", map[string]any{"for": "appear", "name": "Dont Save", "timeoutMs": 100}); m["met"] != false {
		t.Errorf("a different name was met: %v", m)
	}

	// changes: since the first observation.
	f.mu.Lock()
	f.name, f.checked = "Grace", true
	f.mu.Unlock()
	res := c.ok("changes", map[string]any{"since": since})
	raw, _ := json.Marshal(res["changes"])
	// (raw is re-encoded from a map: its keys are sorted.)
	for _, want := range []string{`{"kind":"value","name":"Name","now":"Grace","ref":"s3:e2","role":"Edit","was":"Ada"}`,
		`{"gained":["checked"],"kind":"states","name":"Bold","ref":"s3:e3","role":"CheckBox"}`,
		`{"kind":"renamed","name":"Don’t Save","now":"Don’t Save","ref":"s3:e4","role":"Text","was":"Ready"}`} {
		if !strings.Contains(string(raw), want) {
			t.Errorf("changes lacks %s: %s", want, raw)
		}
	}
	// The refs of changes' snapshot are the current ones.
	if r := c.ok("toggle", map[string]any{"ref": "s3:e3"}); r["verified"] != true {
		t.Errorf("toggle after changes: %v", r)
	}

	for _, tc := range []struct {
		method string
		params map[string]any
		code   string
	}{
		{"wait", map[string]any{"for": "soon"}, "invalid_params"},
		{"wait", map[string]any{"for": "quiet", "color": "red"}, "invalid_params"},
		{"changes", map[string]any{"since": "s99"}, "invalid_params"},
		{"fly", nil, "unknown_method"},
	} {
		m := c.do(tc.method, tc.params)
		if e, _ := m["error"].(map[string]any); m["ok"] != false || e["code"] != tc.code {
			t.Errorf("%s %v: %v, want %s", tc.method, tc.params, m, tc.code)
		}
	}
}

// TestFakeWaitNormalisedNames: the MCP wait matches names and window
// titles after normalisation too, whole or, with match contains, in part.
func TestFakeWaitNormalisedNames(t *testing.T) {
	f := newFakeUI()
	f.label = "Save As…"
	c := connectFake(t, f)
	c.ok("observe", nil)
	for _, args := range []map[string]any{
		{"for": "appear", "name": "save as...", "timeoutMs": 1000},
		{"for": "window_open", "title": "FORM", "timeoutMs": 1000},
	} {
		if _, m := c.ok("wait", args); m["met"] != true {
			t.Errorf("wait %v: %v", args, m)
		}
	}
	if _, m := c.ok("wait", map[string]any{"for": "appear", "name": "Save", "timeoutMs": 100}); m["met"] != false {
		t.Errorf("a part of a name was met: %v", m)
	}
	// A part of a name or title, on request.
	for _, args := range []map[string]any{
		{"for": "appear", "name": "SAVE AS", "match": "contains", "timeoutMs": 1000},
		{"for": "window_open", "title": "or", "match": "contains", "timeoutMs": 1000},
		{"for": "disappear", "name": "Print", "match": "contains", "timeoutMs": 1000},
	} {
		if _, m := c.ok("wait", args); m["met"] != true {
			t.Errorf("wait %v: %v", args, m)
		}
	}
	if _, m, isErr := c.call("wait", map[string]any{"for": "appear", "name": "x", "match": "regexp"}); !isErr || m["error"].(map[string]any)["code"] != "invalid_params" {
		t.Errorf("match regexp: %v", m)
	}
}
