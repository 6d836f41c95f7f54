package core

import (
	"time"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/units"
)

// Reading that adapts: the reading pass (what continuous reading says),
// a sentence said again more slowly, and where continuous reading stops
// by itself (reading.stop_at, reading.stop_after_minutes, the stop_at
// prompt).
var _ = registerHandlers(func(t *actionTable) {
	handle(t, anytime, map[string]actionHandler{
		"reading_pass": (*App).cycleReadingPass,
	})
	handle(t, onDocument, map[string]actionHandler{
		"repeat_sentence_slower": (*App).repeatSentenceSlower,
		"stop_at":                (*App).askStopAt,
	})
})

// The reading passes, in the order reading_pass cycles them. A pass lasts
// for the session (the next start reads the full text, as textweaver's
// does); "" is the full text.
const (
	passFull           = ""
	passFirstSentences = "first_sentences"
	passHeadings       = "headings"
)

// passNames are the passes as they are said.
var passNames = map[string]string{
	passFull:           msg("full text"),
	passFirstSentences: msg("first sentences with headings"),
	passHeadings:       msg("headings only"),
}

// slowerBy is how many words a minute slower repeat_sentence_slower says
// the sentence than speech.rate (textweaver's three rate steps).
const slowerBy = 60

// readingPlan is what the continuous reading in progress does besides
// reading on: in a pass, where its next range is looked for (up to its
// end), whether it ends at a section's end (reading.stop_at), and when
// its timer (reading.stop_after_minutes) runs out.
type readingPlan struct {
	skim       bool // a pass other than the full text is being read
	next, to   int  // the pass's next range is looked for in [next, to)
	sectionEnd bool
	deadline   time.Time
}

// cycleReadingPass moves to the next reading pass and names it; a
// continuous reading in progress goes on in the new pass from the word
// being heard.
func (a *App) cycleReadingPass() {
	switch a.pass {
	case passFull:
		a.pass = passFirstSentences
	case passFirstSentences:
		a.pass = passHeadings
	default:
		a.pass = passFull
	}
	a.say(a.tr("Reading pass: %s.", a.trKey(passNames[a.pass])))
	if a.d != nil && a.playback == Reading && a.narrate {
		from := a.cursor
		if a.heard != nil {
			from = a.heard.Start
		}
		a.startReading(from, a.d.Len(), true)
	}
}

// planReading plans a continuous reading of [from, to): it returns the
// first range to say, and false when the pass has nothing there (which it
// says).
func (a *App) planReading(from, to int) (int, int, bool) {
	a.plan = readingPlan{}
	if end, ok := a.sectionEnd(from); ok && end < to {
		to, a.plan.sectionEnd = end, true
		a.readEnd = end
	}
	if m := a.opts.Settings.Int("reading.stop_after_minutes"); m > 0 {
		a.plan.deadline = a.now().Add(time.Duration(m) * time.Minute)
	}
	if a.pass == passFull {
		return from, to, true
	}
	first, next, ok := a.passRange(from, to)
	if !ok {
		a.say(a.tr("Nothing to read in the pass %s after the cursor.", a.trKey(passNames[a.pass])))
		return 0, 0, false
	}
	// A skim is never taken for the whole text: it is named as it starts.
	a.record(a.tr("Reading pass: %s.", a.trKey(passNames[a.pass])), Polite)
	a.plan.skim, a.plan.next, a.plan.to = true, next, to
	return first.Start, first.End, true
}

// passRange is the first range of [from, to) the reading pass says — a
// heading, or with first sentences a heading or the first sentence of a
// paragraph — and where the pass's next range is looked for after it.
// Each is found as reading reaches it, so a skim of a book starts at once.
func (a *App) passRange(from, to int) (r units.Range, next int, ok bool) {
	clip := func(r units.Range) units.Range {
		return units.Range{Start: max(r.Start, from), End: min(r.End, to)}
	}
	headings := a.ix.Kind(doc.Heading)
	i := headings.Search(func(m doc.Marker) bool { return m.End > from })
	if a.pass == passHeadings {
		if i < headings.Len() && headings.At(i).Start < to {
			h := headings.At(i)
			return clip(units.Range{Start: h.Start, End: h.End}), h.End, true
		}
		return units.Range{}, 0, false
	}
	for pos := from; pos < to; {
		p, ok := a.ix.ParagraphAtOrAfter(pos)
		if !ok || p.Start >= to {
			break
		}
		for i < headings.Len() && headings.At(i).End <= p.Start {
			i++
		}
		next := max(p.End+1, pos+1)
		if i < headings.Len() && headings.At(i).Start < p.End {
			if c := clip(p); c.End > c.Start {
				return c, next, true // a heading is said whole
			}
		} else if s := a.ix.Sentences(p); len(s) > 0 {
			if c := clip(s[0]); c.End > c.Start {
				return c, next, true
			}
		}
		pos = next
	}
	return units.Range{}, 0, false
}

// sectionEnd is where a continuous reading from from stops by itself
// under reading.stop_at: the next heading ("heading"), or the next
// chapter — a section of the document's own contents, else a heading of
// its top level ("chapter").
func (a *App) sectionEnd(from int) (int, bool) {
	var ms units.Markers
	level := 0
	switch a.opts.Settings.String("reading.stop_at") {
	case "heading":
		ms = a.ix.Kind(doc.Heading)
	case "chapter":
		if ms = a.ix.Kind(doc.SectionBreak); ms.Len() == 0 {
			ms = a.ix.Kind(doc.Heading)
			level = a.d.TopHeadingLevel(0, a.d.Len())
		}
	default:
		return 0, false
	}
	for i := ms.Search(func(m doc.Marker) bool { return m.Start > from }); i < ms.Len(); i++ {
		if m := ms.At(i); level == 0 || m.Level == level {
			return m.Start, true
		}
	}
	return 0, false
}

// readOn goes on after a range of the continuous reading in progress was
// read to its end: with the pass's next range, or, at the end of a
// section, by stopping there and saying so. It reports whether it did.
func (a *App) readOn() bool {
	if a.plan.skim {
		if r, next, ok := a.passRange(a.plan.next, a.plan.to); ok {
			a.plan.next = next
			if a.follow {
				a.cursor = r.Start
			}
			a.speak(r.Start, r.End, 0)
			return true
		}
		a.plan.skim = false
	}
	if !a.plan.sectionEnd {
		return false
	}
	a.plan.sectionEnd = false
	a.cursor = a.readEnd
	a.setPlayback(Stopped)
	a.say(a.tr("End of section. Read from the cursor to go on."))
	return true
}

// timeIsUp stops a continuous reading whose time is up (the stop_at
// prompt's time, or reading.stop_after_minutes) at the end of a
// sentence: when the word heard at start begins one, the reading stops
// before it, the cursor on it, and says so.
func (a *App) timeIsUp(start int) bool {
	if !a.narrate {
		return false
	}
	due := a.stopTime
	if !a.plan.deadline.IsZero() && (due.IsZero() || a.plan.deadline.Before(due)) {
		due = a.plan.deadline
	}
	if due.IsZero() || a.now().Before(due) {
		return false
	}
	if s, ok := a.ix.Sentence(start); ok && s.Start != start {
		return false
	}
	a.stopTime = time.Time{}
	a.plan = readingPlan{}
	a.cursor = start
	a.stopReading()
	a.say(a.tr("Time is up: the reading stopped at %s.", a.now().Format("15:04")))
	return true
}

// repeatSentenceSlower says the sentence at the cursor again, slowerBy
// words a minute slower than speech.rate, which stays as it is; the
// cursor stays.
func (a *App) repeatSentenceSlower() {
	s, ok := a.ix.Sentence(a.cursor)
	if !ok {
		if s, ok = a.ix.NextSentence(a.cursor); !ok {
			a.say(a.tr("No sentence here."))
			return
		}
	}
	rate := max(a.opts.Settings.Int("speech.rate")-slowerBy, minRate)
	a.stopReading()
	a.readEnd, a.narrate, a.follow, a.heard = s.End, false, false, nil
	a.plan = readingPlan{}
	a.setPlayback(Reading)
	a.speak(s.Start, s.End, rate)
}

// minRate is the slowest speech.rate.
const minRate = 50

// now is the app's clock (Options.Now, else the time of day).
func (a *App) now() time.Time {
	if a.opts.Now != nil {
		return a.opts.Now()
	}
	return time.Now()
}
