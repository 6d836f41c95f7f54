package docstate

import (
	"os"
	"testing"
)

// TestHighlightNamesLoadAndMerge: a marks file written before highlights
// had names still loads (its highlights have none); a name given in one
// process and a highlight added in another both survive the merge.
func TestHighlightNamesLoadAndMerge(t *testing.T) {
	s := Store{Home: t.TempDir()}
	const doc = "/books/cells.md"
	if err := os.MkdirAll(s.DocumentsDir(), 0o700); err != nil {
		t.Fatal(err)
	}
	old := `{"path": "/books/cells.md", "highlights": [{"id": 1, "start": 0, "end": 5, "color": "yellow", "text": "Cells", "context": ""}], "next_id": 1}`
	if err := os.WriteFile(s.FileFor(doc), []byte(old), 0o600); err != nil {
		t.Fatal(err)
	}
	base, err := s.Load(doc)
	if err != nil || len(base.Highlights) != 1 || base.Highlights[0].Name != "" {
		t.Fatalf("old file: %+v, %v", base, err)
	}
	// Another process adds a highlight meanwhile.
	theirs := Clone(base)
	theirs.NextID = 2
	theirs.Highlights = append(theirs.Highlights, Highlight{ID: 2, Start: 6, End: 9, Color: "green", Name: "exam"})
	if _, err := s.Update(Clone(base), theirs); err != nil {
		t.Fatal(err)
	}
	// This process names the first.
	mine := Clone(base)
	mine.Highlights[0].Name = "definition"
	merged, err := s.Update(base, mine)
	if err != nil {
		t.Fatal(err)
	}
	names := map[int]string{}
	for _, h := range merged.Highlights {
		names[h.ID] = h.Name
	}
	if len(names) != 2 || names[1] != "definition" || names[2] != "exam" {
		t.Errorf("merged highlights %+v", merged.Highlights)
	}
}
