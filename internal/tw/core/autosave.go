package core

import (
	"sync"
	"time"
)

// autosaver is the App's one autosave goroutine.
type autosaver struct {
	mu   sync.Mutex
	stop chan struct{} // nil when not running
	done chan struct{}
}

// StartAutosave saves the reading place every interval while it changes,
// so a killed process loses at most that much, and, with editing.autosave
// on, the document being edited every editing.autosave_interval_secs (as
// set when it starts) while it has unsaved changes; at the same times,
// with editing.autosave_recovery on, a recovery copy of edits still
// unsaved is written (recovery.go). Only one autosave
// runs: starting it again while it runs does nothing. It stops with
// StopAutosave, or when the App is closed.
func (a *App) StartAutosave(interval time.Duration) {
	as := &a.autosave
	as.mu.Lock()
	defer as.mu.Unlock()
	if as.stop != nil || interval <= 0 {
		return
	}
	edits := time.Duration(a.opts.Settings.Int("editing.autosave_interval_secs")) * time.Second
	if edits <= 0 {
		edits = interval
	}
	stop, done := make(chan struct{}), make(chan struct{})
	as.stop, as.done = stop, done
	go func() {
		defer close(done)
		// One ticker at the shorter of the two intervals; each save
		// waits for its own to have passed since it last ran.
		t := time.NewTicker(min(interval, edits))
		defer t.Stop()
		start := time.Now()
		nextPlace, nextEdits := start.Add(interval), start.Add(edits)
		lastPlace, lastDoc := -1, ""
		for {
			var now time.Time
			select {
			case <-stop:
				return
			case now = <-t.C:
			}
			a.mu.Lock()
			closed := a.closed
			if !closed && !now.Before(nextEdits) {
				a.autosaveEdits()
				a.keepRecovery()
				nextEdits = now.Add(edits)
			}
			if !closed && !now.Before(nextPlace) {
				nextPlace = now.Add(interval)
				if a.d != nil && a.state != nil && (a.cursor != lastPlace || a.d.Meta.Path != lastDoc) && a.savePlace() {
					lastPlace, lastDoc = a.cursor, a.d.Meta.Path
				}
			}
			a.mu.Unlock()
			if closed {
				return
			}
		}
	}()
}

// autosaveEdits saves the document being edited when editing.autosave is
// on and it has unsaved changes. It never asks: a document with no file
// yet, one changed on disk by another program, or one with a question
// open waits for the user to save it. Success is silent (the status bar
// shows the document saved); a failure is said.
func (a *App) autosaveEdits() {
	if !a.editing || !a.dirty || a.edit == nil || a.edit.path == "" || a.pending != nil ||
		!a.opts.Settings.Bool("editing.autosave") || a.edit.changedOnDisk(a.edit.path) {
		return
	}
	a.effects = nil
	a.saveSource(a.edit.path)
	a.effects = nil
}

// StopAutosave stops the autosave and waits until it has stopped; no save
// of it starts afterwards. It does nothing when none runs.
func (a *App) StopAutosave() {
	as := &a.autosave
	as.mu.Lock()
	defer as.mu.Unlock()
	if as.stop == nil {
		return
	}
	close(as.stop)
	<-as.done
	as.stop, as.done = nil, nil
}
