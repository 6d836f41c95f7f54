package lexicon

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Groups returns the glossary's senses, a Group per term and part of
// speech, sorted by term.
func (g *Glossary) Groups() []Group {
	if g == nil {
		return nil
	}
	keys := make([]string, 0, len(g.entries))
	for k := range g.entries {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var out []Group
	for _, k := range keys {
		out = append(out, g.entries[k]...)
	}
	return out
}

// AddToGlossaryFile adds to the glossary in path the terms of groups it
// lacks (terms compared as looking up compares them); a term it has keeps
// its senses. The file keeps its format and its own text: a JSON glossary
// gets members before its closing brace, a text one a "term: definition"
// line per sense (where a part of speech, examples and synonyms have no
// place, and a term the format cannot hold, such as one with a colon, is
// left out). A missing file is made, JSON when path ends in .json. The
// file is written once, by write, when anything is added; it returns the
// terms added.
func AddToGlossaryFile(path string, groups []Group, write func(path string, data []byte) error) ([]string, error) {
	have, err := LoadGlossary(path)
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("lexicon: %w", err)
	}
	asJSON := strings.EqualFold(filepath.Ext(path), ".json")
	// The new terms, in the order groups gives them, with their senses.
	var terms []string
	senses := map[string][]Group{}
	for _, gr := range groups {
		key := Normalize(gr.Lemma)
		if key == "" || (have != nil && have.entries[key] != nil) || (!asJSON && !textTerm(gr.Lemma)) {
			continue
		}
		if senses[key] == nil {
			terms = append(terms, gr.Lemma)
		}
		senses[key] = append(senses[key], gr)
	}
	if len(terms) == 0 {
		return nil, nil
	}
	var out []byte
	if asJSON {
		out, err = addJSONTerms(data, terms, senses)
		if err != nil {
			return nil, fmt.Errorf("lexicon: %s: %w", path, err)
		}
	} else {
		out = addTextTerms(data, terms, senses)
	}
	if err := write(path, out); err != nil {
		return nil, err
	}
	return terms, nil
}

// textTerm reports whether a text glossary can hold term: it has none of
// the separators and starts no comment or list item.
func textTerm(term string) bool {
	t := strings.TrimSpace(term)
	if t == "" || strings.HasPrefix(t, "#") || strings.HasPrefix(t, "- ") || strings.HasPrefix(t, "* ") ||
		strings.Trim(t, "*_") != t || strings.ContainsAny(t, ":\t\n") {
		return false
	}
	for _, sep := range []string{" = ", " - ", " – ", " — "} {
		if strings.Contains(t, sep) {
			return false
		}
	}
	return true
}

// oneLine is text on one line, its runs of white space one space.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func addTextTerms(data []byte, terms []string, senses map[string][]Group) []byte {
	out := append([]byte{}, data...)
	if len(out) > 0 && out[len(out)-1] != '\n' {
		out = append(out, '\n')
	}
	for _, term := range terms {
		for _, gr := range senses[Normalize(term)] {
			for _, s := range gr.Senses {
				if def := oneLine(s.Definition); def != "" {
					out = append(out, oneLine(term)+": "+def+"\n"...)
				}
			}
		}
	}
	return out
}

// jsonSense is a sense as the JSON format writes it.
type jsonSense struct {
	Definition   string   `json:"definition"`
	PartOfSpeech string   `json:"part_of_speech,omitempty"`
	Examples     []string `json:"examples,omitempty"`
	Synonyms     []string `json:"synonyms,omitempty"`
}

// addJSONTerms adds members to the JSON object data (none: a new object),
// before its closing brace: a term with one plain definition as a string,
// else as a list of senses.
func addJSONTerms(data []byte, terms []string, senses map[string][]Group) ([]byte, error) {
	text := strings.TrimRight(string(data), " \t\r\n")
	if strings.TrimSpace(strings.TrimPrefix(text, "\ufeff")) == "" {
		text = "{\n}"
	}
	end := strings.LastIndexByte(text, '}')
	if end < 0 || strings.TrimSpace(text[end+1:]) != "" {
		return nil, errors.New("a glossary must be a JSON object from each term to its definition")
	}
	body := strings.TrimRight(text[:end], " \t\r\n")
	empty := strings.HasSuffix(body, "{")
	var b strings.Builder
	b.WriteString(body)
	for i, term := range terms {
		var list []jsonSense
		for _, gr := range senses[Normalize(term)] {
			for _, s := range gr.Senses {
				list = append(list, jsonSense{Definition: s.Definition, PartOfSpeech: string(gr.PartOfSpeech), Examples: s.Examples, Synonyms: s.Synonyms})
			}
		}
		var value any = list
		if len(list) == 1 && list[0].PartOfSpeech == "" && len(list[0].Examples) == 0 && len(list[0].Synonyms) == 0 {
			value = list[0].Definition
		}
		k, err := json.Marshal(term)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(value)
		if err != nil {
			return nil, err
		}
		if i > 0 || !empty {
			b.WriteString(",")
		}
		b.WriteString("\n  " + string(k) + ": " + string(v))
	}
	b.WriteString("\n}\n")
	return []byte(b.String()), nil
}
