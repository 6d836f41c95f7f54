package core

import "time"

// StartAutosave saves the reading place every interval while it changes,
// so a killed process loses at most that much. It stops when the App is
// closed.
func (a *App) StartAutosave(interval time.Duration) {
	go func() {
		t := time.NewTicker(interval)
		defer t.Stop()
		lastPlace, lastDoc := -1, ""
		for range t.C {
			a.mu.Lock()
			closed := a.closed
			if !closed && a.d != nil && a.state != nil && (a.cursor != lastPlace || a.d.Meta.Path != lastDoc) {
				a.saveState()
				lastPlace, lastDoc = a.cursor, a.d.Meta.Path
			}
			a.mu.Unlock()
			if closed {
				return
			}
		}
	}()
}
