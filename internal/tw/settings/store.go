package settings

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"

	"textfirst/internal/atomicfile"
	"textfirst/internal/tw/i18n"
)

// fileName is the name of the settings file inside tw's home folder.
const fileName = "settings.toml"

// File is the settings file of the home folder home.
func File(home string) string { return filepath.Join(home, fileName) }

// ErrUnknown is matched (with errors.Is) by the error for a path that names
// no setting. That error's message is "There is no setting " + the path.
var ErrUnknown = errors.New("there is no such setting")

type unknownError struct{ path string }

func (e unknownError) Error() string        { return "There is no setting " + e.path }
func (e unknownError) Is(target error) bool { return target == ErrUnknown }

// Store holds the current settings and saves changes to settings.toml. It is
// safe for concurrent use.
type Store struct {
	mu     sync.Mutex
	file   string         // home/settings.toml
	values map[string]any // by path; every setting has a value
	// text is the file's content as last loaded or written ("" when there
	// is no file); a save first compares the file with it to notice edits
	// made by hand in the meantime.
	text string
	// broken is the syntax error of the file as last read, if any: while
	// it is set, nothing is saved.
	broken error

	cbMu      sync.Mutex
	callbacks []func(path string, value any)

	checks map[string]Check // SetCheck's, by path
}

// change is one setting that changed, for the OnChange callbacks.
type change struct {
	path  string
	value any
}

// Open reads home/settings.toml, if there is one. Values that cannot be
// used are replaced by their defaults and described in the warnings, one
// sentence each, starting "settings.toml: ". Only a file that exists but
// cannot be read gives an error.
func Open(home string) (*Store, []string, error) {
	s, messages, err := OpenMessages(home)
	var warnings []string
	for _, m := range messages {
		warnings = append(warnings, m.String())
	}
	return s, warnings, err
}

// OpenMessages is Open with the warnings kept as messages, to be said in
// the interface language (the terminal reader) or in English (the log,
// JSON-RPC).
func OpenMessages(home string) (*Store, []i18n.Message, error) {
	s := &Store{file: File(home)}
	data, err := os.ReadFile(s.file)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, nil, fmt.Errorf("cannot read the settings: %w", err)
	}
	var warnings []i18n.Message
	s.values, warnings, s.broken = load(string(data))
	s.text = string(data)
	return s, warnings, nil
}

// load reads the settings from the text of a settings.toml. A syntax error
// gives all defaults, one warning and the error.
func load(text string) (values map[string]any, warnings []i18n.Message, syntax error) {
	values = make(map[string]any, len(schema))
	for _, st := range schema {
		values[st.Path] = jsonValue(st.Default)
	}
	doc, keys, err := decode(text)
	if err != nil {
		return values, []i18n.Message{i18n.Msg("%s: %s; using the default settings, and tw will not change the file until it is fixed", fileName, err)}, err
	}
	badSection := map[string]bool{}
	for _, st := range schema {
		raw, ok := doc[st.Section]
		if !ok {
			// Its value may still be written under a former name in
			// another section.
			raw = map[string]any{}
		}
		table, ok := raw.(map[string]any)
		if !ok {
			if !badSection[st.Section] {
				badSection[st.Section] = true
				warnings = append(warnings, i18n.Msg("%s: %s must be a table of settings; using the defaults for %s",
					fileName, st.Section, st.Section))
			}
			continue
		}
		raw, ok = lookupKey(table, st.Key())
		if !ok {
			if raw, ok = formerValue(doc, st.Path); !ok {
				continue
			}
		}
		val, note, reason := st.check(raw)
		switch {
		case reason.Key != "":
			warnings = append(warnings, i18n.Msg("%s: %s: %s; %s", fileName, st.Path, reason, usingDefault(st)))
		case note.Key != "":
			warnings = append(warnings, i18n.Msg("%s: %s: %s", fileName, st.Path, note))
			values[st.Path] = val
		default:
			values[st.Path] = val
		}
	}
	// Keys tw does not know are kept in the file; say so, since they are
	// often typing mistakes.
	for _, k := range keys {
		if badSection[k[0]] {
			continue
		}
		switch len(k) {
		case 1:
			if !knownSection(k[0]) {
				warnings = append(warnings, i18n.Msg("%s: [%s] is not a section tw knows; it is kept but not used", fileName, k[0]))
			}
		case 2:
			path := k[0] + "." + k[1]
			if _, ok := byPath[path]; !ok && knownSection(k[0]) && !isGroup(path) && formerNames[path] == "" {
				warnings = append(warnings, i18n.Msg("%s: %s.%s is not a setting tw knows; it is kept but not used", fileName, k[0], k[1]))
			}
		}
	}
	return values, warnings, nil
}

// lookupKey finds a setting's key in its section's table: a key of one
// part, or one of a group written either way TOML allows, as a quoted key
// ("bionic_options.ratio" = 0.5) or as a table of its own
// ([reading_aids.bionic_options], or bionic_options.ratio = 0.5).
func lookupKey(table map[string]any, key string) (any, bool) {
	if v, ok := table[key]; ok {
		return v, true
	}
	group, rest, dotted := strings.Cut(key, ".")
	if !dotted {
		return nil, false
	}
	sub, ok := table[group].(map[string]any)
	if !ok {
		return nil, false
	}
	return lookupKey(sub, rest)
}

// isGroup reports whether path is a group of settings, such as
// reading_aids.bionic_options, rather than a setting.
func isGroup(path string) bool {
	for _, st := range schema {
		if strings.HasPrefix(st.Path, path+".") {
			return true
		}
	}
	return false
}

func knownSection(name string) bool {
	for _, s := range sectionOrder {
		if s == name {
			return true
		}
	}
	return false
}

// usingDefault ends a warning about a value that could not be used.
func usingDefault(st Setting) i18n.Message {
	if st.Default == nil {
		return i18n.Msg("leaving it not set")
	}
	return i18n.Msg("using %s", tomlValue(st.Default))
}

// decode parses TOML text into a map, and lists its keys in file order.
func decode(text string) (map[string]any, [][]string, error) {
	doc := map[string]any{}
	md, err := toml.Decode(text, &doc)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return nil, nil, fmt.Errorf("line %d: %s", pe.Position.Line, pe.Message)
		}
		return nil, nil, err
	}
	var keys [][]string
	for _, k := range md.Keys() {
		keys = append(keys, []string(k))
	}
	return doc, keys, nil
}

// formerNames maps the paths settings had before they took the original
// textweaver's names to their paths now. A file written with a former
// name keeps working: the value is read under it (the current name wins
// when a file has both), and Get and Set accept it.
var formerNames = map[string]string{
	"speech.capital_letters":     "speech.caps",
	"display.line_numbers":       "display.show_line_numbers",
	"reading_aids.rsvp_wpm":      "reading_aids.rsvp.wpm",
	"reading_aids.rsvp_position": "reading_aids.rsvp.position",
	"reading_aids.ruler_mode":    "reading_aids.ruler.mode",
	"display.language":           "interface.language",
	"display.rtl":                "interface.rtl",
}

// formerChoices maps, for a choice setting whose values were renamed, each
// former value to its value now. A file (or a Set) giving a former value
// keeps working, without a warning.
var formerChoices = map[string]map[string]string{
	"interface.rtl": {"shaped": "on", "terminal": "off"},
}

// formerValue finds the value a file gives a setting under a former name.
func formerValue(doc map[string]any, path string) (any, bool) {
	for old, now := range formerNames {
		if now != path {
			continue
		}
		section, key, _ := strings.Cut(old, ".")
		if table, ok := doc[section].(map[string]any); ok {
			if v, ok := table[key]; ok {
				return v, true
			}
		}
	}
	return nil, false
}

// currentName is the path a setting has now, for a path it had before.
func currentName(path string) string {
	if now, ok := formerNames[path]; ok {
		return now
	}
	return path
}

func lookup(path string) (Setting, error) {
	i, ok := byPath[currentName(path)]
	if !ok {
		return Setting{}, unknownError{path}
	}
	return schema[i], nil
}

// Get returns a setting's value: a bool, an int (or float64, for a number
// with a fractional step), a string, nil (an unset text), a []string or a
// map[string]int / map[string]string (a table). Slices and maps are copies.
func (s *Store) Get(path string) (any, error) {
	path = currentName(path)
	if _, err := lookup(path); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return jsonValue(s.values[path]), nil
}

// Spoken returns a setting's value as it is said: "265 words per minute",
// "on" or "off", a choice's label, "not set".
func (s *Store) Spoken(path string) (string, error) {
	path = currentName(path)
	st, err := lookup(path)
	if err != nil {
		return "", err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return st.spoken(s.values[path]), nil
}

// Set changes a setting and saves it before returning the value stored.
// value is as decoded from JSON: a number is clamped to the setting's range
// and rounded to the precision of its step; a value of the wrong type gives
// an error that says why, and changes nothing. nil puts the default back and
// removes the setting's line from settings.toml.
func (s *Store) Set(path string, value any) (any, error) {
	path = currentName(path)
	st, err := lookup(path)
	if err != nil {
		return nil, err
	}
	var val any
	if value != nil {
		v, _, reason := st.check(value)
		if reason.Key != "" {
			return nil, i18n.Msg("%s %s", path, reason)
		}
		val = v
		if check := s.checkOf(path); check != nil {
			if err := check(val); err != nil {
				return nil, err
			}
		}
	}
	return s.apply(st, func(any) (any, bool, error) { return val, value == nil, nil })
}

// Adjust moves a setting one step up (direction > 0) or down (direction <
// 0): a number by its step, clamped to its range; a choice to the next or
// previous choice, wrapping around (a value of one's own moves to the first
// or last choice); a toggle flips. It saves and returns the new value.
func (s *Store) Adjust(path string, direction int) (any, error) {
	path = currentName(path)
	st, err := lookup(path)
	if err != nil {
		return nil, err
	}
	if direction == 0 {
		return nil, errors.New("the direction to adjust " + path + " must be up or down")
	}
	up := direction > 0
	return s.apply(st, func(current any) (any, bool, error) {
		switch st.Kind {
		case KindToggle:
			return current != true, false, nil
		case KindNumber:
			f, _ := toFloat(current)
			if up {
				f += st.Step
			} else {
				f -= st.Step
			}
			v, _ := st.fit(f)
			return v, false, nil
		case KindChoice:
			n := len(st.Choices)
			at := -1
			for i, c := range st.Choices {
				if c.Value == current {
					at = i
				}
			}
			switch {
			case at < 0 && up:
				at = 0
			case at < 0:
				at = n - 1
			case up:
				at = (at + 1) % n
			default:
				at = (at + n - 1) % n
			}
			return st.Choices[at].Value, false, nil
		}
		return nil, false, i18n.Msg("%s is a %s setting, which cannot be moved up or down", path, string(st.Kind))
	})
}

// apply changes one setting under the lock: it reloads settings.toml if it
// was edited by hand, asks next for the new value (restore: put the
// default back), edits the file, checks the edit, writes it atomically and
// only then updates the value. The callbacks run after the lock is
// released.
func (s *Store) apply(st Setting, next func(current any) (val any, restore bool, err error)) (any, error) {
	s.mu.Lock()
	changes, err := s.refresh()
	if err != nil {
		s.mu.Unlock()
		s.notify(changes)
		return nil, err
	}
	val, restore, err := next(jsonValue(s.values[st.Path]))
	if err != nil {
		s.mu.Unlock()
		s.notify(changes)
		return nil, err
	}
	if restore {
		val = jsonValue(st.Default)
	}
	if err := s.save(st, val, restore); err != nil {
		s.mu.Unlock()
		s.notify(changes)
		return nil, err
	}
	if !sameValue(s.values[st.Path], val) {
		s.values[st.Path] = val
		changes = append(changes, change{st.Path, jsonValue(val)})
	}
	s.mu.Unlock()
	s.notify(changes)
	return jsonValue(val), nil
}

// refresh reads settings.toml again before a save. If it was changed by
// hand since it was loaded, its values are loaded (and returned as changes)
// so that the save keeps them. A file with a syntax error stops the save.
func (s *Store) refresh() ([]change, error) {
	data, err := os.ReadFile(s.file)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("cannot read %s before saving: %w", s.file, err)
	}
	var changes []change
	if string(data) != s.text {
		values, _, syntax := load(string(data))
		s.text, s.broken = string(data), syntax
		if syntax == nil {
			for _, st := range schema {
				if !sameValue(s.values[st.Path], values[st.Path]) {
					changes = append(changes, change{st.Path, jsonValue(values[st.Path])})
				}
			}
			s.values = values
		}
	}
	if s.broken != nil {
		return changes, i18n.Msg("%s has a mistake (%v), so tw will not change it; fix the file first, then change settings again",
			s.file, s.broken)
	}
	return changes, nil
}

// save writes one setting's new value into settings.toml, leaving every
// other line as it is. A value equal to the default is only written where
// the file already has a line for the setting.
func (s *Store) save(st Setting, val any, restore bool) error {
	text := ""
	if !restore && val != nil {
		text = tomlValue(val)
	}
	add := !sameValue(val, st.Default)
	edited, err := editTOML(s.text, st.Section, st.Key(), text, add)
	if err == nil {
		err = s.verify(st, edited, val)
	}
	if err != nil {
		return i18n.Msg("tw could not change %s in %s safely (%v); change it there by hand", st.Path, s.file, err)
	}
	if edited == s.text {
		return nil
	}
	// The home is private (see atomicfile.MkdirPrivate): the settings may
	// name documents and folders.
	if err := atomicfile.MkdirPrivate(filepath.Dir(s.file), filepath.Dir(s.file)); err != nil {
		return i18n.Msg("cannot save the settings: %v", err)
	}
	if err := atomicfile.WritePrivate(s.file, []byte(edited)); err != nil {
		return i18n.Msg("cannot save the settings: %v", err)
	}
	s.text = edited
	return nil
}

// verify parses an edited file and checks that it holds val for the
// setting (or no line, when val is nil or the default was not written) and
// that nothing else changed.
func (s *Store) verify(st Setting, edited string, val any) error {
	before, _, err := decode(s.text)
	if err != nil {
		return err
	}
	after, _, err := decode(edited)
	if err != nil {
		return fmt.Errorf("the edit would break the file: %w", err)
	}
	raw, present := take(after, st.Section, st.Key())
	_, _ = take(before, st.Section, st.Key())
	if present {
		got, _, reason := st.check(raw)
		if reason.Key != "" || !sameValue(got, val) {
			return fmt.Errorf("the edited file would hold %v instead", raw)
		}
	} else if val != nil && !sameValue(val, st.Default) {
		return errors.New("the edited file would not hold the new value")
	}
	if !reflect.DeepEqual(before, after) {
		return errors.New("the edit would change other settings")
	}
	return nil
}

// take removes section.key from a decoded file, and the section too if
// that leaves it empty, so that two files can be compared on the rest.
func take(doc map[string]any, section, key string) (any, bool) {
	table, ok := doc[section].(map[string]any)
	if !ok {
		return nil, false
	}
	v, ok := table[key]
	delete(table, key)
	if len(table) == 0 {
		delete(doc, section)
	}
	return v, ok
}

// OnChange registers f to be called after each change of a setting has
// been applied and saved, with the setting's path and new value (as Get
// gives it). Callbacks run on the goroutine that made the change, after the
// store's lock is released, so they may call the store.
func (s *Store) OnChange(f func(path string, value any)) {
	s.cbMu.Lock()
	defer s.cbMu.Unlock()
	s.callbacks = append(s.callbacks, f)
}

func (s *Store) notify(changes []change) {
	if len(changes) == 0 {
		return
	}
	s.cbMu.Lock()
	callbacks := append([]func(string, any){}, s.callbacks...)
	s.cbMu.Unlock()
	for _, c := range changes {
		for _, f := range callbacks {
			f(c.path, c.value)
		}
	}
}

// errKind is matched (with errors.Is) by the error for reading a setting
// as a kind it is not, such as Int of a toggle.
var errKind = errors.New("the setting is of another kind")

type kindError struct {
	path string
	kind Kind
}

func (e kindError) Error() string        { return fmt.Sprintf("%s is a %s setting", e.path, e.kind) }
func (e kindError) Is(target error) bool { return target == errKind }

// Read returns the value of a setting of one of the given kinds (any kind
// when none is given), or an error: ErrUnknown for a path the schema lacks,
// errKind for a setting of another kind. It never panics.
func (s *Store) Read(path string, kinds ...Kind) (any, error) {
	path = currentName(path)
	st, err := lookup(path)
	if err != nil {
		return nil, err
	}
	if len(kinds) > 0 && !slices.Contains(kinds, st.Kind) {
		return nil, kindError{path, st.Kind}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return jsonValue(s.values[path]), nil
}

// The quick readers below (Int, Float, Bool, String, Strings, NumberTable,
// TextTable) never panic: a path the schema lacks, or a setting of another
// kind, reads as the zero value. Read (or Get) says what was wrong.

// Int returns a number setting, rounded to a whole number.
func (s *Store) Int(path string) int {
	v, _ := s.Read(path, KindNumber)
	f, _ := toFloat(v)
	return int(math.Round(f))
}

// Float returns a number setting.
func (s *Store) Float(path string) float64 {
	v, _ := s.Read(path, KindNumber)
	f, _ := toFloat(v)
	return f
}

// Bool returns a toggle setting.
func (s *Store) Bool(path string) bool {
	v, _ := s.Read(path, KindToggle)
	return v == true
}

// String returns a choice or text setting; "" for an unset text.
func (s *Store) String(path string) string {
	v, _ := s.Read(path, KindChoice, KindText)
	str, _ := v.(string)
	return str
}

// Strings returns a list setting.
func (s *Store) Strings(path string) []string {
	v, _ := s.Read(path, KindList)
	list, _ := v.([]string)
	return list
}

// NumberTable returns a table of numbers, such as speech.speed_presets.
func (s *Store) NumberTable(path string) map[string]int {
	v, _ := s.Read(path, KindTable)
	t, _ := v.(map[string]int)
	return t
}

// TextTable returns a table of texts, such as speech.pronunciations.
func (s *Store) TextTable(path string) map[string]string {
	v, _ := s.Read(path, KindTable)
	t, _ := v.(map[string]string)
	return t
}

// File is the path of the settings file.
func (s *Store) File() string { return s.file }

// SpokenIn is Spoken in the words of tr, the interface language's
// translator (the terminal reader's settings list); Spoken itself stays
// English, as settings over JSON-RPC report it.
func (s *Store) SpokenIn(path string, tr Translator) (string, error) {
	path = currentName(path)
	st, err := lookup(path)
	if err != nil {
		return "", err
	}
	s.mu.Lock()
	v := jsonValue(s.values[path])
	s.mu.Unlock()
	// tr may read settings itself (the interface language), so it runs
	// without the lock.
	return st.spokenIn(v, tr), nil
}
