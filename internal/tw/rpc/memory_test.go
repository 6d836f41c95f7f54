package rpc_test

import (
	"fmt"
	"os"
	"os/exec"
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

// heapReport describes the heap for a failure message.
func heapReport() string {
	s := []metrics.Sample{
		{Name: "/memory/classes/heap/free:bytes"},
		{Name: "/memory/classes/heap/released:bytes"},
		{Name: "/memory/classes/heap/objects:bytes"},
		{Name: "/gc/heap/goal:bytes"},
		{Name: "/gc/cycles/total:gc-cycles"},
	}
	metrics.Read(s)
	return fmt.Sprintf("free %.1f MB, released %.1f MB, objects %.1f MB, goal %.1f MB, %d collections",
		float64(s[0].Value.Uint64())/1e6, float64(s[1].Value.Uint64())/1e6,
		float64(s[2].Value.Uint64())/1e6, float64(s[3].Value.Uint64())/1e6, s[4].Value.Uint64())
}

// TestOpenGivesBackWhatItDropped: the memory an open used and dropped
// (the file, the parse trees, the document it replaced) goes back to the
// system once the open has answered, instead of staying with the server
// until the runtime's slow return of free pages gets to it.
//
// The free heap is the whole process's, so the test runs in a process of
// its own: what the package's other tests leave to the collector would
// count against the server.
func TestOpenGivesBackWhatItDropped(t *testing.T) {
	const alone = "TW_TEST_MEMORY_ALONE"
	if os.Getenv(alone) == "" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestOpenGivesBackWhatItDropped$", "-test.count=1", "-test.v")
		cmd.Env = append(os.Environ(), alone+"=1")
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "--- PASS: TestOpenGivesBackWhatItDropped") {
			t.Fatalf("in a process of its own: %v\n%s", err, out)
		}
		return
	}
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
				t.Fatalf("after opening %s the server keeps %.1f MB of free heap (the file is %.1f MB): %s",
					path, float64(heapFree())/1e6, float64(len(big))/1e6, heapReport())
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
}
