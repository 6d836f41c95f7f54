package core

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"textfirst/internal/lazyregexp"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/units"
)

// moveTo moves the cursor; jumps of a sentence or more are recorded in
// the history so history_back can return.
func (a *App) moveTo(pos int, jump bool) {
	if jump && pos != a.cursor && a.state != nil {
		a.state.History = append(a.state.History, a.cursor)
		if n := a.opts.Settings.Int("reading.nav_history_size"); n > 0 && len(a.state.History) > n {
			a.state.History = a.state.History[len(a.state.History)-n:]
		}
		a.state.Forward = nil
	}
	a.cursor = pos
	a.fresh = false
}

// noMove announces an edge.
func (a *App) edge(dir, what string) {
	i := 1
	if dir == "next" {
		i = 0
	}
	if keys, ok := edgeMessages[what]; ok {
		a.say(a.trKey(keys[i]))
		return
	}
	// Every caller names a kind of edgeMessages; a new kind without its
	// words still says something.
	a.say(a.tr([2]string{"No next %s.", "No previous %s."}[i], what))
}

// edgeMessages holds, for each kind of thing moved by, the whole sentence
// said when there is no next and no previous one: languages with genders
// and cases cannot build them from a noun.
var edgeMessages = map[string][2]string{
	"sentence":    {msg("No next sentence."), msg("No previous sentence.")},
	"paragraph":   {msg("No next paragraph."), msg("No previous paragraph.")},
	"heading":     {msg("No next heading."), msg("No previous heading.")},
	"table":       {msg("No next table."), msg("No previous table.")},
	"list":        {msg("No next list."), msg("No previous list.")},
	"list item":   {msg("No next list item."), msg("No previous list item.")},
	"link":        {msg("No next link."), msg("No previous link.")},
	"block quote": {msg("No next block quote."), msg("No previous block quote.")},
	"separator":   {msg("No next separator."), msg("No previous separator.")},
	"graphic":     {msg("No next graphic."), msg("No previous graphic.")},
	"chapter":     {msg("No next chapter."), msg("No previous chapter.")},
	"word":        {msg("No next word."), msg("No previous word.")},
	"cell":        {msg("No next cell."), msg("No previous cell.")},
	"row":         {msg("No next row."), msg("No previous row.")},
	"bookmark":    {msg("No next bookmark."), msg("No previous bookmark.")},
	"note":        {msg("No next note."), msg("No previous note.")},
}

// markerNav moves to the next or previous marker of a kind that satisfies
// keep, and returns it.
// With reading.wrap_navigation on, a move past the last one wraps to the
// first (and back), and the announcement starts "Wrapped.".
func (a *App) markerNav(next bool, kind doc.Kind, keep func(doc.Marker) bool) (doc.Marker, bool) {
	a.wrapped = false
	from := a.cursor
	if next && from == 0 && a.fresh {
		// A document just opened: a heading or link that starts at the
		// top was not reached yet, and is the next one; but a heading
		// that is the title was heard already ("Opened <title>.").
		if m, ok := a.markerFrom(-1, next, kind, keep); ok && m.Start == 0 &&
			!(kind == doc.Heading && strings.TrimSpace(a.oneLine(m)) == strings.TrimSpace(a.title)) {
			from = -1
		}
	}
	if m, ok := a.markerFrom(from, next, kind, keep); ok {
		a.fresh = false
		return m, true
	}
	if !a.opts.Settings.Bool("reading.wrap_navigation") {
		return doc.Marker{}, false
	}
	from = -1
	if !next {
		from = a.d.Len() + 1
	}
	m, ok := a.markerFrom(from, next, kind, keep)
	a.wrapped = ok
	a.fresh = a.fresh && !ok
	return m, ok
}

func (a *App) markerFrom(cursor int, next bool, kind doc.Kind, keep func(doc.Marker) bool) (doc.Marker, bool) {
	ms := a.ix.Kind(kind)
	if next {
		for i := ms.Search(func(m doc.Marker) bool { return m.Start > cursor }); i < ms.Len(); i++ {
			if m := ms.At(i); keep == nil || keep(m) {
				return m, true
			}
		}
		return doc.Marker{}, false
	}
	for i := ms.Search(func(m doc.Marker) bool { return m.Start >= cursor }) - 1; i >= 0; i-- {
		if m := ms.At(i); keep == nil || keep(m) {
			return m, true
		}
	}
	return doc.Marker{}, false
}

func dirOf(next bool) string {
	if next {
		return "next"
	}
	return "previous"
}

// oneLine returns a marker's text on one line.
func (a *App) oneLine(m doc.Marker) string {
	if m.End-m.Start > maxSpokenLine {
		return previewWords(a.d.Slice(m.Start, m.Start+previewChars)) + " …"
	}
	return strings.Join(strings.Fields(a.d.Slice(m.Start, m.End)), " ")
}

func (a *App) previewText(s string) string {
	return previewWords(s)
}

// previewMore is the preview at pos with " …" when its line goes on past
// the eight words, so the listener knows there is more.
func (a *App) previewMore(pos int) string {
	p := a.preview(pos)
	l := a.ix.Line(a.ix.LineOf(pos))
	rest := strings.TrimSpace(a.d.Slice(pos, min(l.End, pos+previewChars)))
	if p != "" && len(rest) > len(p) {
		return p + " …"
	}
	return p
}

// previewWords returns the first eight words of s, reading no further
// than it needs to.
func previewWords(s string) string {
	var f []string
	for len(f) < 8 {
		s = strings.TrimLeftFunc(s, unicode.IsSpace)
		if s == "" {
			break
		}
		end := strings.IndexFunc(s, unicode.IsSpace)
		if end < 0 {
			end = len(s)
		}
		f = append(f, s[:end])
		s = s[end:]
	}
	return strings.Join(f, " ")
}

// The Navigation and Speech Cursor groups: moves by unit and by
// structure, the caret and the selection, and the speech cursor.
var _ = registerHandlers(func(t *actionTable) {
	moves := map[string]actionHandler{
		"next_sentence":         func(a *App) { a.sentenceMove(true) },
		"previous_sentence":     func(a *App) { a.sentenceMove(false) },
		"next_paragraph":        func(a *App) { a.paragraphMove(true) },
		"previous_paragraph":    func(a *App) { a.paragraphMove(false) },
		"next_heading":          func(a *App) { a.headingMove(true, true) },
		"previous_heading":      func(a *App) { a.headingMove(false, true) },
		"skip_next_heading":     func(a *App) { a.headingMove(true, false) },
		"skip_previous_heading": func(a *App) { a.headingMove(false, false) },
		"next_chapter":          func(a *App) { a.chapterMove(true) },
		"previous_chapter":      func(a *App) { a.chapterMove(false) },
		"table_next_row":        func(a *App) { a.tableMove(false, 1) },
		"table_previous_row":    func(a *App) { a.tableMove(false, -1) },
		"table_next_column":     func(a *App) { a.tableMove(true, 1) },
		"table_previous_column": func(a *App) { a.tableMove(true, -1) },
		"follow_link":           (*App).followLink,
		"history_back": func(a *App) {
			if a.backToPage() {
				return
			}
			if a.state != nil {
				a.historyMove(&a.state.History, &a.state.Forward, msg("Back, line %d: %s"), msg("No earlier history."))
			}
		},
		"history_forward": func(a *App) {
			if (a.state == nil || len(a.state.Forward) == 0) && a.forwardToPage() {
				return
			}
			if a.state != nil {
				a.historyMove(&a.state.Forward, &a.state.History, msg("Forward, line %d: %s"), msg("No forward history."))
			}
		},
		"document_start":              (*App).documentStart,
		"document_end":                (*App).documentEnd,
		"caret_next_word":             func(a *App) { a.wordMove(true, false) },
		"caret_previous_word":         func(a *App) { a.wordMove(false, false) },
		"caret_next_line":             func(a *App) { a.lineMove(true, caretLine) },
		"caret_previous_line":         func(a *App) { a.lineMove(false, caretLine) },
		"speech_cursor_next_line":     func(a *App) { a.lineMove(true, speechCursorLine) },
		"speech_cursor_previous_line": func(a *App) { a.lineMove(false, speechCursorLine) },
		"page_down":                   func(a *App) { a.pageMove(true) },
		"page_up":                     func(a *App) { a.pageMove(false) },
		"speech_cursor_reread_line": func(a *App) {
			a.say(a.nonBlank(a.spokenLine(a.ix.LineOf(a.cursor))))
		},
		"speech_cursor_exit_and_read": func(a *App) {
			a.mode = ModeBrowse
			a.startReading(a.cursor, a.d.Len(), true)
		},
	}
	for level := 1; level <= 6; level++ {
		moves[fmt.Sprintf("next_heading_level_%d", level)] = func(a *App) { a.headingLevelMove(true, level) }
		moves[fmt.Sprintf("previous_heading_level_%d", level)] = func(a *App) { a.headingLevelMove(false, level) }
	}
	for _, s := range structureMoves {
		for _, next := range []bool{true, false} {
			moves[dirOf(next)+"_"+s.name] = func(a *App) {
				a.structure(next, s.kind, s.what, func(m doc.Marker) string { return s.said(a, m) })
			}
		}
	}
	handle(t, moving, moves)
	// Selecting extends the selection instead of ending it.
	handle(t, interrupting, map[string]actionHandler{
		"select_next_word":     func(a *App) { a.wordMove(true, true) },
		"select_previous_word": func(a *App) { a.wordMove(false, true) },
		"select_next_line":     func(a *App) { a.lineMove(true, selectLine) },
		"select_previous_line": func(a *App) { a.lineMove(false, selectLine) },
	})
	// Scrolling moves the view: the cursor, the reading and the
	// selection stay. Nothing to say.
	handle(t, onDocument, map[string]actionHandler{
		"scroll_down": func(*App) {},
		"scroll_up":   func(*App) {},
		"go_to":       (*App).goToPrompt,
		"outline":     (*App).showOutline,
	})
	// Turning the speech cursor on or off ends the selection, and leaves
	// stopping the reading to the toggle itself.
	handle(t, onDocument, map[string]actionHandler{
		"speech_cursor_toggle": func(a *App) {
			a.sel = nil
			a.toggleSpeechCursor()
		},
	})
})

// structureMoves are the moves to the next or previous marker of a kind:
// next_<name> and previous_<name>, with what edge and said say.
var structureMoves = []struct {
	name string
	kind doc.Kind
	what string // the edgeMessages kind
	said func(a *App, m doc.Marker) string
}{
	{"table", doc.Table, "table", (*App).tableSaid},
	{"list", doc.List, "list", (*App).listSaid},
	{"list_item", doc.ListItem, "list item", (*App).listItemSaid},
	{"link", doc.Link, "link", func(a *App, m doc.Marker) string { return a.roleSaid(m, "Link", a.oneLine(m)) }},
	{"block_quote", doc.Quote, "block quote", func(a *App, m doc.Marker) string { return a.roleSaid(m, "Block quote", a.preview(m.Start)) }},
	{"separator", doc.Rule, "separator", func(a *App, m doc.Marker) string { return a.roleSaid(m, "Separator", "") }},
	{"graphic", doc.Image, "graphic", func(a *App, m doc.Marker) string {
		if m.End == m.Start {
			return a.roleSaid(m, "Graphic", noDescription)
		}
		return a.roleSaid(m, "Graphic", a.oneLine(m))
	}},
}

// headingLevelMove moves to the next or previous heading of a level.
func (a *App) headingLevelMove(next bool, level int) {
	m, ok := a.markerNav(next, doc.Heading, func(m doc.Marker) bool { return m.Level == level })
	if !ok {
		if next {
			a.say(a.tr("No next heading at level %d.", level))
		} else {
			a.say(a.tr("No previous heading at level %d.", level))
		}
		return
	}
	a.moveTo(m.Start, true)
	a.say(a.headingSaid(m))
}

// sentenceMove moves to the next sentence, or back: to the start of the
// current one when more than three words into it, else to the one before.
func (a *App) sentenceMove(next bool) {
	var s units.Range
	var ok bool
	if next {
		s, ok = a.ix.NextSentence(a.cursor)
	} else if cur, in := a.ix.Sentence(a.cursor); in && cur.Start < a.cursor && len(a.ix.Words(units.Range{Start: cur.Start, End: a.cursor})) > 3 {
		s, ok = cur, true
	} else {
		s, ok = a.ix.PreviousSentence(a.cursor)
	}
	if !ok {
		a.edge(dirOf(next), "sentence")
		return
	}
	a.moveTo(s.Start, true)
	a.say(a.d.Slice(s.Start, s.End))
}

// paragraphMove moves to the next paragraph, or back: to the start of the
// current one when inside it, else to the one before.
func (a *App) paragraphMove(next bool) {
	var p units.Range
	var ok bool
	if next {
		p, ok = a.ix.NextParagraph(a.cursor)
	} else if cur, in := a.ix.Paragraph(a.cursor); in && cur.Start < a.cursor {
		p, ok = cur, true
	} else {
		p, ok = a.ix.PreviousParagraph(a.cursor)
	}
	if !ok {
		a.edge(dirOf(next), "paragraph")
		return
	}
	a.moveTo(p.Start, true)
	a.say(a.previewText(a.d.Slice(p.Start, p.End)))
}

// headingMove moves to the next or previous heading and says it; with
// read, reading goes on from it when the session speaks.
func (a *App) headingMove(next, read bool) {
	m, ok := a.markerNav(next, doc.Heading, nil)
	if !ok {
		a.edge(dirOf(next), "heading")
		return
	}
	a.moveTo(m.Start, true)
	a.say(a.headingSaid(m))
	if read && a.opts.Speaker != nil {
		// The heading was just said: the reading goes on after it.
		a.startReading(m.End, a.d.Len(), true)
	}
}

// chapterMove moves by the document's chapters: its headings of the top
// level present (doc.TopHeadingLevel), the chapters export-audio makes.
// Pages are never chapters.
func (a *App) chapterMove(next bool) {
	level := a.d.TopHeadingLevel(0, a.d.Len())
	if level == 0 {
		a.say(a.tr("This document has no chapters."))
		return
	}
	isChapter := func(m doc.Marker) bool { return m.Level == level }
	m, ok := a.markerNav(next, doc.Heading, isChapter)
	if !ok {
		a.edge(dirOf(next), "chapter")
		return
	}
	a.moveTo(m.Start, true)
	a.say(a.roleSaidAmong(m, "Chapter", a.oneLine(m), isChapter))
}

// documentStart moves to the top and says the first words only, as every
// other move says them: the first line may be a whole paragraph.
func (a *App) documentStart() {
	a.moveTo(0, true)
	a.say(strings.TrimSpace(a.tr("Top of document. %s", a.previewMore(0))))
}

// documentEnd moves to the last line that is not blank.
func (a *App) documentEnd() {
	last := a.ix.Lines() - 1
	for last > 0 && strings.TrimSpace(a.lineText(last)) == "" {
		last--
	}
	a.moveTo(a.ix.LineStart(last), true)
	a.say(strings.TrimSpace(a.tr("End of document. %s", a.previewMore(a.ix.LineStart(last)))))
}

// wordMove moves the caret by a word, extending the selection when
// selecting.
func (a *App) wordMove(next, selecting bool) {
	var w units.Range
	var ok bool
	if next {
		w, ok = a.ix.NextWord(a.cursor)
	} else {
		w, ok = a.ix.PreviousWord(a.cursor)
	}
	if !ok {
		a.edge(dirOf(next), "word")
		return
	}
	if selecting {
		a.extendSelection(w, next)
	} else {
		a.sel = nil
	}
	a.cursor = w.Start
	a.say(a.wordSaid(w))
}

// pageMove moves a screen of lines (24 lines less four) down or up.
func (a *App) pageMove(down bool) {
	l := a.ix.LineOf(a.cursor)
	const page = 20
	if down {
		l = min(l+page, a.ix.Lines()-1)
	} else {
		l = max(l-page, 0)
	}
	a.moveTo(a.ix.LineStart(l), true)
	a.say(a.tr("Line %d, %d percent: %s", l+1, a.percent(a.cursor), a.spokenLine(l)))
}

// toggleSpeechCursor turns the speech cursor on (at the start of the
// cursor's line) or off (stopping the reading).
func (a *App) toggleSpeechCursor() {
	if a.mode == ModeSpeechCursor {
		a.mode = ModeBrowse
		a.stopReading()
		a.say(a.tr("Stopped. Speech Cursor off."))
		return
	}
	a.mode = ModeSpeechCursor
	l := a.ix.LineOf(a.cursor)
	a.cursor = a.ix.LineStart(l)
	a.say(a.tr("Speech Cursor. Line %d: %s", l+1, a.nonBlank(a.spokenLine(l))))
}

// goToWords are the words of go-to targets as catalogue keys: the
// prompt offers each in the interface language, and takes it in that
// language as well as in English.
var goToWords = struct{ line, percent, start, end, page string }{
	msg("line"), msg("percent"), msg("start"), msg("end"), msg("page")}

// goToPrompt asks for a line, a percentage, the start or the end, and goes
// there.
func (a *App) goToPrompt() {
	w := goToWords
	label := a.tr("Go to %s, %s, %s, or %s", a.trKey(w.line), a.trKey(w.percent), a.trKey(w.start), a.trKey(w.end))
	a.openPrompt("go_to", label, "Go to", func(text string) {
		t, ok := parseGoTo(a.goToInEnglish(text))
		if !ok {
			a.sayError(a.tr("Not a go-to target: %s. Type a line number, a percentage such as 50%%, %s, or %s.",
				text, a.trKey(w.start), a.trKey(w.end)))
			return
		}
		if t.kind == "page" {
			if _, ok := a.pageNamed(t.name); !ok {
				a.sayError(a.noSuchPage(t.name))
				return
			}
		}
		a.goTo(t)
	})
}

// pageNamed finds the page a go-to target names (doc.PageNamed).
func (a *App) pageNamed(name string) (doc.Page, bool) {
	pages := a.d.Pages()
	i, ok := doc.PageNamed(pages, name)
	if !ok {
		return doc.Page{}, false
	}
	return pages[i], true
}

// pageAt is the page pos is on: the last page starting at or before it;
// false in a document without pages.
func (a *App) pageAt(pos int) (doc.Page, bool) {
	pages := a.d.Pages()
	i := sort.Search(len(pages), func(i int) bool { return pages[i].Start > pos })
	if i == 0 {
		return doc.Page{}, false
	}
	return pages[i-1], true
}

// pageSaid announces arriving at page p: its label and its first words.
func (a *App) pageSaid(p doc.Page) string {
	return a.tr("Page %s: %s", p.Label, a.nonBlank(a.preview(p.Start)))
}

// noSuchPage says why a page cannot be gone to: the document has no pages,
// or which pages it has.
func (a *App) noSuchPage(name string) string {
	pages := a.d.Pages()
	if len(pages) == 0 {
		return a.tr("This document has no pages.")
	}
	return a.tr("There is no page %s: this document has pages %s to %s.", name, pages[0].Label, pages[len(pages)-1].Label)
}

// structure moves to the next or previous marker of a kind and says it.
func (a *App) structure(next bool, kind doc.Kind, what string, say func(doc.Marker) string) {
	m, ok := a.markerNav(next, kind, nil)
	if !ok {
		a.edge(dirOf(next), what)
		return
	}
	a.moveTo(m.Start, true)
	a.say(say(m))
}

// count counts markers of kind inside m.
func (a *App) count(kind doc.Kind, m doc.Marker) int { return len(a.ix.Within(kind, m.Start, m.End)) }

// countDirect counts the items of list m at its own level.
func (a *App) countDirect(m doc.Marker) int {
	n := 0
	for _, x := range a.ix.Within(doc.ListItem, m.Start, m.End) {
		if x.Level == m.Level {
			n++
		}
	}
	return n
}

// lineMoveKind is which cursor a move by line moves.
type lineMoveKind int

const (
	caretLine        lineMoveKind = iota // the caret, ending the selection
	selectLine                           // the caret, extending the selection
	speechCursorLine                     // the speech cursor, to the line's start
)

// lineMove moves by a line: the caret skips blank lines and keeps its
// column; the speech cursor stops on them, at their start.
func (a *App) lineMove(next bool, kind lineMoveKind) {
	l := a.ix.LineOf(a.cursor)
	col := a.cursor - a.ix.LineStart(l)
	speechCursor := kind == speechCursorLine
	for {
		if next {
			l++
		} else {
			l--
		}
		if l < 0 || l >= a.ix.Lines() {
			if next {
				a.say(a.tr("End of document."))
			} else {
				a.say(a.tr("Top of document."))
			}
			return
		}
		// Caret moves skip blank lines; the speech cursor stops on them.
		if speechCursor || strings.TrimSpace(a.lineText(l)) != "" {
			break
		}
	}
	lr := a.ix.Line(l)
	to := lr.Start
	if !speechCursor {
		to = min(lr.Start+col, lr.End)
	}
	if kind == selectLine {
		from := a.cursor
		if a.sel == nil {
			a.sel = &units.Range{Start: min(from, to), End: max(from, to)}
		} else if next {
			a.sel.End = max(a.sel.End, to)
		} else {
			a.sel.Start = min(a.sel.Start, to)
		}
	} else {
		a.sel = nil
	}
	a.cursor = to
	line := a.linePrefix(lr.Start) + a.nonBlank(a.spokenLine(l))
	if a.editing && !a.opts.Settings.Bool("editing.echo_lines_on_move") {
		// editing.echo_lines_on_move off: the line is shown, not said.
		a.status = line
		return
	}
	a.say(line)
}

// linePrefix names the structure a line starts, as caret moves say it.
func (a *App) linePrefix(start int) string {
	hs := a.ix.Kind(doc.Heading)
	if a.verbosity() == verbosityLow {
		return ""
	}
	if i := hs.Search(func(m doc.Marker) bool { return m.Start >= start }); i < hs.Len() && hs.At(i).Start == start {
		return a.tr("heading level %d, ", hs.At(i).Level)
	}
	return ""
}

func (a *App) extendSelection(w units.Range, next bool) {
	if a.sel == nil {
		a.sel = &units.Range{Start: w.Start, End: w.End}
		return
	}
	if next {
		a.sel.End = max(a.sel.End, w.End)
	} else {
		a.sel.Start = min(a.sel.Start, w.Start)
	}
}

// tableMove moves by a column (byColumn) or a row, step 1 forward or -1
// back, inside the innermost table that holds the cursor.
func (a *App) tableMove(byColumn bool, step int) {
	// The innermost table and row holding the cursor: the last of their
	// kind in document order that starts at or before it and holds it.
	// Found through the index, as a table of millions of cells makes a
	// walk over every marker slow.
	holding := func(k doc.Kind) *doc.Marker {
		ms := a.ix.Kind(k)
		for i := ms.Search(func(m doc.Marker) bool { return m.Start > a.cursor }) - 1; i >= 0; i-- {
			if m := ms.At(i); a.cursor <= m.End {
				return &m
			}
		}
		return nil
	}
	// inside is the markers of kind k within [start, end].
	inside := func(k doc.Kind, start, end int) []doc.Marker {
		ms := a.ix.Kind(k)
		var out []doc.Marker
		for i := ms.Search(func(m doc.Marker) bool { return m.Start >= start }); i < ms.Len(); i++ {
			m := ms.At(i)
			if m.Start > end {
				break
			}
			if m.End <= end {
				out = append(out, m)
			}
		}
		return out
	}
	table, row := holding(doc.Table), holding(doc.TableRow)
	if table == nil || row == nil {
		a.say(a.tr("Not in a table."))
		return
	}
	rowCells := func(r doc.Marker) []doc.Marker { return inside(doc.TableCell, r.Start, r.End) }
	var cells []doc.Marker
	rows := func() []doc.Marker { return inside(doc.TableRow, table.Start, table.End) }
	cells = rowCells(*row)
	col := 0
	for i, c := range cells {
		if c.Start <= a.cursor {
			col = i
		}
	}
	// header is the column's header, said when a move changes the column
	// (as NVDA and Orca do): the cell of the table's header row (its first
	// row, when the document marks it as a header), unless the cell
	// reached is in that row.
	header := func(ri, col int) string {
		rs := rows()
		if ri == 0 || len(rs) < 2 || rs[0].Label != doc.HeaderRow {
			return ""
		}
		if hs := rowCells(rs[0]); col < len(hs) {
			return a.oneLine(hs[col])
		}
		return ""
	}
	if byColumn {
		col += step
		if col < 0 || col >= len(cells) {
			a.edge(dirOf(step > 0), "cell")
			return
		}
		a.cursor = cells[col].Start
		ri := rowIndex(rows(), *row)
		a.say(a.cellSaid(a.nonBlank(a.oneLine(cells[col])), ri+1, col+1, header(ri, col)))
	} else {
		rows := rows()
		ri := rowIndex(rows, *row) + step
		if ri < 0 || ri >= len(rows) {
			a.edge(dirOf(step > 0), "row")
			return
		}
		cs := rowCells(rows[ri])
		was := col
		if col >= len(cs) {
			col = len(cs) - 1
		}
		if col < 0 {
			a.cursor = rows[ri].Start
			a.say(a.oneLine(rows[ri]))
			return
		}
		a.cursor = cs[col].Start
		h := ""
		if col != was {
			h = header(ri, col)
		}
		a.say(a.cellSaid(a.nonBlank(a.oneLine(cs[col])), ri+1, col+1, h))
	}
}

func (a *App) followLink() {
	for _, m := range a.d.All() {
		if m.Start > a.cursor {
			break
		}
		if a.cursor >= m.End {
			continue
		}
		switch m.Kind {
		case doc.Footnote:
			// A reference jumps to its note, a note back to the first reference.
			for _, t := range a.d.All() {
				if t.Kind == doc.Footnote && t.Reference == m.Reference && t.Start != m.Start && (t.End-t.Start) != (m.End-m.Start) {
					a.moveTo(t.Start, true)
					a.say(a.previewText(a.d.Slice(t.Start, t.End)))
					return
				}
			}
		case doc.Link:
			if to, ok := a.d.LinkTarget(m); ok {
				a.moveTo(to, true)
				a.say(a.landing(to))
				return
			}
			if strings.HasPrefix(m.Reference, "#") {
				if h, ok := a.findAnchor(m.Reference[1:]); ok {
					a.moveTo(h, true)
					a.say(a.preview(h))
					return
				}
			}
			if target, fragment, ok := a.linkedPage(m.Reference); ok {
				a.followToPage(target, fragment)
				return
			}
			a.say(a.tr("Link address: %s", m.Reference))
			return
		}
	}
	a.say(a.tr("No link here."))
}

// landing announces where an in-document link led: the heading there
// ("Heading level 2: Tables"), else a preview of the text.
func (a *App) landing(pos int) string {
	for _, h := range a.d.All() {
		if h.Start > pos {
			break
		}
		if h.Kind == doc.Heading && h.Start == pos {
			return a.headingSaid(h)
		}
	}
	return a.preview(pos)
}

var nonSlug = lazyregexp.New(`[^a-z0-9\- ]+`)

// findAnchor finds the heading whose slug is id (GitHub style).
func (a *App) findAnchor(id string) (int, bool) {
	if pos, ok := a.d.Anchors["#"+id]; ok {
		return pos, true
	}
	for _, m := range a.d.All() {
		if m.Kind != doc.Heading {
			continue
		}
		slug := strings.ReplaceAll(nonSlug.ReplaceAllString(strings.ToLower(a.oneLine(m)), ""), " ", "-")
		if slug == strings.ToLower(id) {
			return m.Start, true
		}
	}
	return 0, false
}

// GoToTarget is a parsed go-to destination.
type goTarget struct {
	kind  string // line, percent, char, page, start, end
	value int
	name  string // the page's label or number, for a page
}

var (
	reLine    = lazyregexp.New(`^(?:line\s+)?(\d+)$`)
	rePercent = lazyregexp.New(`^(\d+(?:\.\d+)?)\s*(?:%|percent)$`)
	reChar    = lazyregexp.New(`^(?:char|character)\s+(\d+)$`)
	rePage    = lazyregexp.New(`^(?:page\s*|p\.\s*|p\s+)(\S+)$`)
)

// goToInEnglish is a go-to target typed with the interface language's
// words (goToWords) written with the English ones: "fin" is "end",
// "ligne 5" is "line 5", "50 pour cent" is "50 percent".
func (a *App) goToInEnglish(s string) string {
	t := strings.ToLower(strings.TrimSpace(s))
	w := goToWords
	word := func(key string) string { return strings.ToLower(a.trKey(key)) }
	switch t {
	case word(w.start):
		return "start"
	case word(w.end):
		return "end"
	}
	for _, key := range []string{w.line, w.page} {
		if rest, ok := strings.CutPrefix(t, word(key)); ok && rest != t && strings.HasPrefix(rest, " ") {
			return key + rest
		}
	}
	if rest, ok := strings.CutSuffix(t, word(w.percent)); ok {
		return rest + "percent"
	}
	return t
}

func parseGoTo(s string) (goTarget, bool) {
	t := strings.ToLower(strings.TrimSpace(s))
	switch t {
	case "start", "top", "beginning", "begin":
		return goTarget{kind: "start"}, true
	case "end", "bottom":
		return goTarget{kind: "end"}, true
	}
	if m := reLine.FindStringSubmatch(t); m != nil {
		n, err := strconv.Atoi(m[1])
		return goTarget{kind: "line", value: n}, err == nil
	}
	if m := rePercent.FindStringSubmatch(t); m != nil {
		f, err := strconv.ParseFloat(m[1], 64)
		return goTarget{kind: "percent", value: int(f * 100)}, err == nil
	}
	if m := reChar.FindStringSubmatch(t); m != nil {
		n, err := strconv.Atoi(m[1])
		return goTarget{kind: "char", value: n}, err == nil
	}
	if m := rePage.FindStringSubmatch(t); m != nil {
		return goTarget{kind: "page", name: m[1]}, true
	}
	return goTarget{}, false
}

// goTo moves to a parsed target and announces it. A page target must name
// one of the document's pages (pageNamed).
func (a *App) goTo(t goTarget) {
	switch t.kind {
	case "page":
		p, _ := a.pageNamed(t.name)
		a.moveTo(p.Start, true)
		a.say(a.pageSaid(p))
		return
	case "start":
		a.documentStart()
		return
	case "end":
		a.documentEnd()
		return
	case "line":
		l := min(max(t.value, 1), a.ix.Lines()) - 1
		a.moveTo(a.ix.LineStart(l), true)
	case "percent":
		// value is hundredths of a percent.
		pct := min(max(t.value, 0), 10000)
		// The word at or after that point, so the percentage heard is the
		// one asked for.
		pos := a.d.Len() * pct / 10000
		if w, ok := a.ix.Word(pos); ok {
			pos = w.Start
		} else {
			pos = a.firstWordAtOrAfter(pos)
		}
		a.moveTo(pos, true)
	case "char":
		a.moveTo(min(max(t.value, 0), a.d.Len()), true)
	}
	l := a.ix.LineOf(a.cursor)
	a.say(a.tr("%d percent, line %d: %s", a.percent(a.cursor), l+1, a.nonBlank(a.preview(a.cursor))))
}

// Navigate runs a resolved navigation action (one whose Moves is true:
// the Navigation, Speech Cursor, Search and Bookmarks and notes groups)
// and returns the position after it.
func (a *App) Navigate(act ActionInfo) (Position, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.d == nil {
		return Position{}, ErrNoDocument
	}
	if !act.Moves() {
		return Position{}, fmt.Errorf("%w: %s", errNotNavigation, act.ID)
	}
	a.perform(act)
	return a.position(), nil
}

// GoTo moves to a go-to target ("12", "line 12", "50%", "char 120",
// "page 42" or "page xii" in a paged document, "start", "end"). A target it
// cannot understand, or a page the document does not have, is
// ErrNotGoToTarget.
func (a *App) GoTo(target string) (Position, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.d == nil {
		return Position{}, ErrNoDocument
	}
	t, ok := parseGoTo(target)
	if ok && t.kind == "page" {
		_, ok = a.pageNamed(t.name)
	}
	if !ok {
		return Position{}, fmt.Errorf("%w: %s", ErrNotGoToTarget, target)
	}
	a.stopIfReading()
	a.goTo(t)
	return a.position(), nil
}

// stopIfReading stops speech before a move (moving interrupts reading).
func (a *App) stopIfReading() {
	if a.playback != Stopped {
		a.stopReading()
	}
}

// historyMove goes to the newest place of from, keeping the current place
// in to, so the opposite move returns.
func (a *App) historyMove(from, to *[]int, moved, empty string) {
	if len(*from) == 0 {
		a.say(a.trKey(empty))
		return
	}
	place := (*from)[len(*from)-1]
	*from = (*from)[:len(*from)-1]
	*to = append(*to, a.cursor)
	a.cursor = min(place, a.d.Len())
	a.say(a.tr(moved, a.ix.LineOf(a.cursor)+1, a.preview(a.cursor)))
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
		a.say(a.tr("End of document."))
		return
	default:
		a.say(a.tr("Top of document."))
		return
	}
	a.say(a.spokenChar(a.cursor))
}

func (a *App) spokenChar(pos int) string {
	d := a.d
	if pos >= d.Len() {
		return a.tr("end")
	}
	switch r := d.RuneAt(pos); r {
	case '\n':
		return a.tr("new line")
	case ' ':
		return a.tr("space")
	case '\t':
		return a.tr("tab")
	default:
		return string(r)
	}
}

// rowIndex is row's index among rows (0 when it is not there).
func rowIndex(rows []doc.Marker, row doc.Marker) int {
	for i, r := range rows {
		if r.Start == row.Start {
			return i
		}
	}
	return 0
}
