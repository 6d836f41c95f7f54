package ndjson

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"textfirst/internal/windows2text/uitree"
)

// fakeBackend is a fixed UI for protocol tests: a window with a button, a
// read-only edit, a hidden button and a label. Its behaviour can be
// switched to fail or panic.
type fakeBackend struct {
	snapshots int
	panic     bool
	fail      error
	actErr    error
	acted     []uitree.ActionRequest
}

func (f *fakeBackend) Windows(ctx context.Context, max int) (uitree.WindowList, error) {
	if f.panic {
		panic("boom")
	}
	wins := []uitree.Window{
		{ID: ":1.2/w/1", Title: "Settings", App: "settings", PID: 42, Role: uitree.RoleWindow, Active: true, Visible: true, Bounds: uitree.Rect{Width: 400, Height: 300}},
		{ID: ":1.3/w/1", Title: "Other", App: "other", PID: 43, Role: uitree.RoleWindow, Visible: true, Bounds: uitree.Rect{Width: 400, Height: 300}},
	}
	list := uitree.WindowList{Windows: wins}
	if len(wins) > max {
		list.Windows, list.More = wins[:max], true
	}
	return list, nil
}

func (f *fakeBackend) Snapshot(ctx context.Context, req uitree.Request) (*uitree.Tree, error) {
	if f.panic {
		panic("boom")
	}
	if f.fail != nil {
		return nil, f.fail
	}
	f.snapshots++
	on := uitree.States{Enabled: true}
	save := &uitree.Element{Role: uitree.RoleButton, NativeRole: "push button", Name: "Save", States: on,
		Bounds: uitree.Rect{X: 10, Y: 10, Width: 80, Height: 30}, Actions: uitree.ActionSet(0).Add(uitree.ActionInvoke).Add(uitree.ActionClick)}
	serial := &uitree.Element{Role: uitree.RoleEdit, Name: "Serial", Value: "fixed", States: uitree.States{Enabled: true, ReadOnly: true},
		Bounds: uitree.Rect{X: 10, Y: 50, Width: 80, Height: 30}, Actions: uitree.ActionSet(0).Add(uitree.ActionFocus).Add(uitree.ActionClick)}
	hidden := &uitree.Element{Role: uitree.RoleButton, Name: "Hidden", States: uitree.States{Enabled: true, Offscreen: true},
		Actions: uitree.ActionSet(0).Add(uitree.ActionInvoke)}
	label := &uitree.Element{Role: uitree.RoleText, Name: "Settings saved", States: on, Bounds: uitree.Rect{X: 10, Y: 90, Width: 80, Height: 20}}
	win := &uitree.Element{Role: uitree.RoleWindow, Name: "Settings", States: on, Bounds: uitree.Rect{Width: 400, Height: 300},
		App: "settings", PID: 42, WindowID: ":1.2/w/1", Children: []*uitree.Element{save, serial, hidden, label}}
	return &uitree.Tree{Root: win, App: "settings"}, nil
}

func (f *fakeBackend) Act(ctx context.Context, el *uitree.Element, act uitree.ActionRequest) (uitree.ActionResult, error) {
	f.acted = append(f.acted, act)
	return uitree.ActionResult{Verified: true, Settled: true}, f.actErr
}

// transcript runs lines through a server and returns the decoded responses.
func transcript(t *testing.T, b uitree.Backend, lines ...string) []map[string]any {
	t.Helper()
	var out bytes.Buffer
	srv := NewServer(b, "test")
	if err := srv.Serve(context.Background(), strings.NewReader(strings.Join(lines, "\n")+"\n"), &out); err != nil {
		t.Fatal(err)
	}
	var resps []map[string]any
	for _, l := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
		if l == "" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("response %q is not JSON: %v", l, err)
		}
		resps = append(resps, m)
	}
	return resps
}

func errCode(m map[string]any) string {
	if e, ok := m["error"].(map[string]any); ok {
		return e["code"].(string)
	}
	return ""
}

func TestErrorCodes(t *testing.T) {
	tests := []struct {
		name    string
		backend *fakeBackend
		lines   []string // the last line's response is checked
		code    string
		id      any
	}{
		{"not JSON", nil, []string{`{bad`}, "invalid_request", nil},
		{"not an object", nil, []string{`[1,2]`}, "invalid_request", nil},
		{"no id", nil, []string{`{"method":"ping"}`}, "invalid_request", nil},
		{"bool id", nil, []string{`{"id":true,"method":"ping"}`}, "invalid_request", nil},
		{"no method", nil, []string{`{"id":1}`}, "invalid_request", 1.0},
		{"method not a string", nil, []string{`{"id":1,"method":5}`}, "invalid_request", 1.0},
		{"trailing data", nil, []string{`{"id":1,"method":"ping"} {}`}, "invalid_request", nil},
		{"params not an object", nil, []string{`{"id":"a","method":"snapshot","params":[1]}`}, "invalid_params", "a"},
		{"unknown param", nil, []string{`{"id":1,"method":"snapshot","params":{"depth":3}}`}, "invalid_params", 1.0},
		{"bad scope", nil, []string{`{"id":1,"method":"snapshot","params":{"scope":"moon"}}`}, "invalid_params", 1.0},
		{"bad view", nil, []string{`{"id":1,"method":"snapshot","params":{"view":"tree"}}`}, "invalid_params", 1.0},
		{"negative maxDepth", nil, []string{`{"id":1,"method":"snapshot","params":{"maxDepth":-1}}`}, "invalid_params", 1.0},
		{"zero maxNodes", nil, []string{`{"id":1,"method":"snapshot","params":{"maxNodes":0}}`}, "invalid_params", 1.0},
		{"fractional maxText", nil, []string{`{"id":1,"method":"snapshot","params":{"maxText":2.5}}`}, "invalid_params", 1.0},
		{"process without pid", nil, []string{`{"id":1,"method":"snapshot","params":{"scope":"process"}}`}, "invalid_params", 1.0},
		{"hwnd without hwnd", nil, []string{`{"id":1,"method":"snapshot","params":{"scope":"hwnd"}}`}, "invalid_params", 1.0},
		{"pid with another scope", nil, []string{`{"id":1,"method":"snapshot","params":{"pid":4}}`}, "invalid_params", 1.0},
		{"hwnd of a bad type", nil, []string{`{"id":1,"method":"snapshot","params":{"scope":"hwnd","hwnd":true}}`}, "invalid_params", 1.0},
		{"maxTargets zero", nil, []string{`{"id":1,"method":"observe","params":{"maxTargets":0}}`}, "invalid_params", 1.0},
		{"windows maxNodes zero", nil, []string{`{"id":1,"method":"windows","params":{"maxNodes":0}}`}, "invalid_params", 1.0},
		{"ping with params", nil, []string{`{"id":1,"method":"ping","params":{"x":1}}`}, "invalid_params", 1.0},
		{"unknown method", nil, []string{`{"id":"x","method":"fly"}`}, "unknown_method", "x"},
		{"action without ref", nil, []string{`{"id":1,"method":"invoke","params":{}}`}, "invalid_params", 1.0},
		{"malformed ref", nil, []string{`{"id":1,"method":"invoke","params":{"ref":"e12"}}`}, "invalid_params", 1.0},
		{"waitMs too long", nil, []string{`{"id":1,"method":"invoke","params":{"ref":"s1:e2","waitMs":5001}}`}, "invalid_params", 1.0},
		{"param of another action", nil, []string{`{"id":1,"method":"invoke","params":{"ref":"s1:e2","text":"x"}}`}, "invalid_params", 1.0},
		{"bad scroll amount", nil, []string{`{"id":1,"method":"scroll","params":{"ref":"s1:e2","vertical":"lots"}}`}, "invalid_params", 1.0},
		{"bad key", nil, []string{`{"id":1,"method":"key","params":{"ref":"s1:e2","key":"HYPER+Q"}}`}, "invalid_params", 1.0},
		{"bad button", nil, []string{`{"id":1,"method":"click","params":{"ref":"s1:e2","button":"thumb"}}`}, "invalid_params", 1.0},
		{"set_range needs a number", nil, []string{`{"id":1,"method":"set_range","params":{"ref":"s1:e2","value":"x"}}`}, "invalid_params", 1.0},
		{"ref before any snapshot", nil, []string{`{"id":1,"method":"invoke","params":{"ref":"s1:e2"}}`}, "unknown_ref", 1.0},
		{"ref not in snapshot", nil, []string{`{"id":0,"method":"snapshot"}`, `{"id":1,"method":"invoke","params":{"ref":"s1:e99"}}`}, "unknown_ref", 1.0},
		{"expired ref", nil, []string{`{"id":0,"method":"snapshot"}`, `{"id":0,"method":"snapshot"}`, `{"id":1,"method":"invoke","params":{"ref":"s1:e2"}}`}, "unknown_ref", 1.0},
		{"unsupported pattern", nil, []string{`{"id":0,"method":"snapshot"}`, `{"id":1,"method":"toggle","params":{"ref":"s1:e2"}}`}, "unsupported_pattern", 1.0},
		{"read only", nil, []string{`{"id":0,"method":"snapshot"}`, `{"id":1,"method":"set_value","params":{"ref":"s1:e3","value":"x"}}`}, "read_only", 1.0},
		{"not clickable", nil, []string{`{"id":0,"method":"snapshot"}`, `{"id":1,"method":"click","params":{"ref":"s1:e4"}}`}, "not_clickable", 1.0},
		{"stale element", &fakeBackend{actErr: uitree.Errorf(uitree.CodeStaleElement, "gone")}, []string{`{"id":0,"method":"snapshot"}`, `{"id":1,"method":"invoke","params":{"ref":"s1:e2"}}`}, "stale_element", 1.0},
		{"action failed", &fakeBackend{actErr: uitree.Errorf(uitree.CodeActionFailed, "no")}, []string{`{"id":0,"method":"snapshot"}`, `{"id":1,"method":"invoke","params":{"ref":"s1:e2"}}`}, "action_failed", 1.0},
		{"input failed", &fakeBackend{actErr: uitree.Errorf(uitree.CodeInputFailed, "no")}, []string{`{"id":0,"method":"snapshot"}`, `{"id":1,"method":"click","params":{"ref":"s1:e2"}}`}, "input_failed", 1.0},
		{"backend panics", &fakeBackend{panic: true}, []string{`{"id":1,"method":"snapshot"}`}, "internal_error", 1.0},
		{"backend fails", &fakeBackend{fail: errors.New("bus gone")}, []string{`{"id":1,"method":"snapshot"}`}, "internal_error", 1.0},
		{"backend code passes through", &fakeBackend{fail: uitree.Errorf(uitree.CodeStaleElement, "window went away")}, []string{`{"id":1,"method":"snapshot"}`}, "stale_element", 1.0},
	}
	seen := map[string]bool{}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := tt.backend
			if b == nil {
				b = &fakeBackend{}
			}
			resps := transcript(t, b, tt.lines...)
			if len(resps) != len(tt.lines) {
				t.Fatalf("%d responses to %d lines", len(resps), len(tt.lines))
			}
			last := resps[len(resps)-1]
			if last["ok"] != false || errCode(last) != tt.code || last["id"] != tt.id {
				t.Errorf("response %v, want code %s and id %v", last, tt.code, tt.id)
			}
			if _, has := last["result"]; has {
				t.Errorf("a failed response has a result: %v", last)
			}
			if msg, _ := last["error"].(map[string]any)["message"].(string); msg == "" {
				t.Errorf("no message in %v", last)
			}
			seen[tt.code] = true
		})
	}
	for _, c := range uitree.Codes {
		if !seen[string(c)] {
			t.Errorf("no test produces %s", c)
		}
	}
}

func TestIDsAreCopied(t *testing.T) {
	resps := transcript(t, &fakeBackend{}, `{"id":"request-1","method":"ping"}`, `{"id":7,"method":"ping"}`, `{"id":-2.5e3,"method":"ping"}`, `{"id":"","method":"ping"}`)
	want := []any{"request-1", 7.0, -2500.0, ""}
	for i, r := range resps {
		if r["id"] != want[i] || r["ok"] != true {
			t.Errorf("response %d = %v, want id %v ok", i, r, want[i])
		}
	}
	// The number is copied as written.
	var out bytes.Buffer
	NewServer(&fakeBackend{}, "t").Serve(context.Background(), strings.NewReader(`{"id":1.50,"method":"ping"}`+"\n"), &out)
	if !strings.HasPrefix(out.String(), `{"id":1.50,"ok":true,`) {
		t.Errorf("id not copied verbatim: %s", out.String())
	}
}

// Nothing echoed is raw invalid UTF-8: an id that is not UTF-8 is refused
// (id null), a method name's bad bytes come back as U+FFFD.
func TestInvalidUTF8IsNeverEchoed(t *testing.T) {
	tests := []struct {
		line, want string
	}{
		{"{\"id\":\"\xff\xfe\",\"method\":\"ping\"}", `{"id":null,"ok":false,"error":{"code":"invalid_request","message":"id is not valid UTF-8"}}`},
		{"{\"id\":\"a\xc3\",\"method\":\"fly\"}", `{"id":null,"ok":false,"error":{"code":"invalid_request","message":"id is not valid UTF-8"}}`},
		{"{\"id\":1,\"method\":\"p\xffing\"}", `{"id":1,"ok":false,"error":{"code":"unknown_method","message":"unknown method \"p` + "\ufffd" + `ing\"; ping lists the methods"}}`},
		{`{"id":"\u00e9","method":"fly"}`, `{"id":"\u00e9","ok":false,"error":{"code":"unknown_method","message":"unknown method \"fly\"; ping lists the methods"}}`},
	}
	for _, tt := range tests {
		var out bytes.Buffer
		if err := NewServer(&fakeBackend{}, "t").Serve(context.Background(), strings.NewReader(tt.line+"\n"), &out); err != nil {
			t.Fatal(err)
		}
		got := strings.TrimSuffix(out.String(), "\n")
		if !utf8.ValidString(got) || got != tt.want {
			t.Errorf("%q answered\n%q\nwant\n%q", tt.line, got, tt.want)
		}
	}
}

func TestPingAndShutdown(t *testing.T) {
	resps := transcript(t, &fakeBackend{}, `{"id":1,"method":"ping"}`, `{"id":2,"method":"snapshot"}`, `{"id":3,"method":"ping"}`,
		`{"id":4,"method":"shutdown"}`, `{"id":5,"method":"ping"}`)
	if len(resps) != 4 {
		t.Fatalf("%d responses; shutdown must be the last", len(resps))
	}
	p := resps[0]["result"].(map[string]any)
	if p["version"] != "test" || p["protocolVersion"] != 1.0 || p["snapshotId"] != nil {
		t.Errorf("ping = %v", p)
	}
	methods := p["methods"].([]any)
	for _, m := range []string{"ping", "windows", "snapshot", "observe", "invoke", "set_value", "set_range", "focus", "toggle", "select",
		"expand", "collapse", "scroll_into_view", "scroll", "click", "type_text", "key", "shutdown"} {
		found := false
		for _, x := range methods {
			found = found || x == m
		}
		if !found {
			t.Errorf("ping does not list %s", m)
		}
	}
	if got := resps[2]["result"].(map[string]any)["snapshotId"]; got != "s1" {
		t.Errorf("snapshotId after a snapshot = %v", got)
	}
	if resps[3]["ok"] != true || resps[3]["result"] == nil {
		t.Errorf("shutdown = %v", resps[3])
	}
}

func TestStdinCloseEndsServe(t *testing.T) {
	r, w := io.Pipe()
	done := make(chan error, 1)
	var out bytes.Buffer
	go func() { done <- NewServer(&fakeBackend{}, "t").Serve(context.Background(), r, &out) }()
	w.Write([]byte(`{"id":1,"method":"ping"}` + "\n"))
	w.Close()
	select {
	case err := <-done:
		if err != nil || strings.Count(out.String(), "\n") != 1 {
			t.Errorf("Serve = %v with output %q", err, out.String())
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Serve did not return after stdin closed")
	}
}

func TestLongLineAndBlankLines(t *testing.T) {
	long := `{"id":1,"method":"ping","params":{"x":"` + strings.Repeat("a", MaxLineBytes) + `"}}`
	resps := transcript(t, &fakeBackend{}, "", "   ", long, `{"id":2,"method":"ping"}`)
	if len(resps) != 2 || errCode(resps[0]) != "invalid_request" || resps[1]["ok"] != true {
		t.Errorf("responses %v", resps)
	}
}

func TestObserveAndSnapshotResults(t *testing.T) {
	b := &fakeBackend{}
	resps := transcript(t, b,
		`{"id":1,"method":"observe","params":{"scope":"foreground","maxDepth":8,"maxNodes":500,"maxTargets":100}}`,
		`{"id":2,"method":"observe","params":{"maxTargets":1,"includeTree":true}}`,
		`{"id":3,"method":"snapshot","params":{"scope":"foreground","view":"control","maxDepth":8,"maxNodes":500,"maxText":2000,"visibleOnly":false}}`,
		`{"id":4,"method":"windows","params":{"maxNodes":1}}`,
	)
	obs := resps[0]["result"].(map[string]any)
	wantVisible := []any{
		`Button "Save" [ref=s1:e2; actions=invoke,click]`,
		`Edit "Serial" value="fixed" [ref=s1:e3; actions=focus,click; states=read-only]`,
	}
	if obs["snapshotId"] != "s1" || obs["app"] != "settings" || !equalJSON(obs["visible"], wantVisible) ||
		!equalJSON(obs["context"], []any{`Text "Settings saved"`}) {
		t.Errorf("observe = %v", obs)
	}
	targets := obs["targets"].([]any)
	for i, tg := range targets {
		m := tg.(map[string]any)
		if m["index"] != float64(i) || m["label"] != wantVisible[i] || !strings.Contains(m["label"].(string), m["ref"].(string)) {
			t.Errorf("target %d = %v", i, m)
		}
	}
	if _, has := obs["tree"]; has {
		t.Error("observe includes the tree without includeTree")
	}
	obs2 := resps[1]["result"].(map[string]any)
	if len(obs2["visible"].([]any)) != 1 || obs2["omittedTargets"] != 1.0 || obs2["tree"] == nil || obs2["snapshotId"] != "s2" {
		t.Errorf("observe maxTargets 1 = %v", obs2)
	}
	snap := resps[2]["result"].(map[string]any)
	root := snap["root"].(map[string]any)
	if snap["snapshotId"] != "s3" || snap["nodeCount"] != 5.0 || root["ref"] != "s3:e1" || root["role"] != "Window" || root["hwnd"] != ":1.2/w/1" {
		t.Errorf("snapshot = %v", snap)
	}
	wins := resps[3]["result"].(map[string]any)
	if len(wins["windows"].([]any)) != 1 || wins["truncated"] != true {
		t.Errorf("windows = %v", wins)
	}
}

func TestActionsReachTheBackend(t *testing.T) {
	b := &fakeBackend{}
	resps := transcript(t, b, `{"id":0,"method":"snapshot"}`,
		`{"id":1,"method":"invoke","params":{"ref":"s1:e2","waitMs":0}}`,
		`{"id":2,"method":"click","params":{"ref":"s1:e2","button":"right","count":2}}`,
		`{"id":3,"method":"key","params":{"ref":"s1:e3","key":"CTRL+SHIFT+P"}}`)
	if resps[1]["ok"] != true || resps[2]["ok"] != true {
		t.Fatalf("responses %v", resps)
	}
	if errCode(resps[3]) != "unsupported_pattern" {
		t.Errorf("key on an element without key: %v", resps[3])
	}
	if len(b.acted) != 2 || b.acted[0].WaitMs != 0 || b.acted[1].Button != "right" || b.acted[1].Count != 2 {
		t.Errorf("backend saw %+v", b.acted)
	}
}

func equalJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}
