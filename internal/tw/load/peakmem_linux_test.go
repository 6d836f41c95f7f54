//go:build linux

package load

import (
	"bytes"
	"compress/zlib"
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

// The peak memory of loading a file, measured in a child process of the
// test binary (testkit.RunChildTest) that loads the file and ends, so that
// its peak is the load's.

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

// hostileChildEnv names the file a child test process loads before it
// exits.
const hostileChildEnv = "TW_TEST_HOSTILE_LOAD"

// TestHostileLoadChild is the child of TestHostileFilesPeakMemory: it
// loads one file through the registry, says the answer and ends, so that
// its peak resident size is the load's.
func TestHostileLoadChild(t *testing.T) {
	path := os.Getenv(hostileChildEnv)
	if path == "" {
		return // run on its own: nothing to do
	}
	d, err := File(path)
	answer := fmt.Sprint(err)
	if err == nil {
		answer = fmt.Sprintf("%d characters", d.Len())
	}
	// The process's own high-water mark: the rusage its parent gets may
	// count the parent's memory at the fork.
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	_, hwm, _ := strings.Cut(string(status), "VmHWM:")
	fmt.Printf("answer: %s\npeak kB: %s\n", answer, strings.Fields(hwm)[0])
}

// contentsPDF has one page whose /Contents lists one stream of size
// decoded bytes (a few hundred KB packed) four times.
func contentsPDF(t testing.TB, size int) []byte {
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	zw.Write([]byte("BT /F1 12 Tf 72 500 Td (Hi) Tj ET"))
	chunk := bytes.Repeat([]byte(" "), 1<<20)
	for range size >> 20 {
		zw.Write(chunk)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents [4 0 R 4 0 R 4 0 R 4 0 R] >>",
		fmt.Sprintf("<< /Length %d /Filter /FlateDecode >>\nstream\n%s\nendstream", z.Len(), z.Bytes()),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
	}
	return testkit.PDF(objs, "/Root 1 0 R")
}

// TestHostileFilesPeakMemory: each hostile file of issue 29 that builds a
// document budget's worth of text or decodes a page's worth of contents
// (a few KB each, but the PDF's 250 MB stream packs to 250 KB) gets its
// answer, the document or one clear reason, within 500 MB at the peak of
// the process that loads it.
func TestHostileFilesPeakMemory(t *testing.T) {
	const maxPeak = 500 << 20
	cases := []struct {
		name   string
		data   func(testing.TB) []byte
		answer string
	}{
		{"note.docx", func(t testing.TB) []byte { return repeatedNoteDOCX(t, 2000) }, "characters"},
		{"spine.epub", func(t testing.TB) []byte { return repeatedSpineEPUB(t, 127) }, "characters"},
		{"shared.xlsx", func(t testing.TB) []byte { return sharedStringXLSX(t, 20000) }, ReasonTextOutgrowsFile},
		{"repeat.ods", repeatedCellODS, ReasonTextOutgrowsFile},
		{"contents.pdf", func(t testing.TB) []byte { return contentsPDF(t, 250<<20) }, "decodes to more than 32 MB"},
	}
	dir := t.TempDir()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, tc.name)
			if err := os.WriteFile(path, tc.data(t), 0o644); err != nil {
				t.Fatal(err)
			}
			out, _ := testkit.RunChildTest(t, "TestHostileLoadChild", hostileChildEnv, path)
			_, answer, _ := strings.Cut(string(out), "answer: ")
			answer, _, _ = strings.Cut(answer, "\n")
			_, kb, _ := strings.Cut(string(out), "peak kB: ")
			peak, err := strconv.ParseInt(strings.Fields(kb + " x")[0], 10, 64)
			if err != nil {
				t.Fatalf("the child said no peak:\n%s", out)
			}
			peak *= 1024
			t.Logf("%s: %s; peak %d MB", tc.name, answer, peak>>20)
			if !strings.Contains(answer, tc.answer) {
				t.Errorf("answer %q, want %q in it", answer, tc.answer)
			}
			if peak > maxPeak {
				t.Errorf("peak %d MB, want under %d MB", peak>>20, maxPeak>>20)
			}
		})
	}
}
