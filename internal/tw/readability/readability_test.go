package readability

import (
	"math"
	"strings"
	"testing"
)

func TestSyllables(t *testing.T) {
	for _, c := range []struct {
		word, lang string
		want       int
	}{
		{"cat", "en", 1}, {"cake", "en", 1}, {"table", "en", 2}, {"reading", "en", 2}, {"beautiful", "en", 3},
		{"the", "en", 1}, {"rhythm", "en", 1}, {"university", "en", 5}, {"42", "en", 0}, {"Nation", "en", 2},
		{"casa", "es", 2}, {"ley", "es", 1}, {"maison", "fr", 2}, {"Häuser", "de", 2}, {"coração", "pt", 3},
	} {
		if got := Syllables(c.word, c.lang); got != c.want {
			t.Errorf("%s (%s): %d syllables, want %d", c.word, c.lang, got, c.want)
		}
	}
}

func TestMeasure(t *testing.T) {
	easy := strings.Fields("The cat sat on the mat. The dog ran to the cat.")
	r, ok := Measure(easy, 2, "en-GB")
	if !ok || r.Score != 100 || r.Band != VeryEasy || r.Formula != "Flesch reading ease" || r.Words != 12 || r.Syllables != 12 {
		t.Errorf("easy English: %+v", r)
	}
	hard := strings.Fields("Notwithstanding considerable institutional resistance, interdisciplinary collaboration " +
		"substantially accelerated epistemological reconsideration throughout contemporary universities")
	r, ok = Measure(hard, 1, "en")
	if !ok || r.Score != 0 || r.Band != VeryDifficult || r.Grade < 20 {
		t.Errorf("hard English: %+v", r)
	}
	// Flesch's formula by hand: 20 words, 2 sentences, 30 syllables.
	words := strings.Fields(strings.Repeat("reading cat ", 10))
	r, _ = Measure(words, 2, "en")
	want := 206.835 - 1.015*10 - 84.6*1.5
	if math.Abs(r.Score-want) > 1e-9 || r.Band != Standard {
		t.Errorf("by hand: %v, want %v (%+v)", r.Score, want, r)
	}
	for _, lang := range []string{"es", "fr", "de", "pt"} {
		r, ok := Measure(words, 2, lang)
		if !ok || r.Formula == "" || r.Grade != 0 {
			t.Errorf("%s: %+v %v", lang, r, ok)
		}
	}
	for _, c := range []struct {
		words []string
		lang  string
	}{{easy, "ar"}, {easy, ""}, {nil, "en"}} {
		if _, ok := Measure(c.words, 1, c.lang); ok {
			t.Errorf("%q with %d words measured", c.lang, len(c.words))
		}
	}
}
