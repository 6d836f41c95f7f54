package spell

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"
	"unicode"
)

// HunspellDir is where Debian's hunspell-* packages install dictionaries.
var HunspellDir = "/usr/share/hunspell"

// hunspellDicts are the dictionary tried for each interface language, in
// order, with the Debian package that has them.
var hunspellDicts = map[string]struct {
	names []string
	pkg   string
}{
	"en": {[]string{"en_US", "en_GB"}, "hunspell-en-us"},
	"de": {[]string{"de_DE", "de_AT", "de_CH"}, "hunspell-de-de"},
	"fr": {[]string{"fr_FR", "fr"}, "hunspell-fr"},
	"es": {[]string{"es_ES", "es_MX"}, "hunspell-es"},
	"pt": {[]string{"pt_PT", "pt_BR"}, "hunspell-pt-pt"},
	"ar": {[]string{"ar"}, "hunspell-ar"},
}

// ErrNoHunspell is returned when hunspell or the language's dictionary is
// not installed; the message names the Debian packages.
var ErrNoHunspell = errors.New("spell: hunspell is not installed")

// Hunspell checks words and suggests corrections with hunspell itself,
// run once in its pipe mode (hunspell -a) and asked a word at a time. A
// personal word list (one word a line) is checked first. It is safe for
// concurrent use.
type Hunspell struct {
	dict     string
	personal string // the personal word list's file; "" for none

	mu     sync.Mutex
	cmd    *exec.Cmd
	in     io.WriteCloser
	lines  <-chan string // hunspell's output, a line at a time; closed at its end
	mine   map[string]bool
	closed bool
}

// hunspellTimeout bounds one answer of hunspell; a hunspell that takes
// longer is ended and started again at the next question.
const hunspellTimeout = 5 * time.Second

// NewHunspell is the speller of the language lang ("en", "pt-BR"...) with
// the personal word list in the file personal ("" for none).
func NewHunspell(lang, personal string) (*Hunspell, error) {
	base := strings.ToLower(lang)
	if i := strings.IndexAny(base, "-_"); i >= 0 {
		base = base[:i]
	}
	d, ok := hunspellDicts[base]
	if !ok {
		return nil, fmt.Errorf("%w: no dictionary for the language %s", ErrNoHunspell, lang)
	}
	if _, err := exec.LookPath("hunspell"); err != nil {
		return nil, fmt.Errorf("%w (on Debian: apt install hunspell %s)", ErrNoHunspell, d.pkg)
	}
	for _, name := range d.names {
		if _, err := os.Stat(filepath.Join(HunspellDir, name+".dic")); err == nil {
			return &Hunspell{dict: filepath.Join(HunspellDir, name), personal: personal}, nil
		}
	}
	return nil, fmt.Errorf("%w: no %s dictionary (on Debian: apt install %s)", ErrNoHunspell, lang, d.pkg)
}

// start runs hunspell in pipe mode; the lock is held.
func (h *Hunspell) start() error {
	if h.cmd != nil {
		return nil
	}
	cmd := exec.Command("hunspell", "-a", "-i", "utf-8", "-d", h.dict)
	in, err := cmd.StdinPipe()
	if err != nil {
		return fmt.Errorf("spell: %w", err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return fmt.Errorf("spell: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("spell: hunspell: %w", err)
	}
	// One reader for the process's life: each line goes to lines, so an
	// answer is waited for with a deadline without a goroutine per line.
	lines := make(chan string, 64)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	h.cmd, h.in, h.lines = cmd, in, lines
	// The first line is hunspell's banner.
	if _, err := h.readLine(); err != nil {
		h.stop()
		return err
	}
	return nil
}

// stop ends hunspell; the lock is held.
func (h *Hunspell) stop() {
	if h.cmd == nil {
		return
	}
	h.in.Close()
	h.cmd.Process.Kill()
	h.cmd.Wait()
	h.cmd, h.in, h.lines = nil, nil, nil
}

// readLine reads one line of hunspell's answer within hunspellTimeout.
func (h *Hunspell) readLine() (string, error) {
	timer := time.NewTimer(hunspellTimeout)
	defer timer.Stop()
	select {
	case line, ok := <-h.lines:
		if !ok {
			return "", errors.New("spell: hunspell ended")
		}
		return strings.TrimRight(line, "\r"), nil
	case <-timer.C:
		h.cmd.Process.Kill()
		return "", errors.New("spell: hunspell did not answer")
	}
}

// ask sends one word and returns hunspell's answer for it: "" when the
// word is right, else the suggestions (none, perhaps) and wrong=true.
func (h *Hunspell) ask(word string) (suggestions []string, wrong bool, err error) {
	if h.closed {
		return nil, false, errors.New("spell: closed")
	}
	if err := h.start(); err != nil {
		return nil, false, err
	}
	// "^" keeps a line that begins with a hunspell command character a word.
	if _, err := fmt.Fprintf(h.in, "^%s\n", word); err != nil {
		h.stop()
		return nil, false, fmt.Errorf("spell: hunspell: %w", err)
	}
	for {
		line, err := h.readLine()
		if err != nil {
			h.stop()
			return nil, false, err
		}
		switch {
		case line == "":
			return suggestions, wrong, nil
		case strings.HasPrefix(line, "&"):
			wrong = true
			if _, list, ok := strings.Cut(line, ": "); ok {
				for _, s := range strings.Split(list, ", ") {
					suggestions = append(suggestions, s)
				}
			}
		case strings.HasPrefix(line, "#"):
			wrong = true
		}
	}
}

// clean is a word as it can be asked: one word, no control characters.
func clean(word string) (string, bool) {
	word = strings.TrimSpace(normal(word))
	if word == "" || strings.IndexFunc(word, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) >= 0 {
		return "", false
	}
	return word, true
}

// Known reports whether word is spelled right: in the personal word list,
// or right for hunspell. A word hunspell cannot be asked about counts as
// known (no false alarms when hunspell fails).
func (h *Hunspell) Known(word string) bool {
	w, ok := clean(word)
	if !ok || !checkable(w) {
		return true
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.personalWords()[strings.ToLower(w)] {
		return true
	}
	_, wrong, err := h.ask(w)
	return err != nil || !wrong
}

// Suggest returns up to max corrections of word, hunspell's own, best
// first.
func (h *Hunspell) Suggest(word string, max int) []string {
	w, ok := clean(word)
	if !ok {
		return nil
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	s, _, err := h.ask(w)
	if err != nil {
		return nil
	}
	// A capitalized word (at the start of a sentence) is also asked in
	// lower case, whose suggestions hunspell ranks as a word's own: "Teh"
	// gets "The" first, as "teh" gets "the".
	if lower := strings.ToLower(w); lower != w && capitalized(w) {
		if ls, _, err := h.ask(lower); err == nil {
			var first []string
			for _, x := range ls {
				first = append(first, capitalize(x))
			}
			s = dedupe(append(first, s...))
		}
	}
	if len(s) > max {
		s = s[:max]
	}
	return s
}

// capitalized reports whether w is a capital then lower case letters.
func capitalized(w string) bool {
	r := []rune(w)
	return len(r) > 1 && unicode.IsUpper(r[0]) && strings.ToLower(string(r[1:])) == string(r[1:])
}

func capitalize(w string) string {
	r := []rune(w)
	if len(r) == 0 {
		return w
	}
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

func dedupe(list []string) []string {
	seen := map[string]bool{}
	out := list[:0]
	for _, x := range list {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// personalWords reads the personal word list once; the lock is held.
func (h *Hunspell) personalWords() map[string]bool {
	if h.mine != nil {
		return h.mine
	}
	h.mine = map[string]bool{}
	if h.personal == "" {
		return h.mine
	}
	if data, err := os.ReadFile(h.personal); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if w := strings.TrimSpace(line); w != "" {
				h.mine[strings.ToLower(normal(w))] = true
			}
		}
	}
	return h.mine
}

// Add puts word in the personal word list (its file written atomically
// by write) so that it is known from now on.
func (h *Hunspell) Add(word string, write func(path string, data []byte) error) error {
	w, ok := clean(word)
	if !ok {
		return fmt.Errorf("spell: %q is not one word", word)
	}
	if h.personal == "" {
		return errors.New("spell: no personal word list")
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	mine := h.personalWords()
	if mine[strings.ToLower(w)] {
		return nil
	}
	data, err := os.ReadFile(h.personal)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("spell: %w", err)
	}
	if len(data) > 0 && data[len(data)-1] != '\n' {
		data = append(data, '\n')
	}
	if err := write(h.personal, append(data, w+"\n"...)); err != nil {
		return err
	}
	mine[strings.ToLower(w)] = true
	return nil
}

// Reread has the personal word list read again at the next question, for
// when its file was changed by something other than Add (sync).
func (h *Hunspell) Reread() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.mine = nil
}

// ReadWordList reads a personal word list file: its words, one a line, as
// written; a missing file has none.
func ReadWordList(path string) ([]string, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("spell: %w", err)
	}
	var words []string
	for _, line := range strings.Split(string(data), "\n") {
		if w := strings.TrimSpace(line); w != "" {
			words = append(words, w)
		}
	}
	return words, nil
}

// MergeWordList adds to the personal word list in path the words of more
// it lacks, compared as the list compares them (in any case), in one write
// by write (none when nothing is added); it returns the words added, in
// the order of more. What is not one word is left out.
func MergeWordList(path string, more []string, write func(path string, data []byte) error) ([]string, error) {
	have, err := ReadWordList(path)
	if err != nil {
		return nil, err
	}
	known := map[string]bool{}
	for _, w := range have {
		known[strings.ToLower(normal(w))] = true
	}
	var added []string
	for _, w := range more {
		w, ok := clean(w)
		if !ok || known[strings.ToLower(w)] {
			continue
		}
		known[strings.ToLower(w)] = true
		added = append(added, w)
	}
	if len(added) == 0 {
		return nil, nil
	}
	data := strings.Join(append(have, added...), "\n") + "\n"
	if err := write(path, []byte(data)); err != nil {
		return nil, err
	}
	return added, nil
}

// Close ends hunspell.
func (h *Hunspell) Close() error {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.closed = true
	h.stop()
	return nil
}

// checkable reports whether hunspell is asked about a word: two or more
// letters of any script, no digits, not all capitals (an abbreviation).
func checkable(word string) bool {
	ok, _ := wordShape(word)
	return ok
}
