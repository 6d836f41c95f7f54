package lexicon

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"textfirst/internal/tw/i18n"
)

// partName is a part of speech in the interface language.
func partName(p *i18n.Printer, pos PartOfSpeech) string {
	switch pos {
	case Noun:
		return p.Text(i18n.Key("noun"))
	case Verb:
		return p.Text(i18n.Key("verb"))
	case Adjective:
		return p.Text(i18n.Key("adjective"))
	case Adverb:
		return p.Text(i18n.Key("adverb"))
	}
	return string(pos)
}

// SenseText is one sense on one line, as a list item says it: the part of
// speech and the sense's number in it, the definition, then the examples
// and synonyms.
func SenseText(p *i18n.Printer, g Group, i int) string {
	s := g.Senses[i]
	var b strings.Builder
	if g.PartOfSpeech != "" {
		b.WriteString(p.Sprintf(i18n.Key("%s %d: "), partName(p, g.PartOfSpeech), i+1))
	}
	b.WriteString(sentence(s.Definition))
	if len(s.Examples) > 0 {
		b.WriteString(" " + p.Sprintf(i18n.Key("Example: %s"), sentence(strings.Join(s.Examples, "; "))))
	}
	if len(s.Synonyms) > 0 {
		b.WriteString(" " + p.Sprintf(i18n.Key("Synonyms: %s"), sentence(strings.Join(s.Synonyms, ", "))))
	}
	return b.String()
}

// Items are a definition's senses, one list item each (SenseText).
func Items(p *i18n.Printer, d Definition) []string {
	var out []string
	for _, g := range d.Groups {
		for i := range g.Senses {
			out = append(out, SenseText(p, g, i))
		}
	}
	return out
}

// Markdown is a definition as tw define prints it: the word's base form as
// a heading, its pronunciation and source, then each part of speech with
// its numbered senses.
func Markdown(p *i18n.Printer, d Definition) string {
	var b strings.Builder
	lemma := d.Groups[0].Lemma
	fmt.Fprintf(&b, "# %s\n\n", lemma)
	if !strings.EqualFold(lemma, d.Word) {
		b.WriteString(p.Sprintf(i18n.Key("The base form of %s."), d.Word) + "\n\n")
	}
	if d.Pronunciation != "" {
		b.WriteString(p.Sprintf(i18n.Key("Pronunciation: %s"), d.Pronunciation) + "\n\n")
	}
	if d.Source == FromGlossary {
		b.WriteString(p.Text(i18n.Key("From your glossary.")) + "\n\n")
	}
	for _, g := range d.Groups {
		if g.PartOfSpeech != "" {
			fmt.Fprintf(&b, "## %s\n\n", partName(p, g.PartOfSpeech))
		}
		for i, s := range g.Senses {
			fmt.Fprintf(&b, "%d. %s\n", i+1, s.Definition)
			if len(s.Examples) > 0 {
				b.WriteString("   " + p.Sprintf(i18n.Key("Example: %s"), sentence(strings.Join(s.Examples, "; "))) + "\n")
			}
			if len(s.Synonyms) > 0 {
				b.WriteString("   " + p.Sprintf(i18n.Key("Synonyms: %s"), sentence(strings.Join(s.Synonyms, ", "))) + "\n")
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// GlossaryFile is the user's glossary under home: glossary.json when there
// is one, else glossary.txt.
func GlossaryFile(home string) string {
	if path := filepath.Join(home, "glossary.json"); fileExists(path) {
		return path
	}
	return filepath.Join(home, "glossary.txt")
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// sentence ends text with a full stop unless it ends a sentence already.
func sentence(text string) string {
	if strings.HasSuffix(text, ".") || strings.HasSuffix(text, "!") || strings.HasSuffix(text, "?") {
		return text
	}
	return text + "."
}
