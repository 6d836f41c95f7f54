package lexicon

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The real WordNet of Debian's wordnet-base (installed by
// scripts/deps-tw.sh).
func wordNet(t testing.TB) *WordNet {
	t.Helper()
	wn, err := OpenWordNet("")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { wn.Close() })
	return wn
}

func TestWordNetDefines(t *testing.T) {
	wn := wordNet(t)
	for _, c := range []struct {
		word, lemma string
		pos         PartOfSpeech
		definition  string // in one of the senses of that part of speech
		synonym     string // "" for none to check
	}{
		{"tide", "tide", Noun, "the periodic rise and fall of the sea level", ""},
		{"tide", "tide", Noun, "there are usually two high and two low tides each day", "lunar time period"},
		{"Tides,", "tide", Noun, "the periodic rise and fall of the sea level", ""},
		{"geese", "goose", Noun, "web-footed long-necked typically gregarious migratory aquatic birds", ""},
		{"ran", "run", Verb, "move fast by using one's feet", ""},
		{"running", "run", Verb, "move fast by using one's feet", ""},
		{"ice cream", "ice cream", Noun, "frozen dessert", "icecream"},
		{"quickly", "quickly", Adverb, "with rapid movements", "rapidly"},
		{"happiest", "happy", Adjective, "enjoying or showing or marked by joy or pleasure", ""},
	} {
		groups, err := wn.Define(c.word)
		if err != nil {
			t.Fatal(err)
		}
		var g *Group
		for i := range groups {
			if groups[i].PartOfSpeech == c.pos {
				g = &groups[i]
			}
		}
		if g == nil || g.Lemma != c.lemma {
			t.Errorf("%q: no %s %q in %+v", c.word, c.pos, c.lemma, groups)
			continue
		}
		found := false
		for _, s := range g.Senses {
			if strings.HasPrefix(s.Definition, c.definition) && (c.synonym == "" || slices.Contains(s.Synonyms, c.synonym)) {
				found = true
			}
			if strings.Contains(s.Definition, `"`) {
				t.Errorf("%q: an example left in the definition %q", c.word, s.Definition)
			}
		}
		if !found {
			t.Errorf("%q: no sense %q (synonym %q) in %+v", c.word, c.definition, c.synonym, g.Senses)
		}
	}
	// Examples are kept apart, without their quotes.
	groups, _ := wn.Define("tide")
	if ex := groups[0].Senses; len(ex) < 3 || !slices.Equal(ex[1].Examples, []string{"a rising tide of popular interest"}) ||
		ex[1].Definition != "something that may increase or decrease (like the tides of the sea)" {
		t.Errorf("tide's second sense: %+v", groups[0].Senses)
	}
	for _, none := range []string{"qzxqzx", "", "  ", "zzzzzzzzzzzzzzzzzzzzzz", "aaaa"} {
		if groups, err := wn.Define(none); err != nil || len(groups) != 0 {
			t.Errorf("%q: %+v, %v", none, groups, err)
		}
	}
}

func TestHeadwordsAndNearest(t *testing.T) {
	d := Dictionary{WordNet: wordNet(t)}
	words, err := d.WordNet.Headwords("photosynth", 5)
	if err != nil || len(words) == 0 || !slices.Contains(words, "photosynthesis") {
		t.Errorf("headwords: %q, %v", words, err)
	}
	for _, w := range words {
		if !strings.HasPrefix(w, "photosynth") {
			t.Errorf("headword %q", w)
		}
	}
	if got := d.Nearest("photosynthsis", 3); len(got) == 0 || got[0] != "photosynthesis" {
		t.Errorf("nearest to photosynthsis: %q", got)
	}
	if got := d.Nearest("xqzzqxj", 3); len(got) != 0 {
		t.Errorf("nearest to nonsense: %q", got)
	}
}

func TestGlossaryWinsAndFindsBaseForms(t *testing.T) {
	g := GlossaryFromText("# Biology\n- **Mitochondrion**: the powerhouse of the cell\ncell = the smallest unit of life\n" +
		"cell - a small room\nno separator here\n: nothing\n")
	if g.Len() != 2 || !slices.Equal(g.Skipped, []int{5, 6}) {
		t.Errorf("%d terms, skipped %v", g.Len(), g.Skipped)
	}
	d := Dictionary{Glossary: g, WordNet: wordNet(t), Pronounce: func(w string) string { return "/" + w + "/" }}
	def, ok, err := d.Define("Cells.")
	if err != nil || !ok || def.Source != FromGlossary || def.Senses() != 2 || def.Groups[0].Senses[0].Definition != "the smallest unit of life" {
		t.Fatalf("cells: %+v %v %v", def, ok, err)
	}
	if def.Pronunciation != "/cell/" {
		t.Errorf("pronunciation %q", def.Pronunciation)
	}
	def, ok, _ = d.Define("tide")
	if !ok || def.Source != FromWordNet {
		t.Errorf("tide: %+v", def)
	}
	if _, ok, _ := d.Define("qzxqzx"); ok {
		t.Error("defined nonsense")
	}
}

func TestGlossaryJSON(t *testing.T) {
	g, err := GlossaryFromJSON(`{"Osmosis": {"definition": "diffusion of water", "part_of_speech": "noun",
		"examples": ["plants drink"], "synonyms": ["diffusion"]}, "ATP": [{"definition": "energy"}, "a molecule"],
		"bad": 3, "empty": ""}`)
	if err != nil || g.Len() != 2 {
		t.Fatalf("%d terms, %v", g.Len(), err)
	}
	d := Dictionary{Glossary: g}
	def, ok, _ := d.Define("osmosis")
	if !ok || def.Groups[0].PartOfSpeech != Noun || def.Groups[0].Senses[0].Examples[0] != "plants drink" {
		t.Errorf("%+v", def)
	}
	if def, _, _ := d.Define("atp"); def.Senses() != 2 {
		t.Errorf("atp: %+v", def)
	}
	for _, bad := range []string{"[1]", "{", ""} {
		if _, err := GlossaryFromJSON(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestMissingWordNetNamesThePackage(t *testing.T) {
	_, err := OpenWordNet(filepath.Join(t.TempDir(), "none"))
	if !errors.Is(err, ErrNoWordNet) || !strings.Contains(err.Error(), "wordnet-base") {
		t.Errorf("%v", err)
	}
}

func TestEspeakIPA(t *testing.T) {
	if got := EspeakIPA("")("tide"); !strings.Contains(got, "aɪ") {
		t.Errorf("tide in IPA: %q", got)
	}
}

func BenchmarkDefine(b *testing.B) {
	wn := wordNet(b)
	for range b.N {
		wn.Define("running")
	}
}
