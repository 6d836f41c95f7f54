// Package lexicon defines words offline: the user's glossary first, then
// Princeton WordNet 3.0 as Debian ships it (package wordnet-base, in
// /usr/share/wordnet), with a pronunciation in IPA from espeak-ng.
//
// WordNet's files are read as they are, never loaded whole: each
// index.POS file is sorted, so a word is found by binary search over the
// file with ReadAt, and each sense is read from data.POS at the byte offset
// the index gives. Inflected forms find their base form as WordNet's own
// morphy does: the POS.exc exception lists (geese, ran), then the detachment
// rules (tides → tide, running → run).
package lexicon

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"
)

// DefaultDir is where Debian's wordnet-base installs WordNet.
const DefaultDir = "/usr/share/wordnet"

// ErrNoWordNet says that WordNet's files are not where they were looked
// for; its message names the Debian package that has them.
var ErrNoWordNet = errors.New("lexicon: WordNet is not installed (Debian package wordnet-base)")

// A PartOfSpeech is one of WordNet's four.
type PartOfSpeech string

// WordNet's parts of speech, in the order senses are given.
const (
	Noun      PartOfSpeech = "noun"
	Verb      PartOfSpeech = "verb"
	Adjective PartOfSpeech = "adjective"
	Adverb    PartOfSpeech = "adverb"
)

var partsOfSpeech = []struct {
	pos  PartOfSpeech
	file string // index.FILE, data.FILE, FILE.exc
}{{Noun, "noun"}, {Verb, "verb"}, {Adjective, "adj"}, {Adverb, "adv"}}

// Sense is one meaning of a word.
type Sense struct {
	Definition string   `json:"definition"`
	Examples   []string `json:"examples,omitempty"`
	Synonyms   []string `json:"synonyms,omitempty"`
}

// Group is a word's senses as one part of speech (or, from a glossary, as
// the glossary gives them: PartOfSpeech may be empty).
type Group struct {
	Lemma        string       `json:"lemma"`
	PartOfSpeech PartOfSpeech `json:"part_of_speech,omitempty"`
	Senses       []Sense      `json:"senses"`
}

// WordNet reads a WordNet database folder.
type WordNet struct {
	dir   string
	mu    sync.Mutex
	files map[string]*os.File
	exc   map[string]map[string][]string // by POS file: inflected form → base forms
}

// OpenWordNet opens the WordNet database in dir ("" is DefaultDir); an
// error wraps ErrNoWordNet when its files are not there.
func OpenWordNet(dir string) (*WordNet, error) {
	if dir == "" {
		dir = DefaultDir
	}
	if _, err := os.Stat(filepath.Join(dir, "index.noun")); err != nil {
		return nil, fmt.Errorf("%w: no %s", ErrNoWordNet, filepath.Join(dir, "index.noun"))
	}
	return &WordNet{dir: dir, files: map[string]*os.File{}, exc: map[string]map[string][]string{}}, nil
}

// Close closes the files read so far.
func (w *WordNet) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	for name, f := range w.files {
		f.Close()
		delete(w.files, name)
	}
	return nil
}

func (w *WordNet) file(name string) (*os.File, error) {
	if f, ok := w.files[name]; ok {
		return f, nil
	}
	f, err := os.Open(filepath.Join(w.dir, name))
	if err != nil {
		return nil, fmt.Errorf("lexicon: %w", err)
	}
	w.files[name] = f
	return f, nil
}

// Define returns the senses of word by part of speech, its base form found
// as morphy finds it; none when WordNet does not have it.
func (w *WordNet) Define(word string) ([]Group, error) {
	key := Normalize(word)
	if key == "" {
		return nil, nil
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	var out []Group
	for _, p := range partsOfSpeech {
		for _, lemma := range w.baseForms(p.file, key) {
			line, err := w.indexLine(p.file, lemma)
			if err != nil {
				return nil, err
			}
			if line == "" {
				continue
			}
			senses, err := w.senses(p.file, lemma, line)
			if err != nil {
				return nil, err
			}
			if len(senses) > 0 {
				out = append(out, Group{Lemma: strings.ReplaceAll(lemma, "_", " "), PartOfSpeech: p.pos, Senses: senses})
				break
			}
		}
	}
	return out, nil
}

// Normalize is a word as WordNet's index keys it: lowercase, trimmed of
// punctuation around it, spaces as underscores.
func Normalize(word string) string {
	word = strings.TrimFunc(word, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	word = strings.ReplaceAll(word, "’", "'")
	return strings.ToLower(strings.Join(strings.Fields(word), "_"))
}

// detachments are morphy's suffix rules by POS file: an ending and what
// replaces it.
var detachments = map[string][][2]string{
	"noun": {{"s", ""}, {"ses", "s"}, {"xes", "x"}, {"zes", "z"}, {"ches", "ch"}, {"shes", "sh"}, {"men", "man"}, {"ies", "y"}},
	"verb": {{"s", ""}, {"ies", "y"}, {"es", "e"}, {"es", ""}, {"ed", "e"}, {"ed", ""}, {"ing", "e"}, {"ing", ""}},
	"adj":  {{"er", ""}, {"est", ""}, {"er", "e"}, {"est", "e"}},
}

// baseForms are the forms of key to look up, in order: key itself, its
// exceptions' base forms, then what the detachment rules make of it.
func (w *WordNet) baseForms(pos, key string) []string {
	out := []string{key}
	out = append(out, w.exceptions(pos)[key]...)
	for _, d := range detachments[pos] {
		if base, ok := strings.CutSuffix(key, d[0]); ok && base != "" {
			out = append(out, base+d[1])
		}
	}
	return out
}

// exceptions reads POS.exc once.
func (w *WordNet) exceptions(pos string) map[string][]string {
	if m, ok := w.exc[pos]; ok {
		return m
	}
	m := map[string][]string{}
	if data, err := os.ReadFile(filepath.Join(w.dir, pos+".exc")); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if f := strings.Fields(line); len(f) >= 2 {
				m[f[0]] = append(m[f[0]], f[1:]...)
			}
		}
	}
	w.exc[pos] = m
	return m
}

// indexLine finds the line of index.POS for lemma by binary search over
// the sorted file; "" when it has none.
func (w *WordNet) indexLine(pos, lemma string) (string, error) {
	f, err := w.file("index." + pos)
	if err != nil {
		return "", err
	}
	fi, err := f.Stat()
	if err != nil {
		return "", fmt.Errorf("lexicon: %w", err)
	}
	lo, hi := int64(0), fi.Size()
	for lo < hi {
		mid := lo + (hi-lo)/2
		start, line, err := lineAt(f, mid)
		if err != nil {
			return "", err
		}
		head, _, _ := strings.Cut(line, " ")
		switch {
		case strings.HasPrefix(line, " "): // the licence at the top sorts first
			lo = start + int64(len(line)) + 1
		case head == lemma:
			return line, nil
		case head < lemma:
			lo = start + int64(len(line)) + 1
		default:
			hi = start
		}
	}
	return "", nil
}

// lineAt returns the line holding byte off of f, and where it starts.
func lineAt(f *os.File, off int64) (int64, string, error) {
	const chunk = 512
	start := off
	for start > 0 {
		from := max(start-chunk, 0)
		buf := make([]byte, start-from)
		if _, err := f.ReadAt(buf, from); err != nil && err != io.EOF {
			return 0, "", fmt.Errorf("lexicon: %w", err)
		}
		if i := bytes.LastIndexByte(buf, '\n'); i >= 0 {
			start = from + int64(i) + 1
			break
		}
		start = from
	}
	line, err := readLine(f, start)
	return start, line, err
}

// readLine reads the line starting at byte off of f (at most 64 KB, far
// above any line of WordNet's).
func readLine(f *os.File, off int64) (string, error) {
	var out []byte
	buf := make([]byte, 1024)
	for len(out) < 64<<10 {
		n, err := f.ReadAt(buf, off+int64(len(out)))
		if i := bytes.IndexByte(buf[:n], '\n'); i >= 0 {
			return string(append(out, buf[:i]...)), nil
		}
		out = append(out, buf[:n]...)
		if err == io.EOF {
			return string(out), nil
		}
		if err != nil {
			return "", fmt.Errorf("lexicon: %w", err)
		}
	}
	return string(out), nil
}

// senses reads each synset the index line names from data.POS.
func (w *WordNet) senses(pos, lemma, indexLine string) ([]Sense, error) {
	f := strings.Fields(indexLine)
	// lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt offset...
	if len(f) < 4 {
		return nil, nil
	}
	pointers, err := strconv.Atoi(f[3])
	if err != nil || 4+pointers+2 > len(f) {
		return nil, nil
	}
	data, err := w.file("data." + pos)
	if err != nil {
		return nil, err
	}
	var out []Sense
	for _, o := range f[4+pointers+2:] {
		off, err := strconv.ParseInt(o, 10, 64)
		if err != nil {
			continue
		}
		line, err := readLine(data, off)
		if err != nil {
			return nil, err
		}
		if s, ok := parseSynset(line, lemma); ok {
			out = append(out, s)
		}
	}
	return out, nil
}

// parseSynset reads a data.POS line: its words (the synonyms, leaving out
// lemma) and its gloss (the definition, then examples in quotes).
func parseSynset(line, lemma string) (Sense, bool) {
	head, gloss, ok := strings.Cut(line, " | ")
	if !ok {
		return Sense{}, false
	}
	f := strings.Fields(head)
	// offset lex_filenum ss_type w_cnt (word lex_id)...
	if len(f) < 4 {
		return Sense{}, false
	}
	n, err := strconv.ParseInt(f[3], 16, 32)
	if err != nil || 4+2*int(n) > len(f) {
		return Sense{}, false
	}
	var s Sense
	for i := range int(n) {
		word := f[4+2*i]
		if j := strings.IndexByte(word, '('); j > 0 { // adjective markers: long(a)
			word = word[:j]
		}
		if !strings.EqualFold(word, lemma) {
			s.Synonyms = append(s.Synonyms, strings.ReplaceAll(word, "_", " "))
		}
	}
	parts := strings.Split(strings.TrimSpace(gloss), "; ")
	var def []string
	for _, p := range parts {
		p = strings.TrimSpace(p)
		if strings.HasPrefix(p, `"`) {
			s.Examples = append(s.Examples, strings.Trim(p, `"`))
			continue
		}
		if len(s.Examples) == 0 {
			def = append(def, p)
		}
	}
	s.Definition = strings.Join(def, "; ")
	return s, s.Definition != ""
}

// Headwords returns up to n headwords of every part of speech that start
// with prefix, in order, each once.
func (w *WordNet) Headwords(prefix string, n int) ([]string, error) {
	key := Normalize(prefix)
	w.mu.Lock()
	defer w.mu.Unlock()
	seen := map[string]bool{}
	var out []string
	for _, p := range partsOfSpeech {
		f, err := w.file("index." + p.file)
		if err != nil {
			return nil, err
		}
		fi, err := f.Stat()
		if err != nil {
			return nil, fmt.Errorf("lexicon: %w", err)
		}
		// The first line at or after key, then the lines that follow.
		lo, hi := int64(0), fi.Size()
		for lo < hi {
			mid := lo + (hi-lo)/2
			start, line, err := lineAt(f, mid)
			if err != nil {
				return nil, err
			}
			head, _, _ := strings.Cut(line, " ")
			if strings.HasPrefix(line, " ") || head < key {
				lo = start + int64(len(line)) + 1
			} else {
				hi = start
			}
		}
		for off, taken := lo, 0; off < fi.Size() && taken < n; taken++ {
			line, err := readLine(f, off)
			if err != nil {
				return nil, err
			}
			off += int64(len(line)) + 1
			head, _, _ := strings.Cut(line, " ")
			if !strings.HasPrefix(head, key) {
				break
			}
			if !seen[head] {
				seen[head] = true
				out = append(out, strings.ReplaceAll(head, "_", " "))
			}
		}
	}
	sort.Strings(out)
	if len(out) > n {
		out = out[:n]
	}
	return out, nil
}

// eachHeadword calls fn with every headword of every index file (spaces
// for underscores), reading the files whole: for the rare word not found.
func (w *WordNet) eachHeadword(fn func(string)) {
	for _, p := range partsOfSpeech {
		f, err := os.Open(filepath.Join(w.dir, "index."+p.file))
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 64<<10), 64<<10)
		for sc.Scan() {
			line := sc.Text()
			if line == "" || line[0] == ' ' {
				continue
			}
			head, _, _ := strings.Cut(line, " ")
			fn(strings.ReplaceAll(head, "_", " "))
		}
		f.Close()
	}
}
