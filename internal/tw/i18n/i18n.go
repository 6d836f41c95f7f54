// Package i18n is tw's one catalogue of the words it shows and says: every
// announcement, list title and item label, prompt, status and help text
// goes through a Printer, in English, Arabic, German, Spanish, French or
// Portuguese.
//
// How it is built, and why:
//
//   - Keys are the English texts themselves, written as fmt formats
//     ("Bookmark %s deleted."), so English is the source and a message
//     with no translation still reads right. An English message without a
//     catalogue entry is formatted by fmt.Sprintf itself, so its bytes are
//     exactly what tw said before the catalogue existed.
//   - Translations are golang.org/x/text/message catalogue entries; ones
//     that count things use plural.Selectf with each language's CLDR plural
//     categories (Arabic's zero, one, two, few, many and other; French's
//     singular for 0 and 1).
//   - Text from the document or the user is always an argument, never part
//     of a format, so a '%' in a heading is printed as it is.
//   - Numbers print as plain ASCII digits with no grouping in every
//     language (what tw always said, and what every speech engine reads
//     right); only the choice of plural form depends on the language.
package i18n

import (
	"fmt"
	"os"
	"reflect"
	"strings"
	"sync"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/message/catalog"
)

// Setting is the path of the setting that chooses the interface language.
const Setting = "display.language"

// Auto is the setting's value that follows the locale.
const Auto = "auto"

// Language is one interface language tw speaks.
type Language struct {
	Code string // the setting's value: "en", "ar", ...
	Name string // the language's own name for itself, as the settings list offers it
	RTL  bool   // written right to left
	tag  language.Tag
}

// Languages lists the interface languages, English first.
var Languages = []Language{
	{Code: "en", Name: "English", tag: language.English},
	{Code: "ar", Name: "العربية", RTL: true, tag: language.Arabic},
	{Code: "de", Name: "Deutsch", tag: language.German},
	{Code: "es", Name: "Español", tag: language.Spanish},
	{Code: "fr", Name: "Français", tag: language.French},
	{Code: "pt", Name: "Português", tag: language.Portuguese},
}

// entries holds each language's translations by English key: a string (a
// format with the same arguments as the key) or a catalog.Message (such
// as a plural.Selectf).
var entries = map[string]map[string]any{}

// register adds entries to a language's table; each catalogue file calls
// it from a variable initialiser so that the tables are plain data. A
// language may be split over several files (one per area of the program);
// a key given twice is a mistake the catalogue test reports.
func register(code string, m map[string]any) map[string]any {
	if entries[code] == nil {
		entries[code] = map[string]any{}
	}
	for k, v := range m {
		if _, dup := entries[code][k]; dup {
			duplicates = append(duplicates, code+": "+k)
		}
		entries[code][k] = v
	}
	return m
}

// duplicates lists the keys registered twice for one language.
var duplicates []string

// Entries returns a copy of the catalogue of one language (nil for an
// unknown code): its keys and, for tests, each translation (a string or a
// catalog.Message).
func Entries(code string) map[string]any {
	m, ok := entries[code]
	if !ok {
		return nil
	}
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

var (
	buildOnce sync.Once
	cat       *catalog.Builder
	printers  map[string]*Printer
)

func build() {
	cat = catalog.NewBuilder(catalog.Fallback(language.English))
	printers = map[string]*Printer{}
	for _, l := range Languages {
		for key, v := range entries[l.Code] {
			var err error
			switch v := v.(type) {
			case string:
				err = cat.SetString(l.tag, key, v)
			case catalog.Message:
				err = cat.Set(l.tag, key, v)
			default:
				err = fmt.Errorf("entry of type %T", v)
			}
			if err != nil {
				// A broken entry is a programming error caught by the
				// catalogue tests; at run time the English text is used.
				delete(entries[l.Code], key)
			}
		}
	}
	for _, l := range Languages {
		printers[l.Code] = &Printer{lang: l, p: message.NewPrinter(l.tag, message.Catalog(cat)), own: entries[l.Code]}
	}
}

// Printer formats messages in one language.
type Printer struct {
	lang Language
	p    *message.Printer
	own  map[string]any // this language's entries
}

// For returns the Printer of a language code ("en", "ar", ...); an unknown
// or empty code gives English.
func For(code string) *Printer {
	buildOnce.Do(build)
	if p, ok := printers[code]; ok {
		return p
	}
	return printers["en"]
}

// Lang is the printer's language.
func (p *Printer) Lang() Language { return p.lang }

// Sprintf formats the message whose English text is key with args. Keys
// are constant formats; text from the document goes in args.
func (p *Printer) Sprintf(key string, args ...any) string {
	if _, ok := p.own[key]; !ok {
		if p.lang.Code == "en" {
			return fmt.Sprintf(key, args...)
		}
		// A message missing from this language (the catalogue test
		// forbids it) falls back to English rather than to nothing.
		return For("en").Sprintf(key, args...)
	}
	wrapped := make([]any, len(args))
	for i, a := range args {
		wrapped[i] = plain(a)
	}
	return p.p.Sprintf(key, wrapped...)
}

// plain wraps integers so they print as fmt prints them (no digit
// grouping, ASCII digits) while still choosing plural forms.
func plain(a any) any {
	if a == nil {
		return a
	}
	v := reflect.ValueOf(a)
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return count(v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return count(int64(v.Uint()))
	}
	return a
}

// count is an integer argument: printed like fmt prints it, and able to
// tell plural.Selectf its plural form in the printer's language.
type count int64

func (c count) Format(f fmt.State, verb rune) {
	format := "%" + flags(f)
	if w, ok := f.Width(); ok {
		format += fmt.Sprint(w)
	}
	fmt.Fprintf(f, format+string(verb), int64(c))
}

func flags(f fmt.State) string {
	var b strings.Builder
	for _, c := range "-+# 0" {
		if f.Flag(int(c)) {
			b.WriteRune(c)
		}
	}
	return b.String()
}

func (c count) PluralForm(t language.Tag, scale int) (plural.Form, int) {
	n := int64(c)
	if n < 0 {
		n = -n
	}
	i := int(n % 10000000)
	return plural.Cardinal.MatchPlural(t, i, 0, 0, 0, 0), i
}

// Resolve turns the setting's value into a language code: a supported
// code as it is, and "auto" (or anything else) the locale's language from
// LC_ALL, LC_MESSAGES or LANG, the first one set (POSIX order), English
// when that is none of tw's languages. getenv is os.Getenv outside tests.
func Resolve(setting string, getenv func(string) string) string {
	for _, l := range Languages {
		if setting == l.Code {
			return l.Code
		}
	}
	if getenv == nil {
		getenv = os.Getenv
	}
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		v := getenv(name)
		if v == "" {
			continue
		}
		return fromLocale(v)
	}
	return "en"
}

// fromLocale reads a POSIX locale name such as "ar_EG.UTF-8" or
// "pt_BR@euro"; "C" and "POSIX" are English.
func fromLocale(v string) string {
	if i := strings.IndexAny(v, ".@"); i >= 0 {
		v = v[:i]
	}
	if i := strings.IndexAny(v, "_-"); i >= 0 {
		v = v[:i]
	}
	v = strings.ToLower(v)
	for _, l := range Languages {
		if v == l.Code {
			return l.Code
		}
	}
	return "en"
}

// Current returns the Printer for a setting's value, resolving "auto"
// from the process's locale. The locale is read once: a process's
// environment does not change under it, and this runs for every message
// and every screen drawn.
func Current(setting string) *Printer {
	buildOnce.Do(build)
	if p, ok := printers[setting]; ok {
		return p
	}
	return For(localeLang())
}

var localeLang = sync.OnceValue(func() string { return Resolve(Auto, os.Getenv) })

// Key marks a constant as a message key where it is written (in a table,
// or passed on to be formatted later), so that the catalogue test finds
// it; it returns key unchanged.
func Key(key string) string { return key }

// Text returns the message key, which takes no arguments, in the printer's
// language (for keys chosen at run time from constants marked with Key).
func (p *Printer) Text(key string) string {
	var none []any
	return p.Sprintf(key, none...)
}
