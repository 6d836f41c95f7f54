package rpc_test

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// TestExploreMathOverRPC: the real tw serve explores the formula at the
// cursor term by term through the action method: explore_math enters
// (the mode becomes Math), the arrows' actions move right and left, down
// into a part and up out of it, stop leaves, and after that the arrows
// move the caret again.
func TestExploreMathOverRPC(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "math.md"), "# Circles\n\nThe area is $\\pi r^2$ here.\n")
	steps := []struct {
		method, params, status string
	}{
		{"action", `{"id":"explore_math"}`, "No math at the cursor."},
		{"navigate", `{"action":"next_paragraph"}`, ""},
		{"action", `{"id":"explore_math"}`, "Exploring math: pi r squared. pi"},
		{"status", "", ""},
		{"action", `{"id":"caret_next_word"}`, "r squared"},
		{"action", `{"id":"caret_next_word"}`, "No next term."},
		{"action", `{"id":"caret_next_line"}`, "base, r"},
		{"action", `{"id":"caret_next_line"}`, "No parts in this term."},
		{"action", `{"id":"caret_next_word"}`, "exponent, 2"},
		{"action", `{"id":"caret_previous_line"}`, "r squared"},
		{"action", `{"id":"caret_previous_word"}`, "pi"},
		{"action", `{"id":"caret_previous_line"}`, "pi r squared"},
		{"action", `{"id":"caret_previous_line"}`, "At the whole formula."},
		{"action", `{"id":"stop"}`, "Left the math."},
		{"status", "", ""},
	}
	var reqs []string
	for i, s := range steps {
		reqs = append(reqs, request(i+1, s.method, s.params))
	}
	reqs = append(reqs, request(len(steps)+1, "shutdown", ""), request(len(steps)+2, "exit", ""))
	out, _ := runTw(t, dir, []string{"TEXTWEAVER_HOME=" + filepath.Join(dir, "home")},
		strings.Join(reqs, "\n")+"\n", "serve", "--stdio", "--no-speech", "--open", "math.md")
	results := resultsByID(t, out)
	for i, s := range steps {
		var r struct {
			Status string
			Mode   string
		}
		if err := json.Unmarshal(results[fmt.Sprint(i+1)], &r); err != nil {
			t.Fatalf("result %d (%s): %v", i+1, s.method, err)
		}
		switch {
		case s.method == "status" && i == 3 && r.Mode != "Math":
			t.Errorf("mode while exploring = %q, want Math", r.Mode)
		case s.method == "status" && i > 3 && r.Mode != "Browse":
			t.Errorf("mode after leaving = %q, want Browse", r.Mode)
		case s.status != "" && r.Status != s.status:
			t.Errorf("step %d %s %s: said %q, want %q", i+1, s.method, s.params, r.Status, s.status)
		}
	}
}

// resultsByID reads a transcript's results by request id; a request that
// failed fails the test.
func resultsByID(t *testing.T, out []byte) map[string]json.RawMessage {
	t.Helper()
	results := map[string]json.RawMessage{}
	for _, m := range readAll(t, out) {
		if m.HasID {
			if m.Error != nil {
				t.Fatalf("request %s failed: %v", m.ID, m.Error)
			}
			results[string(m.ID)] = m.Result
		}
	}
	return results
}

// script is the numbered requests of one run of tw serve.
type script []string

// add appends a request with the next id.
func (sc *script) add(method, params string) { *sc = append(*sc, request(len(*sc)+1, method, params)) }

// serveNotes runs the real tw serve --stdio --no-speech on notes.md in dir
// with env, sends the script, and returns its results as uiResults.
func (sc script) serveNotes(t *testing.T, dir string, env []string) []uiResult {
	t.Helper()
	out, _ := runTw(t, dir, env, strings.Join(sc, "\n")+"\n", "serve", "--stdio", "--no-speech", "--open", "notes.md")
	return uiResults(t, out, len(sc))
}

// uiList is a list as a result or a list effect shows it.
type uiList struct {
	Title    string
	Items    []string
	Selected int
	Filter   *string
}

// uiResult is a result read as the union of those of action, choose,
// list_key and prompt_state.
type uiResult struct {
	Status  string
	Effects []struct {
		Type   string
		Params uiList
	}
	List    *uiList
	Label   string
	Purpose string
	Text    string
}

// uiResults decodes the results of requests 1 to n, by id, as uiResults;
// a request without an answer (exit) leaves its result zero.
func uiResults(t *testing.T, out []byte, n int) []uiResult {
	t.Helper()
	results := resultsByID(t, out)
	res := make([]uiResult, n)
	for i := range res {
		if raw, ok := results[fmt.Sprint(i+1)]; ok {
			if err := json.Unmarshal(raw, &res[i]); err != nil {
				t.Fatalf("result %d: %v", i+1, err)
			}
		}
	}
	return res
}
