package core

import (
	"runtime"
	"testing"
	"time"
)

// goroutinesSettle waits until the number of goroutines is want.
func goroutinesSettle(t *testing.T, want int) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for runtime.NumGoroutine() != want {
		if time.Now().After(deadline) {
			t.Fatalf("%d goroutines, want %d", runtime.NumGoroutine(), want)
		}
		time.Sleep(time.Millisecond)
	}
}

// The autosave runs once however often it is started, and stops.
func TestAutosaveStartsOnceAndStops(t *testing.T) {
	a := New(Options{Home: t.TempDir()})
	defer a.Close()
	before := runtime.NumGoroutine()
	for range 3 {
		a.StartAutosave(time.Hour)
	}
	goroutinesSettle(t, before+1)
	a.StopAutosave()
	goroutinesSettle(t, before)
	a.StopAutosave() // nothing to stop
	a.StartAutosave(time.Hour)
	goroutinesSettle(t, before+1)
	a.StopAutosave()
	goroutinesSettle(t, before)
}
