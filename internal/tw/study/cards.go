// Package study keeps study cards: cards made from a document's
// highlights (cloze), notes (question) and headings (recall), graded on an
// SM-2 schedule (schedule.go), kept one deck per document under the home
// (store.go), and read from and written to Anki decks (anki.go).
//
// The package knows no language: what a card says around the document's
// own words (the blank, a recall question) comes from its caller.
package study

import (
	"crypto/sha256"
	"encoding/hex"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// Kind is what a card asks.
type Kind string

const (
	// Cloze: a sentence with the highlighted words blanked; the words are
	// the answer.
	Cloze Kind = "cloze"
	// Question: a note's text asks; the passage it is on answers.
	Question Kind = "question"
	// Recall: a heading asks for what its section says first.
	Recall Kind = "recall"
)

// Source is what a card was made from.
type Source string

const (
	FromHighlight Source = "highlight"
	FromNote      Source = "note"
	FromHeading   Source = "heading"
	FromAnki      Source = "anki"
)

// MaxText is the longest question or answer kept on a card, in characters.
const MaxText = 400

// Card is one study card. Start and End are the range of the document it
// was made from, in characters (both 0 for a card imported from Anki).
type Card struct {
	ID       string   `json:"id"`
	Kind     Kind     `json:"kind"`
	Source   Source   `json:"source"`
	SourceID string   `json:"source_id"`
	Start    int      `json:"start"`
	End      int      `json:"end"`
	Question string   `json:"question"`
	Answer   string   `json:"answer"`
	Created  int64    `json:"created"`
	Reviews  []Review `json:"reviews"`
}

// Schedule is the card's schedule, from its grades.
func (c Card) Schedule() Schedule { return ScheduleOf(c.Reviews) }

// LastGrade is the card's latest grade, or 0 when it was never graded.
func (c Card) LastGrade() Grade {
	var last Review
	for _, r := range c.Reviews {
		if r.At >= last.At {
			last = r
		}
	}
	return last.Grade
}

// CardID is the id of the card made from source's item sourceID: the same
// note, highlight or heading always makes the card with the same id.
func CardID(source Source, sourceID string) string {
	return string(source[0]) + "-" + sourceID
}

// Text is the document cards are made from: its length, its text between
// two character offsets, and the sentence holding an offset.
type Text interface {
	Len() int
	Slice(start, end int) string
	Sentence(pos int) (start, end int, ok bool)
}

// Heading is one heading of the document.
type Heading struct {
	Start, End int
	Text       string
}

// Mark is a note or a highlight: its number, range, and (for a note) the
// text the reader wrote.
type Mark struct {
	ID         int
	Start, End int
	Note       string
}

// Words are what cards say around the document's own words, in the
// reader's language.
type Words struct {
	// Blank stands for the highlighted words in a cloze card.
	Blank string
	// RecallQuestion asks for what a heading's section says.
	RecallQuestion func(heading string) string
	// HighlightQuestion asks what was highlighted in a section, for a
	// highlight that is its whole sentence.
	HighlightQuestion func(section string) string
}

// Sources is what to make cards from, and the words cards use around the
// document's own.
type Sources struct {
	Words
	Text       Text
	Title      string // the section before the first heading
	Headings   []Heading
	Notes      []Mark
	Highlights []Mark
	// WithHeadings also makes a recall card for each section holding one
	// of the notes or highlights.
	WithHeadings bool
}

// Collapse joins the runs of white space of s into single spaces, trims
// it, and cuts it to at most limit characters, ending with an ellipsis.
func Collapse(s string, limit int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > limit {
		return strings.TrimSpace(string(r[:limit-1])) + "…"
	}
	return s
}

func hasLetterOrDigit(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0
}

// cloze is the sentence (or sentences) around [start, end) with the range
// replaced by blank; false when nothing worded is left around it.
func cloze(t Text, start, end int, blank string) (string, bool) {
	s1, _, ok1 := t.Sentence(start)
	_, e2, ok2 := t.Sentence(max(end-1, start))
	if !ok1 || !ok2 {
		return "", false
	}
	before := Collapse(t.Slice(min(s1, start), start), 300)
	after := Collapse(t.Slice(end, max(e2, end)), 300)
	if !hasLetterOrDigit(before + after) {
		return "", false
	}
	out := before
	if out != "" {
		out += " "
	}
	out += blank
	if r := []rune(after); len(r) > 0 && (unicode.IsLetter(r[0]) || unicode.IsDigit(r[0])) {
		out += " "
	}
	return out + after, true
}

// sectionOf is the index of the heading pos falls under, or -1.
func sectionOf(heads []Heading, pos int) int {
	for i := len(heads) - 1; i >= 0; i-- {
		if heads[i].Start <= pos {
			return i
		}
	}
	return -1
}

// firstSentence is the first sentence of heading h's section, up to the
// next heading; false when the section has no text of its own.
func firstSentence(t Text, heads []Heading, h int) (string, bool) {
	from, to := heads[h].End, t.Len()
	if h+1 < len(heads) {
		to = heads[h+1].Start
	}
	if from >= to {
		return "", false
	}
	body := []rune(t.Slice(from, to))
	skip := 0
	for skip < len(body) && unicode.IsSpace(body[skip]) {
		skip++
	}
	at := from + skip
	if at >= to {
		return "", false
	}
	_, end, ok := t.Sentence(at)
	if !ok {
		end = to
	}
	text := Collapse(t.Slice(at, min(end, to)), MaxText)
	return text, text != ""
}

// clamp keeps [start, end) inside [0, n].
func clamp(start, end, n int) (int, int) {
	start = min(max(start, 0), n)
	return start, min(max(end, start), n)
}

// Make makes the cards of src, in document order, created at now: a
// cloze card for each highlight (a highlight that is its whole sentence
// asks what was highlighted in its section), a question card for each
// note with text on a passage, and with WithHeadings a recall card for
// each section holding one of them and having a first sentence.
func Make(src Sources, now int64) []Card {
	t := src.Text
	heads := src.Headings
	section := func(pos int) string {
		if i := sectionOf(heads, pos); i >= 0 {
			return heads[i].Text
		}
		return src.Title
	}
	var out []Card
	sections := map[int]bool{}
	for _, h := range src.Highlights {
		start, end := clamp(h.Start, h.End, t.Len())
		answer := Collapse(t.Slice(start, end), MaxText)
		if answer == "" {
			continue
		}
		sections[sectionOf(heads, start)] = true
		question, ok := cloze(t, start, end, src.Blank)
		if !ok {
			question = src.HighlightQuestion(section(start))
		}
		id := strconv.Itoa(h.ID)
		out = append(out, Card{ID: CardID(FromHighlight, id), Kind: Cloze, Source: FromHighlight, SourceID: id,
			Start: start, End: end, Question: question, Answer: answer, Created: now})
	}
	for _, n := range src.Notes {
		start, end := clamp(n.Start, n.End, t.Len())
		question, answer := Collapse(n.Note, MaxText), Collapse(t.Slice(start, end), MaxText)
		if question == "" || answer == "" {
			continue
		}
		sections[sectionOf(heads, start)] = true
		id := strconv.Itoa(n.ID)
		out = append(out, Card{ID: CardID(FromNote, id), Kind: Question, Source: FromNote, SourceID: id,
			Start: start, End: end, Question: question, Answer: answer, Created: now})
	}
	if src.WithHeadings {
		for h := range heads {
			if !sections[h] {
				continue
			}
			answer, ok := firstSentence(t, heads, h)
			if !ok {
				continue
			}
			// The same heading text twice makes two cards: its occurrence
			// is part of the id.
			nth := 0
			for _, x := range heads[:h] {
				if x.Text == heads[h].Text {
					nth++
				}
			}
			sum := sha256.Sum256([]byte(heads[h].Text + "\x00" + strconv.Itoa(nth)))
			id := hex.EncodeToString(sum[:8])
			out = append(out, Card{ID: CardID(FromHeading, id), Kind: Recall, Source: FromHeading, SourceID: id,
				Start: heads[h].Start, End: heads[h].End, Question: src.RecallQuestion(heads[h].Text), Answer: answer, Created: now})
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Start != out[j].Start {
			return out[i].Start < out[j].Start
		}
		return out[i].End < out[j].End
	})
	return out
}

// Deck is the cards of one document.
type Deck struct {
	// Document is the document's path (a web address without its
	// credentials).
	Document string `json:"document"`
	Cards    []Card `json:"cards"`
}

// Add puts made into the deck: a card it already has (by id) takes the
// new question and answer and keeps its grades; the others are added. It
// returns how many were added.
func (d *Deck) Add(made []Card) int {
	added := 0
	for _, c := range made {
		if i := d.index(c.ID); i >= 0 {
			old := &d.Cards[i]
			old.Question, old.Answer, old.Start, old.End = c.Question, c.Answer, c.Start, c.End
			continue
		}
		if c.Reviews == nil {
			c.Reviews = []Review{}
		}
		d.Cards = append(d.Cards, c)
		added++
	}
	return added
}

// Card returns the card with this id, or nil.
func (d *Deck) Card(id string) *Card {
	if i := d.index(id); i >= 0 {
		return &d.Cards[i]
	}
	return nil
}

// Grade records grade g of the card with this id at time at; false when
// the deck has no such card.
func (d *Deck) Grade(id string, g Grade, at int64) bool {
	c := d.Card(id)
	if c == nil {
		return false
	}
	c.Reviews = append(c.Reviews, Review{Grade: g, At: at})
	return true
}

// Remove deletes the card with this id; false when there is none.
func (d *Deck) Remove(id string) bool {
	i := d.index(id)
	if i < 0 {
		return false
	}
	d.Cards = append(d.Cards[:i], d.Cards[i+1:]...)
	return true
}

func (d *Deck) index(id string) int {
	for i := range d.Cards {
		if d.Cards[i].ID == id {
			return i
		}
	}
	return -1
}
