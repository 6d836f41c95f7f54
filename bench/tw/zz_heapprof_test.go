package tw_test

import (
	"os"
	"runtime"
	"runtime/pprof"
	"testing"
	"time"
)

func BenchmarkZZHeapProfile(b *testing.B) {
	path := bigDoc(b)
	app := newApp(b)
	runtime.GC()
	if err := app.Open(path); err != nil {
		b.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	runtime.GC()
	f, _ := os.Create("/tmp/speed/heap.pprof")
	pprof.Lookup("heap").WriteTo(f, 0)
	f.Close()
	runtime.KeepAlive(app)
}
