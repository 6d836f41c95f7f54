package speech

import (
	"strings"
	"testing"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/settings"
)

// TestPronunciationsChangeWhatIsSaidNotWhere: each kind of entry changes
// the spoken text, and every word still maps to the document text as
// written.
func TestPronunciationsChangeWhatIsSaidNotWhere(t *testing.T) {
	tests := []struct {
		name        string
		table       map[string]string
		text        string
		spoken      string
		spokenWords []string
		docWords    []string
	}{
		{"whole word, any case", map[string]string{"sql": "sequel"}, "SQL and sql but not SQLite.",
			"sequel and sequel but not SQLite.",
			[]string{"sequel", "and", "sequel", "but", "not", "SQLite"}, []string{"SQL", "and", "sql", "but", "not", "SQLite"}},
		{"exact case", map[string]string{"=US": "United States"}, "Tell us about the US.",
			"Tell us about the United States.",
			[]string{"Tell", "us", "about", "the", "United States"}, []string{"Tell", "us", "about", "the", "US"}},
		{"several words", map[string]string{"New York": "the big apple"}, "From New York to Boston.",
			"From the big apple to Boston.",
			[]string{"From", "the big apple", "to", "Boston"}, []string{"From", "New York", "to", "Boston"}},
		{"regular expression with a group", map[string]string{`/v(\d+)/`: "version $1"}, "Use v2 or v10 today.",
			"Use version 2 or version 10 today.",
			[]string{"Use", "version 2", "or", "version 10", "today"}, []string{"Use", "v2", "or", "v10", "today"}},
		{"regular expression ignoring case", map[string]string{`/colou?r/i`: "hue"}, "Colour and COLOR.",
			"hue and hue.",
			[]string{"hue", "and", "hue"}, []string{"Colour", "and", "COLOR"}},
		{"inside a word", map[string]string{`/tion\b/`: "shun"}, "Attention please.",
			"Attenshun please.",
			[]string{"Attenshun", "please"}, []string{"Attention", "please"}},
		{"a symbol between words", map[string]string{"/&/": " and "}, "Tom & Jerry.",
			"Tom  and  Jerry.",
			[]string{"Tom", "Jerry"}, []string{"Tom", "Jerry"}},
		{"not in other words", map[string]string{"cat": "kitty"}, "cat concat cats",
			"kitty concat cats",
			[]string{"kitty", "concat", "cats"}, []string{"cat", "concat", "cats"}},
		{"accented letters are word letters", map[string]string{"caf": "X"}, "café caf",
			"café X",
			[]string{"café", "X"}, []string{"café", "caf"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lex, err := settings.CompileLexicon(tt.table)
			if err != nil {
				t.Fatal(err)
			}
			d := doc.New(tt.text, doc.Meta{}, nil)
			p := DefaultParams()
			p.Lexicon = lex
			n := NewNarrator(d, 0, d.Len(), p)
			seg := firstSegment(t, n)
			checkSegment(t, d, seg, tt.spoken, tt.spokenWords, tt.docWords)
			// Without the entries, the text is said as written.
			plain, _ := NewNarrator(d, 0, d.Len(), DefaultParams()).Next()
			if plain.Utterance.Text == seg.Utterance.Text {
				t.Errorf("the pronunciations changed nothing: %q", plain.Utterance.Text)
			}
		})
	}
}

// TestPronunciationsAcrossWindows: a long reading starting in the middle
// finds entries in every utterance, and only from where it starts.
func TestPronunciationsAcrossWindows(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 400; i++ {
		b.WriteString("The GNU tools. ")
	}
	d := doc.New(b.String(), doc.Meta{}, nil)
	lex, _ := settings.CompileLexicon(map[string]string{"GNU": "guh new"})
	p := DefaultParams()
	p.Lexicon = lex
	from := len("The GNU tools. ")*100 + 5 // inside the 101st "GNU"
	n := NewNarrator(d, from, d.Len(), p)
	said, segs := 0, 0
	for seg, ok := n.Next(); ok; seg, ok = n.Next() {
		segs++
		said += strings.Count(seg.Utterance.Text, "guh new")
		if strings.Contains(seg.Utterance.Text, "GNU") {
			t.Fatalf("GNU said as written in %q", seg.Utterance.Text)
		}
		for i, w := range seg.DocWords {
			if got := d.Slice(w.Start, w.End); spokenWords(seg)[i] == "guh new" && got != "GNU" {
				t.Fatalf("guh new maps to %q", got)
			}
		}
	}
	if segs < 3 || said != 299 {
		t.Errorf("%d utterances saying guh new %d times; want several and 299", segs, said)
	}
}

// FuzzPronunciations: any entry and any text narrate without a panic, and
// every word still maps to a range of the text, in order.
func FuzzPronunciations(f *testing.F) {
	f.Add("sql", "sequel", "SQL and sql.")
	f.Add(`/v(\d+)/`, "version $1 $2 ${x}", "v2 v10 v")
	f.Add("=US", "", "US us\nUS")
	f.Add("/&/", " and ", "a & b && c")
	f.Add(`/(?i)é+/`, "e\n", "ÉÉé café 🎉")
	f.Add("New York", "NY", "New\nYork New  York")
	f.Fuzz(func(t *testing.T, name, say, text string) {
		lex, _ := settings.CompileLexicon(map[string]string{name: say})
		d := doc.New(strings.ToValidUTF8(text, "?"), doc.Meta{}, nil)
		p := DefaultParams()
		p.Lexicon = lex
		n := NewNarrator(d, 0, d.Len(), p)
		prev := 0
		for seg, ok := n.Next(); ok; seg, ok = n.Next() {
			if len(seg.DocWords) != len(seg.Utterance.Words) {
				t.Fatalf("%d document words for %d spoken ones", len(seg.DocWords), len(seg.Utterance.Words))
			}
			spoken := []rune(seg.Utterance.Text)
			for i, w := range seg.DocWords {
				if w.Start < prev || w.End < w.Start || w.End > d.Len() {
					t.Fatalf("word %d at [%d,%d) after %d in a text of %d", i, w.Start, w.End, prev, d.Len())
				}
				if sw := seg.Utterance.Words[i]; sw.Start < 0 || sw.End > len(spoken) || sw.End < sw.Start {
					t.Fatalf("spoken word %d at [%d,%d) of %d", i, sw.Start, sw.End, len(spoken))
				}
				prev = w.End
			}
			if strings.ContainsAny(seg.Utterance.Text, "\x00\n") {
				t.Fatalf("a NUL or line break reaches the engine: %q", seg.Utterance.Text)
			}
		}
	})
}

// TestPauseSettingsReachTheNarration: the speech.pause_* settings, read
// from the settings store, are the silences after headings, paragraphs
// and list items.
func TestPauseSettingsReachTheNarration(t *testing.T) {
	st := settingsWith(t, map[string]any{"speech.pause_heading_ms": 1000.0, "speech.pause_paragraph_ms": 0.0, "speech.pause_list_item_ms": 50.0})
	d := blocksDoc("Title\n\nFirst paragraph.\n\nItem one\nItem two\n\nLast.",
		block{doc.Heading, "Title"}, block{doc.Paragraph, "First paragraph."},
		block{doc.ListItem, "Item one"}, block{doc.ListItem, "Item two"})
	got := pauses(d, ParamsFrom(st))
	if want := "Title/1000|First paragraph/0|Item one/50|Item two/50|Last/0"; strings.Join(got, "|") != want {
		t.Errorf("segments %q, want %s", got, want)
	}
}
