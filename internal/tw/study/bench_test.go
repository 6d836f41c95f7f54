package study

import (
	"fmt"
	"path/filepath"
	"testing"
)

// benchCards are n graded cards, as a long semester's deck might hold.
func benchCards(n int) []Card {
	cards := make([]Card, n)
	for i := range cards {
		cards[i] = Card{ID: fmt.Sprintf("h-%d", i), Kind: Cloze,
			Question: fmt.Sprintf("Card %d: the kidneys blank the blood through the nephrons of the cortex.", i),
			Answer:   "filter", Reviews: []Review{{Good, t0}, {Good, t0 + DaySeconds}}}
	}
	return cards
}

// BenchmarkWriteDeck writes a deck of 10,000 graded cards.
func BenchmarkWriteDeck(b *testing.B) {
	cards := benchCards(10000)
	path := filepath.Join(b.TempDir(), "deck.apkg")
	for b.Loop() {
		if err := WriteDeck(path, "Bench", "/books/bench.md", cards, t0+10*DaySeconds); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadDeck reads the notes of a deck of 10,000 cards.
func BenchmarkReadDeck(b *testing.B) {
	path := filepath.Join(b.TempDir(), "deck.apkg")
	if err := WriteDeck(path, "Bench", "/books/bench.md", benchCards(10000), t0+10*DaySeconds); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		notes, err := ReadDeck(path)
		if err != nil || len(notes) != 10000 {
			b.Fatalf("%d notes, %v", len(notes), err)
		}
	}
}
