package load

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// benchDocs are pandoc's conversions of a generated 1 MB Markdown
// document, made once per test binary (in the realTools folder, removed
// by TestMain).
var benchDocs struct {
	once sync.Once
	dir  string
	err  error
}

func benchDocuments(b *testing.B) string {
	b.Helper()
	benchDocs.once.Do(func() {
		dir, err := os.MkdirTemp("", "tw-formats-bench-")
		if err != nil {
			benchDocs.err = err
			return
		}
		benchDocs.dir = dir
		src := filepath.Join(dir, "bench.md")
		if err := os.WriteFile(src, genMarkdown(1<<20), 0o644); err != nil {
			benchDocs.err = err
			return
		}
		var wg sync.WaitGroup
		errs := make(chan error, 8)
		for _, ext := range []string{"docx", "odt", "epub", "html", "rtf", "tex"} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				args := []string{src, "--metadata", "title=Bench", "-o", filepath.Join(dir, "bench."+ext)}
				if ext == "html" || ext == "rtf" || ext == "tex" {
					args = append(args, "-s")
				}
				if out, err := exec.Command("pandoc", args...).CombinedOutput(); err != nil {
					errs <- &Error{Path: ext, Reason: string(out) + err.Error() + " (install pandoc with scripts/deps-formats.sh)"}
				}
			}()
		}
		wg.Wait()
		close(errs)
		benchDocs.err = <-errs
	})
	if benchDocs.err != nil {
		b.Fatal(benchDocs.err)
	}
	return benchDocs.dir
}

// BenchmarkLoadFormats: time per format on the same 1 MB source document
// as Pandoc writes it (bench/tw/formats.sh compares with pandoc itself).
func BenchmarkLoadFormats(b *testing.B) {
	for _, ext := range []string{"md", "docx", "odt", "epub", "html", "rtf", "tex"} {
		b.Run(ext, func(b *testing.B) {
			dir := benchDocuments(b)
			data, err := os.ReadFile(filepath.Join(dir, "bench."+ext))
			if err != nil {
				b.Fatal(err)
			}
			benchLoad(b, "bench."+ext, data, Bytes)
		})
	}
}

// BenchmarkLoadPathological: the inputs of TestPathologicalInputs, timed.
func BenchmarkLoadPathological(b *testing.B) {
	b.Run("csv-50MB", func(b *testing.B) { benchLoad(b, "big.csv", bigCSV(50<<20), loadCSV) })
	b.Run("epub-10000-chapters", func(b *testing.B) { benchLoad(b, "many.epub", manyChapterEPUB(b, 10000), loadEPUB) })
	b.Run("docx-100-levels", func(b *testing.B) { benchLoad(b, "nested.docx", nestedDOCX(b, 100), loadDOCX) })
}
