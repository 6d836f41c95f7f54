//go:build linux

package load

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"textfirst/internal/testkit"
)

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
