package rpc_test

import (
	"io"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/rpc"
)

// BenchmarkServe measures a session of requests that answer from the open
// document: decoding, the method table, and encoding the typed results.
func BenchmarkServe(b *testing.B) {
	dir := b.TempDir()
	writeFile(b, filepath.Join(dir, "notes.md"), notesMD)
	var in strings.Builder
	for range 50 {
		for _, r := range []string{
			`{"jsonrpc":"2.0","id":1,"method":"status"}`,
			`{"jsonrpc":"2.0","id":2,"method":"navigate","params":{"action":"next_sentence"}}`,
			`{"jsonrpc":"2.0","id":3,"method":"text","params":{"start":0,"end":40}}`,
			`{"jsonrpc":"2.0","id":4,"method":"info"}`,
		} {
			in.WriteString(r + "\n")
		}
	}
	session := in.String()
	home := b.TempDir()
	for b.Loop() {
		w := rpc.NewWriter(io.Discard)
		app := core.New(core.Options{Home: home, Events: rpc.Events(w), Load: load.File, Parse: load.Bytes})
		if err := app.Open(filepath.Join(dir, "notes.md")); err != nil {
			b.Fatal(err)
		}
		srv := &rpc.Server{Version: "bench", App: app, BaseDir: dir}
		if err := srv.Serve(strings.NewReader(session), w); err != nil {
			b.Fatal(err)
		}
	}
}
