package core

import (
	"time"

	"textfirst/internal/tw/settings"
)

// RSVP (rapid serial visual presentation) shows one word at a time, from
// the cursor, at reading_aids.rsvp_wpm words a minute, where
// reading_aids.rsvp_position says. The word shown is the cursor's: each
// word it moves to is reported as a position (Events.Position), which is
// what a front end without a view of its own (JSON-RPC) gets.
var _ = registerHandlers(func(t *actionTable) {
	handle(t, onDocument, map[string]actionHandler{
		"rsvp_toggle":     (*App).rsvpToggle,
		"rsvp_play_pause": (*App).rsvpPlayPause,
	})
	handle(t, anytime, map[string]actionHandler{
		"rsvp_faster":        func(a *App) { a.rsvpRate(rsvpStep) },
		"rsvp_slower":        func(a *App) { a.rsvpRate(-rsvpStep) },
		"rsvp_position_next": (*App).rsvpPositionNext,
	})
})

// rsvpStep is how many words a minute rsvp_faster and rsvp_slower change.
const rsvpStep = 25

// rsvpState is RSVP while it is shown.
type rsvpState struct {
	playing bool
}

// RSVPView is what a front end draws of RSVP: the word at the cursor,
// where on the screen, and whether it plays.
type RSVPView struct {
	Word     string
	Start    int
	Position string // a choice of reading_aids.rsvp_position, such as "center"
	WPM      int
	Playing  bool
}

// rsvpToggle shows RSVP at the word at the cursor, or hides it.
func (a *App) rsvpToggle() {
	if a.rsvp != nil {
		a.rsvpOff()
		a.say(a.tr("RSVP off."))
		return
	}
	if a.editing {
		a.say(a.tr("Leave edit mode to use RSVP."))
		return
	}
	w, ok := a.ix.Word(a.cursor)
	if !ok {
		if w, ok = a.ix.NextWord(a.cursor); !ok {
			a.say(a.tr("No words to show."))
			return
		}
	}
	a.stopIfReading()
	a.rsvp = &rsvpState{}
	a.cursor = w.Start
	a.say(a.tr("RSVP on, %d words per minute. %s", a.rsvpWPM(), a.d.Slice(w.Start, w.End)))
}

// rsvpOff hides RSVP; its timer's next tick does nothing.
func (a *App) rsvpOff() {
	a.rsvp = nil
	a.rsvpGen++
}

// rsvpPlayPause starts or pauses RSVP, showing it first when hidden.
func (a *App) rsvpPlayPause() {
	if a.rsvp == nil {
		a.rsvpToggle()
		if a.rsvp == nil {
			return
		}
	}
	a.rsvpGen++
	if a.rsvp.playing {
		a.rsvp.playing = false
		a.say(a.tr("RSVP paused."))
		return
	}
	a.rsvp.playing = true
	a.say(a.tr("RSVP playing."))
	a.rsvpSchedule()
}

// rsvpSchedule has the next word shown after one word's time.
func (a *App) rsvpSchedule() {
	gen := a.rsvpGen
	time.AfterFunc(time.Minute/time.Duration(a.rsvpWPM()), func() { a.rsvpTick(gen) })
}

// rsvpTick shows the next word, when the timer of generation gen still
// runs, and schedules the one after; at the end it stops and says so.
func (a *App) rsvpTick(gen uint64) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.rsvp == nil || !a.rsvp.playing || gen != a.rsvpGen || a.d == nil || a.closed {
		return
	}
	w, ok := a.ix.NextWord(a.cursor)
	if !ok {
		a.rsvp.playing = false
		a.say(a.tr("End of document."))
		return
	}
	a.cursor = w.Start
	a.opts.Events.Position(w.Start, w.End, a.ix.LineOf(w.Start)+1)
	a.rsvpSchedule()
}

// rsvpWPM is reading_aids.rsvp_wpm.
func (a *App) rsvpWPM() int { return max(a.opts.Settings.Int("reading_aids.rsvp_wpm"), 1) }

// rsvpRate changes reading_aids.rsvp_wpm by step and says the new rate;
// at either end of its range it says so.
func (a *App) rsvpRate(step int) {
	st, _ := settings.Lookup("reading_aids.rsvp_wpm")
	old := a.rsvpWPM()
	next := min(max(old+step, int(st.Min)), int(st.Max))
	switch {
	case next == old && step > 0:
		a.say(a.tr("Fastest RSVP rate."))
	case next == old:
		a.say(a.tr("Slowest RSVP rate."))
	case a.setSetting("reading_aids.rsvp_wpm", float64(next)):
		a.say(a.tr("RSVP %d words per minute.", next))
	}
}

// rsvpPositionNext moves the RSVP word to the next of its nine places.
func (a *App) rsvpPositionNext() {
	a.cycleSetting("reading_aids.rsvp_position", msg("RSVP position"))
}

// rsvpView is the RSVP to draw, or nil when it is hidden.
func (a *App) rsvpView() *RSVPView {
	if a.rsvp == nil || a.d == nil {
		return nil
	}
	v := &RSVPView{Start: a.cursor, Position: a.opts.Settings.String("reading_aids.rsvp_position"),
		WPM: a.rsvpWPM(), Playing: a.rsvp.playing}
	if w, ok := a.ix.Word(a.cursor); ok {
		v.Word, v.Start = a.d.Slice(w.Start, w.End), w.Start
	}
	return v
}
