package units

import (
	"os"
	"slices"
	"testing"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/doc"
)

func texts(d *doc.Document, rs []Range) []string {
	var out []string
	for _, r := range rs {
		out = append(out, d.Slice(r.Start, r.End))
	}
	return out
}

func TestSentences(t *testing.T) {
	cases := []struct {
		name string
		text string
		want []string
	}{
		{"simple", "Cells are small. Every thing is cells.", []string{"Cells are small.", "Every thing is cells."}},
		{"fixed abbreviation before capital", "Dr. Smith opened it. She left.", []string{"Dr. Smith opened it.", "She left."}},
		{"ambiguous abbreviation before lowercase", "At 9:30 a.m. on Friday she came. Then left.", []string{"At 9:30 a.m. on Friday she came.", "Then left."}},
		{"ambiguous abbreviation before capital", "We met at 9 a.m. The talk began.", []string{"We met at 9 a.m.", "The talk began."}},
		{"e.g. and i.e.", "It covers e.g. the history, i.e. how type changed. Next.", []string{"It covers e.g. the history, i.e. how type changed.", "Next."}},
		{"pp. with digits", "The essay (pp. 12-14) argues. Few agree.", []string{"The essay (pp. 12-14) argues.", "Few agree."}},
		{"ellipsis before lowercase", "He argues otherwise... but few agree.", []string{"He argues otherwise... but few agree."}},
		{"ellipsis before capital", "He argues otherwise... But few agree.", []string{"He argues otherwise...", "But few agree."}},
		{"unicode ellipsis before capital", "He paused… Then spoke.", []string{"He paused…", "Then spoke."}},
		{"soft wrap", "She had\nread it. Was it\nworth it? Yes!", []string{"She had\nread it.", "Was it\nworth it?", "Yes!"}},
		{"decimal and version", "It costs $12.50 in fees. Version 2.0.1 is out.", []string{"It costs $12.50 in fees.", "Version 2.0.1 is out."}},
		{"no final period", "One. Two", []string{"One.", "Two"}},
		{"quotes", "\"Quoted speech,\" she said. Done.", []string{"\"Quoted speech,\" she said.", "Done."}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := doc.New(c.text, doc.Meta{}, nil)
			ix := New(d)
			p, ok := ix.Paragraph(0)
			if !ok {
				t.Fatal("no paragraph")
			}
			if got := texts(d, ix.Sentences(p)); !slices.Equal(got, c.want) {
				t.Fatalf("got %q\nwant %q", got, c.want)
			}
		})
	}
}

func TestHardLineBreaksFromMarkers(t *testing.T) {
	text := "First item\nSecond item"
	d := doc.New(text, doc.Meta{}, []doc.Marker{
		{Kind: doc.List, Start: 0, End: 22, Level: 1},
		{Kind: doc.ListItem, Start: 0, End: 10, Level: 1},
		{Kind: doc.ListItem, Start: 11, End: 22, Level: 1},
	})
	ix := New(d)
	got := texts(d, ix.Sentences(Range{0, 22}))
	if !slices.Equal(got, []string{"First item", "Second item"}) {
		t.Fatalf("got %q", got)
	}
}

func TestWords(t *testing.T) {
	text := "Mr. O'Brien's well-known essay costs $12.50, café 3rd 2.0.1 — done."
	d := doc.New(text, doc.Meta{}, nil)
	ix := New(d)
	got := texts(d, ix.Words(Range{0, d.Len()}))
	want := []string{"Mr", "O'Brien's", "well-known", "essay", "costs", "12.50", "café", "3rd", "2.0.1", "done"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %q\nwant %q", got, want)
	}
	w, ok := ix.Word(d.Pos(len("Mr. O'Brien's well-known essay costs $12.50, caf")))
	if !ok || d.Slice(w.Start, w.End) != "café" {
		t.Fatalf("word at é: %v %v", w, ok)
	}
	if _, ok := ix.Word(3); ok {
		t.Fatal("a space is not inside a word")
	}
	nw, _ := ix.NextWord(0)
	if d.Slice(nw.Start, nw.End) != "O'Brien's" {
		t.Fatalf("next word %q", d.Slice(nw.Start, nw.End))
	}
	pw, _ := ix.PreviousWord(nw.Start)
	if pw.Start != 0 {
		t.Fatalf("previous word %v", pw)
	}
}

func TestLinesAndParagraphs(t *testing.T) {
	text := "Title\n\nOne two\nthree.\n\n\nLast line\n"
	d := doc.New(text, doc.Meta{}, nil)
	ix := New(d)
	if ix.Lines() != 7 {
		t.Fatalf("lines %d", ix.Lines())
	}
	if l := ix.LineOf(8); l != 2 {
		t.Fatalf("line of 8: %d", l)
	}
	p, _ := ix.Paragraph(8)
	if d.Slice(p.Start, p.End) != "One two\nthree." {
		t.Fatalf("paragraph %q", d.Slice(p.Start, p.End))
	}
	n, ok := ix.NextParagraph(8)
	if !ok || d.Slice(n.Start, n.End) != "Last line" {
		t.Fatalf("next paragraph %q", d.Slice(n.Start, n.End))
	}
	if _, ok := ix.NextParagraph(n.Start); ok {
		t.Fatal("no paragraph after the last")
	}
	pp, ok := ix.PreviousParagraph(n.Start)
	if !ok || pp != p {
		t.Fatalf("previous paragraph %v", pp)
	}
	s, ok := ix.NextSentence(0)
	if !ok || d.Slice(s.Start, s.End) != "One two\nthree." {
		t.Fatalf("next sentence %q", d.Slice(s.Start, s.End))
	}
}

// The conformance sample of plain text, with sentence boundaries checked
// where the rules matter.
func TestSampleTextSentences(t *testing.T) {
	data, err := os.ReadFile(testkit.Path(t, "conformance", "textweaver", "sample.txt"))
	if err != nil {
		t.Fatalf("the conformance fixture is missing: %v", err)
	}
	d := doc.New(string(data), doc.Meta{}, nil)
	ix := New(d)
	var all []string
	for pos := 0; ; {
		s, ok := ix.NextSentence(pos)
		if !ok {
			break
		}
		all = append(all, d.Slice(s.Start, s.End))
		pos = s.Start
	}
	want := []string{
		"Dr. Smith opened the library at 9:30 a.m. on Friday, September 25, 2026.",
		"She had\nread 1,250 pages that month, which cost her about $12.50 in late fees.",
		"Was it\nworth it?",
		"Absolutely!",
		"The first chapter covers e.g. the history of print, i.e. how movable type changed\nreading.",
		"Mr. O'Brien's well-known essay (pp. 12-14) argues otherwise... but few\nagree.",
		"The café on 3rd St. sells crème brûlée for €4.",
		"Chapter two begins here.",
		"It has three sentences.",
		"This is the third one.",
		"Contact: reader@example.org or https://example.org/help.",
		"Temperature: 72°F; ratio\n3/4; version 2.0.1; 50% off; 1st, 2nd and 3rd place.",
		"\"Quoted speech,\" she said.",
	}
	if !slices.Equal(all, want) {
		t.Fatalf("got\n%q\nwant\n%q", all, want)
	}
}
