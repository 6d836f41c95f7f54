package tui

import (
	"fmt"
	"io"
	"strings"
	"sync"

	"textfirst/internal/tw/core"
)

// Events receives what the app says and does. It keeps the last
// announcement (the status line), the word being heard and the playback
// state for drawing, writes the announcement log, and asks the screen to
// redraw. It never calls back into the App.
type Events struct {
	mu       sync.Mutex
	announce io.Writer // one line per announcement, or nil
	position io.Writer // one line per position notification, or nil
	status   string
	playback string
	heard    [2]int
	hasHeard bool
	redraw   func()
	// shown are the announcements of the current step (since the last
	// key), all shown on the message line: a notice followed at once by
	// another ("No audio device …", then "Opened …") is not lost.
	shown []string
	fresh bool // the next announcement starts a new step
}

// maxShown is how many announcements of one step the message line keeps.
const maxShown = 4

// NewEvents returns Events writing announcements (one a line) to announce
// and position notifications ("start end line") to position; either may
// be nil.
func NewEvents(announce, position io.Writer) *Events {
	return &Events{announce: announce, position: position, playback: core.Stopped}
}

func (e *Events) setRedraw(f func()) {
	e.mu.Lock()
	e.redraw = f
	e.mu.Unlock()
}

func (e *Events) poke() {
	if e.redraw != nil {
		e.redraw()
	}
}

// Announce records and logs an announcement.
func (e *Events) Announce(text string, _ core.Priority) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.fresh {
		e.shown, e.fresh = e.shown[:0], false
	}
	if len(e.shown) == maxShown {
		e.shown = append(e.shown[:0], e.shown[1:]...)
	}
	e.shown = append(e.shown, text)
	e.status = strings.Join(e.shown, " ")
	if e.announce != nil {
		fmt.Fprintln(e.announce, strings.ReplaceAll(strings.ReplaceAll(text, "\r", " "), "\n", " "))
	}
	e.poke()
}

// BeginStep starts a new step (a key was pressed): its first
// announcement replaces the ones shown.
func (e *Events) BeginStep() {
	e.mu.Lock()
	e.fresh = true
	e.mu.Unlock()
}

// Playback records the playback state.
func (e *Events) Playback(state string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.playback = state
	if state == core.Stopped {
		e.hasHeard = false
	}
	e.poke()
}

// Position records the word being heard.
func (e *Events) Position(start, end, line int) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.heard = [2]int{start, end}
	e.hasHeard = true
	if e.position != nil {
		fmt.Fprintf(e.position, "%d %d %d\n", start, end, line)
	}
	e.poke()
}

// snapshot returns what drawing needs.
func (e *Events) snapshot() (status, playback string, heard [2]int, hasHeard bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.status, e.playback, e.heard, e.hasHeard
}
