package core

import (
	"fmt"
	"sync"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/units"
)

// The Reading group (stop, say_status and repeat_message, which need no
// document, are the program's own).
var _ = registerHandlers(func(t *actionTable) {
	handle(t, onDocument, map[string]actionHandler{
		"play_pause":             (*App).playPause,
		"read_from_cursor":       func(a *App) { a.read("cursor") },
		"read_document":          func(a *App) { a.read("document") },
		"read_current_character": func(a *App) { a.read("character") },
		"read_current_word":      func(a *App) { a.read("word") },
		"read_current_sentence":  func(a *App) { a.read("sentence") },
		"replay_sentence":        func(a *App) { a.read("sentence") },
		"read_current_line":      func(a *App) { a.read("line") },
		"replay_paragraph":       func(a *App) { a.read("paragraph") },
		"read_selection":         func(a *App) { a.read("selection") },
		"read_paragraph":         (*App).readParagraph,
		"say_all": func(a *App) {
			// On from the cursor to the end of the document, the cursor
			// following the voice, whatever is selected.
			a.sel = nil
			a.read("cursor")
		},
		"say_position": func(a *App) {
			l := a.ix.LineOf(a.cursor)
			if p, ok := a.pageAt(a.cursor); ok {
				a.say(a.tr("Page %s, line %d of %d, %d percent.", p.Label, l+1, a.ix.Lines(), a.percent(a.cursor)))
				return
			}
			a.say(a.tr("Line %d of %d, %d percent.", l+1, a.ix.Lines(), a.percent(a.cursor)))
		},
		"word_count":   (*App).wordCount,
		"link_address": (*App).sayLinkAddress,
	})
})

// playPause pauses the reading, resumes it, or starts it at the cursor.
func (a *App) playPause() {
	switch a.playback {
	case Reading:
		a.pause()
		a.say(a.tr("Paused."))
	case Paused:
		a.resume()
	default:
		a.read("cursor")
	}
}

// readParagraph reads the paragraph at or after the cursor.
func (a *App) readParagraph() {
	if p, ok := a.ix.ParagraphAtOrAfter(a.cursor); ok {
		a.startReading(p.Start, p.End, false)
	} else {
		a.say(a.tr("No paragraph to read."))
	}
}

// sayLinkAddress says the address of the link or image at the cursor.
func (a *App) sayLinkAddress() {
	for _, m := range a.d.All() {
		if m.Start > a.cursor {
			break
		}
		if (m.Kind == doc.Link || m.Kind == doc.Image) && a.cursor < m.End && m.Reference != "" {
			a.say(m.Reference)
			return
		}
	}
	a.say(a.tr("No link here."))
}

// speechEvent is a word heard or the end of a reading, tagged with the
// reading's generation so that events of a stopped reading are dropped.
type speechEvent struct {
	gen        uint64
	done       bool
	completed  bool
	start, end int
}

// eventQueue is an unbounded FIFO drained by one goroutine. Speech
// callbacks push into it without ever blocking on the App's lock.
type eventQueue struct {
	mu     sync.Mutex
	cond   *sync.Cond
	items  []speechEvent
	closed bool
}

func newEventQueue() *eventQueue {
	q := &eventQueue{}
	q.cond = sync.NewCond(&q.mu)
	return q
}

func (q *eventQueue) push(e speechEvent) {
	q.mu.Lock()
	q.items = append(q.items, e)
	q.mu.Unlock()
	q.cond.Signal()
}

func (q *eventQueue) close() {
	q.mu.Lock()
	q.closed = true
	q.mu.Unlock()
	q.cond.Signal()
}

func (q *eventQueue) run(apply func(speechEvent)) {
	for {
		q.mu.Lock()
		for len(q.items) == 0 && !q.closed {
			q.cond.Wait()
		}
		if len(q.items) == 0 && q.closed {
			q.mu.Unlock()
			return
		}
		e := q.items[0]
		q.items = q.items[1:]
		q.mu.Unlock()
		apply(e)
	}
}

func (a *App) applySpeechEvent(e speechEvent) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if e.gen != a.readGen || a.d == nil {
		return
	}
	if a.listening != nil && !e.done {
		return // a word of the rendered document: not a place in the source
	}
	if e.done {
		if e.completed {
			// Read to its end: the end is the furthest point heard.
			a.statsHeard(a.spokenEnd)
			if a.readOn() {
				return
			}
		}
		if a.playback == Reading {
			a.setPlayback(Stopped)
		}
		return
	}
	if a.timeIsUp(e.start) {
		return
	}
	w := units.Range{Start: e.start, End: e.end}
	a.heard = &w
	a.statsHeard(e.end)
	if a.follow {
		a.cursor = e.start
	}
	a.opts.Events.Position(e.start, e.end, a.ix.LineOf(e.start)+1)
}

func (a *App) setPlayback(state string) {
	if a.playback == state {
		return
	}
	a.statsPlayback(a.playback, state)
	a.playback = state
	a.opts.Events.Playback(state)
}

// stopReading stops speech; events of the stopped reading are dropped.
func (a *App) stopReading() {
	a.readGen++
	if a.opts.Speaker != nil && a.playback == Reading {
		a.opts.Speaker.Stop()
	}
	a.setPlayback(Stopped)
}

// startReading reads [from, to). continuous is a reading that goes on
// from the cursor: the cursor follows the voice (when
// reading.cursor_follows_speech), and the voice says the structure too.
func (a *App) startReading(from, to int, continuous bool) {
	a.stopReading()
	a.listening = nil
	if to <= from {
		return
	}
	a.readEnd = to
	a.narrate = continuous
	a.follow = continuous && a.opts.Settings.Bool("reading.cursor_follows_speech")
	a.heard = nil
	if continuous {
		var ok bool
		if from, to, ok = a.planReading(from, to); !ok {
			return
		}
	} else {
		a.plan = readingPlan{}
	}
	a.setPlayback(Reading)
	a.speak(from, to, 0)
}

// speakSilently is speak with no voice: reading takes no time. The first
// word and the end are reported after the answer to the request that
// started it.
func (a *App) speakSilently(from, to int, gen uint64) {
	first, ok := a.ix.Word(from)
	if !ok || first.Start < from {
		first, ok = a.ix.NextWord(from)
	}
	if !ok || first.Start >= to {
		first = units.Range{Start: from, End: min(to, from+1)}
	}
	// What is heard never reaches outside what was asked for (a
	// character of a word is that character).
	first.Start, first.End = max(first.Start, from), min(first.End, to)
	listening := a.listening != nil
	a.defer_(func() {
		if gen != a.readGen {
			return
		}
		if !listening {
			a.heard = &first
			a.opts.Events.Position(first.Start, first.End, a.ix.LineOf(first.Start)+1)
		}
		a.setPlayback(Stopped)
	})
}

// speak has the voice read [from, to) as the reading in progress, at
// rate words a minute (0: speech.rate), under a new generation.
func (a *App) speak(from, to, rate int) {
	a.readGen++
	gen := a.readGen
	a.spokenEnd = to
	continuous := a.narrate
	d, ix := a.d, a.ix
	if a.listening != nil {
		d, ix = a.listening.Doc, a.listening
	}
	if a.opts.Speaker == nil {
		a.speakSilently(from, to, gen)
		return
	}
	q := a.speechQ
	word := func(start, end int) { q.push(speechEvent{gen: gen, start: start, end: end}) }
	done := func(completed bool) { q.push(speechEvent{gen: gen, done: true, completed: completed}) }
	if rr, ok := a.opts.Speaker.(RateReader); ok && rate > 0 {
		rr.ReadAtRate(d, from, to, rate, word, done)
		return
	}
	if cs, ok := a.opts.Speaker.(ContinuousSpeaker); ok && continuous {
		cs.ReadContinuous(ix, from, to, word, done)
		return
	}
	a.opts.Speaker.Read(d, from, to, word, done)
}

// Read starts reading what ("cursor", "document", "paragraph", "sentence",
// "line", "word", "character", "selection"), after moving to from when it
// is not nil. It returns the playback state.
func (a *App) Read(what string, from *int) (string, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.d == nil {
		return "", ErrNoDocument
	}
	switch what {
	case "cursor", "document", "paragraph", "sentence", "line", "word", "character", "selection":
	default:
		return "", fmt.Errorf("Cannot read %s", what)
	}
	if from != nil {
		a.moveTo(min(max(*from, 0), a.d.Len()), false)
	}
	a.read(what)
	return a.playback, nil
}

func (a *App) read(what string) {
	pos := a.cursor
	n := a.d.Len()
	switch what {
	case "cursor":
		a.startReading(pos, n, true)
	case "document":
		a.cursor = 0
		a.startReading(0, n, true)
	case "paragraph":
		if p, ok := a.ix.ParagraphAtOrAfter(pos); ok {
			a.cursor = p.Start
			a.startReading(p.Start, n, true)
		} else {
			a.say(a.tr("No paragraph to read."))
		}
	case "sentence":
		if s, ok := a.ix.Sentence(pos); ok {
			a.startReading(s.Start, s.End, false)
		} else if s, ok := a.ix.NextSentence(pos); ok {
			a.startReading(s.Start, s.End, false)
		} else {
			a.say(a.tr("No sentence here."))
		}
	case "line":
		l := a.ix.Line(a.ix.LineOf(pos))
		if l.Len() == 0 {
			a.say(a.tr("blank"))
			return
		}
		a.startReading(l.Start, l.End, false)
	case "word":
		if w, ok := a.ix.Word(pos); ok {
			a.startReading(w.Start, w.End, false)
		} else {
			a.say(a.tr("No word here."))
		}
	case "character":
		if pos >= n {
			a.say(a.tr("End of document."))
			return
		}
		a.startReading(pos, pos+1, false)
	case "selection":
		if a.sel == nil || a.sel.Len() == 0 {
			a.say(a.tr("No selection."))
			return
		}
		a.startReading(a.sel.Start, a.sel.End, false)
	}
}

// Pause pauses reading; it does nothing unless reading.
func (a *App) Pause() (string, error) { return a.changePlayback(a.pause) }

// changePlayback runs change on the open document under the app's lock,
// and returns the playback state it leaves.
func (a *App) changePlayback(change func()) (string, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.d == nil {
		return "", ErrNoDocument
	}
	change()
	return a.playback, nil
}

func (a *App) pause() {
	if a.playback != Reading {
		return
	}
	if a.listening != nil {
		// The rendered document has no place in the source to resume at.
		a.stopReading()
		return
	}
	a.readGen++
	if a.opts.Speaker != nil {
		a.opts.Speaker.Stop()
	}
	a.setPlayback(Paused)
}

// Resume continues after a pause, from the last word heard.
func (a *App) Resume() (string, error) { return a.changePlayback(a.resume) }

func (a *App) resume() {
	if a.playback != Paused {
		return
	}
	from := a.cursor
	if a.heard != nil {
		from = a.heard.Start
	}
	a.playback = Stopped // startReading announces "reading"
	a.startReading(from, a.readEnd, a.narrate)
}

// Stop stops reading.
func (a *App) Stop() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.stopReading()
	return a.playback
}
