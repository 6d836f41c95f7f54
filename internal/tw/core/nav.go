package core

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"

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
	if m, ok := a.markerFrom(a.cursor, next, kind, keep); ok {
		return m, true
	}
	if !a.opts.Settings.Bool("reading.wrap_navigation") {
		return doc.Marker{}, false
	}
	from := -1
	if !next {
		from = a.d.Len() + 1
	}
	m, ok := a.markerFrom(from, next, kind, keep)
	a.wrapped = ok
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

// navigate runs one navigation action; it reports false for an action it
// does not know.
func (a *App) navigate(id string) bool {
	if strings.HasPrefix(id, "next_heading_level_") || strings.HasPrefix(id, "previous_heading_level_") {
		next := strings.HasPrefix(id, "next_")
		level, _ := strconv.Atoi(id[len(id)-1:])
		m, ok := a.markerNav(next, doc.Heading, func(m doc.Marker) bool { return m.Level == level })
		if !ok {
			if next {
				a.say(a.tr("No next heading at level %d.", level))
			} else {
				a.say(a.tr("No previous heading at level %d.", level))
			}
			return true
		}
		a.moveTo(m.Start, true)
		a.say(a.headingSaid(m))
		return true
	}
	switch id {
	case "next_sentence", "previous_sentence", "replay_sentence":
		var s units.Range
		var ok bool
		switch id {
		case "next_sentence":
			s, ok = a.ix.NextSentence(a.cursor)
		case "previous_sentence":
			// More than three words into the current sentence, go to its start.
			if cur, in := a.ix.Sentence(a.cursor); in && cur.Start < a.cursor && len(a.ix.Words(units.Range{Start: cur.Start, End: a.cursor})) > 3 {
				s, ok = cur, true
			} else {
				s, ok = a.ix.PreviousSentence(a.cursor)
			}
		}
		if !ok {
			a.edge(dirOf(id == "next_sentence"), "sentence")
			return true
		}
		a.moveTo(s.Start, true)
		a.say(a.d.Slice(s.Start, s.End))
	case "next_paragraph", "previous_paragraph":
		var p units.Range
		var ok bool
		if id == "next_paragraph" {
			p, ok = a.ix.NextParagraph(a.cursor)
		} else {
			cur, in := a.ix.Paragraph(a.cursor)
			if in && cur.Start < a.cursor {
				p, ok = cur, true
			} else {
				p, ok = a.ix.PreviousParagraph(a.cursor)
			}
		}
		if !ok {
			a.edge(dirOf(id == "next_paragraph"), "paragraph")
			return true
		}
		a.moveTo(p.Start, true)
		a.say(a.previewText(a.d.Slice(p.Start, p.End)))
	case "next_heading", "previous_heading", "skip_next_heading", "skip_previous_heading":
		next := strings.Contains(id, "next")
		m, ok := a.markerNav(next, doc.Heading, nil)
		if !ok {
			a.edge(dirOf(next), "heading")
			return true
		}
		a.moveTo(m.Start, true)
		a.say(a.headingSaid(m))
		if !strings.HasPrefix(id, "skip_") && a.opts.Speaker != nil {
			a.startReading(m.Start, a.d.Len(), true)
		}
	case "next_table", "previous_table":
		a.structure(id == "next_table", doc.Table, "table", a.tableSaid)
	case "next_list", "previous_list":
		a.structure(id == "next_list", doc.List, "list", a.listSaid)
	case "next_list_item", "previous_list_item":
		a.structure(id == "next_list_item", doc.ListItem, "list item", a.listItemSaid)
	case "next_link", "previous_link":
		a.structure(id == "next_link", doc.Link, "link", func(m doc.Marker) string { return a.roleSaid(m, "Link", a.oneLine(m)) })
	case "next_block_quote", "previous_block_quote":
		a.structure(id == "next_block_quote", doc.Quote, "block quote", func(m doc.Marker) string { return a.roleSaid(m, "Block quote", a.preview(m.Start)) })
	case "next_separator", "previous_separator":
		a.structure(id == "next_separator", doc.Rule, "separator", func(m doc.Marker) string { return a.roleSaid(m, "Separator", "") })
	case "next_graphic", "previous_graphic":
		a.structure(id == "next_graphic", doc.Image, "graphic", func(m doc.Marker) string {
			if m.End == m.Start {
				return a.roleSaid(m, "Graphic", noDescription)
			}
			return a.roleSaid(m, "Graphic", a.oneLine(m))
		})
	case "next_chapter", "previous_chapter":
		if len(a.d.MarkersOf(doc.PageBreak)) == 0 {
			a.say(a.tr("This document has no chapters."))
			return true
		}
		a.structure(id == "next_chapter", doc.PageBreak, "chapter", func(m doc.Marker) string { return a.roleSaid(m, "Chapter", a.preview(m.Start)) })
	case "table_next_row", "table_previous_row", "table_next_column", "table_previous_column":
		a.tableMove(id)
	case "follow_link":
		a.followLink()
	case "history_back":
		if a.state != nil {
			a.historyMove(&a.state.History, &a.state.Forward, msg("Back, line %d: %s"), msg("No earlier history."))
		}
	case "history_forward":
		if a.state != nil {
			a.historyMove(&a.state.Forward, &a.state.History, msg("Forward, line %d: %s"), msg("No forward history."))
		}
	case "document_start":
		// The first words only, as every other move says them: the
		// first line may be a whole paragraph.
		a.moveTo(0, true)
		a.say(strings.TrimSpace(a.tr("Top of document. %s", a.previewMore(0))))
	case "document_end":
		last := a.ix.Lines() - 1
		for last > 0 && strings.TrimSpace(a.lineText(last)) == "" {
			last--
		}
		a.moveTo(a.ix.LineStart(last), true)
		a.say(strings.TrimSpace(a.tr("End of document. %s", a.previewMore(a.ix.LineStart(last)))))
	case "caret_next_word", "caret_previous_word", "select_next_word", "select_previous_word":
		next := strings.Contains(id, "next")
		var w units.Range
		var ok bool
		if next {
			w, ok = a.ix.NextWord(a.cursor)
		} else {
			w, ok = a.ix.PreviousWord(a.cursor)
		}
		if !ok {
			a.edge(dirOf(next), "word")
			return true
		}
		if strings.HasPrefix(id, "select_") {
			a.extendSelection(w, next)
		} else {
			a.sel = nil
		}
		a.cursor = w.Start
		a.say(a.d.Slice(w.Start, w.End))
	case "caret_next_line", "caret_previous_line", "select_next_line", "select_previous_line",
		"speech_cursor_next_line", "speech_cursor_previous_line":
		a.lineMove(id)
	case "page_down", "page_up":
		l := a.ix.LineOf(a.cursor)
		const page = 20 // one screen (24 lines) minus four
		if id == "page_down" {
			l = min(l+page, a.ix.Lines()-1)
		} else {
			l = max(l-page, 0)
		}
		a.moveTo(a.ix.LineStart(l), true)
		a.say(a.tr("Line %d, %d percent: %s", l+1, a.percent(a.cursor), a.spokenLine(l)))
	case "scroll_down", "scroll_up":
		// The view scrolls; the cursor stays. Nothing to say.
	case "speech_cursor_toggle":
		if a.mode == ModeSpeechCursor {
			a.mode = ModeBrowse
			a.stopReading()
			a.say(a.tr("Stopped. Speech Cursor off."))
			return true
		}
		a.mode = ModeSpeechCursor
		l := a.ix.LineOf(a.cursor)
		a.cursor = a.ix.LineStart(l)
		a.say(a.tr("Speech Cursor. Line %d: %s", l+1, a.nonBlank(a.spokenLine(l))))
	case "speech_cursor_reread_line":
		a.say(a.nonBlank(a.spokenLine(a.ix.LineOf(a.cursor))))
	case "speech_cursor_exit_and_read":
		a.mode = ModeBrowse
		a.startReading(a.cursor, a.d.Len(), true)
	default:
		return false
	}
	return true
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

func (a *App) lineMove(id string) {
	next := strings.Contains(id, "next")
	l := a.ix.LineOf(a.cursor)
	col := a.cursor - a.ix.LineStart(l)
	speechCursor := strings.HasPrefix(id, "speech_cursor_")
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
	if strings.HasPrefix(id, "select_") {
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
	a.say(a.linePrefix(lr.Start) + a.nonBlank(a.spokenLine(l)))
}

// linePrefix names the structure a line starts, as caret moves say it.
func (a *App) linePrefix(start int) string {
	hs := a.ix.Kind(doc.Heading)
	if a.verbosity() == VerbosityLow {
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

func (a *App) tableMove(id string) {
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
	switch id {
	case "table_next_column", "table_previous_column":
		if id == "table_next_column" {
			col++
		} else {
			col--
		}
		if col < 0 || col >= len(cells) {
			a.edge(dirOf(id == "table_next_column"), "cell")
			return
		}
		a.cursor = cells[col].Start
		a.say(a.cellSaid(a.nonBlank(a.oneLine(cells[col])), rowIndex(rows(), *row)+1, col+1))
	default:
		rows := rows()
		ri := rowIndex(rows, *row)
		if id == "table_next_row" {
			ri++
		} else {
			ri--
		}
		if ri < 0 || ri >= len(rows) {
			a.edge(dirOf(id == "table_next_row"), "row")
			return
		}
		cs := rowCells(rows[ri])
		if col >= len(cs) {
			col = len(cs) - 1
		}
		if col < 0 {
			a.cursor = rows[ri].Start
			a.say(a.oneLine(rows[ri]))
			return
		}
		a.cursor = cs[col].Start
		a.say(a.cellSaid(a.nonBlank(a.oneLine(cs[col])), ri+1, col+1))
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

var nonSlug = regexp.MustCompile(`[^a-z0-9\- ]+`)

// findAnchor finds the heading whose slug is id (GitHub style).
func (a *App) findAnchor(id string) (int, bool) {
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
	kind  string // line, percent, char, start, end
	value int
}

var (
	reLine    = regexp.MustCompile(`^(?:line\s+)?(\d+)$`)
	rePercent = regexp.MustCompile(`^(\d+(?:\.\d+)?)\s*(?:%|percent)$`)
	reChar    = regexp.MustCompile(`^(?:char|character)\s+(\d+)$`)
)

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
		return goTarget{"line", n}, err == nil
	}
	if m := rePercent.FindStringSubmatch(t); m != nil {
		f, err := strconv.ParseFloat(m[1], 64)
		return goTarget{"percent", int(f * 100)}, err == nil
	}
	if m := reChar.FindStringSubmatch(t); m != nil {
		n, err := strconv.Atoi(m[1])
		return goTarget{"char", n}, err == nil
	}
	return goTarget{}, false
}

// goTo moves to a parsed target and announces it.
func (a *App) goTo(t goTarget) {
	switch t.kind {
	case "start":
		a.navigate("document_start")
		return
	case "end":
		a.navigate("document_end")
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

// Navigate runs a navigation action (the Navigation, Speech Cursor, Search
// and Bookmarks and notes groups).
func (a *App) Navigate(id string) (Position, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.d == nil {
		return Position{}, ErrNoDocument
	}
	if !IsNavigation(id) {
		return Position{}, fmt.Errorf("Not a navigation action: %s", id)
	}
	a.runAction(id)
	return a.position(), nil
}

// GoTo moves to a go-to target ("12", "line 12", "50%", "char 120",
// "start", "end").
func (a *App) GoTo(target string) (Position, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.d == nil {
		return Position{}, ErrNoDocument
	}
	t, ok := parseGoTo(target)
	if !ok {
		return Position{}, fmt.Errorf("Not a go-to target: %s", target)
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
