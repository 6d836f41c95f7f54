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
//   - Translations are gettext PO files, one per language, embedded from
//     locales/ (CODE.po; tw.pot is the template go generate makes from
//     the source). A msgstr is an fmt format taking the key's arguments.
//     A message that counts things has a msgid_plural and one msgstr[N]
//     per CLDR plural category of the language, in the order zero, one,
//     two, few, many, other (Arabic has all six; the other languages one
//     and other, French and Portuguese with the singular for 0 and 1);
//     the count is the key's first %d. The Plural-Forms header says the
//     same in gettext's words, for translators' tools.
//   - Only the language in use is read, when it first formats a message;
//     English reads nothing for a message that has no integer argument.
//     A user's HOME/locale/CODE.po (SetHome) overrides entries.
//   - Text from the document or the user is always an argument, never part
//     of a format, so a '%' in a heading is printed as it is.
//   - Numbers print as plain ASCII digits with no grouping in every
//     language (what tw always said, and what every speech engine reads
//     right); only the choice of plural form depends on the language.
package i18n

import (
	"fmt"
	"os"
	"sync"
	"sync/atomic"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
)

//go:generate go run ./internal/gentemplate

// Setting is the path of the setting that chooses the interface language.
const Setting = "interface.language"

// Auto is the setting's value that follows the locale.
const Auto = "auto"

// Language is one interface language tw speaks.
type Language struct {
	Code string // the setting's value: "en", "ar", ...
	Name string // the language's own name for itself, as the settings list offers it
	RTL  bool   // written right to left
	tag  language.Tag
	// forms are the language's CLDR plural categories, in the order of
	// msgstr[0], msgstr[1], ... in its PO file: zero, one, two, few,
	// many, other, leaving out those the language does not have.
	forms []plural.Form
}

// Languages lists the interface languages, English first.
var Languages = []Language{
	{Code: "en", Name: "English", tag: language.English, forms: oneOther},
	{Code: "ar", Name: "العربية", RTL: true, tag: language.Arabic,
		forms: []plural.Form{plural.Zero, plural.One, plural.Two, plural.Few, plural.Many, plural.Other}},
	{Code: "de", Name: "Deutsch", tag: language.German, forms: oneOther},
	{Code: "es", Name: "Español", tag: language.Spanish, forms: oneOther},
	{Code: "fr", Name: "Français", tag: language.French, forms: oneOther},
	{Code: "pt", Name: "Português", tag: language.Portuguese, forms: oneOther},
}

var oneOther = []plural.Form{plural.One, plural.Other}

// form is the index, in l.forms, of the plural form of the count n.
// Counts are taken modulo 10^7, as x/text's plural rules require.
func (l Language) form(n int64) int {
	if n < 0 {
		n = -n
	}
	f := plural.Cardinal.MatchPlural(l.tag, int(n%10000000), 0, 0, 0, 0)
	for i, g := range l.forms {
		if g == f {
			return i
		}
	}
	return len(l.forms) - 1
}

// Printer formats messages in one language. Its messages are read when
// it first needs them; a Printer is safe for concurrent use.
type Printer struct {
	lang    Language
	builtIn atomic.Pointer[catalogue] // nil until first needed
	user    atomic.Pointer[catalogue] // the user's file (SetHome); nil until first needed
}

// For returns the Printer of a language code ("en", "ar", ...); an unknown
// or empty code gives English.
func For(code string) *Printer {
	for _, p := range printers {
		if p.lang.Code == code {
			return p
		}
	}
	return printers[0]
}

// Lang is the printer's language.
func (p *Printer) Lang() Language { return p.lang }

// Sprintf formats the message whose English text is key with args. Keys
// are constant formats; text from the document goes in args.
func (p *Printer) Sprintf(key string, args ...any) string {
	if hasUser.Load() {
		if m, ok := p.userCatalogue()[key]; ok {
			return m.format(p.lang, args)
		}
	}
	english := p.lang.Code == "en"
	if english && !hasInteger(args) {
		// English has entries only for counted messages; its file is not
		// read for the others.
		return fmt.Sprintf(key, args...)
	}
	m, ok := p.catalogue()[key]
	if !ok {
		if english {
			return fmt.Sprintf(key, args...)
		}
		// A message missing from this language (the catalogue test
		// forbids it) falls back to English rather than to nothing.
		return For("en").Sprintf(key, args...)
	}
	return m.format(p.lang, args)
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
	v = baseLanguage(v)
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
	for _, p := range printers {
		if p.lang.Code == setting {
			return p
		}
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
