package rpc_test

import (
	"path/filepath"
	"runtime/metrics"
	"strings"
	"testing"
	"time"
)

// heapFree is the heap memory the process holds free without having
// given it back to the system (runtime/metrics).
func heapFree() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/free:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// TestOpenGivesBackWhatItDropped: the memory an open used and dropped
// (the file, the parse trees, the document it replaced) goes back to the
// system once the open has answered, instead of staying with the server
// until the runtime's slow return of free pages gets to it.
func TestOpenGivesBackWhatItDropped(t *testing.T) {
	s := startServer(t, serverOptions{})
	para := "Some *text* with a [link](https://example.org/) and **more** words.\n\n"
	big := strings.Repeat("# A heading\n\n"+strings.Repeat(para, 10), 8000) // 6 MB
	writeFile(t, filepath.Join(s.dir, "big.md"), big)
	for _, path := range []string{"big.md", "notes.md"} {
		s.result("open", `{"path":"`+path+`"}`)
		// Before, a quarter of a minute later the server still kept four
		// times the file's size free; what other tests' servers drop
		// meanwhile stays well below the file's size.
		limit := uint64(len(big))
		deadline := time.Now().Add(waitFor)
		for heapFree() > limit {
			if time.Now().After(deadline) {
				t.Fatalf("after opening %s the server keeps %.1f MB of free heap (the file is %.1f MB)",
					path, float64(heapFree())/1e6, float64(len(big))/1e6)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
}
