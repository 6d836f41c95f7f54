package narration_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/i18n"
	"textfirst/internal/tw/narration"
	"textfirst/internal/tw/units"
)

// sample is a document with every structure narration reads: a heading,
// a list with a nested list, a table with a header row and an empty cell,
// a quote, a code block, a graphic, a footnote reference and its note.
func sample(t testing.TB) *doc.Document {
	t.Helper()
	text := "Title\n\n" +
		"First item\nSecond item\nNested item\n\n" +
		"Name | Score\nAda | 98\nGrace | \n\n" +
		"Quoted words. More words.\n\n" +
		"x := 1\n    y := 2\n\n" +
		"A map of the town\n\n" +
		"It has a note.[1] The end.\n\n" +
		"Footnotes\n\n" +
		"[1] The note."
	var ms []doc.Marker
	at := func(sub string, from int) (int, int) {
		b := strings.Index(text[from:], sub)
		if b < 0 {
			t.Fatalf("no %q in the sample", sub)
		}
		start := utf8.RuneCountInString(text[:from+b])
		return start, start + utf8.RuneCountInString(sub)
	}
	mark := func(k doc.Kind, sub string, level int, label string) {
		s, e := at(sub, 0)
		ms = append(ms, doc.Marker{Kind: k, Start: s, End: e, Level: level, Label: label})
	}
	for _, m := range []struct {
		k     doc.Kind
		sub   string
		level int
		label string
	}{
		{doc.Heading, "Title", 1, ""},
		{doc.List, "First item\nSecond item\nNested item", 1, ""},
		{doc.ListItem, "First item", 1, "1."},
		{doc.ListItem, "Second item\nNested item", 1, "2."},
		{doc.List, "Nested item", 2, ""},
		{doc.ListItem, "Nested item", 2, ""},
		{doc.Table, "Name | Score\nAda | 98\nGrace | ", 0, ""},
		{doc.TableRow, "Name | Score", 0, doc.HeaderRow},
		{doc.TableCell, "Name", 0, ""},
		{doc.TableCell, "Score", 0, ""},
		{doc.TableRow, "Ada | 98", 0, ""},
		{doc.TableCell, "Ada", 0, ""},
		{doc.TableCell, "98", 0, ""},
		{doc.TableRow, "Grace | ", 0, ""},
		{doc.TableCell, "Grace", 0, ""},
		{doc.Quote, "Quoted words. More words.", 0, ""},
		{doc.Code, "x := 1\n    y := 2", 1, ""},
		{doc.Paragraph, "A map of the town", 0, ""},
		{doc.Image, "A map of the town", 0, ""},
		{doc.Footnote, "[1]", 0, ""},
		{doc.Heading, "Footnotes", 2, ""},
	} {
		mark(m.k, m.sub, m.level, m.label)
	}
	_, end := at("Grace | ", 0)
	ms = append(ms, doc.Marker{Kind: doc.TableCell, Start: end, End: end})
	s, _ := at("[1] The note.", utf8.RuneCountInString("It has a note.[1]"))
	ms = append(ms, doc.Marker{Kind: doc.Footnote, Start: s, End: s + utf8.RuneCountInString("[1] The note."), Level: 1},
		doc.Marker{Kind: doc.Footnote, Start: s, End: s + 3})
	return doc.New(text, doc.Meta{}, ms)
}

func TestNarrateVerbosity(t *testing.T) {
	normal := []string{
		"heading level 1, Title",
		"list with 2 items, 1. First item",
		"2. Second item",
		"list with 1 item, Nested item",
		"Table with 2 columns: Name, Score.",
		"Row 1: Name is Ada, Score is 98.",
		"Row 2: Name is Grace, Score is blank.",
		"block quote, Quoted words.",
		"More words.",
		"code block, x := 1",
		"y := 2",
		"graphic, A map of the town",
		"It has a note. footnote 1",
		"The end.",
		"heading level 2, Footnotes",
		"footnote 1 The note.",
	}
	// High verbosity says where headings and rows stand.
	high := slices.Clone(normal)
	high[0] = "heading level 1, 1 of 2, Title"
	high[5] = "Row 1 of 2: Name is Ada, Score is 98."
	high[6] = "Row 2 of 2: Name is Grace, Score is blank."
	high[14] = "heading level 2, 2 of 2, Footnotes"
	tests := []struct {
		v    narration.Verbosity
		want []string
	}{
		{narration.Normal, normal},
		{narration.Low, []string{
			"Title",
			"First item",
			"Second item",
			"Nested item",
			"Name, Score",
			"Ada, 98",
			"Grace",
			"Quoted words.",
			"More words.",
			"x := 1",
			"y := 2",
			"A map of the town",
			"It has a note.[1]",
			"The end.",
			"Footnotes",
			"[1] The note.",
		}},
		{narration.High, high},
	}
	d := sample(t)
	ix := units.New(d)
	for _, tt := range tests {
		t.Run(string(tt.v), func(t *testing.T) {
			us := narration.Narrate(ix, 0, d.Len(), narration.Options{Verbosity: tt.v})
			if got := narration.Strings(us); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got\n%q\nwant\n%q", got, tt.want)
			}
			checkPieces(t, d, us)
		})
	}
}

// checkPieces: every document piece is the document's text at its range,
// ranges never go back, and inserted pieces have no range; only inserted
// pieces have repeats, in order and inside their text.
func checkPieces(t *testing.T, d *doc.Document, us []narration.Utterance) {
	t.Helper()
	last := 0
	for _, u := range us {
		for _, p := range u.Pieces {
			if p.Inserted {
				if p.Start != p.End {
					t.Errorf("inserted %q has the range %d-%d", p.Text, p.Start, p.End)
				}
				at := 0
				for _, r := range p.Repeats {
					if r.Start < at || r.End < r.Start || r.End > utf8.RuneCountInString(p.Text) {
						t.Errorf("inserted %q repeats %v after %d", p.Text, r, at)
					}
					at = r.End
				}
				continue
			}
			if len(p.Repeats) > 0 {
				t.Errorf("document piece %q has repeats", p.Text)
			}
			if got := d.Slice(p.Start, p.End); got != p.Text {
				t.Errorf("piece %q at %d-%d, the document has %q there", p.Text, p.Start, p.End, got)
			}
			if p.Start < last {
				t.Errorf("piece %q at %d goes back before %d", p.Text, p.Start, last)
			}
			last = p.End
		}
	}
}

// TestInsertedWordsAreApart: the words narration adds are inserted
// pieces, the document's words document pieces, in a row as in a heading.
func TestInsertedWordsAreApart(t *testing.T) {
	d := sample(t)
	us := narration.Narrate(units.New(d), 0, d.Len(), narration.Options{})
	var row narration.Utterance
	for _, u := range us {
		if strings.HasPrefix(u.String(), "Row 1:") {
			row = u
		}
	}
	var doc, ins []string
	for _, p := range row.Pieces {
		if p.Inserted {
			ins = append(ins, p.Text)
		} else {
			doc = append(doc, p.Text)
		}
	}
	if want := []string{"Ada", "98"}; !reflect.DeepEqual(doc, want) {
		t.Errorf("document pieces %q, want %q", doc, want)
	}
	if want := []string{"Row 1: Name is ", ", Score is ", "."}; !reflect.DeepEqual(ins, want) {
		t.Errorf("inserted pieces %q, want %q", ins, want)
	}
	first := us[0].Pieces
	if len(first) != 2 || !first[0].Inserted || first[1].Inserted || first[1].Text != "Title" {
		t.Errorf("heading pieces %+v, want the role inserted, then the title", first)
	}
}

// TestNarrateRange: reading from inside a structure does not announce it,
// and nothing outside the range is read.
func TestNarrateRange(t *testing.T) {
	d := sample(t)
	ix := units.New(d)
	from := strings.Index(d.Text, "Second item")
	to := strings.Index(d.Text, "Grace")
	got := narration.Strings(narration.Narrate(ix, from, to, narration.Options{}))
	want := []string{"2. Second item", "list with 1 item, Nested item", "Table with 2 columns: Name, Score.", "Row 1: Name is Ada, Score is 98."}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	mid := strings.Index(d.Text, "Ada")
	got = narration.Strings(narration.Narrate(ix, mid, mid+len("Ada | 98"), narration.Options{}))
	if want := []string{"Row 1: Name is Ada, Score is 98."}; !reflect.DeepEqual(got, want) {
		t.Errorf("a row alone: got %q, want %q", got, want)
	}
}

// TestNarrateFromInsideARow: a reading resumed inside a table row goes on
// from the word it stopped at: the cells before it and the row's number
// are not said again (a cell read from its start keeps its header).
func TestNarrateFromInsideARow(t *testing.T) {
	d := sample(t)
	ix := units.New(d)
	tests := []struct{ from, want string }{
		{"98", "Score is 98"},
		{"Score\nAda", "Score"},
		{"Ada | 98", "Row 1: Name is Ada, Score is 98."},
	}
	for _, tt := range tests {
		from := strings.Index(d.Text, tt.from)
		got := narration.Strings(narration.Narrate(ix, from, strings.Index(d.Text, "Grace"), narration.Options{}))
		if len(got) == 0 || got[0] != tt.want {
			t.Errorf("from %q: got %q, want %q first", tt.from, got, tt.want)
		}
	}
}

// TestNarrateLanguages: the inserted words are the interface language's,
// the document's words stay as they are.
func TestNarrateLanguages(t *testing.T) {
	d := sample(t)
	ix := units.New(d)
	want := map[string][2]string{
		"de": {"Überschrift Ebene 1, Title", "Zeile 1: Name ist Ada, Score ist 98."},
		"fr": {"titre de niveau 1, Title", "Ligne 1 : Name : Ada, Score : 98."},
		"es": {"encabezado de nivel 1, Title", "Fila 1: Name es Ada, Score es 98."},
		"pt": {"título de nível 1, Title", "Linha 1: Name é Ada, Score é 98."},
		"ar": {"عنوان من المستوى 1، Title", "الصف 1: Name: Ada، Score: 98."},
	}
	for code, w := range want {
		us := narration.Strings(narration.Narrate(ix, 0, d.Len(), narration.Options{Printer: i18n.For(code)}))
		if us[0] != w[0] || us[5] != w[1] {
			t.Errorf("%s: got %q and %q, want %q", code, us[0], us[5], w)
		}
	}
}

// TestNarrateFromInsideASentence: reading from the middle of a sentence
// reads the rest of it, then goes on.
func TestNarrateFromInsideASentence(t *testing.T) {
	d := sample(t)
	from := strings.Index(d.Text, "words. More")
	got := narration.Strings(narration.Narrate(units.New(d), from, from+len("words. More words."), narration.Options{}))
	if want := []string{"words.", "More words."}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestSentenceEndsAfterItsNoteReference: a reference written right after a
// sentence's full stop ("footnote.1 It", as an EPUB writes a superscript)
// ends that sentence, which the text model alone does not see (a digit may
// follow a full stop inside a sentence).
func TestSentenceEndsAfterItsNoteReference(t *testing.T) {
	text := "It mentions a footnote.1 It ends with a question? Version 2.1 is fine."
	ref := strings.Index(text, "1 It")
	d := doc.New(text, doc.Meta{}, []doc.Marker{
		{Kind: doc.Paragraph, Start: 0, End: len(text)},
		{Kind: doc.Footnote, Start: ref, End: ref + 1, Reference: "1"},
	})
	got := narration.Strings(narration.Narrate(units.New(d), 0, d.Len(), narration.Options{}))
	want := []string{"It mentions a footnote.1", "It ends with a question?", "Version 2.1 is fine."}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestEachNoteIsItsOwnUtterance: notes on consecutive lines are read one
// by one, even when no sentence ends between them.
func TestEachNoteIsItsOwnUtterance(t *testing.T) {
	text := "[1] the first note\n[2] the second note"
	d := doc.New(text, doc.Meta{}, []doc.Marker{
		{Kind: doc.Footnote, Start: 0, End: 18, Level: 1, Reference: "1"},
		{Kind: doc.Footnote, Start: 0, End: 3, Reference: "1"},
		{Kind: doc.Footnote, Start: 19, End: len(text), Level: 1, Reference: "2"},
		{Kind: doc.Footnote, Start: 19, End: 22, Reference: "2"},
	})
	got := narration.Strings(narration.Narrate(units.New(d), 0, d.Len(), narration.Options{}))
	if want := []string{"footnote 1 the first note", "footnote 2 the second note"}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestBlocksSetApartSayTheirRole: a quote marker labelled by what an HTML
// page sets apart says that role, and any other label says block quote.
func TestBlocksSetApartSayTheirRole(t *testing.T) {
	tests := []struct{ label, want string }{
		{"", "block quote, Some words."},
		{"navigation", "navigation, Some words."},
		{"aside", "aside, Some words."},
		{"footer", "footer, Some words."},
		{"epigraph", "block quote, Some words."},
	}
	for _, tt := range tests {
		text := "Some words."
		d := doc.New(text, doc.Meta{}, []doc.Marker{
			{Kind: doc.Paragraph, Start: 0, End: len(text)},
			{Kind: doc.Quote, Start: 0, End: len(text), Label: tt.label},
		})
		got := narration.Strings(narration.Narrate(units.New(d), 0, d.Len(), narration.Options{}))
		if len(got) != 1 || got[0] != tt.want {
			t.Errorf("label %q: got %q, want %q", tt.label, got, tt.want)
		}
	}
}

// TestRepeatsMarkTheDocumentsWords: in the inserted words, a column's
// header said before each cell and a list item's printed label are marked
// as repeating the document's words (said in its language), in every
// interface language; the words narration adds are not.
func TestRepeatsMarkTheDocumentsWords(t *testing.T) {
	d := sample(t)
	for _, lang := range []string{"en", "fr", "de", "ar"} {
		t.Run(lang, func(t *testing.T) {
			us := narration.Narrate(units.New(d), 0, d.Len(), narration.Options{Printer: i18n.For(lang)})
			var repeats, rest []string
			for _, u := range us {
				for _, p := range u.Pieces {
					if !p.Inserted {
						if len(p.Repeats) > 0 {
							t.Errorf("document piece %q has repeats", p.Text)
						}
						continue
					}
					text, at := []rune(p.Text), 0
					for _, r := range p.Repeats {
						if r.Start < at || r.End > len(text) || r.End <= r.Start {
							t.Fatalf("repeat %v of %q", r, p.Text)
						}
						rest = append(rest, string(text[at:r.Start]))
						repeats = append(repeats, strings.TrimSpace(string(text[r.Start:r.End])))
						at = r.End
					}
					rest = append(rest, string(text[at:]))
				}
			}
			if want := []string{"1.", "2.", "Name", "Score", "Name", "Score"}; !slices.Equal(repeats, want) {
				t.Errorf("repeats %q, want %q", repeats, want)
			}
			for _, r := range rest {
				for _, w := range []string{"Name", "Score", "1.", "2."} {
					if strings.Contains(r, w) {
						t.Errorf("%q, not marked as a repeat, holds %q", r, w)
					}
				}
			}
		})
	}
}
