// Package tui is tw's terminal reader (`tw open FILE`): a full-screen view
// over the same app core as the JSON-RPC server. Every key answers in
// speech, so a person who cannot see the screen never has to look at it;
// the screen shows the text, the word being heard, the cursor, prompts,
// lists and a status line.
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
	"textfirst/internal/tw/keymap"
	"textfirst/internal/tw/session"
)

// Accessibility modes (accessibility.mode).
const (
	SelfVoicing  = session.SelfVoicing
	Hybrid       = session.Hybrid
	ScreenReader = session.ScreenReader
)

// SettingsReader is the part of the settings store the reader reads
// after the app changed a setting (F9, line numbers, the theme).
type SettingsReader interface {
	Bool(path string) bool
	String(path string) string
}

// Config configures a Reader.
type Config struct {
	App    *core.App
	Events *Events
	Screen tcell.Screen
	Keymap *keymap.Keymap
	// Speak says the reader's own announcements (key help, scrolling);
	// nil is silent. The app's announcements are spoken by the app.
	Speak         func(text string)
	Accessibility string
	CharacterKeys bool
	LineNumbers   bool
	Highlight     bool           // show the word being heard
	Settings      SettingsReader // nil: F9 and line numbers last for the session
	// Home holds keymap.toml; when set, a new keyboard.preset rebuilds the
	// keymap while the reader runs.
	Home string
}

// Reader is the terminal reader's state: the view over the app.
type Reader struct {
	cfg Config
	app *core.App
	scr tcell.Screen
	km  *keymap.Keymap

	th      theme // the styles of the view, from display.theme
	seen    viewSettings
	lo      *layout
	rtl     map[int]bool // paragraph direction by line, for lo
	spans   docSpans
	spansOf *doc.Document

	topLine, topRow int
	lastCursor      int
	lastDoc         *doc.Document
	msgRows         int    // rows of the message area at the bottom
	title           string // the window title set

	rtlShown string // display.rtl as resolved for this drawing

	help    *helpList
	whatKey bool
	quit    bool

	// A bracketed paste in progress: its keys are gathered, not run.
	pasting bool
	pasted  strings.Builder
}

// New returns a Reader drawing on cfg.Screen (already initialized).
func New(cfg Config) *Reader {
	r := &Reader{cfg: cfg, app: cfg.App, scr: cfg.Screen, km: cfg.Keymap, lastCursor: -1, msgRows: 1}
	if r.km == nil {
		r.km = keymap.New("default", "")
	}
	r.th = themeOf(cfg.Settings)
	if r.app != nil {
		// The menus and the help search show this reader's keys, and
		// hand back the actions that are the terminal's own.
		r.app.SetKeyNames(r.km.ShownKey)
		r.app.SetFrontActions(frontActions...)
	}
	r.seen = viewSettingsOf(cfg.Settings)
	if cfg.Events != nil {
		scr := cfg.Screen
		cfg.Events.setRedraw(func() { _ = scr.PostEvent(tcell.NewEventInterrupt(nil)) })
	}
	return r
}

// frontActions are the actions the reader performs itself (see run).
var frontActions = []string{"what_does_this_key_do", "keyboard_help", "toggle_character_keys",
	"toggle_line_numbers", "next_theme", "scroll_down", "scroll_up"}

// Quit reports whether the reader is done.
func (r *Reader) Quit() bool { return r.quit }

// say announces something the terminal reader itself says (not the app):
// it goes to the status line, the announcement log and the voice.
// Like the app, it does not talk over a reading in progress.
// It goes through the app, so the notice history has it too.
func (r *Reader) say(text string) {
	r.app.Announce(text, core.Polite)
}

// HandleKey acts on one key press.
func (r *Reader) HandleKey(ev *tcell.EventKey) {
	name := KeyName(ev)
	defer r.app.RunDeferred()
	if r.cfg.Events != nil {
		// What this key makes tw say replaces what the last one did.
		r.cfg.Events.BeginStep()
	}
	if r.whatKey {
		r.whatKey = false
		r.describe(name)
		return
	}
	if r.help != nil {
		r.helpKey(name, ev)
		return
	}
	appMode, pending := r.app.UIState()
	if pending != nil {
		r.pendingKey(name, pending)
		return
	}
	if ps := r.app.PromptState(); ps != nil {
		r.promptKey(name, ev)
		return
	}
	if ls := r.app.ListState(); ls != nil {
		r.listKey(name, ev)
		return
	}
	mode := layerMode(appMode)
	if mode != "Edit" && !r.cfg.CharacterKeys && keymap.IsCharacterKey(name) {
		r.say(r.tr("Character keys are off; F9 turns them on."))
		return
	}
	act, _, ok := r.km.Lookup(mode, name)
	if !ok {
		if mode == "Edit" {
			if text, ok := typedText(ev); ok {
				r.insert(text)
				return
			}
		}
		r.say(r.tr("%s: no command.", r.spokenKey(name)))
		return
	}
	r.run(act)
}

// layerMode maps the app's mode to the keymap's.
func layerMode(mode string) string {
	switch mode {
	case core.ModeEdit, core.ModeSpeechCursor:
		return mode
	}
	return core.ModeBrowse
}

// typedText is the text a key types in edit mode.
func typedText(ev *tcell.EventKey) (string, bool) {
	switch ev.Key() {
	case tcell.KeyRune:
		if ev.Modifiers()&(tcell.ModCtrl|tcell.ModAlt) != 0 {
			return "", false
		}
		return string(ev.Rune()), true
	case tcell.KeyEnter:
		return "\n", true
	case tcell.KeyTab:
		return "\t", true
	}
	return "", false
}

// Paste puts pasted text where it can go: at the cursor in edit mode, or
// into the open prompt.
func (r *Reader) Paste(text string) {
	defer r.app.RunDeferred()
	if text == "" {
		return
	}
	if ps := r.app.PromptState(); ps != nil {
		caret := []rune(ps.Text)
		at := min(ps.Caret, len(caret))
		whole := string(caret[:at]) + strings.ReplaceAll(text, "\n", " ") + string(caret[at:])
		r.app.PromptKey("", &whole)
		r.say(r.tr("Pasted: %s", text))
		return
	}
	if mode, _ := r.app.UIState(); mode == core.ModeEdit {
		r.insert(text)
		return
	}
	r.say(r.tr("Pasting works in edit mode and in prompts. Ctrl+E turns on edit mode."))
}

func (r *Reader) insert(text string) {
	effects, _ := r.app.Insert(text)
	r.effects(effects)
}

// run performs an action by id; the few that are about the terminal
// itself are done here, the rest by the app.
func (r *Reader) run(act string) {
	switch act {
	case "what_does_this_key_do":
		r.app.Stop()
		r.whatKey = true
		r.say(r.tr("Press a key to hear what it does."))
		return
	case "keyboard_help":
		r.app.Stop()
		r.openHelp()
		return
	case "toggle_character_keys", "toggle_line_numbers":
		r.toggleSetting(act)
		return
	case "next_theme":
		r.app.Action(act, nil)
		if r.cfg.Settings != nil {
			r.th = themeOf(r.cfg.Settings)
			r.scr.Sync()
		}
		return
	case "scroll_down", "scroll_up":
		r.app.Action(act, nil)
		r.scroll(act == "scroll_down")
		return
	case keymap.CharNext, keymap.CharPrevious:
		r.app.CaretChar(act == keymap.CharNext)
		return
	}
	for _, m := range core.Menus {
		if act == keymap.MenuAction(m) {
			effects, _ := r.app.OpenMenu(m.Name)
			r.effects(effects)
			return
		}
	}
	res, err := r.app.Action(act, nil)
	if err != nil {
		r.say(err.Error())
		return
	}
	r.effects(res.Effects)
}

// toggleSetting turns character keys (F9) or line numbers on or off.
// The app changes and announces the setting; without a settings store the
// change lasts for the session.
func (r *Reader) toggleSetting(act string) {
	path := "keyboard.character_keys"
	value := &r.cfg.CharacterKeys
	if act == "toggle_line_numbers" {
		path, value = "display.line_numbers", &r.cfg.LineNumbers
		r.lo = nil
	}
	if r.cfg.Settings == nil {
		*value = !*value
		switch {
		case act == "toggle_line_numbers" && *value:
			r.say(r.tr("Line numbers: on."))
		case act == "toggle_line_numbers":
			r.say(r.tr("Line numbers: off."))
		case *value:
			r.say(r.tr("Single-letter keys: on."))
		default:
			r.say(r.tr("Single-letter keys: off."))
		}
		return
	}
	r.app.Action(act, nil)
	*value = r.cfg.Settings.Bool(path)
}

// effects does what the app asked besides speaking. Prompts and lists
// need nothing here: the app announces them and Draw shows them from the
// app's state.
func (r *Reader) effects(es []core.Effect) {
	for _, e := range es {
		switch e := e.(type) {
		case core.QuitEffect:
			r.quit = true
		case core.ActionEffect:
			r.run(e.ID)
		case core.CopyEffect:
			r.copyToSystem(e.Text)
		}
	}
	if r.app.Quitting() {
		r.quit = true
	}
}

// describe says what a key does, for what_does_this_key_do.
func (r *Reader) describe(name string) {
	appMode, _ := r.app.UIState()
	mode := layerMode(appMode)
	act, _, ok := r.km.Lookup(mode, name)
	if !ok {
		if mode == "Edit" && keymap.IsCharacterKey(name) {
			r.say(r.tr("%s types itself.", r.spokenKey(name)))
			return
		}
		r.say(r.tr(nothingIn[mode], r.spokenKey(name)))
		return
	}
	for _, m := range core.Menus {
		if act == keymap.MenuAction(m) {
			r.say(r.tr("%s: opens the %s menu.", r.spokenKey(name), r.text(m.Name)))
			return
		}
	}
	if info, ok := core.LookupAction(act); ok {
		r.say(r.tr("%s: %s. %s.", r.spokenKey(name), r.actionName(act), r.text(string(info.Group))))
		return
	}
	r.say(r.tr("%s: %s.", r.spokenKey(name), r.actionName(act)))
}

func (r *Reader) actionName(id string) string {
	switch id {
	case keymap.CharNext:
		return r.tr("next character")
	case keymap.CharPrevious:
		return r.tr("previous character")
	}
	return r.text(core.ActionNameKey(id))
}

// pendingKey answers a yes-or-no question: y yes, n or Escape no; any
// other key repeats the question.
func (r *Reader) pendingKey(name string, p *core.Pending) {
	switch name {
	case "y", "Shift+Y":
		effects, _ := r.app.Confirm(true)
		r.effects(effects)
	case "n", "Shift+N", "Escape":
		effects, _ := r.app.Confirm(false)
		r.effects(effects)
	default:
		r.say(p.Question)
	}
}

var promptKeys = map[string]string{
	"Backspace": "backspace", "Delete": "delete", "Left": "left", "Right": "right", "Home": "home",
	"End": "end", "Up": "up", "Down": "down", "Tab": "tab", "Shift+Tab": "shift_tab", "Enter": "enter",
	"Escape": "escape", "Ctrl+U": "kill_to_start", "Ctrl+K": "kill_to_end", "Ctrl+W": "delete_word_back",
	"Space": " ",
}

func (r *Reader) promptKey(name string, ev *tcell.EventKey) {
	key, ok := promptKeys[name]
	if !ok && ev.Key() == tcell.KeyRune && ev.Modifiers()&(tcell.ModCtrl|tcell.ModAlt) == 0 {
		key, ok = string(ev.Rune()), true
	}
	if ok {
		effects, _, err := r.app.PromptKey(key, nil)
		if err != nil {
			r.say(err.Error())
		}
		r.effects(effects)
		return
	}
	if act, _, found := r.km.Lookup("Prompt", name); found {
		r.run(act)
		return
	}
	r.say(r.tr("%s: no command in a prompt.", r.spokenKey(name)))
}

var listKeys = map[string]string{
	"Up": "up", "Down": "down", "PageUp": "page_up", "PageDown": "page_down", "Home": "home",
	"End": "end", "Enter": "enter", "Escape": "escape", "Backspace": "backspace", "Delete": "delete",
	"Left": "left", "Right": "right", "F2": "rename", "Space": " ", "z": "details",
}

func (r *Reader) listKey(name string, ev *tcell.EventKey) {
	key, ok := listKeys[name]
	if !ok && ev.Key() == tcell.KeyRune && ev.Modifiers()&(tcell.ModCtrl|tcell.ModAlt) == 0 {
		key, ok = string(ev.Rune()), true
	}
	if ok {
		effects, _, err := r.app.ListKey(key)
		if err != nil {
			r.say(err.Error())
		}
		r.effects(effects)
		return
	}
	if act, _, found := r.km.Lookup("Prompt", name); found {
		r.run(act)
		return
	}
	r.say(r.tr("%s: no command in a list.", r.spokenKey(name)))
}

// --- keyboard help ---------------------------------------------------------

// helpList is the keyboard help (?): every command with its keys, filtered
// by typing. It lives here rather than in the app because the keys are the
// terminal's.
type helpList struct {
	all      []helpItem
	items    []helpItem
	selected int
	filter   string
}

type helpItem struct {
	action, text string
}

func (r *Reader) openHelp() {
	h := &helpList{}
	for _, a := range core.Actions() {
		keys := r.km.KeysOf(a.ID)
		spoken := make([]string, len(keys))
		for i, k := range keys {
			spoken[i] = r.spokenKey(k)
		}
		text := r.actionName(a.ID)
		if len(keys) > 0 {
			text = r.tr("%s: %s. %s", text, strings.Join(spoken, ", "), r.text(string(a.Group)))
		} else {
			text = r.tr("%s: no key; use the command palette. %s", text, r.text(string(a.Group)))
		}
		h.all = append(h.all, helpItem{a.ID, text})
	}
	h.items = h.all
	r.help = h
	r.say(r.tr("Keyboard help, %d commands. Type to filter, Up and Down move, Enter runs, Escape closes.", len(h.items)))
}

func (r *Reader) sayHelpItem() {
	h := r.help
	if len(h.items) == 0 {
		r.say(r.tr("No commands match %s.", h.filter))
		return
	}
	r.say(r.tr("%s, %d of %d", h.items[h.selected].text, h.selected+1, len(h.items)))
}

func (r *Reader) helpKey(name string, ev *tcell.EventKey) {
	h := r.help
	refilter := func() {
		h.items = nil
		for _, it := range h.all {
			if strings.Contains(strings.ToLower(it.text), strings.ToLower(h.filter)) {
				h.items = append(h.items, it)
			}
		}
		h.selected = 0
	}
	switch name {
	case "Up":
		h.selected = max(0, h.selected-1)
	case "Down":
		h.selected = max(0, min(len(h.items)-1, h.selected+1))
	case "PageUp":
		h.selected = max(0, h.selected-10)
	case "PageDown":
		h.selected = max(0, min(len(h.items)-1, h.selected+10))
	case "Home":
		h.selected = 0
	case "End":
		h.selected = max(0, len(h.items)-1)
	case "Escape":
		r.help = nil
		r.say(r.tr("Keyboard help closed."))
		return
	case "Enter":
		if len(h.items) == 0 {
			break
		}
		act := h.items[h.selected].action
		r.help = nil
		r.run(act)
		return
	case "Backspace":
		if h.filter != "" {
			_, size := utf8.DecodeLastRuneInString(h.filter)
			h.filter = h.filter[:len(h.filter)-size]
			refilter()
		}
	default:
		if ev.Key() == tcell.KeyRune && ev.Modifiers()&(tcell.ModCtrl|tcell.ModAlt) == 0 {
			h.filter += string(ev.Rune())
			refilter()
		} else if act, _, ok := r.km.Lookup("Prompt", name); ok && act != "keyboard_help" {
			r.help = nil
			r.run(act)
			return
		}
	}
	r.sayHelpItem()
}

// --- drawing ---------------------------------------------------------------

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

// textRows is the height of the text area: all but the status bar and the
// message line.
func (r *Reader) textRows() int {
	_, h := r.scr.Size()
	return max(h-1-r.msgRows, 1)
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
	for _, rw := range wrap(text, 0, 0, max(w, 1)) {
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

// ensureLayout rebuilds the layout when the document or the width changed.
func (r *Reader) ensureLayout(d *doc.Document) {
	w, _ := r.scr.Size()
	if r.lo != nil && r.lo.d == d {
		if r.lo.width == max(w-r.gutter(d, r.lo.lines()), 1) {
			return
		}
	}
	lines := strings.Count(d.Text, "\n") + 1
	r.lo = newLayout(d, w-r.gutter(d, lines))
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
	scr := r.scr
	scr.SetStyle(r.th.text)
	scr.Clear()
	w, h := scr.Size()
	status, playback, heard, hasHeard := r.cfg.Events.snapshot()
	st := r.app.View()
	d := r.app.Doc()
	cursorX, cursorY := -1, -1
	ps := r.app.PromptState()
	msg := []string{status}
	if ps == nil && st.Pending == nil {
		msg = messageRows(strings.ReplaceAll(status, "\n", " "), w, h)
	}
	if len(msg) != r.msgRows {
		r.msgRows = len(msg)
		r.lastCursor = -1 // the text area changed height
	}
	if st.Document != nil && st.Document.Title != r.title {
		// The window's title names the document, for window lists.
		r.title = st.Document.Title
		scr.SetTitle("tw: " + r.title)
	}
	rtlSetting := ""
	if r.cfg.Settings != nil {
		rtlSetting = r.cfg.Settings.String("display.rtl")
	}
	r.rtlShown = rtlMode(rtlSetting, nil)
	if d == nil {
		putText(scr, 0, 0, w, r.tr("No document is open. Ctrl+O opens one."), r.th.text)
	} else if st.Quiet {
		// The quiet screen: nothing of the text is drawn; speech, the
		// status bar and the message line go on.
		putText(scr, 0, 0, w, r.tr("Quiet screen: the text is hidden. Alt+Q shows it."), r.th.text)
	} else {
		r.ensureLayout(d)
		pos := min(st.Cursor, d.Len())
		if pos != r.lastCursor || d != r.lastDoc {
			r.ensureVisible(pos)
			r.lastCursor, r.lastDoc = pos, d
		}
		sel := st.Selection
		// Highlights and notes are kept in the canonical text's offsets,
		// so they are drawn only while browsing it.
		var hls []core.HighlightInfo
		var notes []core.NoteInfo
		editing := st.Document != nil && st.Document.Editing
		if !editing {
			hls, _ = r.app.Highlights()
			notes, _ = r.app.Notes()
		}
		// Browsing marks the word at the cursor; editing, the caret's
		// character.
		curStart, curEnd := pos, pos+1
		if ws, we, ok := r.lo.wordAt(pos); ok && !editing {
			curStart, curEnd = ws, we
		}
		showHeard := hasHeard && r.cfg.Highlight && playback != core.Stopped
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
			x := gutter + place(cells, w-gutter, rtl)
			for _, c := range cells {
				style := r.th.text
				if in(r.spans.headings, c.pos) {
					style = style.Bold(true)
				}
				if in(r.spans.links, c.pos) {
					style = style.Underline(true)
				}
				for _, n := range notes {
					if c.pos >= n.Start && c.pos < n.End {
						style = style.Underline(true).Foreground(tcell.ColorTeal)
					}
				}
				for _, hl := range hls {
					if c.pos >= hl.Start && c.pos < hl.End {
						if col, ok := highlightColors[hl.Color]; ok {
							style = style.Background(col).Foreground(tcell.ColorBlack)
						}
					}
				}
				if sel != nil && c.pos >= sel.Start && c.pos < sel.End {
					style = r.th.selected
				}
				if showHeard && c.pos < heard[1] && c.pos+c.n > heard[0] {
					style = r.th.heard
				}
				if c.pos < curEnd && c.pos+c.n > curStart && !showHeard {
					style = r.th.cursor
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
				if pos == row.end && !showHeard && st.Playback != core.Reading {
					scr.Put(cursorX, y, " ", r.th.cursor)
				}
			}
			rw++
			if rw >= len(rows) {
				l, rw = l+1, 0
			}
		}
	}
	r.drawBar(st, d, playback, w, h)
	msgY := h - r.msgRows
	promptX := -1
	switch {
	case ps != nil:
		label := ps.Label + ": "
		text := ps.Text
		putText(scr, 0, msgY, w, r.visual(label+text), r.th.text)
		caret := []rune(text)[:min(ps.Caret, utf8.RuneCountInString(text))]
		promptX = min(widthOf(label)+widthOf(string(caret)), w-1)
	case st.Pending != nil:
		putText(scr, 0, msgY, w, r.visual(st.Pending.Question), r.th.text.Bold(true))
		promptX = min(widthOf(st.Pending.Question)+1, w-1)
	default:
		for i, line := range msg {
			putText(scr, 0, msgY+i, w, r.visual(line), r.th.text)
		}
	}
	if ls := r.app.ListState(); ls != nil {
		title := ls.Title
		if ls.Filter != nil && *ls.Filter != "" {
			title = r.tr("%s (filter: %s)", title, *ls.Filter)
		}
		cursorY = r.drawList(title, ls.Items, ls.Selected, w)
		cursorX = 1
		r.drawMenuBar(ls.Title, w)
	} else if r.help != nil {
		title := r.tr("Keyboard help")
		if r.help.filter != "" {
			title = r.tr("%s (filter: %s)", title, r.help.filter)
		}
		texts := make([]string, len(r.help.items))
		for i, it := range r.help.items {
			texts[i] = it.text
		}
		cursorY = r.drawList(title, texts, r.help.selected, w)
		cursorX = 1
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
