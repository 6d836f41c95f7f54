package library_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"sync"
	"testing"
	"time"

	"textfirst/internal/tw/library"
)

// benchFolders are eight translations of Debian's handbook, 127 HTML
// pages each: 1,016 real documents.
func benchFolders(b *testing.B) []string {
	b.Helper()
	need(b, handbook)
	langs, _ := filepath.Glob(filepath.Join(handbook, "*-*"))
	sort.Strings(langs)
	if len(langs) < 8 {
		b.Fatalf("%s has %d translations, want 8: run scripts/deps-formats.sh (debian-handbook)", handbook, len(langs))
	}
	return langs[:8]
}

var (
	benchOnce    sync.Once
	benchLibrary *library.Library
	benchDir     string
)

// indexed is the handbook's 1,016 pages indexed once for the search
// benchmarks, with the time it took reported.
func indexed(b *testing.B) *library.Library {
	benchOnce.Do(func() {
		dir, err := os.MkdirTemp("", "tw-library-bench-")
		if err != nil {
			b.Fatal(err)
		}
		benchDir = dir
		l, err := library.Open(library.File(dir))
		if err != nil {
			b.Fatal(err)
		}
		start := time.Now()
		rep, err := l.Scan(context.Background(), benchFolders(b), library.LoadExtractor, nil)
		if err != nil {
			b.Fatal(err)
		}
		all, _, _ := l.Count()
		b.Logf("indexed %d documents in %v (%d could not be read)", all, time.Since(start), len(rep.Failed))
		if all < 1000 {
			b.Fatalf("indexed %d documents, want 1,000", all)
		}
		benchLibrary = l
	})
	if benchLibrary == nil {
		b.Fatal("the benchmark library could not be made")
	}
	return benchLibrary
}

func TestMain(m *testing.M) {
	code := m.Run()
	if benchLibrary != nil {
		benchLibrary.Close()
		os.RemoveAll(benchDir)
	}
	os.Exit(code)
}

// BenchmarkLibraryIndex indexes the 1,016 pages from nothing.
func BenchmarkLibraryIndex(b *testing.B) {
	folders := benchFolders(b)
	for b.Loop() {
		l, err := library.Open(library.File(b.TempDir()))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := l.Scan(context.Background(), folders, library.LoadExtractor, nil); err != nil {
			b.Fatal(err)
		}
		l.Close()
	}
}

// BenchmarkLibraryRescan is the scan on opening the library when nothing
// changed: every file's size and time looked at, none read.
func BenchmarkLibraryRescan(b *testing.B) {
	l := indexed(b)
	folders := benchFolders(b)
	for b.Loop() {
		if _, err := l.Scan(context.Background(), folders, library.LoadExtractor, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// benchQueries are searches of each kind over the 1,016 pages.
var benchQueries = []struct{ name, typed string }{
	{"title", "Debian Administrator's Handbook"},
	{"author", "Hertzog"},
	{"phrase", `"initramfs boot images"`},
	{"common word", "package"},
	{"word being typed", "virtualiz"},
}

// BenchmarkLibrarySearch searches the 1,016 pages (all results).
func BenchmarkLibrarySearch(b *testing.B) {
	l := indexed(b)
	for _, q := range benchQueries {
		b.Run(q.name, func(b *testing.B) {
			n := 0
			for b.Loop() {
				docs, err := l.Search(q.typed, 0)
				if err != nil {
					b.Fatal(err)
				}
				n = len(docs)
			}
			b.ReportMetric(float64(n), "documents")
		})
	}
}

// BenchmarkGrepPeer is the peer: grep -rl over the same files for the
// same phrase, reading them all each time.
func BenchmarkGrepPeer(b *testing.B) {
	folders := benchFolders(b)
	grep, err := exec.LookPath("grep")
	if err != nil {
		b.Fatal(err)
	}
	for _, q := range []struct{ name, pattern string }{{"phrase", "initramfs boot images"}, {"common word", "package"}} {
		b.Run(q.name, func(b *testing.B) {
			for b.Loop() {
				args := append([]string{"-rl", "-i", "--include=*.html", q.pattern}, folders...)
				if out, err := exec.Command(grep, args...).Output(); err != nil || len(out) == 0 {
					b.Fatalf("grep: %v", err)
				}
			}
		})
	}
}
