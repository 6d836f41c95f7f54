package speech

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/units"
)

func spokenWords(seg Segment) []string {
	r := []rune(seg.Utterance.Text)
	var out []string
	for _, w := range seg.Utterance.Words {
		out = append(out, string(r[w.Start:w.End]))
	}
	return out
}

func docWords(d *doc.Document, seg Segment) []string {
	var out []string
	for _, w := range seg.DocWords {
		out = append(out, d.Slice(w.Start, w.End))
	}
	return out
}

// firstSegment is n's next segment; it fails the test when there is none.
func firstSegment(t *testing.T, n *Narrator) Segment {
	t.Helper()
	seg, ok := n.Next()
	if !ok {
		t.Fatal("no segment")
	}
	return seg
}

// checkSegment checks what seg says and its words, as said and as they
// stand in d.
func checkSegment(t *testing.T, d *doc.Document, seg Segment, spoken string, spokenW, docW []string) {
	t.Helper()
	if seg.Utterance.Text != spoken {
		t.Errorf("spoken %q, want %q", seg.Utterance.Text, spoken)
	}
	if got := spokenWords(seg); strings.Join(got, "|") != strings.Join(spokenW, "|") {
		t.Errorf("spoken words %q, want %q", got, spokenW)
	}
	if got := docWords(d, seg); strings.Join(got, "|") != strings.Join(docW, "|") {
		t.Errorf("document words %q, want %q", got, docW)
	}
}

func TestNarration(t *testing.T) {
	tests := []struct {
		name, text, punct string
		spoken            string
		spokenWords       []string
		docWords          []string
	}{
		{"plain", "Hello, world.", "some", "Hello, world.",
			[]string{"Hello", "world"}, []string{"Hello", "world"}},
		{"abbreviation", "Dr. Smith met Mr. Jones.", "some", "Doctor Smith met Mister Jones.",
			[]string{"Doctor", "Smith", "met", "Mister", "Jones"}, []string{"Dr", "Smith", "met", "Mr", "Jones"}},
		{"etc ends a sentence before a capital", "Apples, pears etc. Then more.", "some", "Apples, pears et cetera. Then more.",
			[]string{"Apples", "pears", "et cetera", "Then", "more"}, []string{"Apples", "pears", "etc", "Then", "more"}},
		{"e.g.", "Fruit, e.g. pears.", "some", "Fruit, for example pears.",
			[]string{"Fruit", "for example", "pears"}, []string{"Fruit", "e.g", "pears"}},
		{"grouped number", "Pay 1,250 or 12,345.5 now", "some", "Pay 1250 or 12345.5 now",
			[]string{"Pay", "1250", "or", "12345.5", "now"}, []string{"Pay", "1,250", "or", "12,345.5", "now"}},
		{"not a grouped number", "Lists 1,25 and 3.5 and 2nd", "some", "Lists 1,25 and 3.5 and 2nd",
			[]string{"Lists", "1,25", "and", "3.5", "and", "2nd"}, []string{"Lists", "1,25", "and", "3.5", "and", "2nd"}},
		{"accents and hyphens", "crème brûlée, well-known café", "some", "crème brûlée, well-known café",
			[]string{"crème", "brûlée", "well-known", "café"}, []string{"crème", "brûlée", "well-known", "café"}},
		{"line breaks are spaces", "one\ntwo", "some", "one two",
			[]string{"one", "two"}, []string{"one", "two"}},
		{"punctuation none drops symbols", "Tom & Jerry (cats) #1.", "none", "Tom   Jerry  cats   1.",
			[]string{"Tom", "Jerry", "cats", "1"}, []string{"Tom", "Jerry", "cats", "1"}},
		{"punctuation all names symbols", "Yes, & no.", "all", "Yes comma,   and  no period. ",
			[]string{"Yes", "no"}, []string{"Yes", "no"}},
		{"astral characters count one", "🎉 party 🎉 time", "some", "🎉 party 🎉 time",
			[]string{"party", "time"}, []string{"party", "time"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := doc.New(tt.text, doc.Meta{}, nil)
			p := DefaultParams()
			p.Punctuation = tt.punct
			n := NewNarrator(d, 0, d.Len(), p)
			seg := firstSegment(t, n)
			checkSegment(t, d, seg, tt.spoken, tt.spokenWords, tt.docWords)
			if _, more := n.Next(); more {
				t.Error("more than one segment")
			}
		})
	}
}

// block is a marker of kind over the first place text stands in a
// document.
type block struct {
	kind doc.Kind
	text string
}

// blocksDoc is text with the markers of blocks.
func blocksDoc(text string, blocks ...block) *doc.Document {
	var ms []doc.Marker
	for _, b := range blocks {
		i := strings.Index(text, b.text)
		start := len([]rune(text[:i]))
		ms = append(ms, doc.Marker{Kind: b.kind, Start: start, End: start + len([]rune(b.text))})
	}
	return doc.New(text, doc.Meta{}, ms)
}

// pauses lists the segments of the narration of d with p, each as its
// document words and the pause after it: "Title/400".
func pauses(d *doc.Document, p Params) []string {
	n := NewNarrator(d, 0, d.Len(), p)
	var got []string
	for seg, ok := n.Next(); ok; seg, ok = n.Next() {
		got = append(got, strings.Join(docWords(d, seg), " ")+"/"+strconv.Itoa(seg.PauseMs))
	}
	return got
}

func TestNarrationPausesAtBlocks(t *testing.T) {
	d := blocksDoc("Title\n\nFirst paragraph here.\n\nItem one\nItem two\n\nPlain text after a blank line.\n\nLast.",
		block{doc.Heading, "Title"}, block{doc.Paragraph, "First paragraph here."},
		block{doc.ListItem, "Item one"}, block{doc.ListItem, "Item two"})
	got := pauses(d, DefaultParams())
	want := []string{"Title/400", "First paragraph here/300", "Item one/150", "Item two/300", "Plain text after a blank line/300", "Last/0"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("segments\n%q\nwant\n%q", got, want)
	}
}

func TestNarrationWindows(t *testing.T) {
	// One 10 MB paragraph: the first segment is short and ready at once;
	// later ones end at a sentence end after windowWords words.
	sentence := "This is a sentence of a very long document, with ten words. "
	text := strings.Repeat(sentence, 10<<20/len(sentence))
	t0 := time.Now()
	d := doc.New(text, doc.Meta{}, []doc.Marker{{Kind: doc.Paragraph, Start: 0, End: len(text)}})
	n := NewNarrator(d, 0, d.Len(), DefaultParams())
	first, ok := n.Next()
	took := time.Since(t0)
	if !ok || len(first.DocWords) < firstWindowWords || len(first.DocWords) > firstWindowWords+10 {
		t.Fatalf("first segment has %d words, want a sentence end after %d", len(first.DocWords), firstWindowWords)
	}
	second, _ := n.Next()
	if len(second.DocWords) < windowWords || len(second.DocWords) > windowWords+10 {
		t.Fatalf("second segment has %d words", len(second.DocWords))
	}
	if second.DocWords[0].Start != first.End {
		t.Fatalf("second segment starts at %d, first ended at %d", second.DocWords[0].Start, first.End)
	}
	t.Logf("document of %d MB: first segment ready %v after doc.New + NewNarrator", len(text)>>20, took)
	if took > 500*time.Millisecond {
		t.Errorf("first segment took %v", took)
	}
}

func TestNarrationRangeAndHardCut(t *testing.T) {
	// No sentence end at all: cut at 2*windowWords words.
	text := strings.Repeat("word ", 1000)
	d := doc.New(text, doc.Meta{}, nil)
	n := NewNarrator(d, 10, 1000, DefaultParams()) // starts at a word start, ends mid-text
	total := 0
	prevEnd := 10
	for seg, ok := n.Next(); ok; seg, ok = n.Next() {
		if len(seg.DocWords) > 2*windowWords {
			t.Fatalf("segment of %d words", len(seg.DocWords))
		}
		if seg.DocWords[0].Start < prevEnd {
			t.Fatalf("segment starts at %d before %d", seg.DocWords[0].Start, prevEnd)
		}
		prevEnd = seg.DocWords[len(seg.DocWords)-1].End
		total += len(seg.DocWords)
	}
	if total != 198 || prevEnd != 1000-1 {
		t.Fatalf("%d words ending at %d, want 198 ending at 999", total, prevEnd)
	}
}

// FuzzNarrator checks the offset map on any text: words in order, inside
// the range, non-empty in both texts, and the map covering the spoken text.
func FuzzNarrator(f *testing.F) {
	for _, s := range []string{"Dr. Who?", "1,250.5 e.g. x", "a\n\nb", "🎉-x-y", "etc.", "...", "a.b.c", "“q” — r",
		`a <break time="1s"/> b`, `<break strength="x-strong">x<BREAK time='250ms'>`, `<break time="9e9s"/>`} {
		f.Add(s, 0, 100, uint8(0))
	}
	f.Fuzz(func(t *testing.T, text string, from, to int, punct uint8) {
		if len(text) > 2000 {
			return
		}
		d := doc.New(text, doc.Meta{}, nil)
		p := DefaultParams()
		p.Punctuation = []string{"none", "some", "all"}[punct%3]
		n := NewNarrator(d, from, to, p)
		prev := 0
		for seg, ok := n.Next(); ok; seg, ok = n.Next() {
			runes := []rune(seg.Utterance.Text)
			if len(seg.DocWords) != len(seg.Utterance.Words) {
				t.Fatal("word lists differ")
			}
			for i, w := range seg.DocWords {
				if w.Start < prev || w.End <= w.Start || w.End > d.Len() {
					t.Fatalf("document word %d [%d,%d) after %d", i, w.Start, w.End, prev)
				}
				prev = w.End
				sw := seg.Utterance.Words[i]
				if sw.Start < 0 || sw.End <= sw.Start || sw.End > len(runes) {
					t.Fatalf("spoken word %d [%d,%d) of %d", i, sw.Start, sw.End, len(runes))
				}
			}
			checkMapCovers(t, seg.Map, len(runes))
		}
	})
}

// checkMapCovers fails unless the map's spans follow each other without a
// hole from code point 0 to n of the spoken text.
func checkMapCovers(t *testing.T, spans []MapSpan, n int) {
	t.Helper()
	end := 0
	for _, m := range spans {
		if m.SpokenStart != end {
			t.Fatalf("map has a hole at %d", end)
		}
		end = m.SpokenEnd
	}
	if end != n {
		t.Fatalf("map covers %d of %d code points", end, n)
	}
}

// TestMarkupPauses: with speech.markup_pauses on, SSML break markup is a
// silence after the words before it and is never said; off, it is read as
// text.
func TestMarkupPauses(t *testing.T) {
	text := "One two. <break time=\"1s\"/> Three <BREAK time='250ms' /> four <break/> five <break time=\"x\"/>.\n\n<break time=\"2s\"/>Six."
	tests := []struct {
		name   string
		on     bool
		want   string
		spoken string // what the engine is given, in order
	}{
		{"on", true, "One two/1000|Three/250|four/500|five break time x/2300|Six/0",
			"One two. || Three || four || five <break time=\"x\"/>.  ||Six."},
		{"off", false, "One two break time 1s Three BREAK time 250ms four break five break time x/300|break time 2s Six/0",
			"One two. <break time=\"1s\"/> Three <BREAK time='250ms' /> four <break/> five <break time=\"x\"/>.  <||break time=\"2s\"/>Six."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := settingsWith(t, map[string]any{"speech.markup_pauses": tt.on})
			d := doc.New(text, doc.Meta{}, nil)
			if got := strings.Join(pauses(d, ParamsFrom(st)), "|"); got != tt.want {
				t.Errorf("segments %q\nwant     %q", got, tt.want)
			}
			var spoken []string
			n := NewNarrator(d, 0, d.Len(), ParamsFrom(st))
			for seg, ok := n.Next(); ok; seg, ok = n.Next() {
				spoken = append(spoken, seg.Utterance.Text)
			}
			if got := strings.Join(spoken, "||"); got != tt.spoken {
				t.Errorf("spoken %q\nwant   %q", got, tt.spoken)
			}
		})
	}
}

// TestMarkupPausesInContinuousReading: continuous reading leaves pause
// markup unsaid too, and pauses there.
func TestMarkupPausesInContinuousReading(t *testing.T) {
	d := blocksDoc(`Before <break time="2s"/> after.`, block{doc.Paragraph, `Before <break time="2s"/> after.`})
	n := NewContinuousNarrator(units.New(d), 0, d.Len(), ParamsFrom(settingsWith(t, nil)), "")
	var got []string
	for seg, ok := n.Next(); ok; seg, ok = n.Next() {
		got = append(got, strings.Join(spokenWords(seg), " ")+"/"+strconv.Itoa(seg.PauseMs))
	}
	if want := "Before/2000|after/0"; strings.Join(got, "|") != want {
		t.Errorf("segments %q, want %s", got, want)
	}
}
