package rpc_test

import (
	"bytes"
	"errors"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/rpc"
)

// newBareServer returns a server on a fresh home with notes.md open, not
// yet served, logging to the returned buffer.
func newBareServer(t *testing.T, w *rpc.Writer) (*rpc.Server, *bytes.Buffer) {
	t.Helper()
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "notes.md"), notesMD)
	var logs bytes.Buffer
	logger := log.New(&logs, "", 0)
	events := core.Events(nil)
	if w != nil {
		events = rpc.Events(w)
	}
	app := core.New(core.Options{Home: t.TempDir(), Events: events, Load: load.File, Parse: load.Bytes, Logger: logger})
	t.Cleanup(app.Close)
	if err := app.Open(filepath.Join(dir, "notes.md")); err != nil {
		t.Fatal(err)
	}
	return &rpc.Server{Version: "test", App: app, BaseDir: dir, Logger: logger}, &logs
}

// The end of the input between messages ends a session well; the input
// ending inside a framed message, a length too large to skip, or a read
// that fails for any other reason is logged and returned, so tw serve
// exits non-zero.
func TestServeReadErrors(t *testing.T) {
	broken := errors.New("the pipe broke")
	cases := []struct {
		name      string
		in        io.Reader
		wantErr   error  // nil: Serve returns nil
		wantFatal bool   // Serve returns a fatal *rpc.FrameError
		wantLog   string // "" : nothing is logged
		wantReply string // the last error reply, "" for none
	}{
		{"end of input", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"status"}` + "\n"), nil, false, "", ""},
		{"body cut short", strings.NewReader("Content-Length: 99\r\n\r\n{}"), nil, true,
			"the input ended inside a message of 99 bytes (2 bytes came); stopping",
			"Parse error: the input ended inside a message of 99 bytes (2 bytes came)"},
		{"headers cut short", strings.NewReader("Content-Length: 99\r\nContent-Type: x\r\n"), nil, true,
			"the input ended inside the headers of a message of 99 bytes; stopping",
			"Parse error: the input ended inside the headers of a message of 99 bytes"},
		{"message too large, cut short", strings.NewReader("Content-Length: 99999999\r\n\r\n{}"), nil, true,
			"a message of 99999999 bytes is over the limit of 16777216 bytes; skipped; reading goes on\n" +
				"serve: the input ended inside a message of 99999999 bytes being skipped (2 bytes came); stopping",
			"Parse error: the input ended inside a message of 99999999 bytes being skipped (2 bytes came)"},
		{"a length too large to skip", strings.NewReader("Content-Length: 1000000000000000000000000\r\n\r\n{}"), nil, true,
			"Content-Length 1000000000000000000000000 is too large to skip; the messages after it cannot be found; stopping",
			"Parse error: Content-Length 1000000000000000000000000 is too large to skip; the messages after it cannot be found"},
		{"read error at once", iotest.ErrReader(broken), broken, false, "the pipe broke", ""},
		{"read error after a request", io.MultiReader(
			strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"status"}`+"\n"), iotest.ErrReader(broken)),
			broken, false, "the pipe broke", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out bytes.Buffer
			w := rpc.NewWriter(&out)
			srv, logs := newBareServer(t, w)
			err := srv.Serve(c.in, w)
			var fe *rpc.FrameError
			switch {
			case c.wantFatal:
				if !errors.As(err, &fe) || !fe.Fatal {
					t.Fatalf("Serve returned %v, want a fatal framing error", err)
				}
			case c.wantErr == nil && err != nil:
				t.Fatalf("Serve: %v, want nil", err)
			case c.wantErr != nil && !errors.Is(err, c.wantErr):
				t.Fatalf("Serve returned %v, want %v", err, c.wantErr)
			}
			if c.wantLog == "" && strings.Contains(logs.String(), "serve") {
				t.Fatalf("logged %q", logs.String())
			}
			if c.wantLog != "" && !strings.Contains(logs.String(), c.wantLog) {
				t.Fatalf("log %q does not say %q", logs.String(), c.wantLog)
			}
			var errs []string
			for _, m := range readAll(t, out.Bytes()) {
				if m.Error != nil {
					if m.Error.Code != -32700 || string(m.ID) != "null" {
						t.Fatalf("want a parse error with id null, got %s", m)
					}
					errs = append(errs, m.Error.Message)
				}
			}
			if c.wantReply == "" && len(errs) > 0 || c.wantReply != "" && (len(errs) == 0 || errs[len(errs)-1] != c.wantReply) {
				t.Fatalf("error replies %q, want %q", errs, c.wantReply)
			}
		})
	}
}

// Handle on a server that was never served answers nothing and says why,
// instead of panicking on the missing writer.
func TestHandleBeforeServe(t *testing.T) {
	srv, _ := newBareServer(t, nil)
	defer func() {
		if p := recover(); p != nil {
			t.Fatalf("Handle before Serve panicked: %v", p)
		}
	}()
	if err := srv.Handle([]byte(`{"jsonrpc":"2.0","id":1,"method":"status"}`)); !errors.Is(err, rpc.ErrNotServing) {
		t.Fatalf("Handle before Serve: %v, want ErrNotServing", err)
	}
}

// panickySettings is a settings store whose reads panic, standing in for
// any bug inside a method.
type panickySettings struct{}

func (panickySettings) SchemaJSON() []map[string]any        { return nil }
func (panickySettings) Get(path string) (any, error)        { panic("settings exploded on " + path) }
func (panickySettings) Spoken(path string) (string, error)  { return "", nil }
func (panickySettings) Set(path string, v any) (any, error) { return v, nil }

// A panic inside a method is answered with -32603, logged with its stack,
// and the session goes on.
func TestHandlerPanicIsAnInternalError(t *testing.T) {
	var out bytes.Buffer
	w := rpc.NewWriter(&out)
	srv, logs := newBareServer(t, w)
	srv.Settings = panickySettings{}
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"get_setting","params":{"path":"speech.rate"}}`,
		`{"jsonrpc":"2.0","id":2,"method":"position"}`,
	}, "\n") + "\n"
	if err := srv.Serve(strings.NewReader(in), w); err != nil {
		t.Fatalf("Serve: %v", err)
	}
	msgs := readAll(t, out.Bytes())
	var replies []message
	for _, m := range msgs {
		if !m.isNotification() {
			replies = append(replies, m)
		}
	}
	if len(replies) != 2 {
		t.Fatalf("want 2 replies, got %s", replies)
	}
	want := `{"error":{"code":-32603,"message":"Internal error: get_setting failed; the log has the details"},"id":1,"jsonrpc":"2.0"}`
	if string(replies[0].Raw) != want {
		t.Fatalf("the panic was answered\n%s\nwant\n%s", replies[0].Raw, want)
	}
	if replies[1].Error != nil || string(replies[1].ID) != "2" {
		t.Fatalf("the session did not go on: %s", replies[1])
	}
	for _, s := range []string{"get_setting", "settings exploded on speech.rate", "goroutine", "panickySettings.Get"} {
		if !strings.Contains(logs.String(), s) {
			t.Fatalf("the log does not say %q:\n%s", s, logs.String())
		}
	}
}

// tw serve whose input cannot be read (here a folder, which read refuses
// with EISDIR) logs why and exits non-zero, instead of exiting 0 as if
// the client had hung up.
func TestServeExitsNonZeroOnAReadError(t *testing.T) {
	home := t.TempDir()
	folder, err := os.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer folder.Close()
	cmd := exec.Command(twBinary(t), "serve", "--stdio", "--no-speech", "--home", home)
	cmd.Stdin = folder
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	done := make(chan error, 1)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { done <- cmd.Wait() }()
	select {
	case err = <-done:
	case <-time.After(waitFor):
		cmd.Process.Kill()
		<-done
		t.Fatal("tw serve did not stop on an unreadable input")
	}
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() == 0 {
		t.Fatalf("tw serve on an unreadable input: %v, want a non-zero exit", err)
	}
	if stdout.Len() != 0 {
		t.Fatalf("wrote %q", stdout.Bytes())
	}
	logged, _ := os.ReadFile(filepath.Join(home, "data", "state", "textweaver.log"))
	if !bytes.Contains(logged, []byte("reading a request")) || !bytes.Contains(logged, []byte("is a directory")) {
		t.Fatalf("the log does not say why:\n%s", logged)
	}
}
