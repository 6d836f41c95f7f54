package core

import (
	"errors"
	"fmt"
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

// notesCommands are answered with status and effects but never a pending
// question (the spec's notes commands).
var notesCommands = map[string]bool{
	"add_note": true, "list_notes": true, "next_note": true, "previous_note": true,
	"toggle_highlight": true, "list_highlights": true, "rename_bookmark": true,
	"delete_bookmark": true, "note_links": true,
}

// Action runs any action by id. confirm, when not nil, answers the
// yes-or-no question the action asks.
func (a *App) Action(id string, confirm *bool) (ActionResult, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if _, ok := LookupAction(id); !ok {
		return ActionResult{}, fmt.Errorf("No action %s", id)
	}
	a.effects = nil
	a.runAction(id)
	if confirm != nil && a.pending != nil && a.pending.Action == id {
		a.settle(*confirm)
	}
	return ActionResult{Status: a.status, Effects: a.takeEffects(), Pending: a.pending}, nil
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

// runAction performs one action.
func (a *App) runAction(id string) {
	info, _ := LookupAction(id)
	switch id {
	case "quit":
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
		a.ask("quit", a.tr("Quit textweaver? y or n"), func() {
			if a.editing {
				a.finishEdit()
			}
			quit()
		})
		return
	case "open":
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
		return
	case "command_palette":
		a.openPrompt("command_palette", a.tr("Command"), "Command", func(text string) {
			name := strings.ToLower(strings.TrimSpace(text))
			for _, act := range actionList {
				if act.Name == name || act.ID == name || strings.ToLower(a.actionName(act.ID)) == name {
					a.runAction(act.ID)
					return
				}
			}
			a.sayError(a.tr("Unknown command: %s.", text))
		})
		return
	case "help":
		a.toggleGuide()
		return
	case "search_help":
		a.searchHelp()
		return
	case "notice_history":
		a.noticeHistory()
		return
	case "quiet_screen":
		a.quiet = !a.quiet
		if a.quiet {
			a.say(a.tr("Quiet screen on: the text is hidden, speech and keys go on. Alt+Q shows it again."))
		} else {
			a.say(a.tr("Quiet screen off."))
		}
		return
	case "keyboard_help":
		var items []string
		for _, act := range actionList {
			items = append(items, a.tr("%s. %s", a.actionName(act.ID), a.trKey(string(act.Group))))
		}
		a.openList(&List{Title: a.tr("Keyboard shortcuts"), Items: items, Filter: new(string), choose: func(i int) {
			a.runAction(actionList[i].ID)
		}})
		return
	case "say_status":
		a.sayStatus()
		return
	case "menu":
		// F10 opens the menu bar, and closes it when it is open.
		if a.list != nil && a.list.kind == menuList {
			a.closeUI()
			a.say(a.tr("Menu closed."))
			return
		}
		a.openMenu(a.menuAt)
		return
	case "repeat_message":
		if a.status == "" {
			a.say(a.tr("No message yet."))
		} else {
			a.say(a.status)
		}
		return
	case "stop":
		a.stopReading()
		if a.cancelJob() {
			a.say(a.tr("Stopped. Cancelling the export."))
			return
		}
		a.say(a.tr("Stopped."))
		return
	case "rate_up", "rate_down", "pitch_up", "pitch_down", "volume_up", "volume_down":
		a.adjustVoice(id)
		return
	case "toggle_edit_mode", "save", "save_as", "undo", "redo", "bold", "italic", "inline_code", "code_block",
		"insert_link", "heading", "bullet_list", "numbered_list", "block_quote", "horizontal_rule",
		"insert_table", "insert_image", "replace", "copy", "cut", "paste", "select_all",
		"delete_word_before", "delete_word_after", "backspace", "delete":
		a.editAction(id)
		return
	case "settings":
		a.showSettings()
		return
	case "new_document":
		a.newDocument()
		return
	case "export_settings", "import_settings":
		a.portSettings(id)
		return
	case "export_html", "export_epub", "export_docx", "export_pdf":
		a.exportDocument(documentExports[id])
		return
	case "export_audio":
		a.exportAudio()
		return
	case "export_as":
		a.exportAs()
		return
	case "what_does_this_key_do":
		a.say(a.tr("Press a key to hear what it does. This works in the terminal reader."))
		return
	}
	if path, label, ok := cycledSetting(id); ok {
		a.cycleSetting(path, label)
		return
	}
	switch id {
	case "choose_voice", "restart_speech", "toggle_favorite_voice", "cycle_favorite_voice":
		a.voiceAction(id)
		return
	}
	if id == "cycle_speed_preset" {
		a.cycleSpeedPreset()
		return
	}
	if info.Group == GroupFile || info.Group == GroupEditing || info.Group == GroupView || info.Group == GroupVoice {
		a.notAvailable(capitalize(a.actionName(id)))
		return
	}
	if !a.needDoc() {
		return
	}
	switch info.Group {
	case GroupNavigation, GroupSpeechCursor:
		if id == "go_to" {
			a.openPrompt("go_to", a.tr("Go to line, percent, start, or end"), "Go to", func(text string) {
				t, ok := parseGoTo(text)
				if !ok {
					a.sayError(a.tr("Not a go-to target: %s. Type a line number, a percentage such as 50%%, start, or end.", text))
					return
				}
				a.goTo(t)
			})
			return
		}
		if id == "outline" {
			a.showOutline()
			return
		}
		if !strings.HasPrefix(id, "scroll_") && !strings.HasPrefix(id, "speech_cursor_toggle") {
			a.stopIfReading()
		}
		if !strings.HasPrefix(id, "select_") && !strings.HasPrefix(id, "scroll_") {
			a.sel = nil // a move that does not select ends the selection
		}
		a.navigate(id)
	case GroupSearch:
		switch id {
		case "find":
			a.openPrompt("find", a.tr("Find"), "Find", func(text string) {
				if err := a.runFind(text, false); err != nil {
					a.sayError(err.Error())
				}
			})
		case "find_next", "find_previous":
			a.stopIfReading()
			a.findAgain(id == "find_next")
		case "next_misspelling", "previous_misspelling":
			a.stopIfReading()
			a.misspelling(id == "next_misspelling")
		case "spelling_suggestions":
			a.spellingSuggestions()
		default:
			a.notAvailable(capitalize(a.actionName(id)))
		}
	case GroupBookmarks:
		a.bookmarkAction(id)
	case GroupReading:
		a.readingAction(id)
	}
}

func (a *App) bookmarkAction(id string) {
	switch id {
	case "add_bookmark":
		a.addBookmark()
	case "list_bookmarks":
		a.listBookmarks()
	case "next_bookmark", "previous_bookmark":
		a.stopIfReading()
		a.bookmarkNav(id == "next_bookmark")
	case "rename_bookmark":
		i := a.bookmarkAtCursor()
		if i < 0 {
			a.say(a.tr("No bookmarks."))
			return
		}
		a.renameBookmark(i)
	case "delete_bookmark":
		i := a.bookmarkAtCursor()
		if i < 0 {
			a.say(a.tr("No bookmarks."))
			return
		}
		name := a.state.Bookmarks[i].Name
		a.ask("delete_bookmark", a.tr("Delete bookmark %s? y or n", name), func() {
			for j, b := range a.state.Bookmarks {
				if b.Name == name {
					a.deleteBookmark(j)
					return
				}
			}
			a.say(a.tr("Bookmark %s is gone.", name))
		})
	case "add_note":
		a.addNote()
	case "list_notes":
		a.listNotes()
	case "next_note", "previous_note":
		a.stopIfReading()
		a.noteNav(id == "next_note")
	case "edit_note":
		i := a.noteAtCursor()
		if i < 0 {
			a.say(a.tr("No note here."))
			return
		}
		a.editNote(i)
	case "delete_note":
		i := a.noteAtCursor()
		if i < 0 {
			if h := a.highlightAtCursor(); h >= 0 {
				hid := a.state.Highlights[h].ID
				a.ask("delete_note", a.tr("Remove this highlight? y or n"), func() {
					for j, x := range a.state.Highlights {
						if x.ID == hid {
							a.state.Highlights = append(a.state.Highlights[:j], a.state.Highlights[j+1:]...)
							if a.saveMarks(msg("Could not save the highlight's removal: %s.")) {
								a.say(a.tr("Highlight removed."))
							}
							return
						}
					}
				})
				return
			}
			a.say(a.tr("No note here."))
			return
		}
		nid := a.state.Notes[i].ID
		a.ask("delete_note", a.tr("Delete this note? y or n"), func() { a.deleteNoteByID(nid) })
	case "highlight_selection", "toggle_highlight":
		a.toggleHighlight()
	case "list_highlights":
		a.listHighlights()
	case "note_links":
		a.say(a.tr("This note has no links."))
	case "export_study_sheet":
		a.exportStudySheet()
	}
}

func (a *App) readingAction(id string) {
	switch id {
	case "play_pause":
		switch a.playback {
		case Reading:
			a.pause()
			a.say(a.tr("Paused."))
		case Paused:
			a.resume()
		default:
			a.read("cursor")
		}
	case "read_from_cursor":
		a.read("cursor")
	case "say_all":
		// On from the cursor to the end of the document, the cursor
		// following the voice, whatever is selected.
		a.sel = nil
		a.read("cursor")
	case "read_document":
		a.read("document")
	case "read_current_character":
		a.read("character")
	case "read_current_word":
		a.read("word")
	case "read_current_sentence", "replay_sentence":
		a.read("sentence")
	case "read_current_line":
		a.read("line")
	case "read_paragraph":
		if p, ok := a.ix.ParagraphAtOrAfter(a.cursor); ok {
			a.startReading(p.Start, p.End, false)
		} else {
			a.say(a.tr("No paragraph to read."))
		}
	case "replay_paragraph":
		a.read("paragraph")
	case "read_selection":
		a.read("selection")
	case "say_position":
		l := a.ix.LineOf(a.cursor)
		a.say(a.tr("Line %d of %d, %d percent.", l+1, a.ix.Lines(), a.percent(a.cursor)))
	case "word_count":
		n := a.ix.WordCount()
		a.say(a.tr("%d words.", n))
	case "link_address":
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
}

func (a *App) adjustVoice(id string) {
	path := "speech." + strings.TrimSuffix(strings.TrimSuffix(id, "_up"), "_down")
	dir := 1
	if strings.HasSuffix(id, "_down") {
		dir = -1
	}
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

// Outline returns the headings.
func (a *App) Outline() ([]OutlineItem, bool, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.d == nil {
		return nil, false, ErrNoDocument
	}
	return a.outlineItems(), false, nil
}

func (a *App) outlineItems() []OutlineItem {
	out := []OutlineItem{}
	for _, m := range a.d.All() {
		if m.Kind == doc.Heading {
			out = append(out, OutlineItem{m.Level, a.oneLine(m), m.Start, a.ix.LineOf(m.Start) + 1})
		}
	}
	return out
}

func (a *App) showOutline() {
	items := a.outlineItems()
	if len(items) == 0 {
		a.say(a.tr("No headings."))
		return
	}
	var names []string
	for _, it := range items {
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
		if h, ok := a.headingAt(it.Char); ok {
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
		ReadingMinutes: (words + rate - 1) / rate, Rate: rate,
	}, nil
}

// IsNotesCommand reports whether id is one of the spec's notes commands.
func IsNotesCommand(id string) bool { return notesCommands[id] }

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
func (a *App) showSettings() {
	ed, ok := a.opts.Settings.(SettingsEditor)
	if !ok {
		a.notAvailable(a.tr("The settings list"))
		return
	}
	labels := ed.Visible()
	item := func(i int) string {
		return a.tr("%s: %s", a.trKey(labels[i].Label), a.spoken(ed, labels[i].Path))
	}
	// Typing filters by label and value only: with the help too, "speech r"
	// would find Speech engine ("reads aloud") before Speech rate.
	items := make([]string, len(labels))
	for i := range labels {
		items[i] = item(i)
	}
	l := &List{Title: a.tr("Settings"), Items: items, Filter: new(string)}
	// The Say Status key (details) says the setting with what it does.
	l.explain = func(i int) string {
		if labels[i].Help == "" {
			return item(i)
		}
		return a.tr("%s. %s", item(i), a.trKey(labels[i].Help))
	}
	refresh := func(i int) {
		l.all[i] = item(i)
		a.refilter()
	}
	l.adjust = func(i, dir int) {
		if _, err := ed.Adjust(labels[i].Path, dir); err != nil {
			a.sayError(a.errorText(err))
			return
		}
		refresh(i)
		a.say(l.all[i])
	}
	l.remove = func(i int) {
		// Delete puts the setting back to its default.
		if _, err := ed.Set(labels[i].Path, nil); err != nil {
			a.sayError(a.errorText(err))
			return
		}
		refresh(i)
		a.say(a.tr("Reset to the default. %s", l.all[i]))
	}
	l.choose = func(i int) {
		path := labels[i].Path
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
			a.say(item(i))
		})
	}
	a.openList(l)
}

// SettingsPorter is the optional part of Settings that exports the
// settings to a file and imports them from one.
type SettingsPorter interface {
	Export(path string) error
	Import(path string) (int, error)
}

func (a *App) portSettings(id string) {
	p, ok := a.opts.Settings.(SettingsPorter)
	if !ok {
		a.notAvailable(capitalize(a.actionName(id)))
		return
	}
	if id == "export_settings" {
		a.openPrompt("export_settings", a.tr("Export settings to file, for example textweaver-settings.toml"), "Prompt", func(text string) {
			path := strings.TrimSpace(text)
			if path == "" {
				a.say(a.tr("Cancelled."))
				return
			}
			if err := p.Export(path); err != nil {
				a.sayError(a.tr("Could not export the settings: %v", err))
				return
			}
			a.say(a.tr("Settings exported to %s.", path))
		})
		return
	}
	a.openPrompt("import_settings", a.tr("Import settings from file"), "Prompt", func(text string) {
		path := strings.TrimSpace(text)
		if path == "" {
			a.say(a.tr("Cancelled."))
			return
		}
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

// cycledSetting names the setting an action steps through.
func cycledSetting(id string) (path, label string, ok bool) {
	switch id {
	case "cycle_verbosity":
		return "speech.verbosity", msg("Verbosity"), true
	case "cycle_punctuation":
		return "speech.punctuation", msg("Punctuation"), true
	case "toggle_line_numbers":
		return "display.line_numbers", msg("Line numbers"), true
	case "toggle_character_keys":
		return "keyboard.character_keys", msg("Single-letter keys"), true
	case "next_theme":
		return "display.theme", msg("Theme"), true
	case "cycle_typing_echo":
		return "editing.typing_echo", msg("Typing echo"), true
	case "cycle_access_mode":
		return "accessibility.mode", msg("Access mode"), true
	}
	return "", "", false
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
	a.say(a.tr("%s: %s.", a.trKey(label), a.spoken(adj, path)))
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
