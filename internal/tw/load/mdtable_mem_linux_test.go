//go:build linux

package load

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"textfirst/internal/testkit"
)

// peakChildEnv names the file a child test process loads before it exits.
const peakChildEnv = "TW_TEST_PEAK_LOAD"

// TestPeakLoadChild is the child of TestLargeTablePeakMemory: it loads one
// file and ends, so that its peak resident size is the loader's.
func TestPeakLoadChild(t *testing.T) {
	path := os.Getenv(peakChildEnv)
	if path == "" {
		return // run on its own: nothing to do
	}
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	d, err := loadMarkdown(path, data)
	if err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if d.Len() == 0 || d.NumMarkers() == 0 {
		t.Fatal("nothing loaded")
	}
	// The heap's address space only grows when the live heap and the
	// collector's headroom outgrow it: its growth is the load's peak.
	fmt.Printf("heap-growth %d\n", max(0, int64(after.HeapSys)-int64(before.HeapSys)))
}

// peakLoad runs TestPeakLoadChild on path and returns the growth of its
// heap while loading and its peak resident size, in bytes.
func peakLoad(t *testing.T, path string) (heap, rss int64) {
	t.Helper()
	out, state := testkit.RunChildTest(t, "TestPeakLoadChild", peakChildEnv, path)
	_, rest, ok := strings.Cut(string(out), "heap-growth ")
	if !ok {
		t.Fatalf("child said no heap growth:\n%s", out)
	}
	heap, err := strconv.ParseInt(strings.Fields(rest)[0], 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return heap, state.SysUsage().(*syscall.Rusage).Maxrss * 1024 // kB on Linux
}

// A 1,500 × 1,500 Markdown table (4.5 MB, 2.25 million cells) is loaded
// in memory proportional to its text, not a marker per cell: the growth of
// the peak over loading a one-line file stays under 10 times the file's
// size (the source, the text, which is twice the source here, and the
// garbage collector's headroom make about 4 times).
func TestLargeTablePeakMemory(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "table.md")
	small := filepath.Join(dir, "small.md")
	data := bigTable(1500, 1500)
	if err := os.WriteFile(big, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(small, []byte("|a|\n|-|\n|b|\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, baseRSS := peakLoad(t, small)
	heap, rss := peakLoad(t, big)
	ratio := float64(heap) / float64(len(data))
	t.Logf("%d bytes: heap grew %d MB (%.1f× the file); peak RSS %d MB, %d MB for a one-line table",
		len(data), heap>>20, ratio, rss>>20, baseRSS>>20)
	if ratio >= 10 {
		t.Fatalf("loading a %d-byte table grew the heap by %.1f× its size (want under 10×)", len(data), ratio)
	}
	if rss-baseRSS >= 10*int64(len(data)) {
		t.Fatalf("loading a %d-byte table grew the peak RSS by %d MB (want under 10× its size)", len(data), (rss-baseRSS)>>20)
	}
}
