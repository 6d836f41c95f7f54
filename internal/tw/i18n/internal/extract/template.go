package extract

import (
	"fmt"
	"slices"

	"textfirst/internal/tw/i18n/internal/po"
)

// templateHeader is the template's header entry, as xgettext writes one:
// fuzzy, with the fields msginit fills in for a new language.
var templateHeader = &po.Entry{
	Comments: []string{
		"Template of tw's messages, made by go generate ./internal/tw/i18n from the",
		"source: do not edit. A msgid is the English text as a Go fmt format (%s a",
		"text, %d a number, %[2]s the second argument); a translation prints the",
		"same arguments. See README.md, \"Translating tw\".",
	},
	Flags: []string{"fuzzy"},
	Str: []string{"Project-Id-Version: tw\n" +
		"Language: \n" +
		"MIME-Version: 1.0\n" +
		"Content-Type: text/plain; charset=UTF-8\n" +
		"Content-Transfer-Encoding: 8bit\n" +
		"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\n"},
}

// Template returns the translators' template (locales/tw.pot): every
// message key found under twDir once, in the order first found, with the
// files that use it. The keys English gives plural forms in enPO (the
// English catalogue) have a msgid_plural, which repeats the key.
func Template(twDir string, enPO []byte) ([]byte, error) {
	r, err := Messages(twDir)
	if err != nil {
		return nil, err
	}
	en, err := po.Parse(enPO)
	if err != nil {
		return nil, fmt.Errorf("extract: the English catalogue: %w", err)
	}
	counted := map[string]bool{}
	for _, e := range en.Entries {
		if e.HasPlural {
			counted[e.ID] = true
		}
	}
	f := &po.File{Entries: []*po.Entry{templateHeader}}
	byKey := map[string]*po.Entry{}
	for _, k := range r.Keys {
		e := byKey[k.Text]
		if e == nil {
			e = &po.Entry{ID: k.Text, Str: []string{""}}
			if counted[k.Text] {
				e.Plural, e.HasPlural, e.Str = k.Text, true, []string{"", ""}
				e.Extracted = []string{"Counted: a form for each plural form of the language."}
			}
			byKey[k.Text] = e
			f.Entries = append(f.Entries, e)
		}
		if !slices.Contains(e.References, k.File) {
			e.References = append(e.References, k.File)
		}
	}
	return f.Bytes(), nil
}
