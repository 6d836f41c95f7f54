//go:build linux

package bench

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"textfirst/internal/testkit"
	"textfirst/internal/windows2text/ndjson/ndjsontest"
)

// serveClient drives a real "windows2text serve" over NDJSON.
type serveClient struct {
	tb   testing.TB
	ndjs *ndjsontest.Client
}

func startServe(tb testing.TB) *serveClient {
	tb.Helper()
	cmd := exec.Command(testkit.Binary(tb, "windows2text"), "serve")
	cmd.Env = os.Environ()
	cmd.Stderr = os.Stderr
	return &serveClient{tb: tb, ndjs: ndjsontest.Start(tb, cmd)}
}

// call sends one request and returns its result and how long the answer
// took, from sending the request to reading the answer's line.
func (c *serveClient) call(method string, params map[string]any) (map[string]any, time.Duration) {
	c.tb.Helper()
	start := time.Now()
	answer := c.ndjs.Call(method, params)
	took := time.Since(start)
	var resp struct {
		OK     bool           `json:"ok"`
		Result map[string]any `json:"result"`
		Error  map[string]any `json:"error"`
	}
	if err := json.Unmarshal(answer, &resp); err != nil || !resp.OK {
		c.tb.Fatalf("%s %v: %s (%v)", method, params, answer, err)
	}
	return resp.Result, took
}

// refsOf maps "Role Name" to the ref of every element of a snapshot tree.
func refsOf(n map[string]any, into map[string]string) map[string]string {
	name, _ := n["name"].(string)
	key := fmt.Sprintf("%v %s", n["role"], name)
	if _, dup := into[key]; !dup {
		into[key], _ = n["ref"].(string)
	}
	kids, _ := n["children"].([]any)
	for _, k := range kids {
		refsOf(k.(map[string]any), into)
	}
	return into
}

// BenchmarkActions times every action method from request to answer
// through "windows2text serve" against the GTK test application, with the
// default waitMs (100), and counts how the settle waits ended. Each action
// alternates between two requests that undo each other, so that every
// request changes the application's state. Run with -benchtime 1x.
func BenchmarkActions(b *testing.B) {
	app, err := desk.StartApp("--title", "w2t actions", "--rows", "30")
	if err != nil {
		b.Fatal(err)
	}
	defer app.Stop()
	if _, err := app.Command("present"); err != nil {
		b.Fatal(err)
	}
	c := startServe(b)
	snap, _ := c.call("snapshot", map[string]any{"scope": "process", "pid": app.PID, "visibleOnly": false})
	refs := refsOf(snap["root"].(map[string]any), map[string]string{})
	ref := func(key string) string {
		r, ok := refs[key]
		if !ok {
			b.Fatalf("no %s in the snapshot", key)
		}
		return r
	}
	type request struct {
		method string
		params map[string]any
	}
	pair := func(method, key string, a, z map[string]any) [2]request {
		with := func(p map[string]any) map[string]any {
			out := map[string]any{"ref": ref(key)}
			for k, v := range p {
				out[k] = v
			}
			return out
		}
		return [2]request{{method, with(a)}, {method, with(z)}}
	}
	scrollPane := ref("Pane ") // the first unnamed pane: the options pane
	actions := []struct {
		name string
		reqs [2]request
	}{
		{"invoke", pair("invoke", "Button Save", nil, nil)},
		{"toggle", pair("toggle", "CheckBox Bold", nil, nil)},
		{"set_value", pair("set_value", "Edit Name", map[string]any{"value": "Grace"}, map[string]any{"value": "Ada"})},
		{"set_range", pair("set_range", "Slider Volume", map[string]any{"value": 60}, map[string]any{"value": 30})},
		{"focus", pair("focus", "Edit Name", nil, nil)},
		{"select", pair("select", "DataItem Row 1", nil, nil)},
		{"expand/collapse", [2]request{pair("expand", "Button Details", nil, nil)[0], pair("collapse", "Button Details", nil, nil)[0]}},
		{"scroll_into_view", [2]request{pair("scroll_into_view", "CheckBox Option 25", nil, nil)[0], pair("scroll_into_view", "CheckBox Option 0", nil, nil)[0]}},
		{"scroll", [2]request{
			{"scroll", map[string]any{"ref": scrollPane, "vertical": "small_increment"}},
			{"scroll", map[string]any{"ref": scrollPane, "vertical": "small_decrement"}}}},
		{"click", pair("click", "Button Pad", nil, nil)},
		{"type_text", pair("type_text", "Edit Name", map[string]any{"text": "Grace ✓", "clear": true}, map[string]any{"text": "Ada", "clear": true})},
		{"key", pair("key", "Edit Name", map[string]any{"key": "CTRL+A"}, map[string]any{"key": "End"})},
	}
	const rounds = 20
	for b.Loop() {
		var report []string
		quietAll, boundAll := 0, 0
		for _, a := range actions {
			var ms, noWait []float64
			quiet, bound := 0, 0
			for i := range rounds {
				r := a.reqs[i%2]
				res, took := c.call(r.method, r.params)
				ms = append(ms, testkit.Millis(took))
				if res["settled"] == true {
					quiet++
				} else {
					bound++
				}
			}
			// The same with waitMs 0: the action and its read-back alone.
			for i := range rounds {
				r := a.reqs[i%2]
				p := map[string]any{"waitMs": 0}
				for k, v := range r.params {
					p[k] = v
				}
				_, took := c.call(r.method, p)
				noWait = append(noWait, testkit.Millis(took))
			}
			quietAll += quiet
			boundAll += bound
			b.ReportMetric(testkit.Median(ms), strings.ReplaceAll(a.name, "/", "-")+"-ms")
			report = append(report, fmt.Sprintf("| %s | %.1f ms | %.1f ms | %.1f ms | %d / %d | %.1f ms |", a.name, testkit.Median(ms), slices.Min(ms), slices.Max(ms), quiet, bound, testkit.Median(noWait)))
		}
		b.ReportMetric(float64(quietAll), "settled-quiet")
		b.ReportMetric(float64(boundAll), "settled-bound")
		fmt.Printf("\n| action | median | min | max | settled by quiet / by bound | median with waitMs 0 |\n|---|---|---|---|---|---|\n%s\n", strings.Join(report, "\n"))
	}
}
