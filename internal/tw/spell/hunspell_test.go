package spell

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Real hunspell with Debian's dictionaries (scripts/deps-tw.sh installs
// them).
func TestHunspellInEveryLanguage(t *testing.T) {
	for _, c := range []struct {
		lang, right, wrong, fix string
	}{
		{"en", "receive", "recieve", "receive"},
		{"de", "Haus", "Hauss", "Haus"},
		{"fr", "maison", "maisonn", "maison"},
		{"es", "casa", "cassa", "casa"},
		{"pt", "coração", "coracao", "coração"},
		{"ar", "مدرسة", "مدرصة", "مدرسة"},
	} {
		h, err := NewHunspell(c.lang, "")
		if err != nil {
			t.Errorf("%s: %v", c.lang, err)
			continue
		}
		if !h.Known(c.right) || h.Known(c.wrong) {
			t.Errorf("%s: %s known %v, %s known %v", c.lang, c.right, h.Known(c.right), c.wrong, h.Known(c.wrong))
		}
		if got := h.Suggest(c.wrong, 5); c.fix != "" && !slices.Contains(got, c.fix) {
			t.Errorf("%s: suggestions for %s: %q, want %s among them", c.lang, c.wrong, got, c.fix)
		}
		h.Close()
	}
}

func TestHunspellCapitalsAndPersonalWords(t *testing.T) {
	personal := filepath.Join(t.TempDir(), "words.txt")
	h, err := NewHunspell("en", personal)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if got := h.Suggest("Teh", 3); len(got) == 0 || got[0] != "The" {
		t.Errorf("Teh: %q, want The first", got)
	}
	// Lines hunspell would take as commands stay words.
	for _, w := range []string{"*", "#teh", "&x", "@", "+a", "-", "~x", "!", "%"} {
		h.Known(w)
		h.Suggest(w, 3)
	}
	if !h.Known("receive") {
		t.Error("hunspell lost its place after command-like words")
	}
	if h.Known("Zorblax") {
		t.Fatal("Zorblax known before it was added")
	}
	write := func(path string, data []byte) error { return os.WriteFile(path, data, 0o600) }
	if err := h.Add("Zorblax", write); err != nil {
		t.Fatal(err)
	}
	if !h.Known("Zorblax") || !h.Known("zorblax") {
		t.Error("an added word is not known")
	}
	h.Add("Zorblax", write)
	if data, _ := os.ReadFile(personal); string(data) != "Zorblax\n" {
		t.Errorf("word list: %q", data)
	}
	// A new speller reads the word list back.
	h2, _ := NewHunspell("en", personal)
	defer h2.Close()
	if !h2.Known("Zorblax") {
		t.Error("the word list is not read back")
	}
	if err := h.Add("two words", write); err == nil {
		t.Error("added two words as one")
	}
}

func TestHunspellMissing(t *testing.T) {
	if _, err := NewHunspell("xx", ""); !errors.Is(err, ErrNoHunspell) {
		t.Errorf("an unknown language: %v", err)
	}
	old := HunspellDir
	HunspellDir = t.TempDir()
	defer func() { HunspellDir = old }()
	if _, err := NewHunspell("fr", ""); !errors.Is(err, ErrNoHunspell) || !strings.Contains(err.Error(), "hunspell-fr") {
		t.Errorf("no dictionary: %v", err)
	}
}
