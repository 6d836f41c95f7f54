package study

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzNoteFields: a note's fields, however written, split, read as plain
// text and as a cloze without panicking; plain text has no tag left whole
// and no runs of white space.
func FuzzNoteFields(f *testing.F) {
	for _, s := range []string{
		"What is the capital of France?\x1f<b>Paris</b>",
		"{{c1::Ottawa}} is the capital of {{c2::Canada::country}}.\x1f",
		"{{c1::unclosed\x1f{{c::}}}}",
		"Fish &amp; chips<br>come from?\x1f<div>England</div>[sound:x.mp3]",
		"<<<>>>&#xZZ;&#999999999;\x1f\x1f\x1f",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, flds string) {
		for _, field := range SplitFields(flds) {
			p := PlainText(field)
			if strings.Contains(p, "  ") || strings.TrimSpace(p) != p {
				t.Errorf("PlainText(%q) = %q keeps white space", field, p)
			}
			q, a, ok := ClozeText(field, "blank")
			if ok && utf8.ValidString(field) && (!utf8.ValidString(q) || !utf8.ValidString(a)) {
				t.Errorf("ClozeText(%q) made invalid text", field)
			}
		}
		notes := []Note{{GUID: "g", Raw: SplitFields(flds), Fields: SplitFields(flds)}}
		for _, c := range CardsFromNotes(notes, "blank", 0) {
			if c.Question == "" || c.Answer == "" {
				t.Errorf("a card with nothing to ask or answer: %+v", c)
			}
		}
	})
}

// FuzzReadDeck: any bytes read as a deck give notes, or an error that
// says the file is not a deck; never a panic.
func FuzzReadDeck(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte("PK\x03\x04"))
	f.Add([]byte("PK\x05\x06\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		notes, err := ReadDeckData(data)
		if err != nil && !errors.Is(err, ErrNotADeck) {
			t.Errorf("error %v does not say the file is not a deck", err)
		}
		for _, c := range CardsFromNotes(notes, "blank", 0) {
			if c.Question == "" || c.Answer == "" {
				t.Errorf("a card with nothing to ask or answer: %+v", c)
			}
		}
	})
}
