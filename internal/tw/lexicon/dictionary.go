package lexicon

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"textfirst/internal/editdistance"
)

// Source says where a definition came from.
type Source string

// The sources of definitions.
const (
	FromGlossary Source = "glossary"
	FromWordNet  Source = "wordnet"
)

// Definition is what a dictionary says of a word.
type Definition struct {
	Word          string  `json:"word"`
	Source        Source  `json:"source"`
	Pronunciation string  `json:"pronunciation,omitempty"` // IPA, from espeak-ng
	Groups        []Group `json:"groups"`
}

// Senses counts the senses of every group.
func (d Definition) Senses() int {
	n := 0
	for _, g := range d.Groups {
		n += len(g.Senses)
	}
	return n
}

// Dictionary looks words up in a glossary, then in WordNet; either may be
// nil.
type Dictionary struct {
	Glossary *Glossary
	WordNet  *WordNet
	// Pronounce gives a word's pronunciation; nil gives none.
	Pronounce func(word string) string
}

// Define looks word up: the glossary wins; ok is false when neither has it.
func (d Dictionary) Define(word string) (Definition, bool, error) {
	key := Normalize(word)
	if key == "" {
		return Definition{}, false, nil
	}
	def := Definition{Word: strings.ReplaceAll(key, "_", " ")}
	if groups := d.Glossary.lookup(key, d.WordNet); len(groups) > 0 {
		def.Source, def.Groups = FromGlossary, groups
	} else if d.WordNet != nil {
		groups, err := d.WordNet.Define(key)
		if err != nil {
			return Definition{}, false, err
		}
		def.Source, def.Groups = FromWordNet, groups
	}
	if len(def.Groups) == 0 {
		return Definition{}, false, nil
	}
	if d.Pronounce != nil {
		def.Pronunciation = d.Pronounce(def.Groups[0].Lemma)
	}
	return def, true, nil
}

// Nearest returns up to n headwords spelled most like word, for a word not
// found: those sharing its first letter, by edit distance, then
// alphabetically.
func (d Dictionary) Nearest(word string, n int) []string {
	key := Normalize(word)
	if key == "" {
		return nil
	}
	first, _ := utf8.DecodeRuneInString(key)
	var pool []string
	if d.WordNet != nil {
		d.WordNet.eachHeadword(func(w string) {
			if r, _ := utf8.DecodeRuneInString(w); r == first {
				pool = append(pool, w)
			}
		})
	}
	if d.Glossary != nil {
		for term := range d.Glossary.entries {
			pool = append(pool, strings.ReplaceAll(term, "_", " "))
		}
	}
	type scored struct {
		word string
		d    int
	}
	var best []scored
	want := strings.ReplaceAll(key, "_", " ")
	for _, w := range pool {
		if abs(len(w)-len(want)) > 3 {
			continue
		}
		best = append(best, scored{w, editdistance.Levenshtein(want, strings.ToLower(w))})
	}
	sort.SliceStable(best, func(i, j int) bool {
		if best[i].d != best[j].d {
			return best[i].d < best[j].d
		}
		return best[i].word < best[j].word
	})
	var out []string
	for _, b := range best {
		if len(out) == n || b.d > max(2, len(want)/3) {
			break
		}
		if len(out) == 0 || out[len(out)-1] != b.word {
			out = append(out, b.word)
		}
	}
	return out
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// EspeakIPA returns a pronunciation of word in IPA from espeak-ng in the
// voice's language ("en-us" when empty), or "" when espeak-ng cannot say.
func EspeakIPA(voice string) func(word string) string {
	if voice == "" {
		voice = "en-us"
	}
	return func(word string) string {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		out, err := exec.CommandContext(ctx, "espeak-ng", "-q", "--ipa", "-v", voice, "--", word).Output()
		if err != nil {
			return ""
		}
		return strings.Join(strings.Fields(string(out)), " ")
	}
}

// Glossary is the user's own definitions, looked up before WordNet.
//
// Two formats, by the file's extension. JSON (.json): an object from term
// to a definition, or to an object with "definition" and optionally
// "part_of_speech", "examples" and "synonyms", or to a list of either (a
// term with several senses). Text (any other): one entry a line, "term:
// definition", "term = definition" or "term - definition"; list markers
// and emphasis around the term are ignored, lines starting with # are
// comments, and a term on several lines has several senses. Terms match
// whatever their case, and through WordNet's base forms.
type Glossary struct {
	entries map[string][]Group // by normalized term
	// Skipped are the lines of a text glossary that are no entry (no
	// separator), counted from 1, so that the user can be told.
	Skipped []int
}

// glossaryLimit bounds a glossary file: far above any real one.
const glossaryLimit = 16 << 20

// LoadGlossary reads a glossary file; a missing file is no glossary
// (nil, nil).
func LoadGlossary(path string) (*Glossary, error) {
	fi, err := os.Stat(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("lexicon: %w", err)
	}
	if !fi.Mode().IsRegular() || fi.Size() > glossaryLimit {
		return nil, fmt.Errorf("lexicon: %s is not a glossary file (a regular file of at most 16 MB)", path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("lexicon: %w", err)
	}
	text := strings.TrimPrefix(string(data), "\ufeff")
	if strings.EqualFold(filepath.Ext(path), ".json") {
		g, err := GlossaryFromJSON(text)
		if err != nil {
			return nil, fmt.Errorf("lexicon: %s: %w", path, err)
		}
		return g, nil
	}
	return GlossaryFromText(text), nil
}

// GlossaryFromText reads the text format.
func GlossaryFromText(text string) *Glossary {
	g := &Glossary{entries: map[string][]Group{}}
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		line = strings.TrimPrefix(strings.TrimPrefix(line, "- "), "* ")
		at, width := -1, 0
		for _, sep := range []string{": ", " = ", " - ", " – ", " — ", ":\t", "\t"} {
			if i := strings.Index(line, sep); i >= 0 && (at < 0 || i < at) {
				at, width = i, len(sep)
			}
		}
		if at < 0 {
			g.Skipped = append(g.Skipped, n+1)
			continue
		}
		term := strings.TrimSpace(strings.Trim(strings.TrimSpace(line[:at]), "*_"))
		def := strings.TrimSpace(line[at+width:])
		if term == "" || def == "" {
			g.Skipped = append(g.Skipped, n+1)
			continue
		}
		g.add(term, "", Sense{Definition: def})
	}
	return g
}

// GlossaryFromJSON reads the JSON format.
func GlossaryFromJSON(text string) (*Glossary, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal([]byte(text), &raw); err != nil {
		return nil, errors.New("a glossary must be a JSON object from each term to its definition")
	}
	g := &Glossary{entries: map[string][]Group{}}
	type entry struct {
		Definition   string   `json:"definition"`
		PartOfSpeech string   `json:"part_of_speech"`
		Examples     []string `json:"examples"`
		Synonyms     []string `json:"synonyms"`
	}
	one := func(term string, m json.RawMessage) {
		var s string
		if json.Unmarshal(m, &s) == nil {
			if s = strings.TrimSpace(s); s != "" {
				g.add(term, "", Sense{Definition: s})
			}
			return
		}
		var e entry
		if json.Unmarshal(m, &e) == nil && strings.TrimSpace(e.Definition) != "" {
			g.add(term, PartOfSpeech(e.PartOfSpeech), Sense{Definition: strings.TrimSpace(e.Definition), Examples: e.Examples, Synonyms: e.Synonyms})
		}
	}
	for term, m := range raw {
		var list []json.RawMessage
		if json.Unmarshal(m, &list) == nil {
			for _, item := range list {
				one(term, item)
			}
			continue
		}
		one(term, m)
	}
	return g, nil
}

func (g *Glossary) add(term string, pos PartOfSpeech, s Sense) {
	key := Normalize(term)
	if key == "" {
		return
	}
	groups := g.entries[key]
	for i := range groups {
		if groups[i].PartOfSpeech == pos {
			groups[i].Senses = append(groups[i].Senses, s)
			return
		}
	}
	g.entries[key] = append(groups, Group{Lemma: term, PartOfSpeech: pos, Senses: []Sense{s}})
}

// Len is how many terms the glossary has.
func (g *Glossary) Len() int {
	if g == nil {
		return 0
	}
	return len(g.entries)
}

// lookup finds key, or one of its base forms, in the glossary.
func (g *Glossary) lookup(key string, wn *WordNet) []Group {
	if g == nil {
		return nil
	}
	if groups, ok := g.entries[key]; ok {
		return groups
	}
	if wn == nil {
		return nil
	}
	wn.mu.Lock()
	defer wn.mu.Unlock()
	for _, p := range partsOfSpeech {
		for _, base := range wn.baseForms(p.file, key)[1:] {
			if groups, ok := g.entries[base]; ok {
				return groups
			}
		}
	}
	return nil
}
