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
	"testing"

	"textfirst/internal/testkit"
)

// The peak memory of loading a file, measured in a child process of the
// test binary (testkit.RunChildTest) that loads the file and ends, so that
// its peak is the load's.

// peakChildEnv names the file a child test process loads before it exits.
const peakChildEnv = "TW_TEST_PEAK_LOAD"

// TestPeakLoadChild is the child of the peak-memory tests: it loads one
// file through the registry and says the answer (the document's size or
// the error), the growth of its heap while loading, and its own peak
// resident size. A document with no text or no markers fails it.
func TestPeakLoadChild(t *testing.T) {
	path := os.Getenv(peakChildEnv)
	if path == "" {
		return // run on its own: nothing to do
	}
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	d, err := File(path)
	runtime.ReadMemStats(&after)
	answer := fmt.Sprint(err)
	if err == nil {
		if d.Len() == 0 || d.NumMarkers() == 0 {
			t.Fatal("nothing loaded")
		}
		answer = fmt.Sprintf("%d characters", d.Len())
	}
	// The process's own high-water mark: the rusage its parent gets
	// counts the parent's memory at the fork.
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	_, hwm, _ := strings.Cut(string(status), "VmHWM:")
	// The heap's address space only grows when the live heap and the
	// collector's headroom outgrow it: its growth is the load's peak.
	fmt.Printf("answer: %s\nheap-growth: %d\npeak kB: %s\n", answer,
		max(0, int64(after.HeapSys)-int64(before.HeapSys)), strings.Fields(hwm)[0])
}

// childLoad is what TestPeakLoadChild says of its load.
type childLoad struct {
	answer string
	// heap is the growth of the heap while loading, peak the process's
	// peak resident size, in bytes.
	heap, peak int64
}

// peakLoad runs TestPeakLoadChild on path.
func peakLoad(t *testing.T, path string) childLoad {
	t.Helper()
	out := testkit.RunChildTest(t, "TestPeakLoadChild", peakChildEnv, path)
	said := func(key string) string {
		_, rest, ok := strings.Cut(string(out), key+": ")
		if !ok {
			t.Fatalf("the child said no %s:\n%s", key, out)
		}
		line, _, _ := strings.Cut(rest, "\n")
		return line
	}
	heap, err := strconv.ParseInt(said("heap-growth"), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	kb, err := strconv.ParseInt(said("peak kB"), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return childLoad{answer: said("answer"), heap: heap, peak: kb * 1024}
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
	base, load := peakLoad(t, small), peakLoad(t, big)
	heap, rss, baseRSS := load.heap, load.peak, base.peak
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
			load := peakLoad(t, path)
			answer, peak := load.answer, load.peak
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
