package study

import (
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// TestStoreKeepsEveryGradeAndSurvivesAKilledWrite: writers grading one
// deck at once each keep their grade (every change is made under the
// file's lock on the deck as it is on disk); the temporary file a killed
// writer leaves does not change the deck; a damaged deck is an error, not
// an empty deck.
func TestStoreKeepsEveryGradeAndSurvivesAKilledWrite(t *testing.T) {
	s := Store{Home: t.TempDir()}
	const doc = "/books/cells.md"
	if _, err := s.Update(doc, func(d *Deck) error {
		d.Add([]Card{{ID: "n-1", Kind: Question, Question: "Q?", Answer: "A."}})
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Go(func() {
			if _, err := s.Update(doc, func(d *Deck) error { d.Grade("n-1", Good, t0+int64(i)); return nil }); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	// A writer killed before its rename leaves only its temporary file.
	file := s.FileFor(doc)
	if err := os.WriteFile(filepath.Join(filepath.Dir(file), "."+filepath.Base(file)+".tmp-123"), []byte(`{"cards": [`), 0o600); err != nil {
		t.Fatal(err)
	}
	d, err := s.Load(doc)
	if err != nil || len(d.Cards) != 1 || len(d.Cards[0].Reviews) != 20 {
		t.Fatalf("deck %+v, %v", d, err)
	}
	if decks, errs := s.All(); len(decks) != 1 || len(errs) != 0 || decks[0].Document != doc {
		t.Errorf("All: %+v, %v", decks, errs)
	}
	if err := os.WriteFile(file, []byte(`{"cards": [`), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Load(doc); err == nil {
		t.Error("a damaged deck loaded")
	}
	if _, err := s.Update(doc, func(d *Deck) error { return nil }); err == nil {
		t.Error("a damaged deck was written over")
	}
}
