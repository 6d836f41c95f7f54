package core

import "textfirst/internal/tw/units"

// What a front end that draws the document asks on every key: the mode
// and the waiting question, and the state to draw, without the work
// StatusInfo does for the word at the cursor.

// UIState returns the mode and the waiting question (nil when none)
// without computing the position, which costs a pass over a long line.
func (a *App) UIState() (mode string, pending *Pending) {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.mode, a.pending
}

// ViewState is StatusInfo without the word at the cursor (finding it
// costs a pass over the whole line, which a 1 MB single line makes slow),
// with the cursor's offset and the selection to draw.
type ViewState struct {
	Mode, Playback, Backend string
	Rate, Cursor            int
	Document                *DocInfo
	Pending                 *Pending
	Selection               *units.Range // nil: nothing is selected
	Quiet                   bool         // the quiet screen is on: show no text
	RSVP                    *RSVPView    // nil: RSVP is hidden
}

// View returns the ViewState.
func (a *App) View() ViewState {
	a.mu.Lock()
	defer a.mu.Unlock()
	v := ViewState{Mode: a.mode, Playback: a.playback, Rate: a.opts.Settings.Int("speech.rate"),
		Cursor: a.cursor, Document: a.docInfo(), Pending: a.pending, Backend: "silent", Quiet: a.quietScreen(), RSVP: a.rsvpView()}
	if a.opts.Speaker != nil {
		v.Backend = a.opts.Speaker.ID()
	}
	if a.d != nil && a.sel != nil && a.sel.Len() > 0 {
		sel := *a.sel
		v.Selection = &sel
	}
	return v
}
