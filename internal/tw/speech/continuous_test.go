package speech

import (
	"runtime"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/units"
)

// scoresDoc is a heading and a table with an empty cell, with the markers
// a loader gives them.
func scoresDoc(t testing.TB) *doc.Document {
	t.Helper()
	text := "Results\n\nName | Score\nAda | 98\nGrace | \n\nThe end."
	var ms []doc.Marker
	mark := func(k doc.Kind, sub string, level int, label string) {
		b := strings.Index(text, sub)
		if b < 0 {
			t.Fatalf("no %q", sub)
		}
		s := utf8.RuneCountInString(text[:b])
		ms = append(ms, doc.Marker{Kind: k, Start: s, End: s + utf8.RuneCountInString(sub), Level: level, Label: label})
	}
	mark(doc.Heading, "Results", 1, "")
	mark(doc.Table, "Name | Score\nAda | 98\nGrace | ", 0, "")
	mark(doc.TableRow, "Name | Score", 0, doc.HeaderRow)
	mark(doc.TableCell, "Name", 0, "")
	mark(doc.TableCell, "Score", 0, "")
	mark(doc.TableRow, "Ada | 98", 0, "")
	mark(doc.TableCell, "Ada", 0, "")
	mark(doc.TableCell, "98", 0, "")
	mark(doc.TableRow, "Grace | ", 0, "")
	mark(doc.TableCell, "Grace", 0, "")
	mark(doc.Paragraph, "The end.", 0, "")
	end := strings.Index(text, "Grace | ") + len("Grace | ")
	ms = append(ms, doc.Marker{Kind: doc.TableCell, Start: end, End: end})
	return doc.New(text, doc.Meta{}, ms)
}

// continuousReading is what a continuous reading of d says: the spoken
// text of each segment, the document words heard, the words inserted, and
// the utterances given as Said.
type continuousReading struct {
	spoken, heard, inserted, said []string
}

func readContinuously(d *doc.Document, from, to int, p Params, lang string) continuousReading {
	var out continuousReading
	n := NewContinuousNarrator(units.New(d), from, to, p, lang)
	for seg, ok := n.Next(); ok; seg, ok = n.Next() {
		out.spoken = append(out.spoken, seg.Utterance.Text)
		text := []rune(seg.Utterance.Text)
		for i, w := range seg.Utterance.Words {
			if dw, ok := seg.heard(i); ok {
				out.heard = append(out.heard, d.Slice(dw.Start, dw.End))
			} else {
				out.inserted = append(out.inserted, string(text[w.Start:w.End]))
			}
			if s := seg.said(i); s != "" {
				out.said = append(out.said, s)
			}
		}
	}
	return out
}

func TestContinuousReadingSaysTheStructure(t *testing.T) {
	d := scoresDoc(t)
	tests := []struct {
		verbosity string
		said      []string
		inserted  string
	}{
		{"normal", []string{"heading level 1, Results", "Table with 2 columns: Name, Score.", "Row 1: Name is Ada, Score is 98.",
			"Row 2: Name is Grace, Score is blank.", "The end."},
			"heading level 1 Table with 2 columns Row 1 Name is Score is Row 2 Name is Score is blank"},
		{"low", []string{"Results", "Name, Score", "Ada, 98", "Grace", "The end."}, ""},
		{"high", []string{"heading level 1, 1 of 1, Results", "Table with 2 columns: Name, Score.", "Row 1 of 2: Name is Ada, Score is 98.",
			"Row 2 of 2: Name is Grace, Score is blank.", "The end."},
			"heading level 1 1 of 1 Table with 2 columns Row 1 of 2 Name is Score is Row 2 of 2 Name is Score is blank"},
	}
	for _, tt := range tests {
		t.Run(tt.verbosity, func(t *testing.T) {
			p := DefaultParams()
			p.Verbosity = tt.verbosity
			got := readContinuously(d, 0, d.Len(), p, "")
			if strings.Join(got.said, "|") != strings.Join(tt.said, "|") {
				t.Errorf("said\n%q\nwant\n%q", got.said, tt.said)
			}
			// Position events come for the document's words only, each once.
			if want := "Results Name Score Ada 98 Grace The end"; strings.Join(got.heard, " ") != want {
				t.Errorf("heard %q, want %q", strings.Join(got.heard, " "), want)
			}
			if strings.Join(got.inserted, " ") != tt.inserted {
				t.Errorf("inserted %q, want %q", strings.Join(got.inserted, " "), tt.inserted)
			}
			spoken := strings.Join(got.spoken, " ")
			for _, s := range tt.said {
				if !strings.Contains(spoken, s) {
					t.Errorf("%q is not spoken in %q", s, spoken)
				}
			}
		})
	}
}

// FuzzContinuousNarrator reads any text with any markers (kinds, ranges
// and levels from the bytes of shape) continuously from any range: it
// ends, the offset map covers the spoken text with no hole, every spoken
// word is inside the spoken text, and every word heard is a non-empty
// range of the document.
func FuzzContinuousNarrator(f *testing.F) {
	f.Add("Name | Score\nAda | 98\n\n[1] note.[2]", []byte{7, 0, 20, 0, 8, 0, 12, 1, 9, 0, 4, 0}, 0, 100, uint8(1))
	f.Add("# T\n\nx := 1\n  y\n\nDr. Who?", []byte{0, 0, 3, 1, 2, 5, 10, 1}, 3, 40, uint8(2))
	f.Add("a\n\n\nb [1]", []byte{10, 5, 9, 0, 6, 0, 1, 2}, 2, 9, uint8(0))
	kinds := []doc.Kind{doc.Heading, doc.Paragraph, doc.Code, doc.List, doc.ListItem, doc.Quote, doc.Image,
		doc.Table, doc.TableRow, doc.TableCell, doc.Footnote, doc.Link}
	f.Fuzz(func(t *testing.T, text string, shape []byte, from, to int, level uint8) {
		if !utf8.ValidString(text) || len(text) > 4000 {
			return
		}
		d := testkit.FuzzDoc(text, shape, kinds)
		p := DefaultParams()
		p.Verbosity = []string{"low", "normal", "high"}[level%3]
		p.Punctuation = []string{"none", "some", "all"}[level/3%3]
		nr := NewContinuousNarrator(units.New(d), from, to, p, "")
		if level%2 == 1 {
			nr.insertVoice = "roa/fr" // inserted words in segments of their own
		}
		for seg, ok := nr.Next(); ok; seg, ok = nr.Next() {
			runes := []rune(seg.Utterance.Text)
			if len(seg.DocWords) != len(seg.Utterance.Words) || seg.Said != nil && len(seg.Said) != len(seg.DocWords) {
				t.Fatal("word lists differ")
			}
			for i, sw := range seg.Utterance.Words {
				if sw.Start < 0 || sw.End <= sw.Start || sw.End > len(runes) {
					t.Fatalf("spoken word %d [%d,%d) of %d", i, sw.Start, sw.End, len(runes))
				}
				if w, heard := seg.heard(i); heard && (w.Start < 0 || w.End > d.Len()) {
					t.Fatalf("document word %d [%d,%d) of %d", i, w.Start, w.End, d.Len())
				} else if heard && seg.Voice != "" {
					t.Fatalf("document word %d in a segment of voice %q", i, seg.Voice)
				}
			}
			checkMapCovers(t, seg.Map, len(runes))
		}
	})
}

// TestContinuousReadingStartsAtOnce: continuous reading narrates a chunk
// at a time, so the first segment of a long document, one 10 MB paragraph
// or 2 MB of tables (half a million markers), is ready at once.
func TestContinuousReadingStartsAtOnce(t *testing.T) {
	sentence := "This is a sentence of a very long document, with ten words. "
	long := strings.Repeat(sentence, 10<<20/len(sentence))
	one := scoresDoc(t)
	var text strings.Builder
	var ms []doc.Marker
	for at := 0; text.Len() < 2<<20; at += one.Len() + 2 {
		text.WriteString(one.Text + "\n\n")
		for _, m := range one.All() {
			m.Start += at
			m.End += at
			ms = append(ms, m)
		}
	}
	tables := text.String()
	for _, tc := range []struct {
		name  string
		build func() *doc.Document
		first string
	}{
		{"one paragraph", func() *doc.Document {
			return doc.New(long, doc.Meta{}, []doc.Marker{{Kind: doc.Paragraph, Start: 0, End: len(long)}})
		}, "This is a sentence"},
		{"tables", func() *doc.Document { return doc.New(tables, doc.Meta{}, ms) }, "heading level 1, Results"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// The reader indexes a document when it opens it (and warms the
			// index in the background); reading uses that index.
			d := tc.build()
			ix := units.New(d)
			ix.Warm()
			runtime.GC() // what building the test document left is not the reading's
			t0 := time.Now()
			n := NewContinuousNarrator(ix, 0, d.Len(), DefaultParams(), "")
			first, ok := n.Next()
			took := time.Since(t0)
			if !ok || !strings.HasPrefix(first.Utterance.Text, tc.first) || len(first.DocWords) > 2*firstWindowWords {
				t.Fatalf("first segment %q (%d words)", first.Utterance.Text, len(first.DocWords))
			}
			second, _ := n.Next()
			if second.DocWords[0].Start < first.End {
				t.Fatalf("second segment starts at %d, first ended at %d", second.DocWords[0].Start, first.End)
			}
			t.Logf("%d MB: first segment ready %v after NewContinuousNarrator", len(d.Text)>>20, took)
			if took > 500*time.Millisecond {
				t.Errorf("first segment took %v", took)
			}
		})
	}
}

// TestVerbosityChangesDuringAContinuousReading: a new speech.verbosity
// takes effect at once, the reading going on from the word being heard.
func TestVerbosityChangesDuringAContinuousReading(t *testing.T) {
	s, _, err := Open(Options{Backend: "null", Sink: "clock", Speed: 20})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	d := scoresDoc(t)
	ada := strings.Index(d.Text, "Ada")
	var said []string
	done := make(chan bool, 1)
	s.ReadContinuousWith(units.New(d), 0, d.Len(), Handler{
		Said: func(text string) { said = append(said, text) },
		Word: func(start, end int) {
			if start == ada && s.Params().Verbosity != "low" {
				p := s.Params()
				p.Verbosity = "low"
				s.SetParams(p)
			}
		},
		Done: func(completed bool) { done <- completed },
	})
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("the reading did not end")
	}
	want := []string{"heading level 1, Results", "Table with 2 columns: Name, Score.", "Row 1: Name is Ada, Score is 98.",
		"Ada, 98", "Grace", "The end."}
	if strings.Join(said, "|") != strings.Join(want, "|") {
		t.Errorf("said\n%q\nwant\n%q", said, want)
	}
}
