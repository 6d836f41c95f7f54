package study

import (
	"reflect"
	"strings"
	"testing"
)

// plain is a Text whose sentences end after ". " or at the end.
type plain []rune

func (p plain) Len() int                    { return len(p) }
func (p plain) Slice(start, end int) string { return string(p[start:end]) }
func (p plain) Sentence(pos int) (int, int, bool) {
	if pos < 0 || pos >= len(p) {
		return 0, 0, false
	}
	start := pos
	for start > 0 && !(p[start-1] == '\n' || (start >= 2 && p[start-2] == '.' && p[start-1] == ' ')) {
		start--
	}
	end := pos
	for end < len(p) && p[end] != '\n' && !(p[end] == '.') {
		end++
	}
	if end < len(p) && p[end] == '.' {
		end++
	}
	return start, end, true
}

func at(text, needle string) (int, int) {
	b := strings.Index(text, needle)
	s := len([]rune(text[:b]))
	return s, s + len([]rune(needle))
}

func TestCardsComeFromHighlightsNotesAndTheirHeadings(t *testing.T) {
	text := "Kidneys\nRenal clearance\nThe kidneys filter the blood. Urine leaves.\nEmpty\nLast\nWhole sentence.\n"
	head := func(s string) Heading { a, b := at(text, s); return Heading{a, b, s} }
	mark := func(id int, s, note string) Mark { a, b := at(text, s); return Mark{id, a, b, note} }
	src := Sources{
		Text:         plain(text),
		Title:        "Kidneys",
		Headings:     []Heading{head("Renal clearance"), head("Empty"), head("Last")},
		Highlights:   []Mark{mark(1, "filter", ""), mark(2, "Whole sentence.", "")},
		Notes:        []Mark{mark(3, "Urine leaves.", "What leaves?"), mark(4, "Urine", "  ")},
		WithHeadings: true,
		Words: Words{Blank: "blank", RecallQuestion: func(h string) string { return "What does " + h + " say?" },
			HighlightQuestion: func(s string) string { return "What did you highlight in " + s + "?" }},
	}
	var got [][3]string
	for _, c := range Make(src, 7) {
		got = append(got, [3]string{string(c.Kind), c.Question, c.Answer})
	}
	want := [][3]string{
		{"recall", "What does Renal clearance say?", "The kidneys filter the blood."},
		{"cloze", "The kidneys blank the blood.", "filter"},
		{"question", "What leaves?", "Urine leaves."},
		{"recall", "What does Last say?", "Whole sentence."},
		{"cloze", "What did you highlight in Last?", "Whole sentence."},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("cards:\n%q\nwant\n%q", got, want)
	}
	// Made again, the same ids: adding them adds none, and keeps grades.
	var d Deck
	if n := d.Add(Make(src, 7)); n != 5 {
		t.Fatalf("added %d", n)
	}
	d.Grade(d.Cards[1].ID, Good, 100)
	if n := d.Add(Make(src, 8)); n != 0 {
		t.Errorf("made again, %d added", n)
	}
	if len(d.Cards[1].Reviews) != 1 {
		t.Errorf("grades lost: %+v", d.Cards[1])
	}
}
