package core

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"textfirst/internal/atomicfile"
	"textfirst/internal/lazyregexp"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/docstate"
	"textfirst/internal/tw/units"
)

// Edit mode shows and edits the document's source (the Markdown or the
// plain text that is saved). The canonical text and its markers are
// derived again from the edited source — never by re-reading the file —
// when edit mode ends and after every save.

// editOp is one undo step: the text at [Start, Start+len(Inserted)) was
// Removed before the step.
type editOp struct {
	Start               int
	Removed, Inserted   string
	CursorBefore, After int
}

type editState struct {
	path      string // the file saved to
	canonical *doc.Document
	bom       bool
	eols      []bool    // the ending of each line as saved (true: CRLF)
	disk      diskStamp // the file as read or last saved
	undo      []editOp
	redo      []editOp
	clipboard string
	savedText string // the source as last saved, for dirty tracking
	// recoveryText is the source the recovery copy holds, "" when this
	// edit wrote none (see recovery.go).
	recoveryText string
}

// Editing reports whether edit mode is on.
func (a *App) Editing() bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.editing
}

// editableFormat reports whether documents of format f are edited as
// their source: Markdown, plain text, and HTML (its markup is the source;
// the reading view is derived from it again, as for Markdown).
func editableFormat(f string) bool { return f == "markdown" || f == "text" || f == "html" }

// enterEdit turns edit mode on: the view becomes the source.
func (a *App) enterEdit() {
	if a.d == nil {
		a.say(a.tr("No document to edit. Press Ctrl+N for a new one."))
		return
	}
	if !editableFormat(a.d.Meta.Format) {
		a.say(a.tr("%s documents cannot be edited here; only Markdown and plain text can.", strings.ToUpper(a.d.Meta.Format)))
		return
	}
	if a.guide {
		a.say(a.tr("The user guide cannot be edited. F1 goes back to your document."))
		return
	}
	if doc.IsWebAddress(a.d.Meta.Path) {
		a.say(a.tr("Web pages cannot be edited here; only files can."))
		return
	}
	a.stopReading()
	var raw []byte
	es := &editState{path: a.d.Meta.Path, canonical: a.d}
	if a.d.Meta.Path == "" {
		// A new document never saved: its source is the one kept when
		// edit mode was last turned off; the saved text is nothing yet.
		raw = []byte(a.unsavedSource)
	} else {
		var err error
		raw, err = os.ReadFile(a.d.Meta.Path)
		if err != nil {
			a.sayError(a.tr("Could not read %s to edit it: %v", filepath.Base(a.d.Meta.Path), err))
			return
		}
		es.disk = stampOf(a.d.Meta.Path, raw)
	}
	if bytes.HasPrefix(raw, []byte("\xef\xbb\xbf")) {
		es.bom = true
		raw = raw[3:]
	}
	raw, es.eols = lineEndings(raw)
	source := string(raw)
	if !utf8.ValidString(source) {
		a.sayError(a.tr("This file is not UTF-8 text, so it cannot be edited safely."))
		return
	}
	es.savedText = source
	if es.path == "" {
		es.savedText = ""
	}
	canonCursor := a.cursor
	a.edit = es
	a.editing = true
	a.mode = ModeEdit
	a.viewChanged()
	a.showSource(source)
	a.cursor = mapPosition(a.edit.canonical, canonCursor, a.d)
	l := a.ix.LineOf(a.cursor)
	a.say(a.tr("Edit mode on. Ctrl+S saves, Ctrl+E finishes. %s", a.nonBlank(a.spokenLine(l))))
}

// showSource makes the source the text being moved through.
func (a *App) showSource(source string) {
	meta := a.edit.canonical.Meta
	a.d = doc.New(source, meta, nil)
	a.ix = units.New(a.d)
	a.dirty = source != a.edit.savedText
}

// mapPosition maps a position in one text to the same place in another:
// the k-th occurrence of the word at pos in from becomes the k-th
// occurrence of that word in to. Markup rarely contains the words of the
// text, so this lands on the same word after markup is added or removed.
func mapPosition(from *doc.Document, pos int, to *doc.Document) int {
	if pos <= 0 {
		ix := units.New(to)
		if w, ok := ix.NextWord(-1); ok {
			// The first word of the text: skip front matter or markup.
			fromIx := units.New(from)
			if fw, ok := fromIx.NextWord(-1); ok {
				word := from.Slice(fw.Start, fw.End)
				if at := nthWord(to, word, 0); at >= 0 {
					return at
				}
			}
			return w.Start
		}
		return 0
	}
	fromIx := units.New(from)
	w, ok := fromIx.Word(pos)
	if !ok {
		w, ok = fromIx.NextWord(pos)
	}
	if !ok {
		return to.Len()
	}
	word := from.Slice(w.Start, w.End)
	k := countWord(from, word, w.Start)
	at := nthWord(to, word, k)
	if at < 0 {
		return min(pos, to.Len())
	}
	return at + max(pos-w.Start, 0)
}

func wordPattern(word string) *regexp.Regexp {
	return regexp.MustCompile(`(^|[^\pL\pN])(` + regexp.QuoteMeta(word) + `)($|[^\pL\pN])`)
}

// countWord counts whole-word occurrences of word starting before end.
func countWord(d *doc.Document, word string, end int) int {
	re := wordPattern(word)
	text := d.Text[:d.Byte(end)]
	n := 0
	for _, m := range re.FindAllStringSubmatchIndex(text+" ", -1) {
		if m[4] < len(text) {
			n++
		}
	}
	return n
}

// nthWord returns the offset of the k-th (0-based) whole-word occurrence.
func nthWord(d *doc.Document, word string, k int) int {
	re := wordPattern(word)
	text := d.Text
	i := 0
	for len(text) > 0 {
		m := re.FindStringSubmatchIndex(text)
		if m == nil {
			return -1
		}
		if i == k {
			return d.Pos(len(d.Text) - len(text) + m[4])
		}
		i++
		// Continue after the word (not after the boundary character, which
		// may start the next match).
		text = text[m[5]:]
	}
	return -1
}

// leaveEdit ends edit mode, asking first about unsaved changes; then runs
// next (which may be nil).
func (a *App) leaveEdit(then func()) {
	if !a.editing {
		if then != nil {
			then()
		}
		return
	}
	if !a.dirty {
		a.finishEdit()
		a.say(a.tr("Edit mode off."))
		if then != nil {
			then()
		}
		return
	}
	name := filepath.Base(a.edit.path)
	items := []string{a.tr("Save, then continue"), a.tr("Discard the changes"), a.tr("Cancel, keep editing")}
	l := &List{Title: a.tr("Unsaved changes"), Items: items, all: items,
		letters: map[rune]int{'s': 0, 'd': 1, 'c': 2}}
	l.choose = func(i int) {
		switch i {
		case 0:
			if a.edit.path == "" {
				a.saveAs()
				return
			}
			a.saveSourceThen("save", a.edit.path, func() {
				a.finishEdit()
				a.say(a.tr("Saved %s. Edit mode off.", name))
				if then != nil {
					then()
				}
			})
		case 1:
			// Take back every step, so the cursor returns to where it was
			// before them, then make sure the text is the saved one.
			for a.undoStep() {
			}
			a.edit.redo = nil
			if a.d.Text != a.edit.savedText {
				a.showSource(a.edit.savedText)
			}
			a.cursor = min(a.cursor, a.d.Len())
			a.finishEdit()
			a.say(a.tr("Changes discarded. Edit mode off."))
			if then != nil {
				then()
			}
		default:
			a.mode = ModeEdit
			a.say(a.tr("Still editing."))
		}
	}
	a.list = l
	a.refilter()
	a.say(a.tr("%s has unsaved changes. Save, discard, or cancel? Press s, d, or c, or Up and Down and Enter. Escape cancels.", name))
	a.effects = append(a.effects, ListEffect{Title: l.Title, Items: l.Items})
}

// finishEdit rebuilds the reading view from the source and maps the
// cursor and the marks onto it.
func (a *App) finishEdit() {
	source := a.d
	canon := a.derive(source.Text)
	cursor := mapPosition(source, a.cursor, canon)
	old := a.edit.canonical
	if a.edit.path == "" {
		a.unsavedSource = source.Text
	}
	// Saved or discarded: the edits need no recovery copy any more.
	a.dropRecovery(a.edit.path)
	a.editing = false
	a.mode = ModeBrowse
	a.viewChanged()
	a.d = canon
	a.ix = units.New(canon)
	a.title = canon.Meta.Title
	if a.title == "" {
		a.title = filepath.Base(canon.Meta.Path)
	}
	a.cursor = min(cursor, canon.Len())
	a.dirty = false
	if old.Text != canon.Text {
		a.moveMarks(old)
	}
	a.edit = nil
	a.saveState()
}

// derive makes the canonical document from source text.
func (a *App) derive(source string) *doc.Document {
	meta := a.edit.canonical.Meta
	if a.opts.Parse != nil {
		// A new document has no name yet: its format names it, so it
		// stays Markdown after edit mode is turned off.
		name := a.edit.path
		if name == "" {
			name = "untitled" + map[string]string{"markdown": ".md", "html": ".html"}[meta.Format]
		}
		if d, err := a.opts.Parse(name, []byte(source)); err == nil {
			d.Meta.Path = a.edit.path
			return d
		}
	}
	return doc.New(source, meta, nil)
}

// moveMarks moves bookmarks, notes and highlights from the old canonical
// text onto the new one: each is found again by the text it was on.
func (a *App) moveMarks(old *doc.Document) {
	st := a.state
	ctx := func(p int) string {
		return old.Slice(max(0, p-docstate.ContextRadius), min(old.Len(), p+docstate.ContextRadius))
	}
	for i := range st.Bookmarks {
		b := &st.Bookmarks[i]
		b.Char = a.relocateIn(mapPosition(old, b.Char, a.d), ctx(b.Char), b.Char-max(0, b.Char-docstate.ContextRadius))
	}
	for i := range st.Notes {
		n := &st.Notes[i]
		start := a.relocateAnchor(mapPosition(old, n.Start, a.d), n.Anchor)
		n.End = start + (n.End - n.Start)
		n.Start = start
	}
	for i := range st.Highlights {
		h := &st.Highlights[i]
		start := a.relocateAnchor(mapPosition(old, h.Start, a.d), h.Text)
		h.End = start + (h.End - h.Start)
		h.Start = start
	}
	if st.Place != nil {
		st.Place.Char = a.cursor
	}
}

func (a *App) relocateIn(guess int, context string, lead int) int {
	if at, ok := a.nearest(context, guess-lead); ok {
		return at + lead
	}
	return min(guess, a.d.Len())
}

// apply replaces [start, end) of the source with text as one undo step.
func (a *App) apply(start, end int, text string, cursorAfter int) {
	removed := a.d.Slice(start, end)
	op := editOp{Start: start, Removed: removed, Inserted: text, CursorBefore: a.cursor, After: cursorAfter}
	a.replaceSource(start, end, text)
	a.cursor = cursorAfter
	a.edit.undo = append(a.edit.undo, op)
	if keep := max(a.opts.Settings.Int("editing.undo_steps"), 1); len(a.edit.undo) > keep {
		a.edit.undo = a.edit.undo[len(a.edit.undo)-keep:]
	}
	a.trimUndoMemory()
	a.edit.redo = nil
	a.previewEdited()
}

func (a *App) replaceSource(start, end int, text string) {
	src := a.d.Text
	b0, b1 := a.d.Byte(start), a.d.Byte(end)
	a.showSource(src[:b0] + text + src[b1:])
}

// Insert types text at the cursor in edit mode (replacing the selection),
// as one undo step, and echoes it.
func (a *App) Insert(text string) ([]Effect, string) {
	return a.step(func() { a.insert(text) })
}

func (a *App) insert(text string) {
	start, end := a.cursor, a.cursor
	if a.sel != nil {
		start, end = a.sel.Start, a.sel.End
		a.sel = nil
	}
	a.apply(start, end, text, start+utf8.RuneCountInString(text))
	a.echo(text, a.wordEndingAt(start))
}

// wordEndingAt returns the word that ends at pos, "" when none does: the
// word finished by what is typed at pos.
func (a *App) wordEndingAt(pos int) string {
	if pos <= 0 {
		return ""
	}
	w, ok := a.ix.Word(pos - 1)
	if !ok || w.End != pos {
		return ""
	}
	return a.d.Slice(w.Start, w.End)
}

// echo says what was typed, per editing.typing_echo: "characters" says
// each key's text; "words" says nothing until a word is finished (by a
// space, punctuation or a new line), then the word; "both" says the
// characters, and the finished word instead of the key that finished it.
// finished is the word that ends where text was typed, if any.
func (a *App) echo(text, finished string) {
	mode := a.echoMode()
	if mode == "none" || mode == "off" {
		a.status = text
		return
	}
	if mode == "words" || mode == "both" {
		r, size := utf8.DecodeRuneInString(text)
		endsWord := size == len(text) && !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' && r != '’' && r != '-'
		switch {
		case endsWord && finished != "":
			a.say(finished)
			return
		case mode == "words":
			a.status = text
			return
		}
	}
	switch strings.TrimSpace(text) {
	case "":
		switch {
		case strings.Contains(text, "\n"):
			a.say(a.tr("new line"))
		case text == "":
			a.say(a.tr("blank"))
		default:
			a.say(a.tr("space"))
		}
	default:
		if len(text) > maxSpokenLine {
			// A long paste is echoed by its first words.
			a.say(previewWords(text) + " …")
			return
		}
		a.say(strings.TrimSpace(text))
	}
}

// selection returns the selected range, or ok=false.
func (a *App) selection() (units.Range, bool) {
	if a.sel == nil || a.sel.Len() == 0 {
		return units.Range{}, false
	}
	return *a.sel, true
}

// wrap toggles inline marks around the selection, or inserts placeholder
// text between them and selects it.
func (a *App) wrap(open, close, name, placeholder string) {
	r, ok := a.selection()
	if !ok {
		// On a word with nothing selected, the word is the target.
		if w, in := a.ix.Word(a.cursor); in {
			r, ok = w, true
		}
	}
	if ok {
		if parts := a.inlineParts(r); len(parts) != 1 || parts[0] != r {
			a.wrapParts(r, parts, open, close, name)
			return
		}
		inner := a.d.Slice(r.Start, r.End)
		ol, cl := utf8.RuneCountInString(open), utf8.RuneCountInString(close)
		// Already wrapped: remove the marks.
		if r.Start >= ol && a.d.Slice(r.Start-ol, r.Start) == open && a.d.Slice(r.End, r.End+cl) == close {
			a.apply(r.Start-ol, r.End+cl, inner, r.Start-ol)
			a.sel = &units.Range{Start: r.Start - ol, End: r.End - ol}
			a.sayFormat(name, true)
			return
		}
		if strings.HasPrefix(inner, open) && strings.HasSuffix(inner, close) && len(inner) >= len(open)+len(close) {
			stripped := strings.TrimSuffix(strings.TrimPrefix(inner, open), close)
			a.apply(r.Start, r.End, stripped, r.Start)
			a.sel = &units.Range{Start: r.Start, End: r.Start + utf8.RuneCountInString(stripped)}
			a.sayFormat(name, true)
			return
		}
		a.apply(r.Start, r.End, open+inner+close, r.Start)
		a.sel = &units.Range{Start: r.Start + ol, End: r.End + ol}
		a.cursor = r.Start + ol
		a.sayFormat(name, false)
		return
	}
	ol := utf8.RuneCountInString(open)
	a.apply(a.cursor, a.cursor, open+placeholder+close, a.cursor+ol)
	a.sel = &units.Range{Start: a.cursor, End: a.cursor + utf8.RuneCountInString(placeholder)}
	a.sayFormat(name, false)
}

// blockMarker matches what starts a Markdown block line and must stay
// first on it: a heading's hashes, a list marker, a quote's bracket.
var blockMarker = lazyregexp.New(`^(?:\s*(?:#{1,6}\s+|[-*+]\s+|\d+[.)]\s+|>\s?))+`)

// inlineParts splits the range r of the source into the pieces inline
// markup can go around: one per line, each without the line's block
// marker and without the spaces at its ends. Bold on a selected
// "# Title" must make "# **Title**", not "**# Title**".
func (a *App) inlineParts(r units.Range) []units.Range {
	var parts []units.Range
	for l := a.ix.LineOf(r.Start); l < a.ix.Lines(); l++ {
		lr := a.ix.Line(l)
		if lr.Start >= r.End {
			break
		}
		start, end := max(lr.Start, r.Start), min(lr.End, r.End)
		if start == lr.Start && a.d.Meta.Format == "markdown" {
			if m := blockMarker.FindString(a.d.Slice(lr.Start, lr.End)); m != "" {
				start = max(start, lr.Start+utf8.RuneCountInString(m))
			}
		}
		text := []rune(a.d.Slice(min(start, end), end))
		i, j := 0, len(text)
		for i < j && (text[i] == ' ' || text[i] == '\t') {
			i++
		}
		for j > i && (text[j-1] == ' ' || text[j-1] == '\t') {
			j--
		}
		if i < j {
			parts = append(parts, units.Range{Start: start + i, End: start + j})
		}
	}
	return parts
}

// wrapParts toggles inline markup on each part of r (see inlineParts) as
// one step: when every part is already marked, the marks are removed.
func (a *App) wrapParts(r units.Range, parts []units.Range, open, close, name string) {
	if len(parts) == 0 {
		a.say(a.tr("Nothing to mark in the selection."))
		return
	}
	all := true
	for _, p := range parts {
		t := a.d.Slice(p.Start, p.End)
		if !(strings.HasPrefix(t, open) && strings.HasSuffix(t, close) && len(t) >= len(open)+len(close)) {
			all = false
		}
	}
	var b strings.Builder
	at := r.Start
	for _, p := range parts {
		b.WriteString(a.d.Slice(at, p.Start))
		t := a.d.Slice(p.Start, p.End)
		if all {
			b.WriteString(strings.TrimSuffix(strings.TrimPrefix(t, open), close))
		} else {
			b.WriteString(open + t + close)
		}
		at = p.End
	}
	b.WriteString(a.d.Slice(at, r.End))
	text := b.String()
	a.apply(r.Start, r.End, text, r.Start)
	a.sel = &units.Range{Start: r.Start, End: r.Start + utf8.RuneCountInString(text)}
	a.sayFormat(name, all)
}

// copyText puts text on tw's own clipboard and asks the front end to put
// it on the system's too (CopyEffect).
func (a *App) copyText(text string) {
	a.clipboard = text
	a.effects = append(a.effects, CopyEffect{Text: text})
}

// placeholder is a message key: the text inserted, in the interface
// language, when nothing is selected.
type markup struct{ open, close, name, placeholder string }

// inlineMarkup is the inline formatting of Markdown (and plain text);
// htmlMarkup the same in an HTML document's source.
var (
	inlineMarkup = map[string]markup{
		"bold":          {"**", "**", "Bold", msg("bold text")},
		"italic":        {"*", "*", "Italic", msg("italic text")},
		"inline_code":   {"`", "`", "Code", msg("code")},
		"underline":     {"<u>", "</u>", "Underline", msg("underlined text")},
		"strikethrough": {"~~", "~~", "Strikethrough", msg("struck-through text")},
	}
	htmlMarkup = map[string]markup{
		"bold":          {"<strong>", "</strong>", "Bold", msg("bold text")},
		"italic":        {"<em>", "</em>", "Italic", msg("italic text")},
		"inline_code":   {"<code>", "</code>", "Code", msg("code")},
		"underline":     {"<u>", "</u>", "Underline", msg("underlined text")},
		"strikethrough": {"<s>", "</s>", "Strikethrough", msg("struck-through text")},
	}
)

// selectedLines returns the line range covered by the selection or the
// cursor's line.
func (a *App) selectedLines() (first, last int) {
	if r, ok := a.selection(); ok {
		return a.ix.LineOf(r.Start), a.ix.LineOf(max(r.Start, r.End-1))
	}
	l := a.ix.LineOf(a.cursor)
	return l, l
}

// prefixLines toggles a line prefix on the selected lines.
// Lists turn into each other: with replaceList a bullet or number already
// on a line is replaced.
func (a *App) prefixLines(prefix func(i int) string, strip *lazyregexp.Regexp, name string, replaceList bool) {
	first, last := a.selectedLines()
	start, end := a.ix.Line(first).Start, a.ix.Line(last).End
	lines := strings.Split(a.d.Slice(start, end), "\n")
	all := true
	for _, l := range lines {
		if !strip.MatchString(l) {
			all = false
		}
	}
	for i, l := range lines {
		if all {
			lines[i] = strip.ReplaceAllString(l, "")
		} else {
			if replaceList {
				l = listMarker.ReplaceAllString(l, "")
			}
			lines[i] = prefix(i) + l
		}
	}
	text := strings.Join(lines, "\n")
	a.apply(start, end, text, start)
	if all {
		a.sayFormat(name, true)
	} else {
		a.sayFormat(name, false)
	}
}

var (
	listMarker     = lazyregexp.New(`^(?:[-*+] |\d+[.)] )`)
	bulletMarker   = lazyregexp.New(`^[-*+] `)
	numberMarker   = lazyregexp.New(`^\d+[.)] `)
	quoteMarker    = lazyregexp.New(`^> ?`)
	headingMarker  = lazyregexp.New(`^(#{1,6}) `)
	tableSizeParse = lazyregexp.New(`^\s*(\d+)\s*(?:by|x|X|\s)\s*(\d+)\s*$`)
)

func (a *App) heading() {
	l := a.ix.LineOf(a.cursor)
	lr := a.ix.Line(l)
	line := a.d.Slice(lr.Start, lr.End)
	level := 0
	if m := headingMarker.FindStringSubmatch(line); m != nil {
		level = len(m[1])
		line = line[len(m[0]):]
	}
	level++
	if level > 6 {
		a.apply(lr.Start, lr.End, line, lr.Start)
		a.say(a.tr("Heading removed."))
		return
	}
	a.apply(lr.Start, lr.End, strings.Repeat("#", level)+" "+line, lr.Start+level+1)
	a.say(a.tr("Heading level %d.", level))
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// saveSource writes the source to path atomically (keeping the file's
// byte-order mark and line endings) and waits for the write.
func (a *App) saveSource(path string) bool {
	eols, text := endingsFor(a.edit.savedText, a.edit.eols, a.d.Text)
	if a.edit.bom {
		text = "\ufeff" + text
	}
	if err := atomicfile.Write(path, []byte(text), 0o644); err != nil {
		a.sayError(a.tr("Could not save: %s. Still editing.", errReason(err)))
		return false
	}
	// Saved: a recovery copy of the edits, under the old name or the new,
	// has nothing left to recover.
	a.dropRecovery(a.edit.path)
	a.dropRecovery(path)
	a.edit.eols = eols
	a.edit.disk = stampOf(path, []byte(text))
	a.edit.path = path
	a.edit.savedText = a.d.Text
	a.dirty = false
	// The reading view is derived again from what was saved, so marks and
	// the state file follow the new text.
	canon := a.derive(a.d.Text)
	old := a.edit.canonical
	a.edit.canonical = canon
	if old.Meta.Path != path {
		a.state = &docstate.DocState{Path: path, Bookmarks: a.state.Bookmarks, Notes: a.state.Notes, Highlights: a.state.Highlights, NextID: a.state.NextID}
		// The file was replaced, and so is what was remembered about it.
		a.base, _ = a.st.Load(path)
	}
	a.saveCanonicalState(canon, old)
	return true
}

// saveCanonicalState writes the state file against the canonical text.
func (a *App) saveCanonicalState(canon, old *doc.Document) {
	cur, d, ix := a.cursor, a.d, a.ix
	a.d, a.ix = canon, units.New(canon)
	if old.Text != canon.Text {
		a.moveMarks(old)
	}
	a.cursor = mapPosition(d, cur, canon)
	a.saveState()
	a.d, a.ix, a.cursor = d, ix, cur
}

func (a *App) saveAs() {
	suggest := a.edit.path
	if suggest == "" {
		cwd, _ := os.Getwd()
		suggest = filepath.Join(cwd, "document.md")
	}
	a.openPrompt("save_as", a.tr("Save as, Enter for %s", filepath.Base(suggest)), "Prompt", func(text string) {
		name := strings.TrimSpace(text)
		target := suggest
		if name != "" {
			if why := a.badSaveName(name); why != "" {
				a.sayError(a.tr("%s Still editing.", why))
				return
			}
			if strings.HasPrefix(name, "~/") {
				if home, err := os.UserHomeDir(); err == nil {
					name = filepath.Join(home, name[2:])
				}
			}
			// A relative name is in the document's folder, wherever the
			// server was started.
			if !filepath.IsAbs(name) {
				name = filepath.Join(filepath.Dir(suggest), name)
			}
			if fi, err := os.Stat(name); err == nil && fi.IsDir() {
				a.sayError(a.tr("%s is a folder, not a file name. Still editing.", text))
				return
			}
			switch strings.ToLower(filepath.Ext(name)) {
			case ".md", ".markdown", ".txt", ".text", ".mdown", ".mkd":
			default:
				name += ".md"
			}
			target = name
		}
		doSave := func() {
			a.saveSourceThen("save_as", target, func() {
				a.d.Meta.Path = target
				a.edit.canonical.Meta.Path = target
				a.say(a.tr("Saved %s. Still editing.", filepath.Base(target)))
			})
		}
		if target != a.edit.path && fileExists(target) {
			// Never write over another file without asking.
			a.ask("save_as", a.tr("%s already exists. Replace it? y or n", filepath.Base(target)), doSave)
			return
		}
		doSave()
	})
}

// syncCanonical derives the reading view from the source being edited
// and moves the marks onto it, so marks stay in canonical offsets.
func (a *App) syncCanonical() *doc.Document {
	old := a.edit.canonical
	fresh := a.derive(a.d.Text)
	if fresh.Text == old.Text {
		return old
	}
	d, ix, cur := a.d, a.ix, a.cursor
	a.d, a.ix = fresh, units.New(fresh)
	a.moveMarks(old)
	a.d, a.ix, a.cursor = d, ix, cur
	a.edit.canonical = fresh
	return fresh
}

// toCanonical maps a range of the text being moved through to the
// reading view (the identity outside edit mode).
func (a *App) toCanonical(r units.Range) (units.Range, *doc.Document) {
	if !a.editing {
		return r, a.d
	}
	canon := a.syncCanonical()
	start := mapPosition(a.d, r.Start, canon)
	end := start
	if w, ok := a.ix.PreviousWord(r.End); ok && w.Start >= r.Start {
		end = mapPosition(a.d, w.Start, canon) + (min(w.End, r.End) - w.Start)
		// Keep closing punctuation of the source range.
		for end < canon.Len() && r.End > w.End && strings.ContainsRune(".!?:;,)\"'", canon.RuneAt(end)) {
			end++
			if end-start >= r.Len() {
				break
			}
		}
	}
	return units.Range{Start: start, End: max(end, start)}, canon
}

// newDocument starts a blank Markdown document in edit mode; its first
// save asks for a name.
func (a *App) newDocument() {
	a.startNewDocument(func() { a.say(a.tr("New document ready for editing.")) })
}

// startNewDocument starts an empty Markdown document in edit mode, after
// leaving edit mode on the one being edited (which may ask to save), and
// then runs ready.
func (a *App) startNewDocument(ready func()) {
	start := func() {
		a.stopReading()
		a.saveState()
		d := doc.New("", doc.Meta{Title: a.tr("Untitled"), Format: "markdown"}, nil)
		a.install(d)
		a.title = d.Meta.Title
		a.state = &docstate.DocState{}
		a.edit = &editState{canonical: d}
		a.unsavedSource = ""
		a.editing = true
		a.mode = ModeEdit
		ready()
	}
	if a.editing {
		a.leaveEdit(start)
		return
	}
	start()
}

// undoStep takes back the newest step; it reports false when there is none.
func (a *App) undoStep() bool { return a.replayStep(&a.edit.undo, &a.edit.redo, true) }

// redoStep makes the newest undone step again; false when there is none.
func (a *App) redoStep() bool { return a.replayStep(&a.edit.redo, &a.edit.undo, false) }

// replayStep takes the newest step of from, undoes it (back) or makes it
// again, and keeps it in to.
func (a *App) replayStep(from, to *[]editOp, back bool) bool {
	n := len(*from)
	if n == 0 {
		return false
	}
	op := (*from)[n-1]
	*from = (*from)[:n-1]
	gone, put, cursor := op.Removed, op.Inserted, op.After
	if back {
		gone, put, cursor = op.Inserted, op.Removed, op.CursorBefore
	}
	a.replaceSource(op.Start, op.Start+utf8.RuneCountInString(gone), put)
	a.cursor = cursor
	a.sel = nil
	*to = append(*to, op)
	return true
}

// formatMessages are what a formatting key says when it adds its marks
// and when it takes them away, by the format's name.
var formatMessages = map[string][2]string{
	"Bold":          {msg("Bold."), msg("Bold removed.")},
	"Italic":        {msg("Italic."), msg("Italic removed.")},
	"Code":          {msg("Code."), msg("Code removed.")},
	"Underline":     {msg("Underline."), msg("Underline removed.")},
	"Strikethrough": {msg("Strikethrough."), msg("Strikethrough removed.")},
	"Bulleted list": {msg("Bulleted list."), msg("Bulleted list removed.")},
	"Numbered list": {msg("Numbered list."), msg("Numbered list removed.")},
	"Block quote":   {msg("Block quote."), msg("Block quote removed.")},
}

// sayFormat says that the format name was added, or removed.
func (a *App) sayFormat(name string, removed bool) {
	i := 0
	if removed {
		i = 1
	}
	if keys, ok := formatMessages[name]; ok {
		a.say(a.trKey(keys[i]))
		return
	}
	a.say(a.tr([2]string{"%s.", "%s removed."}[i], name))
}
