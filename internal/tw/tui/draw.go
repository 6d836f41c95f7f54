package tui

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gdamore/tcell/v2"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/i18n"
	"textfirst/internal/tw/units"
)

// docSpans are the structure ranges drawn with a style: headings, links.
type docSpans struct {
	headings, links, code []doc.Marker
}

func spansOf(d *doc.Document) docSpans {
	var s docSpans
	for _, m := range d.All() {
		switch m.Kind {
		case doc.Heading:
			s.headings = append(s.headings, m)
		case doc.Link:
			s.links = append(s.links, m)
		case doc.Code:
			s.code = append(s.code, m)
		}
	}
	return s
}

// in reports whether pos is inside one of ms (sorted by start and not
// overlapping).
func in(ms []doc.Marker, pos int) bool {
	i := sort.Search(len(ms), func(i int) bool { return ms[i].Start > pos })
	return i > 0 && pos < ms[i-1].End
}

var highlightColors = map[string]tcell.Color{
	"yellow": tcell.ColorYellow, "green": tcell.ColorGreen, "blue": tcell.ColorBlue, "pink": tcell.ColorPink,
	"red": tcell.ColorRed, "orange": tcell.ColorOrange, "purple": tcell.ColorPurple,
}

// textRows is the height of the text area: all but the key hints line,
// the status bar and the message line.
func (r *Reader) textRows() int {
	_, h := r.scr.Size()
	return max(h-1-r.msgRows-r.hintRows, 1)
}

// messageRows wraps the message line's text to the width, at most three
// rows (a quarter of the screen on a small one): a long announcement is
// shown whole, so a screen reader reviewing the screen finds all of it.
func messageRows(text string, w, h int) []string {
	limit := max(1, min(3, h/4))
	if text == "" {
		return []string{""}
	}
	var out []string
	for _, rw := range wrap(text, 0, 0, max(w, 1), nil) {
		out = append(out, text[rw.startByte:rw.endByte])
	}
	if len(out) > limit {
		out = out[:limit]
	}
	return out
}

func (r *Reader) gutter(d *doc.Document, lines int) int {
	if !r.cfg.LineNumbers {
		return 0
	}
	return len(fmt.Sprint(lines)) + 1
}

// textWidth is the columns the text is wrapped to: the screen's width
// less the line numbers, at most display.wrap_width when that is set.
func (r *Reader) textWidth(d *doc.Document, lines int) int {
	w, _ := r.scr.Size()
	w -= r.gutter(d, lines)
	if r.cfg.Settings != nil {
		if wrap := r.cfg.Settings.Int("display.wrap_width"); wrap > 0 {
			w = min(w, wrap)
		}
	}
	return max(w, 1)
}

// ensureLayout rebuilds the layout when the document, the width, the tab
// width or the syllables shown changed.
func (r *Reader) ensureLayout(d *doc.Document) {
	tab := tabWidth
	if r.cfg.Settings != nil {
		tab = max(r.cfg.Settings.Int("display.tab_width"), 1)
	}
	syllables := r.syllableDict(d)
	opts := syllableSettings(r.cfg.Settings)
	if r.lo != nil && r.lo.d == d && r.lo.width == r.textWidth(d, r.lo.lines()) && r.lo.tab == tab &&
		r.lo.syllables == syllables && r.lo.sylOpts == opts {
		return
	}
	lines := strings.Count(d.Text, "\n") + 1
	r.lo = newLayout(d, r.textWidth(d, lines))
	r.lo.tab = tab
	r.lo.syllables, r.lo.sylOpts = syllables, opts
	r.rtl = map[int]bool{}
	r.topLine = min(r.topLine, r.lo.lines()-1)
	r.topRow = 0
	r.lastCursor = -1
	if r.spansOf != d {
		r.spans = spansOf(d)
		r.spansOf = d
	}
}

func (r *Reader) rtlLine(l int) bool {
	v, ok := r.rtl[l]
	if !ok {
		v = r.lo.rtlParagraph(l)
		r.rtl[l] = v
	}
	return v
}

// before reports whether (l1, r1) comes before (l2, r2).
func before(l1, r1, l2, r2 int) bool { return l1 < l2 || l1 == l2 && r1 < r2 }

// rowsBetween counts the rows from (l1, r1) up to (l2, r2), stopping at
// limit.
func (r *Reader) rowsBetween(l1, r1, l2, r2, limit int) int {
	n := 0
	for l := l1; l <= l2 && n < limit; l++ {
		rows := len(r.lo.rowsOf(l))
		from, to := 0, rows
		if l == l1 {
			from = r1
		}
		if l == l2 {
			to = r2
		}
		n += max(to-from, 0)
	}
	return n
}

// back moves (l, rw) k rows up.
func (r *Reader) back(l, rw, k int) (int, int) {
	for k > 0 {
		if rw >= k {
			return l, rw - k
		}
		k -= rw + 1
		if l == 0 {
			return 0, 0
		}
		l--
		rw = len(r.lo.rowsOf(l)) - 1
	}
	return l, rw
}

// ensureVisible scrolls so the row holding pos is shown: the least
// scrolling for a small step, a third from the top after a jump.
func (r *Reader) ensureVisible(pos int) {
	l := r.lo.lineOf(pos)
	rw := r.lo.rowOf(l, pos)
	rows := r.textRows()
	if before(l, rw, r.topLine, r.topRow) {
		if r.rowsBetween(l, rw, r.topLine, r.topRow, rows) < rows/2 {
			r.topLine, r.topRow = l, rw
		} else {
			r.topLine, r.topRow = r.back(l, rw, rows/3)
		}
		r.keepMargin(l, rw, rows)
		return
	}
	n := r.rowsBetween(r.topLine, r.topRow, l, rw, rows*2)
	switch {
	case n < rows:
	case n < rows+rows/2:
		r.topLine, r.topRow = r.back(l, rw, rows-1)
	default:
		r.topLine, r.topRow = r.back(l, rw, rows/3)
	}
	r.keepMargin(l, rw, rows)
}

// keepMargin scrolls so that display.scroll_margin rows stay in view
// above and below the cursor's row (l, rw), as far as the document goes
// (at most half the view).
func (r *Reader) keepMargin(l, rw, rows int) {
	if r.cfg.Settings == nil {
		return
	}
	m := min(r.cfg.Settings.Int("display.scroll_margin"), (rows-1)/2)
	if m <= 0 {
		return
	}
	switch n := r.rowsBetween(r.topLine, r.topRow, l, rw, rows*2); {
	case n < m:
		r.topLine, r.topRow = r.back(l, rw, m)
	case n > rows-1-m:
		r.topLine, r.topRow = r.back(l, rw, rows-1-m)
	}
}

// scroll moves the view one row; the cursor stays.
func (r *Reader) scroll(down bool) {
	d := r.app.Doc()
	if d == nil {
		r.say(r.tr("No document is open."))
		return
	}
	r.ensureLayout(d)
	if down {
		if r.topRow+1 < len(r.lo.rowsOf(r.topLine)) {
			r.topRow++
		} else if r.topLine+1 < r.lo.lines() {
			r.topLine, r.topRow = r.topLine+1, 0
		} else {
			r.say(r.tr("Bottom of document."))
			return
		}
	} else {
		if r.topLine == 0 && r.topRow == 0 {
			r.say(r.tr("Top of document."))
			return
		}
		r.topLine, r.topRow = r.back(r.topLine, r.topRow, 1)
	}
	rw := r.lo.rowsOf(r.topLine)[r.topRow]
	text := strings.TrimSpace(d.Text[rw.startByte:rw.endByte])
	if text == "" {
		text = r.tr("blank")
	}
	r.say(r.tr("Line %d at the top: %s", r.topLine+1, text))
}

// Draw draws the whole screen and shows it.
func (r *Reader) Draw() {
	r.followSettings()
	r.followKeyOverrides()
	scr := r.scr
	scr.SetStyle(r.th.text)
	scr.Clear()
	w, h := scr.Size()
	status, playback, heard, hasHeard := r.cfg.Events.snapshot()
	st := r.app.View()
	d := r.app.Doc()
	ps := r.app.PromptState()
	msg := []string{status}
	if ps == nil && st.Pending == nil {
		msg = messageRows(strings.ReplaceAll(status, "\n", " "), w, h)
	}
	hintRows := 0
	if r.hintsShown() && h-1-len(msg) >= minTextRowsWithHints+1 {
		hintRows = 1
	}
	if len(msg) != r.msgRows || hintRows != r.hintRows {
		r.msgRows, r.hintRows = len(msg), hintRows
		r.lastCursor = -1 // the text area changed height
	}
	if st.Document != nil && st.Document.Title != r.title {
		// The window's title names the document, for window lists.
		r.title = st.Document.Title
		scr.SetTitle(windowTitle(r.title))
	}
	rtlSetting := ""
	if r.cfg.Settings != nil {
		rtlSetting = r.cfg.Settings.String("interface.rtl")
	}
	r.rtlShown = rtlMode(rtlSetting, nil)
	cursorX, cursorY := -1, -1
	switch {
	case d == nil:
		putText(scr, 0, 0, w, r.tr("No document is open. Ctrl+O opens one."), r.th.text)
	case st.Quiet:
		// The quiet screen: nothing of the text is drawn; speech, the
		// status bar and the message line go on.
		putText(scr, 0, 0, w, r.tr("Quiet screen: the text is hidden. Alt+Q shows it."), r.th.text)
	default:
		var shown *[2]int
		if hasHeard && r.cfg.Highlight && playback != core.Stopped {
			shown = &heard
		}
		cursorX, cursorY = r.drawText(st, d, shown, w)
		r.drawRuler(cursorY, w)
		if st.RSVP != nil {
			cursorX, cursorY = r.drawRSVP(st.RSVP, w)
		}
	}
	r.drawBar(st, d, playback, w, h)
	if r.hintRows > 0 {
		r.drawHints(st, ps != nil, r.app.ListState() != nil, h-2-r.msgRows, w)
	}
	msgY := h - r.msgRows
	promptX := r.drawMessage(ps, st, msg, msgY, w)
	if y, ok := r.drawOpenList(w); ok {
		cursorX, cursorY = 1, y
	}
	if cursorY >= 0 && r.cursorOnStatus() {
		cursorX, cursorY = 0, h-1-r.msgRows
	}
	switch {
	case promptX >= 0:
		scr.ShowCursor(promptX, msgY)
	case cursorY >= 0:
		scr.ShowCursor(cursorX, cursorY)
	default:
		scr.HideCursor()
	}
	scr.Show()
}

// marks is what the text's cells are drawn with besides the theme's text
// style: structure, notes, highlights, the selection, the words being
// heard and the cursor.
type marks struct {
	bookmarks  []units.Range // drawn only with colors.bookmarks set
	findMatch  *units.Range  // drawn only with colors.find_match set
	problems   [][2]int      // lint and grammar problems, drawn only with colors.lint set
	notes      []core.NoteInfo
	highlights []core.HighlightInfo
	selection  *units.Range
	heard      *[2]int // the words being heard, when shown
	sentence   *[2]int // the sentence being heard, when shown besides the word
	// sentenceStyle marks sentence (highlight.sentence_color).
	sentenceStyle tcell.Style
	cursor        [2]int // the word at the cursor (browsing) or the caret's character
}

// drawText draws the document's lines from the top of the view and
// returns where the terminal's cursor goes (-1, -1 when off screen).
func (r *Reader) drawText(st core.ViewState, d *doc.Document, heard *[2]int, w int) (cursorX, cursorY int) {
	scr := r.scr
	cursorX, cursorY = -1, -1
	r.ensureLayout(d)
	pos := min(st.Cursor, d.Len())
	if pos != r.lastCursor || d != r.lastDoc {
		r.ensureVisible(pos)
		r.lastCursor, r.lastDoc = pos, d
	}
	m := marks{selection: st.Selection, heard: heard, cursor: [2]int{pos, pos + 1}}
	m.heard, m.sentence = r.heardMarks(d, heard)
	if m.sentence != nil {
		m.sentenceStyle = r.sentenceStyle()
	}
	// Highlights and notes are kept in the canonical text's offsets,
	// so they are drawn only while browsing it.
	editing := st.Document != nil && st.Document.Editing
	if !editing {
		m.highlights, _ = r.app.Highlights()
		m.notes, _ = r.app.Notes()
		if r.th.bookmark != tcell.ColorDefault {
			m.bookmarks = r.app.BookmarkedWords()
		}
		if r.th.findMatch != tcell.ColorDefault {
			if fm, ok := r.app.FindMatch(); ok {
				m.findMatch = &fm
			}
		}
	}
	if r.th.problem != tcell.ColorDefault {
		for _, p := range r.app.TextProblems() {
			m.problems = append(m.problems, [2]int{p.Start, p.End})
		}
	}
	// Browsing marks the word at the cursor; editing, the caret's
	// character.
	if ws, we, ok := r.lo.wordAt(pos); ok && !editing {
		m.cursor = [2]int{ws, we}
	}
	r.lo.rtl = r.rtlShown
	gutter := r.gutter(d, r.lo.lines())
	l, rw := r.topLine, r.topRow
	for y := 0; y < r.textRows() && l < r.lo.lines(); y++ {
		rows := r.lo.rowsOf(l)
		row := rows[rw]
		if gutter > 0 && rw == 0 {
			putText(scr, 0, y, gutter, fmt.Sprintf("%*d", gutter-1, l+1), r.th.gutter)
		}
		rtl := r.rtlLine(l)
		cells := r.lo.cells(row, rtl)
		bold, hard := r.bionicRow(row), r.difficultRow(row)
		probs := overlapping(m.problems, row.start, row.end)
		var wrong [][2]int
		if editing && r.th.misspelled != tcell.ColorDefault {
			for _, w := range r.app.Misspellings(row.start, row.end) {
				wrong = append(wrong, [2]int{w.Start, w.End})
			}
		}
		x := gutter + place(cells, w-gutter, rtl)
		for _, c := range cells {
			style := r.cellStyle(c, m)
			if inRanges(bold, c.pos) {
				style = style.Bold(true)
			}
			if inRanges(hard, c.pos) {
				style = style.Underline(true)
				if r.th.difficult != tcell.ColorDefault {
					style = style.Foreground(r.th.difficult)
				}
			}
			// Problems are underlined in their colors; a misspelling,
			// the narrower mark, wins over a grammar problem around it.
			if inRanges(probs, c.pos) {
				style = style.Underline(true).Foreground(r.th.problem)
			}
			if inRanges(wrong, c.pos) {
				style = style.Underline(true).Foreground(r.th.misspelled)
			}
			if c.dot {
				if x >= gutter && x+c.width <= w {
					scr.Put(x, y, r.lo.sylOpts.sep, r.th.dot)
				}
				x++
				c.width--
			}
			if c.pos <= pos && pos < c.pos+c.n {
				cursorX, cursorY = min(max(x, gutter), w-1), y
			}
			if x >= gutter && x+c.width <= w {
				if c.width > 2 { // a tab
					for i := 0; i < c.width; i++ {
						scr.Put(x+i, y, " ", style)
					}
				} else {
					scr.Put(x, y, c.text, style)
				}
			}
			x += c.width
		}
		if cursorY < 0 && pos >= row.start && (pos < row.end || pos == row.end && (rw == len(rows)-1)) {
			// The cursor at a line's end (or on an empty line).
			cursorX, cursorY = min(x, w-1), y
			if pos == row.end && heard == nil && st.Playback != core.Reading {
				scr.Put(cursorX, y, " ", r.th.cursor)
			}
		}
		rw++
		if rw >= len(rows) {
			l, rw = l+1, 0
		}
	}
	return cursorX, cursorY
}

// overlapping are the ranges of rs that overlap [start, end).
func overlapping(rs [][2]int, start, end int) [][2]int {
	var out [][2]int
	for _, x := range rs {
		if x[0] < end && x[1] > start {
			out = append(out, x)
		}
	}
	return out
}

// cellStyle is the style of one cell of text: the later marks win.
func (r *Reader) cellStyle(c cell, m marks) tcell.Style {
	style := r.th.text
	if in(r.spans.headings, c.pos) {
		style = style.Bold(true)
		if r.th.heading != tcell.ColorDefault {
			style = style.Foreground(r.th.heading)
		}
	}
	if in(r.spans.links, c.pos) {
		style = style.Underline(true)
		if r.th.link != tcell.ColorDefault {
			style = style.Foreground(r.th.link)
		}
	}
	for _, n := range m.notes {
		if c.pos >= n.Start && c.pos < n.End {
			style = style.Underline(true).Foreground(tcell.ColorTeal)
			if r.th.note != tcell.ColorDefault {
				style = style.Background(r.th.note).Foreground(contrastingText(r.th.note))
			}
		}
	}
	for _, b := range m.bookmarks {
		if c.pos >= b.Start && c.pos < b.End {
			style = style.Background(r.th.bookmark).Foreground(contrastingText(r.th.bookmark)).Bold(true).Underline(true)
		}
	}
	for _, hl := range m.highlights {
		if c.pos >= hl.Start && c.pos < hl.End {
			if col, ok := highlightColors[hl.Color]; ok {
				style = style.Background(col).Foreground(tcell.ColorBlack)
			}
		}
	}
	if m.findMatch != nil && c.pos >= m.findMatch.Start && c.pos < m.findMatch.End {
		style = style.Background(r.th.findMatch).Foreground(contrastingText(r.th.findMatch))
	}
	if m.selection != nil && c.pos >= m.selection.Start && c.pos < m.selection.End {
		style = r.th.selected
	}
	if m.sentence != nil && c.pos < m.sentence[1] && c.pos+c.n > m.sentence[0] {
		style = m.sentenceStyle
	}
	if m.heard != nil && c.pos < m.heard[1] && c.pos+c.n > m.heard[0] {
		style = r.th.heard
	}
	if c.pos < m.cursor[1] && c.pos+c.n > m.cursor[0] && m.heard == nil {
		style = r.th.cursor
		if m.findMatch != nil && c.pos >= m.findMatch.Start && c.pos < m.findMatch.End {
			// The cursor is on the match: it stays in the match's color,
			// underlined as the word at the cursor.
			style = r.th.text.Background(r.th.findMatch).Foreground(contrastingText(r.th.findMatch)).Underline(true)
		}
	}
	return style
}

// drawMessage draws the message line: the open prompt, the question
// waiting, or the last messages. It returns the prompt's caret column,
// or -1.
func (r *Reader) drawMessage(ps *core.PromptState, st core.ViewState, msg []string, msgY, w int) int {
	switch {
	case ps != nil:
		label := ps.Label + ": "
		text := ps.Text
		putText(r.scr, 0, msgY, w, r.visual(label+text), r.th.text)
		caret := []rune(text)[:min(ps.Caret, utf8.RuneCountInString(text))]
		return min(widthOf(label)+widthOf(string(caret)), w-1)
	case st.Pending != nil:
		putText(r.scr, 0, msgY, w, r.visual(st.Pending.Question), r.th.text.Bold(true))
		return min(widthOf(st.Pending.Question)+1, w-1)
	}
	for i, line := range msg {
		putText(r.scr, 0, msgY+i, w, r.visual(line), r.th.text)
	}
	return -1
}

// drawOpenList draws the list that is open (the app's, or the keyboard
// help), and reports the row of its selected item.
func (r *Reader) drawOpenList(w int) (int, bool) {
	if ls := r.app.ListState(); ls != nil {
		title := ls.Title
		if ls.Filter != nil && *ls.Filter != "" {
			title = r.tr("%s (filter: %s)", title, *ls.Filter)
		}
		y := r.drawList(title, ls.Items, ls.Selected, w)
		r.drawMenuBar(ls.Title, w)
		return y, true
	}
	if r.help == nil {
		return 0, false
	}
	title := r.tr("Keyboard help")
	if r.help.filter != "" {
		title = r.tr("%s (filter: %s)", title, r.help.filter)
	}
	texts := make([]string, len(r.help.items))
	for i, it := range r.help.items {
		texts[i] = it.text
	}
	return r.drawList(title, texts, r.help.selected, w), true
}

// drawMenuBar draws the menu bar on the top row while a menu is open:
// every menu with its Alt letter, the open one marked, so the menus
// beside it (Left and Right) can be seen as well as heard.
func (r *Reader) drawMenuBar(title string, w int) {
	open := -1
	for i, m := range core.Menus {
		if title == r.tr("%s menu", r.text(m.Name)) {
			open = i
		}
	}
	if open < 0 {
		return
	}
	for x := 0; x < w; x++ {
		r.scr.Put(x, 0, " ", r.th.bar)
	}
	x := 0
	for i, m := range core.Menus {
		label := fmt.Sprintf(" %s (Alt+%c) ", r.text(m.Name), unicode.ToUpper(m.Letter))
		style := r.th.bar
		if i == open {
			style = r.th.cursor
		}
		putText(r.scr, x, 0, w-x, label, style)
		x += widthOf(label)
		if x >= w {
			break
		}
	}
}

// drawBar draws the status bar: title, mode, place, playback.
func (r *Reader) drawBar(st core.ViewState, d *doc.Document, playback string, w, h int) {
	y := h - 1 - r.msgRows
	if y < 0 {
		return
	}
	for x := 0; x < w; x++ {
		r.scr.Put(x, y, " ", r.th.bar)
	}
	text := "tw"
	if st.Document != nil {
		text = st.Document.Title
		if st.Document.Dirty {
			text = r.tr("%s (changed)", text)
		}
		if d != nil && r.lo != nil && r.lo.d == d {
			pos := min(st.Cursor, d.Len())
			percent := 0
			if d.Len() > 0 {
				percent = pos * 100 / d.Len()
			}
			text = r.tr("%s | %s | Line %d of %d, %d%%", text, r.modeShown(st.Mode), r.lo.lineOf(pos)+1, st.Document.Lines, percent)
		}
	}
	text = r.tr("%s | %s | %s %d wpm", text, r.playbackShown(playback), st.Backend, st.Rate)
	if !r.cfg.CharacterKeys {
		text = r.tr("%s | keys off", text)
	}
	putText(r.scr, 0, y, w, " "+r.visual(text), r.th.bar)
}

// drawList draws a list over the bottom of the text area and returns the
// row of its selected item.
func (r *Reader) drawList(title string, items []string, selected, w int) int {
	rows := r.textRows()
	height := min(len(items)+1, max(rows-1, 2))
	top := rows - height
	for y := top; y < rows; y++ {
		for x := 0; x < w; x++ {
			r.scr.Put(x, y, " ", r.th.text)
		}
	}
	n := len(items)
	putText(r.scr, 0, top, w, r.visual(r.tr("%s — %d of %d", title, min(selected+1, n), n)), r.th.bar.Bold(true))
	visible := height - 1
	first := 0
	if selected >= visible {
		first = selected - visible + 1
	}
	sy := top
	for i := 0; i < visible && first+i < n; i++ {
		style := r.th.text
		if first+i == selected {
			style = r.th.cursor
			if r.th.focus != tcell.ColorDefault {
				style = style.Background(r.th.focus).Foreground(contrastingText(r.th.focus))
			}
			sy = top + 1 + i
		}
		putText(r.scr, 1, top+1+i, w-1, r.visual(items[first+i]), style)
	}
	return sy
}

// putText draws s from (x, y), at most maxWidth cells, one grapheme
// cluster per cell (two for wide characters).
func putText(scr tcell.Screen, x, y, maxWidth int, s string, style tcell.Style) {
	end := x + maxWidth
	for s != "" && x < end {
		var c string
		var w int
		c, s, w, _ = uniFirst(s)
		w = clusterWidth(c, w)
		if x+w > end {
			break
		}
		if c == "\t" || c == "\n" {
			c = " "
		}
		scr.Put(x, y, c, style)
		x += w
	}
}

// nothingIn says that a key does nothing, by the keymap's mode.
var nothingIn = map[string]string{
	core.ModeBrowse:       i18n.Key("%s does nothing in browse mode."),
	core.ModeEdit:         i18n.Key("%s does nothing in edit mode."),
	core.ModeSpeechCursor: i18n.Key("%s does nothing in speech cursor mode."),
}

// windowTitle is the terminal window's title for a document title: "tw: "
// and the title without its control characters, which a terminal would
// act on (an escape sequence in an HTML <title> could write the clipboard).
func windowTitle(title string) string {
	return "tw: " + strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, title)
}

// heardMarks are what the highlight of a reading covers, by
// highlight.granularity: the word heard ("word"), its whole sentence in
// the heard style ("sentence"), or the word in the heard style and the
// rest of its sentence underlined ("both"); the word is
// highlight.lead_words words on from the one heard (1 is that word).
// heard nil: nothing.
func (r *Reader) heardMarks(d *doc.Document, heard *[2]int) (word, sentence *[2]int) {
	if heard == nil || r.cfg.Settings == nil {
		return heard, nil
	}
	granularity := r.cfg.Settings.String("highlight.granularity")
	lead := r.cfg.Settings.Int("highlight.lead_words")
	if granularity != "sentence" && granularity != "both" && lead == 1 {
		return heard, nil
	}
	if r.sentences == nil || r.sentences.Doc != d {
		r.sentences = units.New(d)
	}
	heard = r.leadWords(heard, lead)
	if granularity != "sentence" && granularity != "both" {
		return heard, nil
	}
	s, ok := r.sentences.Sentence(heard[0])
	if !ok {
		return heard, nil
	}
	span := &[2]int{min(s.Start, heard[0]), max(s.End, heard[1])}
	if granularity == "sentence" {
		return span, nil
	}
	return heard, span
}

// sentenceStyle is how the rest of the sentence being heard looks when the
// highlight covers the word and its sentence: underlined, or
// highlight.sentence_color's color as the word heard has its own.
func (r *Reader) sentenceStyle() tcell.Style {
	color := "underline"
	theme := ""
	if r.cfg.Settings != nil {
		color, theme = r.cfg.Settings.String("highlight.sentence_color"), followedTheme(r.cfg.Settings)
	}
	if color == "underline" || color == "" {
		return r.th.text.Underline(true)
	}
	pal, colored := palettes[theme]
	return heardStyle(r.th.text, color, pal, colored)
}

// leadWords is the word lead-1 words after the one heard (before it when
// lead is below 1), as far as the document has words.
func (r *Reader) leadWords(heard *[2]int, lead int) *[2]int {
	at := units.Range{Start: heard[0], End: heard[1]}
	for ; lead > 1; lead-- {
		w, ok := r.sentences.NextWord(at.End)
		if !ok {
			break
		}
		at = w
	}
	for ; lead < 1; lead++ {
		w, ok := r.sentences.PreviousWord(at.Start)
		if !ok || w.Start >= at.Start {
			break
		}
		at = w
	}
	return &[2]int{at.Start, at.End}
}
