package rpc_test

import (
	"bytes"
	"log"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/docstate"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/rpc"
)

// explodingRate is the app's settings with a bug: reading the rate
// panics (say_status reads it).
type explodingRate struct{ core.Defaults }

func (e explodingRate) Int(path string) int {
	if path == "speech.rate" {
		panic("the rate exploded")
	}
	return e.Defaults.Int(path)
}

// A panic inside the app leaves no prompt open on a half-changed state,
// saves the place, and the session goes on.
func TestPanicInTheAppSavesThePlace(t *testing.T) {
	dir, home := t.TempDir(), t.TempDir()
	path := writeFile(t, filepath.Join(dir, "notes.md"), notesMD)
	var out, logs bytes.Buffer
	w := rpc.NewWriter(&out)
	app := core.New(core.Options{Home: home, Events: rpc.Events(w), Load: load.File, Parse: load.Bytes,
		Settings: explodingRate{}})
	if err := app.Open(path); err != nil {
		t.Fatal(err)
	}
	srv := &rpc.Server{Version: "test", App: app, BaseDir: dir, Logger: log.New(&logs, "", 0)}
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"navigate","params":{"goto":"end"}}`,
		`{"jsonrpc":"2.0","id":2,"method":"action","params":{"id":"go_to"}}`,
		`{"jsonrpc":"2.0","id":3,"method":"action","params":{"id":"say_status"}}`,
		`{"jsonrpc":"2.0","id":4,"method":"prompt_state"}`,
	}, "\n") + "\n"
	// Serve closes the app at the end, which saves the place too: read
	// the state file from inside the session, right after the panic.
	var afterPanic *docstate.DocState
	r := &tapReader{r: strings.NewReader(in), at: 3, f: func() {
		afterPanic, _ = docstate.Store{Home: home}.Load(path)
	}}
	if err := srv.Serve(r, w); err != nil {
		t.Fatal(err)
	}
	var replies []message
	for _, m := range readAll(t, out.Bytes()) {
		if !m.isNotification() {
			replies = append(replies, m)
		}
	}
	if len(replies) != 4 || replies[2].Error == nil || replies[2].Error.Code != -32603 {
		t.Fatalf("replies %s", replies)
	}
	if string(replies[3].Result) != "null" {
		t.Fatalf("the go_to prompt is still open after the panic: %s", replies[3].Raw)
	}
	if afterPanic == nil || afterPanic.Place == nil || afterPanic.Place.Char == 0 {
		t.Fatalf("the place was not saved after the panic: %+v\n%s", afterPanic, logs.String())
	}
}

// tapReader calls f once, when the server asks for more input after
// reading the at-th line (so after it answered that line).
type tapReader struct {
	r     *strings.Reader
	at    int
	lines int
	f     func()
}

func (t *tapReader) Read(p []byte) (int, error) {
	if t.lines == t.at && t.f != nil {
		t.f()
		t.f = nil
	}
	// One line at a time, so the server reads no further than it needs.
	n := 0
	for n < len(p) {
		b, err := t.r.ReadByte()
		if err != nil {
			if n > 0 {
				return n, nil
			}
			return 0, err
		}
		p[n] = b
		n++
		if b == '\n' {
			t.lines++
			break
		}
	}
	return n, nil
}
