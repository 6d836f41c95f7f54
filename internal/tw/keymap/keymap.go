// Package keymap is tw's keys: the default bindings of each layer (global,
// browse, speech cursor, edit), the presets, the overrides of keymap.toml,
// and the names keys are written and said by. The terminal reader looks
// keys up in it; the JSON-RPC server names keys with it (menus and help
// show an action's key).
package keymap

import (
	_ "embed"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"

	"github.com/BurntSushi/toml"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/i18n"
)

// Layers of the keymap. Each mode searches its layers in order: Browse:
// browse, global. Speech Cursor: speech cursor, browse, global. Edit:
// edit, global (unbound keys type text). Prompts: global only.
const (
	LayerGlobal       = "global"
	LayerBrowse       = "browse"
	LayerSpeechCursor = "speech_cursor"
	LayerEdit         = "edit"
)

// allLayers are the keymap's layers.
var allLayers = []string{LayerGlobal, LayerBrowse, LayerSpeechCursor, LayerEdit}

// modeLayers lists the layers each mode searches, in order.
var modeLayers = map[string][]string{
	"Browse":        {LayerBrowse, LayerGlobal},
	"Speech Cursor": {LayerSpeechCursor, LayerBrowse, LayerGlobal},
	"Edit":          {LayerEdit, LayerGlobal},
	"Prompt":        {LayerGlobal},
}

// File is the name of the key overrides file in the home folder.
const File = core.KeyOverridesFile

// binding is one default key of an action.
type binding struct {
	layer, key, action string
}

// Actions the terminal reader adds for edit mode's Left and Right (a
// character at a time); they are not part of the keyboard reference.
const (
	CharNext     = "tui_caret_next_character"
	CharPrevious = "tui_caret_previous_character"
)

// defaultKeys is the table of the default keys (see its first lines).
//
//go:embed defaults.keys
var defaultKeys string

// defaults are the terminal default keys of the facts file, section A,
// then the menus' Alt keys. Keys are in canonical form (see KeyName). The
// list is built when first asked for: commands that use no keys never
// build it.
var defaults = sync.OnceValue(func() []binding {
	var out []binding
	for n, line := range strings.Split(defaultKeys, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(line, "#") {
			continue
		}
		if len(f) < 3 || !slices.Contains(allLayers, f[0]) {
			panic(fmt.Sprintf("keymap: defaults.keys line %d is not a layer, an action and its keys", n+1))
		}
		for _, k := range f[2:] {
			out = append(out, binding{f[0], k, f[1]})
		}
	}
	// The menus: Alt and a menu's letter.
	for _, m := range core.Menus {
		out = append(out, binding{LayerGlobal, fmt.Sprintf("Alt+%c", unicode.ToUpper(m.Letter)), MenuAction(m)})
	}
	return out
})

// MenuAction is the terminal reader's action that opens menu m, such as
// menu_file or menu_view_and_help (keymap.toml may rebind it).
func MenuAction(m core.Menu) string {
	return "menu_" + strings.ReplaceAll(strings.ToLower(m.Name), " ", "_")
}

// classicExtras are what the classic preset adds to the default keys once
// the single-character keys are gone: the modifier keys of older reading
// programs.
var classicExtras = []binding{
	{LayerGlobal, "Ctrl+Right", "next_sentence"},
	{LayerGlobal, "Ctrl+Left", "previous_sentence"},
	{LayerGlobal, "F5", "read_from_cursor"},
	{LayerGlobal, "F6", "play_pause"},
	{LayerGlobal, "Alt+B", "add_bookmark"},
	{LayerGlobal, "Alt+Shift+B", "list_bookmarks"},
	{LayerGlobal, "Alt+W", "say_position"},
}

// Keymap resolves keys to actions, per layer.
type Keymap struct {
	layers map[string]map[string]string // layer -> key -> action
	// Warnings are the overrides refused, one sentence each (English);
	// warnings holds the same as catalogue keys and arguments, for the
	// reader to say in the interface language.
	Warnings []string
	warnings []i18n.Message
}

// Notices are the warnings as messages, to be said in the interface
// language.
func (km *Keymap) Notices() []i18n.Message { return slices.Clone(km.warnings) }

// warnf records a warning; key is a catalogue key (marked with i18n.Key).
func (km *Keymap) warnf(key string, args ...any) {
	km.Warnings = append(km.Warnings, fmt.Sprintf(key, args...))
	km.warnings = append(km.warnings, i18n.Msg(key, args...))
}

// IsCharacterKey reports whether key is a single character key: one
// printable character, typed without Ctrl or Alt (shifted letters, digits
// and punctuation included). F9 turns these off in browse mode.
func IsCharacterKey(key string) bool {
	if key == "Space" {
		return true
	}
	if strings.HasPrefix(key, "Shift+") {
		rest := key[len("Shift+"):]
		return len([]rune(rest)) == 1
	}
	return len([]rune(key)) == 1
}

// New builds the keymap for a preset ("default" or "classic") with
// the overrides of keymap.toml in home, if there is one.
func New(preset, home string) *Keymap {
	km := &Keymap{layers: map[string]map[string]string{}}
	for _, l := range allLayers {
		km.layers[l] = map[string]string{}
	}
	for _, bd := range defaults() {
		if preset == "classic" && bd.layer == LayerBrowse && IsCharacterKey(bd.key) {
			continue
		}
		km.layers[bd.layer][bd.key] = bd.action
	}
	if preset == "classic" {
		for _, bd := range classicExtras {
			km.layers[bd.layer][bd.key] = bd.action
		}
	}
	if home != "" {
		path := filepath.Join(home, File)
		data, err := os.ReadFile(path)
		if err == nil {
			km.applyOverrides(string(data))
		} else if !os.IsNotExist(err) {
			km.warnf(i18n.Key("keymap.toml: cannot be read (%v); using the default keys."), err)
		}
	}
	for i, w := range km.Warnings {
		// One line each: a warning is one message on the message line.
		km.Warnings[i] = strings.Join(strings.Fields(w), " ")
	}
	return km
}

// Lookup returns the action of key in mode, searching the mode's layers in
// order.
func (km *Keymap) Lookup(mode, key string) (action, layer string, ok bool) {
	layers, found := modeLayers[mode]
	if !found {
		layers = modeLayers["Browse"]
	}
	for _, l := range layers {
		if a, ok := km.layers[l][key]; ok {
			return a, l, true
		}
	}
	return "", "", false
}

// KeysOf returns the keys of an action, in a stable order.
func (km *Keymap) KeysOf(action string) []string {
	var keys []string
	for _, l := range allLayers {
		var ks []string
		for k, a := range km.layers[l] {
			if a == action {
				ks = append(ks, k)
			}
		}
		sort.Slice(ks, func(i, j int) bool { return keyOrder(ks[i]) < keyOrder(ks[j]) })
		for _, k := range ks {
			if !slices.Contains(keys, k) {
				keys = append(keys, k)
			}
		}
	}
	return keys
}

// ShownKey is the key a menu or the help shows for an action: its first
// key, said aloud ("Ctrl+O", "Question mark"), or "" when it has none.
func (km *Keymap) ShownKey(action string) string {
	if keys := km.KeysOf(action); len(keys) > 0 {
		return spokenKey(keys[0])
	}
	return ""
}

func keyOrder(k string) string {
	// Modifier keys first, then single keys, each alphabetically.
	if IsCharacterKey(k) {
		return "1" + k
	}
	return "0" + k
}

// layerFor says which layer an overriding key goes in: an action of only
// the speech cursor or edit layer keeps its layer; otherwise single keys
// and the unmodified movement keys go in browse (edit mode needs them for
// itself) and the other keys in global.
func (km *Keymap) layerFor(action, key string) string {
	browse, special := false, ""
	for _, bd := range defaults() {
		if bd.action != action {
			continue
		}
		switch bd.layer {
		case LayerBrowse:
			browse = true
		case LayerSpeechCursor, LayerEdit:
			special = bd.layer
		}
	}
	if special != "" && !browse {
		return special
	}
	if IsCharacterKey(key) || isPlainSpecial(key) {
		return LayerBrowse
	}
	return LayerGlobal
}

// isPlainSpecial reports whether key is an unmodified movement or editing
// key (arrows, Home, Enter...), which edit mode needs for itself.
func isPlainSpecial(key string) bool {
	switch key {
	case "Up", "Down", "Left", "Right", "Home", "End", "PageUp", "PageDown",
		"Enter", "Tab", "Backspace", "Delete", "Escape", "Insert":
		return true
	}
	return false
}

// applyOverrides applies keymap.toml: `action = ["key", ...]` replaces all
// of the action's keys; an empty list unbinds it. An override that would
// give a key two actions in one mode is refused with a warning.
func (km *Keymap) applyOverrides(text string) {
	raw, bad := decodeKeymap(text)
	for _, w := range bad {
		km.warnf(w.Key, w.Args...)
	}
	known := map[string]bool{CharNext: true, CharPrevious: true}
	for _, bd := range defaults() {
		known[bd.action] = true
	}
	for _, a := range allActionIDs() {
		known[a] = true
	}
	type override struct {
		action string
		keys   []string
	}
	var overrides []override
	names := make([]string, 0, len(raw))
	for name := range raw {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, action := range names {
		if !known[action] {
			km.warnf(i18n.Key("keymap.toml: there is no action %s; the entry is ignored."), action)
			continue
		}
		list, ok := raw[action].([]any)
		if !ok {
			km.warnf(i18n.Key("keymap.toml: %s must be a list of keys such as [\"Ctrl+J\"]; the entry is ignored."), action)
			continue
		}
		o := override{action: action}
		bad := false
		for _, v := range list {
			s, ok := v.(string)
			key, err := parseKey(s)
			if !ok || err != nil {
				km.warnf(i18n.Key("keymap.toml: %v is not a key name (for %s); the entry is ignored."), v, action)
				bad = true
				break
			}
			o.keys = append(o.keys, key)
		}
		if !bad {
			overrides = append(overrides, o)
		}
	}
	// An entry replaces all of an action's keys: remove them all first, so
	// that keys can move from one action to another in the same file.
	removed := map[string]map[string]string{}
	for _, o := range overrides {
		for l, m := range km.layers {
			for k, a := range m {
				if a == o.action {
					if removed[o.action] == nil {
						removed[o.action] = map[string]string{}
					}
					removed[o.action][l+"\x00"+k] = a
					delete(m, k)
				}
			}
		}
	}
	for _, o := range overrides {
		var placed []binding
		var conflict []any
		for _, key := range o.keys {
			layer := km.layerFor(o.action, key)
			if other := km.conflict(layer, key, o.action); other != "" {
				conflict = []any{key, strings.ReplaceAll(other, "_", " "), strings.ReplaceAll(o.action, "_", " ")}
				break
			}
			km.layers[layer][key] = o.action
			placed = append(placed, binding{layer, key, o.action})
		}
		if conflict != nil {
			km.warnf(i18n.Key("keymap.toml: %s is already %s; %s keeps its keys."), conflict...)
			for _, p := range placed {
				delete(km.layers[p.layer], p.key)
			}
			for lk, a := range removed[o.action] {
				l, k, _ := strings.Cut(lk, "\x00")
				if _, taken := km.layers[l][k]; !taken {
					km.layers[l][k] = a
				}
			}
		}
	}
}

// decodeKeymap decodes keymap.toml. When the file as a whole is not valid
// TOML, each line is decoded by itself, so that every bad line gets its
// own warning (not only the first) and the good lines are still used.
func decodeKeymap(text string) (map[string]any, []i18n.Message) {
	var raw map[string]any
	if _, err := toml.Decode(text, &raw); err == nil {
		return raw, nil
	}
	raw = map[string]any{}
	var warnings []i18n.Message
	for i, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		var one map[string]any
		if _, err := toml.Decode(t, &one); err != nil {
			msg := err.Error()
			if pe, ok := err.(toml.ParseError); ok {
				msg = pe.Message
			}
			warnings = append(warnings, i18n.Msg(i18n.Key("keymap.toml line %d: %s; that line is ignored and its action keeps the default keys."), i+1, msg))
			continue
		}
		for k, v := range one {
			raw[k] = v
		}
	}
	return raw, warnings
}

// conflict returns the other action key would have in a mode that searches
// layer, or "". Within one layer a key has one action; a global key and a
// mode key are both reachable in that mode, so they conflict too. The
// speech cursor layer shadowing browse is by design.
func (km *Keymap) conflict(layer, key, action string) string {
	check := []string{layer}
	if layer == LayerGlobal {
		check = append(check, LayerBrowse, LayerSpeechCursor, LayerEdit)
	} else {
		check = append(check, LayerGlobal)
	}
	for _, l := range check {
		if a, ok := km.layers[l][key]; ok && a != action {
			return a
		}
	}
	return ""
}

// shiftedDigits are the US layout's Shift+digit characters: the terminal
// sends "!" for Shift+1.
var shiftedDigits = map[rune]string{'!': "1", '@': "2", '#': "3", '$': "4", '%': "5", '^': "6", '&': "7", '*': "8", '(': "9", ')': "0"}

var keyAliases = map[string]string{
	"up": "Up", "down": "Down", "left": "Left", "right": "Right", "home": "Home", "end": "End",
	"pageup": "PageUp", "pgup": "PageUp", "page_up": "PageUp", "pagedown": "PageDown", "pgdn": "PageDown",
	"page_down": "PageDown", "insert": "Insert", "ins": "Insert", "delete": "Delete", "del": "Delete",
	"enter": "Enter", "return": "Enter", "tab": "Tab", "backspace": "Backspace", "escape": "Escape",
	"esc": "Escape", "space": "Space", "period": ".", "comma": ",", "plus": "+", "minus": "-",
	"slash": "/", "backslash": "\\", "semicolon": ";", "apostrophe": "'", "quote": "'",
}

// parseKey turns a key name as a person writes it ("ctrl+j", "Alt+Shift+h",
// "Shift+F1", "H", "alt++") into the canonical form KeyName produces.
func parseKey(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", fmt.Errorf("empty key name")
	}
	var parts []string
	if strings.HasSuffix(s, "++") {
		parts = append(strings.Split(strings.TrimSuffix(s, "++"), "+"), "+")
	} else if s == "+" {
		parts = []string{"+"}
	} else {
		parts = strings.Split(s, "+")
	}
	ctrl, alt, shift := false, false, false
	for _, m := range parts[:len(parts)-1] {
		switch strings.ToLower(strings.TrimSpace(m)) {
		case "ctrl", "control", "c":
			ctrl = true
		case "alt", "meta", "option", "m":
			alt = true
		case "shift", "s":
			shift = true
		default:
			return "", fmt.Errorf("unknown modifier %q in %q", m, s)
		}
	}
	base := strings.TrimSpace(parts[len(parts)-1])
	if base == "" {
		return "", fmt.Errorf("no key in %q", s)
	}
	runes := []rune(base)
	switch {
	case len(runes) == 1:
		r := runes[0]
		switch {
		case unicode.IsLetter(r) && r < 0x80:
			// With a modifier the letter's case does not matter
			// ("Ctrl+j" is "Ctrl+J"); alone, a capital means Shift.
			if ctrl || alt || shift {
				base = strings.ToUpper(base)
			} else if unicode.IsUpper(r) {
				shift = true
			}
		case shiftedDigits[r] != "":
			base, shift = shiftedDigits[r], true
		}
	case keyAliases[strings.ToLower(base)] != "":
		base = keyAliases[strings.ToLower(base)]
	case (base[0] == 'F' || base[0] == 'f') && len(base) <= 3:
		n := 0
		if _, err := fmt.Sscanf(base[1:], "%d", &n); err != nil || n < 1 || n > 24 {
			return "", fmt.Errorf("unknown key %q", s)
		}
		if n > 12 {
			n -= 12
			shift = true
		}
		base = fmt.Sprintf("F%d", n)
	default:
		return "", fmt.Errorf("unknown key %q", s)
	}
	name := ""
	if ctrl {
		name += "Ctrl+"
	}
	if alt {
		name += "Alt+"
	}
	if shift {
		name += "Shift+"
	}
	return name + base, nil
}

// keyNames are the names punctuation keys are said by (catalogue keys).
var keyNames = map[string]string{".": i18n.Key("Period"), ",": i18n.Key("Comma"), "/": i18n.Key("Slash"),
	"\\": i18n.Key("Backslash"), ";": i18n.Key("Semicolon"), "'": i18n.Key("Apostrophe"),
	"[": i18n.Key("Left bracket"), "]": i18n.Key("Right bracket"), "{": i18n.Key("Left brace"),
	"}": i18n.Key("Right brace"), "<": i18n.Key("Less than"), ">": i18n.Key("Greater than"),
	"?": i18n.Key("Question mark"), ":": i18n.Key("Colon"), "+": i18n.Key("Plus"), "=": i18n.Key("Equals"),
	"-": i18n.Key("Minus"), "\"": i18n.Key("Quote"), "`": i18n.Key("Grave")}

// spokenKey says a key name aloud: "Alt+." becomes "Alt+Period".
func spokenKey(key string) string { return SpokenKeyIn(key, i18n.For("en")) }

// SpokenKeyIn is spokenKey in a language: punctuation is named in it;
// modifiers and named keys keep the names printed on keyboards and used
// by keymap.toml.
func SpokenKeyIn(key string, p *i18n.Printer) string {
	i := strings.LastIndex(key, "+")
	if i == len(key)-1 && i > 0 {
		i = strings.LastIndex(key[:i], "+")
	}
	prefix, base := "", key
	if i > 0 {
		prefix, base = key[:i+1], key[i+1:]
	}
	if n, ok := keyNames[base]; ok {
		base = p.Text(n)
	}
	return prefix + base
}

// allActionIDs are the action ids of the keyboard reference.
func allActionIDs() []string {
	var ids []string
	for _, a := range core.Actions() {
		ids = append(ids, a.ID)
	}
	return ids
}

// ShiftedDigit is the digit of a US layout's Shift+digit character ("1"
// for '!'), as a terminal sends Shift+1.
func ShiftedDigit(r rune) (string, bool) {
	d, ok := shiftedDigits[r]
	return d, ok
}

// Binding is one default key of an action, in a layer.
type Binding struct{ Layer, Key, Action string }

// Defaults are the default keys of every layer (the default preset).
func Defaults() []Binding {
	out := make([]Binding, len(defaults()))
	for i, b := range defaults() {
		out[i] = Binding{b.layer, b.key, b.action}
	}
	return out
}
