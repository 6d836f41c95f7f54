package core

import (
	"errors"
	"slices"
	"sort"
	"strconv"
	"strings"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/settings"
)

// Adjuster is the optional part of Settings that changes values.
type Adjuster interface {
	Adjust(path string, direction int) (any, error)
	Spoken(path string) (string, error)
}

// ActionResult is what the action method returns.
type ActionResult struct {
	Status  string
	Effects []Effect
	Pending *Pending
}

// Quitting reports whether the app quit (the quit action was confirmed).
func (a *App) Quitting() bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.quitting
}

// needDoc announces that a command needs a document; it reports whether
// one is open.
func (a *App) needDoc() bool {
	if a.d == nil {
		a.sayError(a.tr("No document is open. Press Ctrl+O to open one."))
		return false
	}
	return true
}

func (a *App) notAvailable(what string) {
	a.say(a.tr("%s is not available in this version of tw.", what))
}

// The actions of the whole program: quitting, opening, the command
// palette, help, messages, settings and the voice's own settings.
var _ = registerHandlers(func(t *actionTable) {
	handle(t, anytime, map[string]actionHandler{
		"quit":            (*App).quit,
		"open":            (*App).openFilePrompt,
		"command_palette": (*App).commandPalette,
		"help":            (*App).toggleGuide,
		"search_help":     (*App).searchHelp,
		"notice_history":  (*App).noticeHistory,
		"quiet_screen":    (*App).toggleQuietScreen,
		"keyboard_help":   (*App).keyboardHelp,
		"say_status":      (*App).sayStatus,
		"menu":            (*App).toggleMenu,
		"repeat_message":  (*App).repeatMessage,
		"stop":            (*App).stopAction,
		"settings":        (*App).showSettings,
		"new_document":    (*App).newDocument,
		"export_audio":    (*App).exportAudio,
		"export_as":       (*App).exportAs,
		"export_settings": (*App).exportSettings,
		"import_settings": (*App).importSettings,
		"what_does_this_key_do": func(a *App) {
			a.say(a.tr("Press a key to hear what it does. This works in the terminal reader."))
		},
		"cycle_speed_preset":    (*App).cycleSpeedPreset,
		"choose_voice":          (*App).chooseVoice,
		"restart_speech":        (*App).restartSpeech,
		"toggle_favorite_voice": (*App).toggleFavoriteVoice,
		"cycle_favorite_voice":  (*App).cycleFavoriteVoice,
	})
	exports := map[string]actionHandler{}
	for id, f := range documentExports {
		exports[id] = func(a *App) { a.exportDocument(f) }
	}
	handle(t, anytime, exports)
	voice := map[string]actionHandler{}
	for _, path := range []string{"rate", "pitch", "volume"} {
		voice[path+"_up"] = func(a *App) { a.adjustVoice("speech."+path, 1) }
		voice[path+"_down"] = func(a *App) { a.adjustVoice("speech."+path, -1) }
	}
	handle(t, anytime, voice)
	cycled := map[string]actionHandler{}
	for _, c := range cycledSettings {
		cycled[c.id] = func(a *App) { a.cycleSetting(c.path, c.label) }
	}
	handle(t, anytime, cycled)
})

// quit asks whether to quit (or, with unsaved changes, whether to save
// them first) and ends the session when the answer is yes.
func (a *App) quit() {
	quit := func() {
		a.stopReading()
		a.savePlace()
		a.quitting = true
		a.effects = append(a.effects, QuitEffect{})
	}
	if a.editing && a.dirty {
		// Unsaved changes: the Save, Discard or Cancel question comes
		// instead of the yes-or-no one.
		a.leaveEdit(quit)
		return
	}
	question := a.reviewUnsaved()
	if question == "" {
		question = a.tr("Quit textweaver? y or n")
	}
	a.ask("quit", question, func() {
		if a.editing {
			a.finishEdit()
		}
		quit()
	})
}

// openFilePrompt asks for a file (or a library title) and opens it.
func (a *App) openFilePrompt() {
	a.openPrompt("open", a.tr("Open file"), "Open", func(text string) {
		path := strings.Trim(strings.TrimSpace(text), `"`)
		if path == "" {
			a.say(a.tr("Cancelled."))
			return
		}
		if found, ok := a.libraryFind(path); ok {
			path = found
		}
		if err := a.open(path); err != nil && !errors.Is(err, ErrPasswordAsked) {
			a.sayError(a.errorText(err))
		}
	})
}

// commandPalette asks for a command by its id or its name, in English or
// in the interface language, and runs it. A near name ("verbosity")
// runs the one command it finds, or lists the commands it finds.
func (a *App) commandPalette() {
	a.openPrompt("command_palette", a.tr("Command"), "Command", func(text string) {
		name := strings.ToLower(strings.TrimSpace(text))
		for _, act := range actionList() {
			if act.Name == name || act.ID == name || strings.ToLower(a.actionName(act.ID)) == name {
				a.perform(act)
				return
			}
		}
		near := a.nearActions(name)
		switch len(near) {
		case 0:
			a.sayError(a.tr("Unknown command: %s.", text))
		case 1:
			a.perform(near[0])
		default:
			items := make([]string, len(near))
			for i, act := range near {
				items[i] = a.menuItem(act.ID)
			}
			a.openList(&List{Title: a.tr("Commands matching %s", strings.TrimSpace(text)), Items: items,
				choose: func(i int) { a.perform(near[i]) }})
		}
	})
}

// nearActions are the actions whose name (in the interface language or
// English) or id answers query as the searches match it; none for a
// query of no words.
func (a *App) nearActions(query string) []ActionInfo {
	m := a.Matcher(query)
	if m.Empty() {
		return nil
	}
	var out []ActionInfo
	for _, act := range actionList() {
		if m.Match(a.actionName(act.ID) + " " + act.Name + " " + act.ID) {
			out = append(out, act)
		}
	}
	return out
}

func (a *App) toggleQuietScreen() {
	a.quiet = !a.quietScreen()
	if st, ok := a.opts.Settings.(settingSetter); ok {
		if _, err := st.Set("accessibility.quiet_screen", a.quiet); err != nil {
			a.sayError(a.errorText(err))
		}
	}
	if a.quiet {
		a.say(a.tr("Quiet screen on: the text is hidden, speech and keys go on. Alt+Q shows it again."))
	} else {
		a.say(a.tr("Quiet screen off."))
	}
}

// quietScreen reports whether the quiet screen is on: turned on in this
// session, or by accessibility.quiet_screen.
func (a *App) quietScreen() bool {
	if _, ok := a.opts.Settings.(settingSetter); ok {
		return a.opts.Settings.Bool("accessibility.quiet_screen")
	}
	return a.quiet
}

// keyboardHelp lists every action with its group; choosing one runs it.
func (a *App) keyboardHelp() {
	var items []string
	for _, act := range actionList() {
		items = append(items, a.tr("%s. %s", a.actionName(act.ID), a.trKey(string(act.Group))))
	}
	a.openList(&List{Title: a.tr("Keyboard shortcuts"), Items: items, Filter: new(string), choose: func(i int) {
		a.perform(actionList()[i])
	}})
}

// toggleMenu opens the menu bar, and closes it when it is open (F10).
func (a *App) toggleMenu() {
	if a.list != nil && a.list.kind == menuList {
		a.closeUI()
		a.say(a.tr("Menu closed."))
		return
	}
	a.openMenu(a.menuAt)
}

func (a *App) repeatMessage() {
	if a.status == "" {
		a.say(a.tr("No message yet."))
	} else {
		a.say(a.status)
	}
}

// stopAction stops the reading, and the export in progress if any.
func (a *App) stopAction() {
	a.stopReading()
	if a.cancelJob() || a.cancelBatch() {
		a.say(a.tr("Stopped. Cancelling the export."))
		return
	}
	a.say(a.tr("Stopped."))
}

// adjustVoice steps a voice setting (speech.rate, pitch, volume) up
// (dir 1) or down (-1) and says its new value.
func (a *App) adjustVoice(path string, dir int) {
	adj, ok := a.opts.Settings.(Adjuster)
	if !ok {
		a.notAvailable(a.tr("Changing %s", strings.TrimPrefix(path, "speech.")))
		return
	}
	if _, err := adj.Adjust(path, dir); err != nil {
		a.sayError(a.errorText(err))
		return
	}
	a.say(a.tr(voiceMessages[path], a.spoken(adj, path)))
}

func (a *App) sayStatus() {
	rate := a.opts.Settings.Int("speech.rate")
	if a.d == nil {
		a.say(a.tr("No document: %s, %d words per minute.", a.modeName(), rate))
		return
	}
	l := a.ix.LineOf(a.cursor)
	a.say(a.tr("%s: line %d of %d, %s, %d words per minute.", a.title, l+1, a.ix.Lines(), a.modeName(), rate))
}

// OutlineItem is a heading of the outline.
type OutlineItem struct {
	Level      int
	Text       string
	Char, Line int
}

// Outline returns the headings; in a paged document without headings, its
// pages (level 0), and pages is true.
func (a *App) Outline() ([]OutlineItem, bool, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.d == nil {
		return nil, false, ErrNoDocument
	}
	items, pages := a.outlineItems()
	return items, pages, nil
}

// outlineItems are the document's headings; in a paged document without
// headings, its pages ("Page 3", level 0), and pages is true.
func (a *App) outlineItems() (items []OutlineItem, pages bool) {
	out := []OutlineItem{}
	for _, m := range a.d.MarkersOf(doc.Heading) {
		out = append(out, OutlineItem{m.Level, a.oneLine(m), m.Start, a.ix.LineOf(m.Start) + 1})
	}
	if len(out) > 0 {
		return out, false
	}
	ps := a.d.Pages()
	for _, p := range ps {
		out = append(out, OutlineItem{0, a.tr("Page %s", p.Label), p.Start, a.ix.LineOf(p.Start) + 1})
	}
	return out, len(ps) > 0
}

func (a *App) showOutline() {
	items, pages := a.outlineItems()
	if len(items) == 0 {
		a.say(a.tr("No headings."))
		return
	}
	var names []string
	for _, it := range items {
		if pages {
			names = append(names, it.Text)
			continue
		}
		names = append(names, a.tr("%s, level %d", it.Text, it.Level))
	}
	// The list opens on the heading the reader is in: the last one at or
	// before the cursor.
	at := 0
	for i, it := range items {
		if it.Char <= a.cursor {
			at = i
		}
	}
	a.openList(&List{Title: a.tr("Outline"), Items: names, Filter: new(string), Selected: at, choose: func(i int) {
		it := items[i]
		a.moveTo(it.Char, true)
		if pages {
			a.say(a.pageSaid(a.d.Pages()[i]))
		} else if h, ok := a.headingAt(it.Char); ok {
			a.say(a.headingSaid(h))
		} else {
			a.say(a.tr("Heading level %d: %s", it.Level, it.Text))
		}
	}})
}

// TextRange returns the canonical text between two offsets, clamped.
func (a *App) TextRange(start, end *int) (string, int, int, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.d == nil {
		return "", 0, 0, ErrNoDocument
	}
	n := a.d.Len()
	s, e := 0, n
	if start != nil {
		s = min(max(*start, 0), n)
	}
	if end != nil {
		e = min(max(*end, 0), n)
	}
	if e < s {
		e = s
	}
	return a.d.Slice(s, e), s, e, nil
}

// Info is what the info method returns.
type Info struct {
	Title, Path, Format                                  string
	Author, Language                                     *string
	Chars, Words, Lines, Headings, Notes, Highlights, Bm int
	ReadingMinutes, Rate                                 int
}

// Info returns facts about the open document.
func (a *App) Info() (Info, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.d == nil {
		return Info{}, ErrNoDocument
	}
	words := a.ix.WordCount()
	rate := max(a.opts.Settings.Int("speech.rate"), 1)
	return Info{
		Title: a.title, Path: a.d.Meta.Path, Format: a.d.Meta.Format,
		Author: a.d.Meta.Author, Language: a.d.Meta.Language,
		Chars: a.d.Len(), Words: words, Lines: a.ix.Lines(),
		Headings: len(a.d.MarkersOf(doc.Heading)), Notes: len(a.state.Notes),
		Highlights: len(a.state.Highlights), Bm: len(a.state.Bookmarks),
		ReadingMinutes: ReadingMinutes(words, rate), Rate: rate,
	}, nil
}

// wordCount says how many words the selection holds, or the document
// when nothing is selected.
func (a *App) wordCount() {
	if a.sel != nil && a.sel.End > a.sel.Start {
		a.say(a.tr("%d words in the selection.", len(a.ix.Words(*a.sel))))
		return
	}
	a.say(a.tr("%d words.", a.ix.WordCount()))
}

// HeardWordsPerMinuteAtDefaultRate is how many words a minute tw's audio
// holds at the default speech.rate (265): measured from espeak-ng's
// output through tw's narration (the pauses between sentences and
// paragraphs, the roles it says) on six Debian documents (the READMEs of
// git, festival, glib, kmod and binfmt-support: 180 to 212 words a
// minute; the GPL's plain prose: 259), their mean rounded. Words divided
// by the rate itself said a document would take 24% less time than its
// audio lasts.
const HeardWordsPerMinuteAtDefaultRate = 207

// defaultRate is speech.rate's default, at which the figure above was
// measured.
const defaultRate = 265

// ReadingMinutes is how long reading words aloud at rate (speech.rate,
// words per minute) takes, to the nearest minute and at least one when
// there are words: the heard words a minute scale with the rate.
func ReadingMinutes(words, rate int) int {
	if words <= 0 {
		return 0
	}
	heard := float64(max(rate, 1)) * HeardWordsPerMinuteAtDefaultRate / defaultRate
	return max(1, int(float64(words)/heard+0.5))
}

// OpenFromEdit opens path while edit mode is on: the app leaves edit mode
// first (asking about unsaved changes). It returns the effects.
func (a *App) OpenFromEdit(path string) ([]Effect, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.effects = nil
	a.leaveEdit(func() {
		if err := a.open(path); err != nil && !errors.Is(err, ErrPasswordAsked) {
			a.sayError(err.Error())
		}
	})
	return a.takeEffects(), nil
}

// SettingsEditor is the optional part of Settings behind the settings
// list: every setting with its label, and changing values.
type SettingsEditor interface {
	Adjuster
	Set(path string, value any) (any, error)
	Visible() []SettingLabel
}

// valueParser is the optional part of a SettingsEditor that reads a value
// typed in the settings list's prompt.
type valueParser interface {
	Parse(path, text string) (any, error)
}

// SettingLabel names one setting of the settings list: its label and the
// sentence saying what it does (both English keys of the catalogue).
type SettingLabel struct{ Path, Label, Help string }

// showSettings opens the settings list: left and right change a value,
// Enter asks for a new one, typing filters.
func (a *App) showSettings() { a.showSettingsFiltered("") }

// showSettingsFiltered opens the settings list with filter typed. The
// settings changed last in it (interface.recent_settings) come first, as
// the group "Recently changed", and again in their places among the rest.
func (a *App) showSettingsFiltered(filter string) {
	ed, ok := a.opts.Settings.(SettingsEditor)
	if !ok {
		a.notAvailable(a.tr("The settings list"))
		return
	}
	labels := ed.Visible()
	// rows are the list's items as indexes into labels: the recent ones,
	// as they were when the list opened (a change while it is open does
	// not move the items under the cursor), then every setting.
	rows := a.recentSettingRows(labels)
	recent := len(rows)
	for i := range labels {
		rows = append(rows, i)
	}
	value := func(i int) string {
		return a.tr("%s: %s", a.trKey(labels[i].Label), a.spoken(ed, labels[i].Path))
	}
	item := func(row int) string {
		if row < recent {
			return a.tr("Recently changed: %s", value(rows[row]))
		}
		return value(rows[row])
	}
	l := &List{Filter: &filter}
	// build (re)writes the list in the interface language. Typing filters
	// by label and value, and by the setting's key and English label, so a
	// filter typed in one language still finds its setting once the
	// interface language changes; not by the help: with it, "speech r"
	// would find Speech engine ("reads aloud") before Speech rate.
	build := func() {
		l.Title = a.tr("Settings")
		l.all = make([]string, len(rows))
		l.search = make([]string, len(rows))
		for row, i := range rows {
			l.all[row] = item(row)
			l.search[row] = l.all[row] + " " + labels[i].Label + " " + labels[i].Path
		}
	}
	build()
	l.Items = l.all
	// The Say Status key (details) says the setting with what it does.
	l.explain = func(row int) string {
		if labels[rows[row]].Help == "" {
			return item(row)
		}
		return a.tr("%s. %s", item(row), a.trKey(labels[rows[row]].Help))
	}
	// opening holds each setting changed while the list is open with its
	// value before the change, in the order they were changed.
	var changed []int
	opening := map[int]string{}
	remember := func(i int) {
		if _, ok := opening[i]; !ok {
			opening[i], _ = ed.Spoken(labels[i].Path)
			changed = append(changed, i)
		}
	}
	// refresh rebuilds the whole list after the setting of row changed (a
	// new interface language rewrites every item), keeps row selected and
	// puts the setting first among the recently changed ones.
	refresh := func(row int) {
		a.noteRecentSetting(ed, labels[rows[row]].Path)
		build()
		a.refilter()
		if at := slices.Index(l.allIdx, row); at >= 0 {
			l.Selected = at
		}
	}
	// Escape after a change says what was kept (a change is made at once,
	// never cancelled); with every value back as it was, "Cancelled.".
	l.closing = func() string {
		var kept []string
		for _, i := range changed {
			if now, _ := ed.Spoken(labels[i].Path); now != opening[i] {
				kept = append(kept, value(i))
			}
		}
		if len(kept) == 0 {
			return ""
		}
		return a.tr("Settings closed. Kept: %s.", strings.Join(kept, "; "))
	}
	l.adjust = func(row, dir int) {
		remember(rows[row])
		if _, err := ed.Adjust(labels[rows[row]].Path, dir); err != nil {
			a.sayError(a.errorText(err))
			return
		}
		refresh(row)
		a.say(l.all[row])
	}
	l.remove = func(row int) {
		// Delete puts the setting back to its default.
		remember(rows[row])
		if _, err := ed.Set(labels[rows[row]].Path, nil); err != nil {
			a.sayError(a.errorText(err))
			return
		}
		refresh(row)
		a.say(a.tr("Reset to the default. %s", l.all[row]))
	}
	l.choose = func(row int) {
		path := labels[rows[row]].Path
		a.askSettingValue(ed, path, func() string {
			a.noteRecentSetting(ed, path)
			return item(row)
		})
	}
	a.openList(l)
}

// maxRecentSettings is how many settings interface.recent_settings keeps.
const maxRecentSettings = 5

// recentSettingRows are the indexes into labels of the settings of
// interface.recent_settings, most recent first; a path the list does not
// show is left out.
func (a *App) recentSettingRows(labels []SettingLabel) []int {
	var rows []int
	for _, path := range a.recentSettings() {
		i := slices.IndexFunc(labels, func(l SettingLabel) bool { return l.Path == path })
		if i >= 0 && !slices.Contains(rows, i) && len(rows) < maxRecentSettings {
			rows = append(rows, i)
		}
	}
	return rows
}

// recentSettings is interface.recent_settings, nil when the settings
// hold no lists.
func (a *App) recentSettings() []string {
	if s, ok := a.opts.Settings.(interface{ Strings(string) []string }); ok {
		return s.Strings("interface.recent_settings")
	}
	return nil
}

// noteRecentSetting puts path first in interface.recent_settings, which
// keeps the maxRecentSettings settings changed last in the settings list.
// A failure to save it is logged: the change itself was made.
func (a *App) noteRecentSetting(ed SettingsEditor, path string) {
	recent := []string{path}
	was := a.recentSettings()
	for _, p := range was {
		if p != path && len(recent) < maxRecentSettings {
			recent = append(recent, p)
		}
	}
	if slices.Equal(recent, was) {
		return
	}
	if _, err := ed.Set("interface.recent_settings", recent); err != nil {
		a.opts.Logger.Printf("could not keep the settings changed last: %v", err)
	}
}

// askSettingValue asks for a new value of the setting at path in the
// settings list, and says item (the setting with its value) once set.
func (a *App) askSettingValue(ed SettingsEditor, path string, item func() string) {
	a.openPrompt("setting_value", a.tr("New value, Enter keeps it"), "Prompt", func(text string) {
		text = strings.TrimSpace(text)
		if text == "" {
			a.say(a.tr("Kept."))
			return
		}
		var value any = text
		if vp, ok := ed.(valueParser); ok {
			// The setting reads what was typed: "300 words per minute",
			// "on", a choice by its label.
			v, err := vp.Parse(path, text)
			if err != nil {
				a.sayError(a.errorText(err))
				return
			}
			value = v
		} else if n, err := strconv.ParseFloat(text, 64); err == nil {
			value = n
		} else if b, err := strconv.ParseBool(text); err == nil {
			value = b
		} else if text == "on" || text == "off" {
			value = text == "on"
		}
		if _, err := ed.Set(path, value); err != nil {
			a.sayError(a.errorText(err))
			return
		}
		a.say(item())
	})
}

// SettingsPorter is the optional part of Settings that exports the
// settings to a file and imports them from one.
type SettingsPorter interface {
	Export(path string) error
	Import(path string) (int, error)
}

// settingsPorter is the part of Settings that exports and imports them;
// without it, the action is not available.
func (a *App) settingsPorter(id string) (SettingsPorter, bool) {
	p, ok := a.opts.Settings.(SettingsPorter)
	if !ok {
		a.notAvailable(capitalize(a.actionName(id)))
	}
	return p, ok
}

// exportSettings asks for a file and writes the settings to it.
func (a *App) exportSettings() {
	p, ok := a.settingsPorter("export_settings")
	if !ok {
		return
	}
	a.askText("export_settings", a.tr("Export settings to file, for example textweaver-settings.toml"), func(path string) {
		if err := p.Export(path); err != nil {
			a.sayError(a.tr("Could not export the settings: %v", err))
			return
		}
		a.say(a.tr("Settings exported to %s.", path))
	})
}

// importSettings asks for a file and reads the settings from it.
func (a *App) importSettings() {
	p, ok := a.settingsPorter("import_settings")
	if !ok {
		return
	}
	a.askText("import_settings", a.tr("Import settings from file"), func(path string) {
		n, err := p.Import(path)
		switch {
		case err != nil && n == 0:
			a.sayError(a.tr("Could not import the settings: %v", err))
		case err != nil:
			a.sayError(a.tr("Imported %d of the settings from %s. Not imported: %v.", n, path, err))
		default:
			a.say(a.tr("Imported %d settings from %s.", n, path))
		}
	})
}

// cycledSettings are the actions that step a setting through its values.
var cycledSettings = []struct{ id, path, label string }{
	{"cycle_verbosity", "speech.verbosity", msg("Verbosity")},
	{"cycle_punctuation", "speech.punctuation", msg("Punctuation")},
	{"toggle_line_numbers", "display.show_line_numbers", msg("Line numbers")},
	{"toggle_character_keys", "keyboard.character_keys", msg("Single-letter keys")},
	{"next_theme", "display.theme", msg("Theme")},
	{"cycle_typing_echo", "editing.typing_echo", msg("Typing echo")},
	{"cycle_access_mode", "accessibility.mode", msg("Access mode")},
	{"bionic_toggle", "reading_aids.bionic", msg("Bionic reading")},
	{"ruler_cycle", "reading_aids.ruler.mode", msg("Reading ruler")},
	{"toggle_citations", "reading.citations", msg("Read citations")},
	{"difficult_words_toggle", "reading_aids.difficult_words", msg("Mark difficult words")},
	{"cycle_interface_announcements", "accessibility.interface_announcements", msg("Interface announcements")},
}

// cycleSetting moves a setting to its next value and says it.
func (a *App) cycleSetting(path, label string) {
	adj, ok := a.opts.Settings.(Adjuster)
	if !ok {
		a.notAvailable(a.tr("Changing %s", strings.ToLower(label)))
		return
	}
	if _, err := adj.Adjust(path, 1); err != nil {
		a.sayError(a.errorText(err))
		return
	}
	a.themePicked(path)
	said := a.tr("%s: %s.", a.trKey(label), a.spoken(adj, path))
	if path != "accessibility.interface_announcements" && a.opts.Settings.String("accessibility.interface_announcements") == "minimal" {
		a.record(said, Polite) // minimal: a setting's new value is shown, not spoken
		return
	}
	a.say(said)
}

// numberTables is the optional part of Settings that reads a table of
// numbers, such as speech.speed_presets.
type numberTables interface {
	NumberTable(path string) map[string]int
}

type speedPreset struct {
	name string
	wpm  int
}

// speedPresets are the presets of speech.speed_presets, fastest first
// (names break ties), so that F8 steps to ever slower speeds and wraps
// from the slowest to the fastest.
func (a *App) speedPresets() []speedPreset {
	table := settings.Defaults{}.NumberTable("speech.speed_presets")
	if nt, ok := a.opts.Settings.(numberTables); ok {
		table = nt.NumberTable("speech.speed_presets")
	}
	out := make([]speedPreset, 0, len(table))
	for name, wpm := range table {
		out = append(out, speedPreset{name, wpm})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].wpm != out[j].wpm {
			return out[i].wpm > out[j].wpm
		}
		return out[i].name < out[j].name
	})
	return out
}

// cycleSpeedPreset sets the rate to the next preset: the first one slower
// than the current rate, or the fastest after the slowest.
func (a *App) cycleSpeedPreset() {
	ed, ok := a.opts.Settings.(SettingsEditor)
	if !ok {
		a.notAvailable(a.tr("Speed presets"))
		return
	}
	presets := a.speedPresets()
	if len(presets) == 0 {
		a.say(a.tr("No speed presets. Add some to speech.speed_presets in settings.toml."))
		return
	}
	rate := a.opts.Settings.Int("speech.rate")
	next := presets[0]
	for _, p := range presets {
		if p.wpm < rate {
			next = p
			break
		}
	}
	if _, err := ed.Set("speech.rate", float64(next.wpm)); err != nil {
		a.sayError(a.errorText(err))
		return
	}
	// The built-in presets' names are said in the interface language; a
	// preset the user named in settings.toml is said as written.
	name := next.name
	if k, ok := presetNames[name]; ok {
		name = a.trKey(k)
	}
	a.say(a.tr("Speed %s, %d words per minute.", name, next.wpm))
}

// voiceMessages say a voice setting after a change ("Rate 285 words per
// minute.").
var voiceMessages = map[string]string{
	"speech.rate":   msg("Rate %s"),
	"speech.pitch":  msg("Pitch %s"),
	"speech.volume": msg("Volume %s"),
}

// presetNames are the speed presets' names as said.
var presetNames = map[string]string{
	"normal": msg("normal"),
	"study":  msg("study"),
	"slow":   msg("slow"),
	"skim":   msg("skim"),
}

// modeNames are the modes as the status says them.
var modeNames = map[string]string{
	ModeBrowse:       msg("Browse mode"),
	ModeEdit:         msg("Edit mode"),
	ModeSpeechCursor: msg("Speech Cursor mode"),
	ModeMath:         msg("Math mode"),
	"Open":           msg("Open mode"),
	"Go to":          msg("Go to mode"),
	"Prompt":         msg("Prompt mode"),
	"Command":        msg("Command mode"),
	"Find":           msg("Find mode"),
	"List":           msg("List mode"),
}

// modeName is the current mode as said ("Browse mode").
func (a *App) modeName() string {
	if k, ok := modeNames[a.mode]; ok {
		return a.trKey(k)
	}
	return a.tr("%s mode", a.mode)
}
