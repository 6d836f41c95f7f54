package settings

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"textfirst/internal/tw/i18n"
)

// check turns v, as decoded from JSON or from TOML, into the setting's Go
// value. reason says why v does not fit ("must be a number"); note says
// what was changed to make it fit ("2000 is above the maximum 900; using
// 900"). v must not be nil: nil means "the default" and is handled by the
// callers.
func (s Setting) check(v any) (val any, note, reason i18n.Message) {
	if str, ok := v.(string); ok && str != "" && textChecks[s.Path] != nil {
		if reason := textChecks[s.Path](str); reason.Key != "" {
			return nil, none, reason
		}
	}
	switch s.Kind {
	case KindToggle:
		b, ok := v.(bool)
		if !ok {
			return nil, none, i18n.Msg("must be true or false")
		}
		return b, none, none
	case KindNumber:
		f, ok := toFloat(v)
		if !ok {
			return nil, none, i18n.Msg("must be a number")
		}
		n, note := s.fit(f)
		return n, note, none
	case KindChoice:
		str, ok := v.(string)
		if ok {
			if now, renamed := formerChoices[s.Path][strings.ToLower(str)]; renamed {
				str = now
			}
			for _, c := range s.Choices {
				if strings.EqualFold(str, c.Value) {
					return c.Value, none, none
				}
			}
			if s.Open && strings.TrimSpace(str) != "" && singleLine(str) {
				return str, none, none
			}
		}
		return nil, none, s.choiceReason()
	case KindText:
		str, ok := v.(string)
		if !ok {
			return nil, none, i18n.Msg("must be text")
		}
		if !singleLine(str) {
			return nil, none, i18n.Msg("must be a single line of text")
		}
		if str == "" && s.Optional {
			return nil, none, none
		}
		return str, none, none
	case KindList:
		var list []string
		switch v := v.(type) {
		case []string:
			list = append([]string{}, v...)
		case []any:
			list = make([]string, 0, len(v))
			for _, item := range v {
				str, ok := item.(string)
				if !ok {
					return nil, none, i18n.Msg("must be a list of texts")
				}
				list = append(list, str)
			}
		default:
			return nil, none, i18n.Msg("must be a list of texts")
		}
		return list, none, none
	case KindTable:
		return s.checkTable(v)
	}
	return nil, none, i18n.Msg("has a kind tw does not know")
}

func (s Setting) choiceReason() i18n.Message {
	values := make([]string, len(s.Choices))
	for i, c := range s.Choices {
		values[i] = c.Value
	}
	if s.Open {
		return i18n.Msg("must be one of %s, or the name of another one", strings.Join(values, ", "))
	}
	return i18n.Msg("must be one of %s", strings.Join(values, ", "))
}

// none is no note, or no reason.
var none i18n.Message

// joined is messages joined by "; ", in the language each is said in.
func joined(ms []i18n.Message) i18n.Message {
	if len(ms) == 0 {
		return none
	}
	m := ms[0]
	for _, n := range ms[1:] {
		m = i18n.Msg("%s; %s", m, n)
	}
	return m
}

func (s Setting) checkTable(v any) (val any, note, reason i18n.Message) {
	entries := map[string]any{}
	switch v := v.(type) {
	case map[string]any:
		entries = v
	case map[string]int:
		for k, x := range v {
			entries[k] = x
		}
	case map[string]string:
		for k, x := range v {
			entries[k] = x
		}
	default:
		return nil, none, s.tableReason()
	}
	keys := make([]string, 0, len(entries))
	for k := range entries {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if s.Entries == KindNumber {
		out := make(map[string]int, len(entries))
		var notes []i18n.Message
		for _, k := range keys {
			f, ok := toFloat(entries[k])
			if k == "" || !ok {
				return nil, none, s.tableReason()
			}
			n, note := s.fit(f)
			if note.Key != "" {
				notes = append(notes, i18n.Msg("%s: %s", k, note))
			}
			out[k] = n.(int)
		}
		return out, joined(notes), none
	}
	out := make(map[string]string, len(entries))
	for _, k := range keys {
		str, ok := entries[k].(string)
		if k == "" || !ok {
			return nil, none, s.tableReason()
		}
		out[k] = str
	}
	if s.Path == "normalization.abbrev_expansions" {
		for _, k := range keys {
			if !singleLine(out[k]) {
				return nil, none, i18n.Msg("what to say for %q must be a single line", k)
			}
		}
	}
	if check := tableChecks[s.Path]; check != nil {
		if reason := check(out); reason.Key != "" {
			return nil, none, reason
		}
	}
	if s.Path == "speech.pronunciations" || s.Path == "normalization.pronunciations" {
		for _, k := range keys {
			if _, err := parsePronunciation(k, out[k]); err != nil {
				return nil, none, i18n.Msg("cannot be used: %s", err)
			}
		}
	}
	return out, none, none
}

func (s Setting) tableReason() i18n.Message {
	if s.Entries == KindNumber {
		return i18n.Msg("must be a table of names and numbers")
	}
	return i18n.Msg("must be a table of names and texts")
}

// fit rounds f to the precision of the setting's step and clamps it to its
// range. It does not move f onto the grid min + k*step: the defaults and
// presets are not on it (265 with a step of 20 from 50), and a rate the
// user chose should stay as chosen; Adjust moves by whole steps from there.
func (s Setting) fit(f float64) (val any, note i18n.Message) {
	decimals := 0
	if !s.integral() {
		str := strconv.FormatFloat(s.Step, 'f', -1, 64)
		if dot := strings.IndexByte(str, '.'); dot >= 0 {
			decimals = len(str) - dot - 1
		}
	}
	scale := math.Pow(10, float64(decimals))
	r := math.Round(f*scale) / scale
	switch {
	case r < s.Min:
		note = i18n.Msg("%s is below the minimum %s; using %s", formatNumber(f), formatNumber(s.Min), formatNumber(s.Min))
		r = s.Min
	case r > s.Max:
		note = i18n.Msg("%s is above the maximum %s; using %s", formatNumber(f), formatNumber(s.Max), formatNumber(s.Max))
		r = s.Max
	}
	if s.integral() {
		return int(r), note
	}
	return r, note
}

// toFloat accepts every Go number type JSON and TOML decoders produce.
func toFloat(v any) (float64, bool) {
	var f float64
	if n, ok := v.(json.Number); ok {
		var err error
		if f, err = n.Float64(); err != nil {
			return 0, false
		}
	} else {
		switch rv := reflect.ValueOf(v); rv.Kind() {
		case reflect.Float32, reflect.Float64:
			f = rv.Float()
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			f = float64(rv.Int())
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			f = float64(rv.Uint())
		default:
			return 0, false
		}
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, false
	}
	return f, true
}

func singleLine(s string) bool { return !strings.ContainsAny(s, "\r\n") }

func formatNumber(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// Translator formats a message whose English text is key (an fmt
// format) in the interface language; English is fmt.Sprintf itself.
type Translator func(key string, args ...any) string

// english is the Translator of the English words (with English plurals).
func english(key string, args ...any) string { return i18n.For("en").Sprintf(key, args...) }

// spoken is how a value of the setting is said: "265 words per minute",
// "on", a choice's label, "not set".
func (s Setting) spoken(v any) string { return s.spokenIn(v, english) }

// spokenIn is spoken in the words of tr. Labels and units are keys of
// the catalogue (internal/tw/i18n); numbers and text of the user's own go
// in as arguments.
func (s Setting) spokenIn(v any, tr Translator) string {
	switch s.Kind {
	case KindToggle:
		if v == true {
			return tr("on")
		}
		return tr("off")
	case KindNumber:
		f, _ := toFloat(v)
		return s.withUnitIn(f, tr)
	case KindChoice:
		for _, c := range s.Choices {
			if c.Value == v {
				return tr(c.Label)
			}
		}
		str, _ := v.(string)
		return str
	case KindText:
		switch v {
		case nil:
			return tr("not set")
		case "":
			return tr("empty")
		}
		str, _ := v.(string)
		return str
	case KindList:
		list, _ := v.([]string)
		if len(list) == 0 {
			return tr("none")
		}
		return strings.Join(list, ", ")
	case KindTable:
		var parts []string
		switch t := v.(type) {
		case map[string]int:
			for _, k := range sortedByValue(t) {
				parts = append(parts, k+" "+s.withUnitIn(float64(t[k]), tr))
			}
		case map[string]string:
			keys := make([]string, 0, len(t))
			for k := range t {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				parts = append(parts, tr("%s as %s", k, t[k]))
			}
		}
		if len(parts) == 0 {
			return tr("none")
		}
		return strings.Join(parts, ", ")
	}
	return fmt.Sprint(v)
}

func (s Setting) withUnit(f float64) string { return s.withUnitIn(f, english) }

// unitMessages say a whole number with its unit; the catalogue holds the
// plural forms of each language (English: "1 semitone", "2 semitones").
var unitMessages = map[string]string{
	"words per minute": i18n.Key("%d words per minute"),
	"semitones":        i18n.Key("%d semitones"),
	"percent":          i18n.Key("%d percent"),
	"milliseconds":     i18n.Key("%d milliseconds"),
	"places":           i18n.Key("%d places"),
	"seconds":          i18n.Key("%d seconds"),
}

func (s Setting) withUnitIn(f float64, tr Translator) string {
	if key, ok := unitMessages[s.Unit]; ok && f == math.Trunc(f) && math.Abs(f) < 1e15 {
		return tr(key, int64(f))
	}
	unit := s.Unit
	if math.Abs(f) == 1 && s.unitOne != "" {
		unit = s.unitOne
	}
	if unit == "" {
		return formatNumber(f)
	}
	return formatNumber(f) + " " + unit
}

// sortedByValue orders a number table from the highest value down (the
// speed presets from skim to slow), names breaking ties.
func sortedByValue(t map[string]int) []string {
	keys := make([]string, 0, len(t))
	for k := range t {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(a, b int) bool {
		if t[keys[a]] != t[keys[b]] {
			return t[keys[a]] > t[keys[b]]
		}
		return keys[a] < keys[b]
	})
	return keys
}

// tomlValue writes a value of the setting as TOML text. nil (an unset
// optional text) has no TOML form and gives "".
func tomlValue(v any) string {
	switch v := v.(type) {
	case bool:
		return strconv.FormatBool(v)
	case int:
		return strconv.Itoa(v)
	case float64:
		str := formatNumber(v)
		if !strings.ContainsAny(str, ".eE") {
			str += ".0"
		}
		return str
	case string:
		return quoteString(v)
	case []string:
		items := make([]string, len(v))
		for i, item := range v {
			items[i] = quoteString(item)
		}
		return "[" + strings.Join(items, ", ") + "]"
	case map[string]int:
		var parts []string
		for _, k := range sortedByValue(v) {
			parts = append(parts, quoteKey(k)+" = "+strconv.Itoa(v[k]))
		}
		return "{ " + strings.Join(parts, ", ") + " }"
	case map[string]string:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var parts []string
		for _, k := range keys {
			parts = append(parts, quoteKey(k)+" = "+quoteString(v[k]))
		}
		if len(parts) == 0 {
			return "{}"
		}
		return "{ " + strings.Join(parts, ", ") + " }"
	}
	return ""
}

// sameValue compares two values of the same setting.
func sameValue(a, b any) bool {
	la, aList := a.([]string)
	lb, bList := b.([]string)
	if aList && bList && len(la) == 0 && len(lb) == 0 {
		return true // nil and empty lists are the same setting
	}
	return reflect.DeepEqual(a, b)
}

// Parse reads a value typed by the user (in the settings list's edit
// prompt) into a value Set accepts: "on", "off", "yes", "no", "true" and
// "false" for toggles; a number, optionally followed by its unit; a choice's
// value or label (any case); any line of text. An empty text for an
// optional text means "not set". Lists and tables are edited in
// settings.toml and give an error.
func (s Setting) Parse(text string) (any, error) {
	t := strings.TrimSpace(text)
	switch s.Kind {
	case KindToggle:
		switch strings.ToLower(t) {
		case "on", "yes", "true", "1":
			return true, nil
		case "off", "no", "false", "0":
			return false, nil
		}
		return nil, i18n.Msg("%s must be on or off", s.Path)
	case KindNumber:
		fields := strings.Fields(t)
		if len(fields) > 0 {
			if f, err := strconv.ParseFloat(fields[0], 64); err == nil {
				return f, nil
			}
		}
		return nil, i18n.Msg("%s must be a number", s.Path)
	case KindChoice:
		for _, c := range s.Choices {
			if strings.EqualFold(t, c.Value) || strings.EqualFold(t, c.Label) {
				return c.Value, nil
			}
		}
		if s.Open && t != "" {
			return t, nil
		}
		return nil, i18n.Msg("%s %s", s.Path, s.choiceReason())
	case KindText:
		if t == "" && s.Optional {
			return nil, nil
		}
		return text, nil
	}
	return nil, i18n.Msg("%s is a %s; change it in settings.toml", s.Path, string(s.Kind))
}
