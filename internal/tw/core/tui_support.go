package core

// What the terminal reader (internal/tui) needs beyond the protocol's
// methods: answering a yes-or-no question without running its action
// again, the selection to draw, and moving the caret one character in edit
// mode.

// Confirm answers the waiting yes-or-no question: yes runs what was asked,
// no keeps things as they are. It returns the effects and the status.
func (a *App) Confirm(yes bool) ([]Effect, string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.effects = nil
	p := a.pending
	if p == nil {
		a.say("No question is waiting.")
		return a.takeEffects(), a.status
	}
	a.pending = nil
	switch {
	case yes:
		p.yes()
	case p.Action == "quit":
		a.say("Cancelled.")
	default:
		a.say("Kept.")
	}
	return a.takeEffects(), a.status
}

// Selection returns the selected range, if any.
func (a *App) Selection() (start, end int, ok bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.d == nil || a.sel == nil || a.sel.Len() == 0 {
		return 0, 0, false
	}
	return a.sel.Start, a.sel.End, true
}

// CaretChar moves the cursor one character forward or back and says the
// character it lands on (edit mode's Left and Right).
func (a *App) CaretChar(next bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if !a.needDoc() {
		return
	}
	a.sel = nil
	switch {
	case next && a.cursor < a.d.Len():
		a.cursor++
	case !next && a.cursor > 0:
		a.cursor--
	case next:
		a.say("End of document.")
		return
	default:
		a.say("Top of document.")
		return
	}
	a.say(spokenChar(a.d, a.cursor))
}

func spokenChar(d interface {
	Len() int
	RuneAt(int) rune
}, pos int) string {
	if pos >= d.Len() {
		return "end"
	}
	switch r := d.RuneAt(pos); r {
	case '\n':
		return "new line"
	case ' ':
		return "space"
	case '\t':
		return "tab"
	default:
		return string(r)
	}
}

// UIState returns the mode and the waiting question (nil when none)
// without computing the position, which costs a pass over a long line.
func (a *App) UIState() (mode string, pending *Pending) {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.mode, a.pending
}

// ViewState is what the terminal reader draws on every key: StatusInfo
// without the word at the cursor (finding it costs a pass over the whole
// line, which a 1 MB single line makes slow).
type ViewState struct {
	Mode, Playback, Backend string
	Rate, Cursor            int
	Document                *DocInfo
	Pending                 *Pending
}

// View returns the ViewState.
func (a *App) View() ViewState {
	a.mu.Lock()
	defer a.mu.Unlock()
	v := ViewState{Mode: a.mode, Playback: a.playback, Rate: a.opts.Settings.Int("speech.rate"),
		Cursor: a.cursor, Document: a.docInfo(), Pending: a.pending, Backend: "silent"}
	if a.opts.Speaker != nil {
		v.Backend = a.opts.Speaker.ID()
	}
	return v
}
