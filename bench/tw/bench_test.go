// Package tw_test holds the benchmarks of the reader behind
// tw serve: opening a 10 MB Markdown document through core.App (time,
// peak and retained memory), moving by sentence and heading near its end,
// and searching a common word across it. Run them with
//
//	go test ./bench/tw -run '^$' -bench . -benchtime 5x
//
// and compare parsing speed with pandoc with bench/tw/compare.sh.
package tw_test

import (
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"textfirst/bench/tw/corpus"
	"textfirst/internal/tw/core"
	"textfirst/internal/tw/load"
)

// docSize is the benchmark document's size: 10 MB, as textweaver's own
// published benchmark.
const docSize = 10_000_000

var (
	docOnce sync.Once
	docPath string
	docErr  error
)

// bigDoc writes the 10 MB document once per run.
func bigDoc(b *testing.B) string {
	b.Helper()
	docOnce.Do(func() {
		dir, err := os.MkdirTemp("", "tw-bench-")
		if err != nil {
			docErr = err
			return
		}
		docPath = filepath.Join(dir, "big.md")
		docErr = os.WriteFile(docPath, corpus.Markdown(docSize), 0o644)
	})
	if docErr != nil {
		b.Fatal(docErr)
	}
	return docPath
}

func TestMain(m *testing.M) {
	code := m.Run()
	if docPath != "" {
		os.RemoveAll(filepath.Dir(docPath))
	}
	os.Exit(code)
}

func newApp(b *testing.B) *core.App {
	return core.New(core.Options{Home: b.TempDir(), Load: load.File, Parse: load.Bytes})
}

// openBigDoc is a new App with the big document open; closing it is the
// caller's.
func openBigDoc(b *testing.B) *core.App {
	b.Helper()
	app := newApp(b)
	if err := app.Open(bigDoc(b)); err != nil {
		app.Close()
		b.Fatal(err)
	}
	return app
}

// heapSampler records the largest live heap (objects in use) it sees
// while it runs; runtime/metrics reads it without stopping the world.
type heapSampler struct {
	peak atomic.Uint64
	stop chan struct{}
	done chan struct{}
}

const heapMetric = "/memory/classes/heap/objects:bytes"

func heapNow() uint64 {
	s := []metrics.Sample{{Name: heapMetric}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

func startSampler() *heapSampler {
	h := &heapSampler{stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(h.done)
		t := time.NewTicker(200 * time.Microsecond)
		defer t.Stop()
		for {
			if v := heapNow(); v > h.peak.Load() {
				h.peak.Store(v)
			}
			select {
			case <-h.stop:
				return
			case <-t.C:
			}
		}
	}()
	return h
}

func (h *heapSampler) finish() uint64 {
	close(h.stop)
	<-h.done
	if v := heapNow(); v > h.peak.Load() {
		h.peak.Store(v)
	}
	return h.peak.Load()
}

// BenchmarkOpen10MB opens the document through core.App, as the open
// method does. Targets: under 200 ms, and under 3x the file's size in
// memory. It reports the peak live heap during the open and the heap the
// open document keeps, both as multiples of the file size.
func BenchmarkOpen10MB(b *testing.B) {
	path := bigDoc(b)
	fi, _ := os.Stat(path)
	size := float64(fi.Size())
	var peak, kept uint64
	var cpu time.Duration
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		app := newApp(b)
		runtime.GC()
		base := heapNow()
		sampler := startSampler()
		cpu0 := cpuTime()
		b.StartTimer()
		if err := app.Open(path); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		cpu += cpuTime() - cpu0
		p := sampler.finish() - base
		// Whatever the app finishes in the background after Open belongs
		// to the document too: let it settle before weighing what is kept.
		time.Sleep(200 * time.Millisecond)
		runtime.GC()
		k := heapNow() - base
		peak, kept = max(peak, p), max(kept, k)
		runtime.KeepAlive(app)
		app.Close()
		b.StartTimer()
	}
	// CPU time says what an open costs on a machine shared with other
	// work, where wall time varies with the load.
	b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(peak)/size, "peak-heap/filesize")
	b.ReportMetric(float64(kept)/size, "kept-heap/filesize")
	b.ReportMetric(float64(peak)/1e6, "peak-MB")
}

// BenchmarkLoad10MB is only the parse (load.File), the part pandoc is
// compared with.
func BenchmarkLoad10MB(b *testing.B) {
	path := bigDoc(b)
	b.ReportAllocs()
	cpu0 := cpuTime()
	for range b.N {
		if _, err := load.File(path); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64((cpuTime()-cpu0).Milliseconds())/float64(b.N), "cpu-ms/op")
}

// stepNearEnd measures one navigation step from 95 percent on; when the
// moves reach the end the cursor goes back (untimed).
func stepNearEnd(b *testing.B, id string) {
	action, ok := core.LookupAction(id)
	if !ok {
		b.Fatalf("no action %s", id)
	}
	app := openBigDoc(b)
	defer app.Close()
	start, err := app.GoTo("95%")
	if err != nil {
		b.Fatal(err)
	}
	// Let background work that follows an open finish first.
	time.Sleep(500 * time.Millisecond)
	last := start.Char
	b.ResetTimer()
	for range b.N {
		pos, err := app.Navigate(action)
		if err != nil {
			b.Fatal(err)
		}
		if pos.Char <= last {
			b.StopTimer()
			if _, err := app.GoTo("95%"); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
		}
		last = pos.Char
	}
}

// BenchmarkNextSentenceNearEnd: target under 100 µs a step.
func BenchmarkNextSentenceNearEnd(b *testing.B) { stepNearEnd(b, "next_sentence") }

// BenchmarkNextHeadingNearEnd: target under 100 µs a step.
func BenchmarkNextHeadingNearEnd(b *testing.B) { stepNearEnd(b, "next_heading") }

// BenchmarkPreviousSentenceNearEnd goes the other way, which looks back
// for the sentence start.
func BenchmarkPreviousSentenceNearEnd(b *testing.B) {
	app := openBigDoc(b)
	defer app.Close()
	time.Sleep(500 * time.Millisecond)
	if _, err := app.GoTo("end"); err != nil {
		b.Fatal(err)
	}
	previous, _ := core.LookupAction("previous_sentence")
	b.ResetTimer()
	for i := range b.N {
		if i%2000 == 1999 {
			b.StopTimer()
			app.GoTo("end")
			b.StartTimer()
		}
		if _, err := app.Navigate(previous); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSearchCommonWord searches "the" across the whole document (the
// search method: every match, and the move to the first).
func BenchmarkSearchCommonWord(b *testing.B) {
	app := openBigDoc(b)
	defer app.Close()
	time.Sleep(500 * time.Millisecond)
	var n int
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		matches, _, err := app.Search("the", false)
		if err != nil {
			b.Fatal(err)
		}
		n = len(matches)
	}
	b.ReportMetric(float64(n), "matches")
}
