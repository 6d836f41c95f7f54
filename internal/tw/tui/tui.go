// Package tui is tw's terminal reader (`tw open FILE`): a full-screen view
// over the same app core as the JSON-RPC server. Every key answers in
// speech, so a person who cannot see the screen never has to look at it;
// the screen shows the text, the word being heard, the cursor, prompts,
// lists and a status line.
package tui

import (
	"strings"

	"github.com/gdamore/tcell/v2"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/hyphen"
	"textfirst/internal/tw/i18n"
	"textfirst/internal/tw/keymap"
	"textfirst/internal/tw/session"
	"textfirst/internal/tw/units"
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
	Int(path string) int
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
	// Mode is accessibility.mode now, as it changes while tw runs; nil:
	// Accessibility for the whole run.
	Mode          func() string
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

	th theme // the styles of the view, from display.theme
	// syllables is the hyphenation dictionary of syllablesLang, the
	// document's language, while reading_aids.syllables is on.
	syllables     *hyphen.Dict
	syllablesLang string
	seen          viewSettings
	keysArrived   int // the app's KeyOverridesArrived when the keys were built
	lo            *layout
	rtl           map[int]bool // paragraph direction by line, for lo
	spans         docSpans
	spansOf       *doc.Document

	topLine, topRow int
	lastCursor      int
	lastDoc         *doc.Document
	msgRows         int    // rows of the message area at the bottom
	hintRows        int    // rows of the key hints line above the status bar: 0 or 1
	title           string // the window title set

	rtlShown string // interface.rtl as resolved for this drawing

	// sentences finds the sentence being heard (highlight.granularity),
	// made for the document shown when first needed.
	sentences *units.Index

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
		r.app.SetColorLister(r.colorLines)
		r.app.SetFrontActions(frontActions...)
	}
	r.seen = viewSettingsOf(cfg.Settings)
	if r.app != nil {
		r.keysArrived = r.app.KeyOverridesArrived()
	}
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
	if mode != "Edit" && r.cfg.Settings != nil && r.cfg.Settings.String("keyboard.digit_row") == "azerty" {
		name = azertyDigit(ev, name)
	}
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
		path, value = "display.show_line_numbers", &r.cfg.LineNumbers
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
	r.uiKey(name, ev, promptKeys, func(key string) ([]core.Effect, string, error) { return r.app.PromptKey(key, nil) },
		msgNoPromptCommand)
}

var listKeys = map[string]string{
	"Up": "up", "Down": "down", "PageUp": "page_up", "PageDown": "page_down", "Home": "home",
	"End": "end", "Enter": "enter", "Escape": "escape", "Backspace": "backspace", "Delete": "delete",
	"Left": "left", "Right": "right", "F2": "rename", "Space": " ", "z": "details",
}

func (r *Reader) listKey(name string, ev *tcell.EventKey) {
	r.uiKey(name, ev, listKeys, r.app.ListKey, msgNoListCommand)
}

// The messages of a key that does nothing in a prompt or a list.
var (
	msgNoPromptCommand = i18n.Key("%s: no command in a prompt.")
	msgNoListCommand   = i18n.Key("%s: no command in a list.")
)

// uiKey sends a key pressed in a prompt or a list to the app: its own
// keys (by their names in keys) and typed characters; any other key runs
// its Prompt-layer action, or says none (a catalogue key with the key's
// name).
func (r *Reader) uiKey(name string, ev *tcell.EventKey, keys map[string]string,
	send func(key string) ([]core.Effect, string, error), none string) {
	key, ok := keys[name]
	if !ok && ev.Key() == tcell.KeyRune && ev.Modifiers()&(tcell.ModCtrl|tcell.ModAlt) == 0 {
		key, ok = string(ev.Rune()), true
	}
	if ok {
		effects, _, err := send(key)
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
	r.say(r.tr(none, r.spokenKey(name)))
}

// --- keyboard help ---------------------------------------------------------
