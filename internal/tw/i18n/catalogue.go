package i18n

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"

	"textfirst/internal/tw/i18n/internal/po"
)

// locales holds one gettext PO file per language: the msgid is the
// English key, the msgstr its translation (see README, "Translating").
//
//go:embed locales/*.po
var locales embed.FS

// translation is one message: a single format, or, for a counted message
// (a PO entry with msgid_plural), one format per plural form of the
// language, in the order of Language.forms.
type translation struct {
	forms []string
	bare  []bool // bare[i]: forms[i] prints no argument (Arabic's "two items")
	count int    // 1-based argument that chooses the plural form; 0 for a single format
}

// format formats the message with args, choosing the plural form by the
// count argument's value in l (the last form, "other", when that argument
// is missing or not an integer). A form that prints no argument is
// printed without them, not followed by fmt's "%!(EXTRA ...)".
func (m translation) format(l Language, args []any) string {
	i := 0
	if m.count > 0 {
		i = len(m.forms) - 1
		if n, ok := integer(args, m.count); ok {
			i = l.form(n)
		}
	}
	if m.bare[i] {
		return fmt.Sprintf(m.forms[i], args[:0]...)
	}
	return fmt.Sprintf(m.forms[i], args...)
}

// integer is argument n (1-based) of args when it is an integer.
func integer(args []any, n int) (int64, bool) {
	if n > len(args) || args[n-1] == nil {
		return 0, false
	}
	v := reflect.ValueOf(args[n-1])
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int(), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return int64(v.Uint()), true
	}
	return 0, false
}

// hasInteger reports whether any of args is an integer, that is whether
// a counted message could depend on them.
func hasInteger(args []any) bool {
	for i := range args {
		if _, ok := integer(args, i+1); ok {
			return true
		}
	}
	return false
}

// catalogue is one language's messages by English key.
type catalogue map[string]translation

// readCatalogue reads a PO file of language l. Entries that are fuzzy,
// untranslated (an empty msgstr), or have a msgctxt are left out. An
// entry whose format takes other arguments than its key, or whose plural
// forms are not the language's number, makes the whole file an error, as
// does a Language header naming another language (a country or script
// after it, as in "pt_BR", is allowed).
func readCatalogue(data []byte, l Language) (catalogue, error) {
	f, err := po.Parse(data)
	if err != nil {
		return nil, err
	}
	if lang := f.Header("Language"); lang != "" && baseLanguage(lang) != l.Code {
		return nil, fmt.Errorf("the file is for language %q, not %q", lang, l.Code)
	}
	c := make(catalogue, len(f.Entries))
	for _, e := range f.Entries {
		if e.ID == "" || e.HasContext || e.Fuzzy() || untranslated(e.Str) {
			continue
		}
		m := translation{forms: e.Str, bare: make([]bool, len(e.Str))}
		if e.HasPlural {
			if len(e.Str) != len(l.forms) {
				return nil, fmt.Errorf("%q has %d plural forms; %s has %d", e.ID, len(e.Str), l.Code, len(l.forms))
			}
			if m.count = countArg(e.ID); m.count == 0 {
				return nil, fmt.Errorf("%q has plural forms but no %%d to count", e.ID)
			}
		}
		for i, s := range e.Str {
			if err := sameArgs(e.ID, s, e.HasPlural); err != nil {
				return nil, err
			}
			m.bare[i] = len(verbs(s)) == 0
		}
		c[e.ID] = m
	}
	return c, nil
}

// baseLanguage is the language of a PO Language header or a POSIX locale
// name: "pt" for "pt_BR", "pt-BR" or "pt_BR.UTF-8@euro".
func baseLanguage(v string) string {
	if i := strings.IndexAny(v, "_-.@"); i >= 0 {
		v = v[:i]
	}
	return strings.ToLower(v)
}

func untranslated(strs []string) bool {
	for _, s := range strs {
		if s == "" {
			return true
		}
	}
	return false
}

var (
	loadMu    sync.Mutex // held while a catalogue is read and while SetHome changes what is read
	userDir   string     // home/locale, or ""
	userWarn  func(error)
	hasUser   atomic.Bool // userDir != ""
	printers  = newPrinters()
	errNoFile = errors.New("no built-in catalogue")
)

func newPrinters() []*Printer {
	ps := make([]*Printer, len(Languages))
	for i, l := range Languages {
		ps[i] = &Printer{lang: l}
	}
	return ps
}

// SetHome makes each language read the user's messages from
// home/locale/CODE.po (home is tw's home folder, as the settings use
// it), when that file exists: an entry there replaces the built-in
// translation of its key. A file that cannot be read or is not a valid
// catalogue for its language is ignored as a whole and reported to warn
// (which may be nil and may format messages), once, when the language is
// first used. An empty home reads no user files. Languages already used
// read their user file again. It is safe to call at any time,
// concurrently with formatting.
func SetHome(home string, warn func(error)) {
	loadMu.Lock()
	defer loadMu.Unlock()
	userDir, userWarn = "", warn
	if home != "" {
		userDir = filepath.Join(home, "locale")
	}
	hasUser.Store(userDir != "")
	for _, p := range printers {
		p.user.Store(nil)
	}
}

// catalogue returns the printer's built-in messages, reading them the
// first time. A built-in catalogue that does not read (the catalogue
// tests forbid it) leaves the language in English.
func (p *Printer) catalogue() catalogue {
	if c := p.builtIn.Load(); c != nil {
		return *c
	}
	loadMu.Lock()
	defer loadMu.Unlock()
	if c := p.builtIn.Load(); c != nil {
		return *c
	}
	c, err := builtIn(p.lang)
	if err != nil {
		c = catalogue{}
	}
	p.builtIn.Store(&c)
	return c
}

// userCatalogue returns the messages of the printer's user file, reading
// them the first time.
func (p *Printer) userCatalogue() catalogue {
	if c := p.user.Load(); c != nil {
		return *c
	}
	c, warn, err := p.readUser()
	if err != nil && warn != nil {
		// Outside the lock: warn may format a message itself.
		warn(err)
	}
	return c
}

// readUser reads the printer's user file unless another goroutine just
// did; it returns whom to tell and why the file was ignored, if it was.
func (p *Printer) readUser() (catalogue, func(error), error) {
	loadMu.Lock()
	defer loadMu.Unlock()
	if c := p.user.Load(); c != nil {
		return *c, nil, nil
	}
	c, err := userFile(p.lang, userDir)
	if c == nil {
		c = catalogue{}
	}
	p.user.Store(&c)
	return c, userWarn, err
}

// userFile reads dir/CODE.po for language l: nil when there is none, and
// an error saying why it is ignored when it does not read.
func userFile(l Language, dir string) (catalogue, error) {
	if dir == "" {
		return nil, nil
	}
	path := filepath.Join(dir, l.Code+".po")
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	var c catalogue
	if err == nil {
		c, err = readCatalogue(data, l)
	}
	if err != nil {
		return nil, fmt.Errorf("i18n: %s is ignored: %w", path, err)
	}
	return c, nil
}

// builtIn reads language l's embedded catalogue.
func builtIn(l Language) (catalogue, error) {
	data, err := locales.ReadFile("locales/" + l.Code + ".po")
	if err != nil {
		return nil, fmt.Errorf("i18n: %s: %w", l.Code, errNoFile)
	}
	c, err := readCatalogue(data, l)
	if err != nil {
		return nil, fmt.Errorf("i18n: locales/%s.po: %w", l.Code, err)
	}
	return c, nil
}
