package ndjson

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden transcripts")

// TestTranscripts replays each testdata/*.in (one request per line) against
// the fake backend and compares the output with testdata/*.golden: a
// readable record of the protocol's exact wire form. go test -update
// rewrites the golden files.
func TestTranscripts(t *testing.T) {
	ins, err := filepath.Glob("testdata/*.in")
	if err != nil || len(ins) == 0 {
		t.Fatalf("no transcripts: %v", err)
	}
	for _, in := range ins {
		t.Run(filepath.Base(in), func(t *testing.T) {
			input, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			if err := NewServer(&fakeBackend{}, "test").Serve(context.Background(), bytes.NewReader(input), &out); err != nil {
				t.Fatal(err)
			}
			golden := strings.TrimSuffix(in, ".in") + ".golden"
			if *update {
				if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if !bytes.Equal(out.Bytes(), want) {
				t.Errorf("output differs from %s:\n%s", golden, out.String())
			}
		})
	}
}
