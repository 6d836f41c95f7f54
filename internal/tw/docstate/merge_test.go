package docstate

import (
	"encoding/json"
	"fmt"
	"os"
	"sync"
	"testing"
)

func TestMerge(t *testing.T) {
	note := func(id int, text string) Note { return Note{ID: id, Text: text, Tags: []string{}} }
	hl := func(id int, color string) Highlight { return Highlight{ID: id, Color: color} }
	bm := func(name string, at int) Bookmark { return Bookmark{Name: name, Char: at} }
	tests := []struct {
		name                string
		base, mine, theirs  *DocState
		wantNotes           []string // "id:text"
		wantHighlights      []string // "id:color"
		wantBookmarks       []string // "name@char"
		wantNextID, wantPos int
	}{
		{
			name:       "both added notes with the same number: both kept",
			base:       &DocState{NextID: 1},
			mine:       &DocState{NextID: 2, Notes: []Note{note(1, "mine")}, Place: &Place{Char: 7}},
			theirs:     &DocState{NextID: 2, Notes: []Note{note(1, "theirs")}, Place: &Place{Char: 3}},
			wantNotes:  []string{"1:theirs", "2:mine"},
			wantNextID: 3, wantPos: 7,
		},
		{
			name:       "removed here, kept there: removed",
			base:       &DocState{NextID: 3, Notes: []Note{note(1, "a"), note(2, "b")}},
			mine:       &DocState{NextID: 3, Notes: []Note{note(2, "b")}},
			theirs:     &DocState{NextID: 3, Notes: []Note{note(1, "a"), note(2, "b")}},
			wantNotes:  []string{"2:b"},
			wantNextID: 3,
		},
		{
			name:       "changed here: the change is kept; removed there, changed here: the change wins",
			base:       &DocState{NextID: 3, Notes: []Note{note(1, "a"), note(2, "b")}},
			mine:       &DocState{NextID: 3, Notes: []Note{note(1, "A"), note(2, "B")}},
			theirs:     &DocState{NextID: 3, Notes: []Note{note(1, "a")}},
			wantNotes:  []string{"1:A", "2:B"},
			wantNextID: 3,
		},
		{
			name:       "removed there, untouched here: stays removed",
			base:       &DocState{NextID: 3, Notes: []Note{note(1, "a"), note(2, "b")}},
			mine:       &DocState{NextID: 3, Notes: []Note{note(1, "a"), note(2, "b")}},
			theirs:     &DocState{NextID: 3, Notes: []Note{note(2, "b")}},
			wantNotes:  []string{"2:b"},
			wantNextID: 3,
		},
		{
			name:           "notes and highlights share numbers",
			base:           &DocState{NextID: 1},
			mine:           &DocState{NextID: 3, Notes: []Note{note(1, "n")}, Highlights: []Highlight{hl(2, "yellow")}},
			theirs:         &DocState{NextID: 3, Highlights: []Highlight{hl(1, "red")}, Notes: []Note{note(2, "m")}},
			wantNotes:      []string{"2:m", "3:n"},
			wantHighlights: []string{"1:red", "4:yellow"},
			wantNextID:     5,
		},
		{
			name:          "bookmarks: added on both sides, one removed here, one renamed here",
			base:          &DocState{Bookmarks: []Bookmark{bm("a", 1), bm("b", 2)}},
			mine:          &DocState{Bookmarks: []Bookmark{bm("B", 2), bm("c", 3)}},
			theirs:        &DocState{Bookmarks: []Bookmark{bm("a", 1), bm("b", 2), bm("d", 4)}},
			wantBookmarks: []string{"d@4", "B@2", "c@3"},
		},
		{
			name:      "no base: nothing of theirs is removed",
			base:      nil,
			mine:      &DocState{NextID: 2, Notes: []Note{note(1, "mine")}},
			theirs:    &DocState{NextID: 3, Notes: []Note{note(1, "t1"), note(2, "t2")}},
			wantNotes: []string{"1:t1", "2:t2", "3:mine"}, wantNextID: 4,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			baseCopy, mineCopy, theirsCopy := Clone(tc.base), Clone(tc.mine), Clone(tc.theirs)
			got := merge(tc.base, tc.mine, tc.theirs)
			var notes, hls, bms []string
			for _, n := range got.Notes {
				notes = append(notes, fmt.Sprintf("%d:%s", n.ID, n.Text))
			}
			for _, h := range got.Highlights {
				hls = append(hls, fmt.Sprintf("%d:%s", h.ID, h.Color))
			}
			for _, b := range got.Bookmarks {
				bms = append(bms, fmt.Sprintf("%s@%d", b.Name, b.Char))
			}
			if fmt.Sprint(notes) != fmt.Sprint(tc.wantNotes) || fmt.Sprint(hls) != fmt.Sprint(tc.wantHighlights) || fmt.Sprint(bms) != fmt.Sprint(tc.wantBookmarks) {
				t.Errorf("notes %v highlights %v bookmarks %v; want %v %v %v", notes, hls, bms, tc.wantNotes, tc.wantHighlights, tc.wantBookmarks)
			}
			if got.NextID != tc.wantNextID {
				t.Errorf("NextID = %d, want %d", got.NextID, tc.wantNextID)
			}
			if tc.wantPos != 0 && (got.Place == nil || got.Place.Char != tc.wantPos) {
				t.Errorf("place = %+v, want %d (mine)", got.Place, tc.wantPos)
			}
			if asJSON(t, tc.base, tc.mine, tc.theirs) != asJSON(t, baseCopy, mineCopy, theirsCopy) {
				t.Error("merge changed its inputs")
			}
		})
	}
}

func asJSON(t *testing.T, v ...any) string {
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestUpdateTwoWriters: two writers on one home each add 40 notes and 40
// bookmarks, saving after each one, interleaved: all 160 survive, and no
// two notes share a number. (Saving with Save alone, the last writer wins
// and about half are lost.)
func TestUpdateTwoWriters(t *testing.T) {
	st := Store{Home: t.TempDir()}
	const path = "/docs/book.md"
	var wg sync.WaitGroup
	for w := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			base, err := st.Load(path)
			if err != nil {
				t.Error(err)
				return
			}
			mine := Clone(base)
			for i := range 40 {
				mine.Notes = append(mine.Notes, Note{ID: mine.NextID, Text: fmt.Sprintf("w%d n%d", w, i)})
				mine.NextID++
				mine.Bookmarks = append(mine.Bookmarks, Bookmark{Name: fmt.Sprintf("w%d b%d", w, i), Char: i})
				merged, err := st.Update(base, mine)
				if err != nil {
					t.Error(err)
					return
				}
				base, mine = merged, Clone(merged)
			}
		}()
	}
	wg.Wait()
	final, err := st.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	texts, ids := map[string]bool{}, map[int]bool{}
	for _, n := range final.Notes {
		texts[n.Text] = true
		if ids[n.ID] {
			t.Errorf("two notes numbered %d", n.ID)
		}
		ids[n.ID] = true
		if n.ID >= final.NextID {
			t.Errorf("note %d at or over NextID %d", n.ID, final.NextID)
		}
	}
	if len(texts) != 80 || len(final.Bookmarks) != 80 {
		t.Fatalf("%d notes and %d bookmarks survived, want 80 and 80", len(texts), len(final.Bookmarks))
	}
}

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
