package core

import (
	"strings"
	"time"
	"unicode/utf8"

	"textfirst/internal/tw/settings"
)

// RSVP (rapid serial visual presentation) shows one word at a time, from
// the cursor, at reading_aids.rsvp.wpm words a minute, where
// reading_aids.rsvp.position says. The word shown is the cursor's: each
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
	Position string // a choice of reading_aids.rsvp.position, such as "center"
	WPM      int
	Time     time.Duration // how long the word is shown (rsvpTime)
	Playing  bool
	// The words before and after it, shown beside it when
	// reading_aids.rsvp.show_previous and show_next say so; "" otherwise.
	Previous, Next string
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
	if a.rsvpBySpeech() {
		a.rsvpSpeak()
		return
	}
	if a.rsvp.playing {
		a.rsvp.playing = false
		a.say(a.tr("RSVP paused."))
		return
	}
	a.rsvp.playing = true
	a.say(a.tr("RSVP playing."))
	a.rsvpSchedule()
}

// rsvpSchedule has the next word shown after the time of the word at
// the cursor (rsvpTime).
func (a *App) rsvpSchedule() {
	gen := a.rsvpGen
	time.AfterFunc(a.rsvpTime(a.cursor), func() { a.rsvpTick(gen) })
}

// rsvpTime is how long RSVP shows the word starting at pos: a word's time
// at reading_aids.rsvp.wpm, with the shares the reading_aids.rsvp
// settings add for a long word (long_word_len, long_word_step,
// long_word_max) and after a clause, a sentence or a paragraph
// (clause_pause, sentence_pause, paragraph_pause), in percent of it.
func (a *App) rsvpTime(pos int) time.Duration {
	word := time.Minute / time.Duration(a.rsvpWPM())
	w, ok := a.ix.Word(pos)
	if !ok {
		return word
	}
	s := a.opts.Settings
	extra := 0
	if over := utf8.RuneCountInString(a.d.Slice(w.Start, w.End)) - s.Int("reading_aids.rsvp.long_word_len"); over > 0 {
		extra = min(over*s.Int("reading_aids.rsvp.long_word_step"), s.Int("reading_aids.rsvp.long_word_max"))
	}
	after := strings.TrimSpace(a.d.Slice(w.End, min(w.End+2, a.d.Len())))
	rest := ""
	if p, ok := a.ix.Paragraph(w.Start); ok {
		rest = strings.TrimSpace(a.d.Slice(w.End, p.End))
	}
	switch {
	case strings.Trim(rest, ".!?,;:\"'”’»)]…") == "":
		extra += s.Int("reading_aids.rsvp.paragraph_pause")
	case after != "" && strings.ContainsRune(".!?…", []rune(after)[0]):
		extra += s.Int("reading_aids.rsvp.sentence_pause")
	case after != "" && strings.ContainsRune(",;:)]—–-", []rune(after)[0]):
		extra += s.Int("reading_aids.rsvp.clause_pause")
	}
	return word + word*time.Duration(extra)/100
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

// rsvpWPM is reading_aids.rsvp.wpm.
func (a *App) rsvpWPM() int { return max(a.opts.Settings.Int("reading_aids.rsvp.wpm"), 1) }

// rsvpRate changes reading_aids.rsvp.wpm by step and says the new rate;
// at either end of its range it says so.
func (a *App) rsvpRate(step int) {
	st, _ := settings.Lookup("reading_aids.rsvp.wpm")
	old := a.rsvpWPM()
	next := min(max(old+step, int(st.Min)), int(st.Max))
	switch {
	case next == old && step > 0:
		a.say(a.tr("Fastest RSVP rate."))
	case next == old:
		a.say(a.tr("Slowest RSVP rate."))
	case a.setSetting("reading_aids.rsvp.wpm", float64(next)):
		a.say(a.tr("RSVP %d words per minute.", next))
	}
}

// rsvpPositionNext moves the RSVP word to the next of its nine places.
func (a *App) rsvpPositionNext() {
	a.cycleSetting("reading_aids.rsvp.position", msg("RSVP position"))
}

// rsvpView is the RSVP to draw, or nil when it is hidden.
func (a *App) rsvpView() *RSVPView {
	if a.rsvp == nil || a.d == nil {
		return nil
	}
	at := a.cursor
	if spoken, ok := a.rsvpSpoken(); ok {
		at = spoken
	}
	v := &RSVPView{Start: at, Position: a.opts.Settings.String("reading_aids.rsvp.position"),
		WPM: a.rsvpWPM(), Time: a.rsvpTime(at), Playing: a.rsvp.playing}
	if w, ok := a.ix.Word(at); ok {
		v.Word, v.Start = a.d.Slice(w.Start, w.End), w.Start
	}
	if p, ok := a.ix.PreviousWord(v.Start); ok && a.opts.Settings.Bool("reading_aids.rsvp.show_previous") {
		v.Previous = a.d.Slice(p.Start, p.End)
	}
	if n, ok := a.ix.NextWord(v.Start); ok && a.opts.Settings.Bool("reading_aids.rsvp.show_next") {
		v.Next = a.d.Slice(n.Start, n.End)
	}
	return v
}
