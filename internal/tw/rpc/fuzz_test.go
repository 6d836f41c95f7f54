package rpc_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/rpc"
)

// FuzzServerHandle feeds arbitrary bytes through the framing reader and a
// server with an open document: it must not panic, must stop at the end
// of the input, and every message it writes must be well framed, valid
// JSON with "jsonrpc":"2.0" and its fields in alphabetical order.
func FuzzServerHandle(f *testing.F) {
	lines := []string{
		`{"jsonrpc": "2.0", "id": 1, "method": "initialize"}`,
		`{"jsonrpc": "2.0", "id": 3, "method": "navigate", "params": {"action": "next_sentence"}}`,
		`{"jsonrpc": "2.0", "id": 4, "method": "read", "params": {"what": "sentence"}}`,
		`{"jsonrpc": "2.0", "id": 6, "method": "action", "params": {"id": "add_bookmark"}}`,
		`{"jsonrpc": "2.0", "id": 7, "method": "action", "params": {"id": "go_to"}}`,
		`{"jsonrpc": "2.0", "id": 8, "method": "answer", "params": {"text": "5"}}`,
		`{"jsonrpc":"2.0","id":"s","method":"search","params":{"pattern":"n[a-z]+","regex":true}}`,
		`{"jsonrpc":"2.0","id":2,"method":"text","params":{"start":3,"end":1e3}}`,
		`{"jsonrpc":"2.0","id":5,"method":"action","params":{"id":"list_bookmarks"}}`,
		`{"jsonrpc":"2.0","id":5,"method":"list_key","params":{"key":"down"}}`,
		`{"jsonrpc":"2.0","id":5,"method":"prompt_key","params":{"key":"backspace"}}`,
		`{"jsonrpc":"2.0","id":5,"method":"action","params":{"id":"toggle_edit_mode"}}`,
		`{"jsonrpc":"2.0","id":5,"method":"insert","params":{"text":"# é\n"}}`,
		`[{"jsonrpc":"2.0","id":1,"method":"status"},{"jsonrpc":"2.0","method":"stop"},3]`,
		`{"jsonrpc": "2.0", "id": 9, "method": "shutdown"}`,
		`{"jsonrpc": "2.0", "method": "exit"}`,
	}
	f.Add([]byte(strings.Join(lines, "\n") + "\n"))
	var framed strings.Builder
	for _, l := range lines {
		framed.WriteString(frame(l, rpc.HeaderFraming))
	}
	f.Add([]byte(framed.String()))
	f.Add([]byte("Content-Length: 2\r\nContent-Type: x\r\n\r\n{}[]\n{\"jsonrpc\":\"2.0\",\"id\":null}\n"))
	f.Add([]byte("content-length: 99999999\r\n\r\n"))
	f.Add([]byte("Content-Length: -1\r\n\r\n\x00\xff"))
	f.Add([]byte(`{"jsonrpc":"2.0","id":{"a":1},"method":"position","params":[1,2]}`))
	f.Add([]byte("Content-Length: 40\r\n{\"jsonrpc\":\"2.0\",\"id\":\"\xff\",\"method\":\"st\xffop\"}\n"))
	f.Add([]byte("Content-Length: 99999999999999999999999\r\n\r\n{}"))
	f.Add([]byte("[{\"jsonrpc\":\"2.0\",\"id\":true,\"method\":\"stop\"},{\"jsonrpc\":\"2.0\",\"id\":[],\"method\":\"stop\"}]\n"))

	dir, home := fuzzFolders(f)

	f.Fuzz(func(t *testing.T, data []byte) {
		var out lockedBuffer
		w := rpc.NewWriter(&out)
		srv := fuzzServer(t, dir, home, w)
		served := make(chan error, 1)
		go func() { served <- srv.Serve(bytes.NewReader(data), w) }()
		select {
		case err := <-served:
			// Input that ends inside a framed message, or announces one
			// too long to skip, ends the session with a fatal FrameError.
			var fe *rpc.FrameError
			if err != nil && !(errors.As(err, &fe) && fe.Fatal) {
				t.Fatalf("Serve: %v", err)
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("Serve hangs on %q", data)
		}
		br := bufio.NewReader(bytes.NewReader(out.Bytes()))
		for {
			raw, framing, err := readMessage(br)
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("bad output: %v\n%q", err, out.Bytes())
			}
			if _, err := parseMessage(raw, framing); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// fuzzFolders makes the fuzz targets' document folder, holding notes.md,
// and home. Every input saves the reading place; on tmpfs that costs no
// disk flush, so the fuzzer spends its time on the server.
func fuzzFolders(f *testing.F) (dir, home string) {
	scratch := f.TempDir()
	if shm, err := os.MkdirTemp("/dev/shm", "tw-fuzz-"); err == nil {
		scratch = shm
		f.Cleanup(func() { os.RemoveAll(shm) })
	}
	dir = filepath.Join(scratch, "doc")
	home = filepath.Join(scratch, "home")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		f.Fatal(err)
	}
	writeFile(f, filepath.Join(dir, "notes.md"), notesMD)
	return dir, home
}

// fuzzServer is a server writing to w, with dir/notes.md open in an app
// whose home is home.
func fuzzServer(t *testing.T, dir, home string, w *rpc.Writer) *rpc.Server {
	t.Helper()
	app := core.New(core.Options{Home: home, Events: rpc.Events(w), Load: load.File, Parse: load.Bytes})
	if err := app.Open(filepath.Join(dir, "notes.md")); err != nil {
		t.Fatal(err)
	}
	return &rpc.Server{Version: "fuzz", App: app, BaseDir: dir}
}

// lockedBuffer is written by the server's writer (which holds its own
// lock) and read only after Serve returns.
type lockedBuffer struct{ bytes.Buffer }

// FuzzServerRequest sends one well-formed request with any method name and
// any params to a server with an open document: whatever they are, it gets
// exactly one response with its id, a result or an error, and every other
// message is a notification.
func FuzzServerRequest(f *testing.F) {
	for _, m := range rpc.Methods {
		f.Add(m, `{}`)
	}
	for _, seed := range [][2]string{
		{"open", `{"path":"notes.md"}`}, {"open", `{"path":""}`}, {"navigate", `{"goto":"50%"}`},
		{"navigate", `{"action":"history_back"}`}, {"read", `{"what":"paragraph","from":1e9}`},
		{"search", `{"pattern":"(?i)x*","regex":true}`}, {"text", `{"start":5,"end":-3}`},
		{"action", `{"id":"quit","confirm":true}`}, {"action", `{"id":"outline"}`},
		{"choose", `{"index":1e300}`}, {"list_key", `{"key":"é"}`}, {"prompt_key", `{"text":"\u0000"}`},
		{"insert", `{"text":"x"}`}, {"answer", `[1,2]`}, {"status", `null`},
	} {
		f.Add(seed[0], seed[1])
	}
	dir, home := fuzzFolders(f)

	f.Fuzz(func(t *testing.T, method, params string) {
		body := fmt.Sprintf(`{"jsonrpc":"2.0","id":7,"method":%s`, jsonString(method))
		// One message per line: the params go on the request's line, so
		// white space inside them (a newline would end the message) is
		// compacted away first.
		var compact bytes.Buffer
		if json.Compact(&compact, []byte(params)) == nil {
			body += `,"params":` + compact.String()
		}
		body += "}\n"
		var out lockedBuffer
		w := rpc.NewWriter(&out)
		srv := fuzzServer(t, dir, home, w)
		if err := srv.Serve(strings.NewReader(body), w); err != nil {
			t.Fatalf("Serve: %v", err)
		}
		responses := 0
		for _, m := range readAll(t, out.Bytes()) {
			if m.isNotification() {
				continue
			}
			if string(m.ID) != "7" {
				t.Fatalf("a response with id %s to %s", m.ID, body)
			}
			responses++
		}
		if responses != 1 {
			t.Fatalf("%d responses to %s\n%s", responses, body, out.Bytes())
		}
	})
}
