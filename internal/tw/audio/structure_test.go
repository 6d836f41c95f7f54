package audio_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/tw/audio"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/speech"
)

const table = `## Scores

| Name | Score |
|------|------:|
| Ada  |    98 |
| Grace |      |
`

// TestExportSaysTheStructure: an export reads as continuous reading does,
// at each speech.verbosity. The word timings hold the inserted words,
// marked so, between the document's words; the subtitles show only the
// document's words.
func TestExportSaysTheStructure(t *testing.T) {
	d, err := load.Bytes("scores.md", []byte(table))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		verbosity, inserted string
	}{
		{"low", ""},
		{"normal", "heading level 2 Table with 2 columns Row 1 Name is Score is Row 2 Name is Score is blank"},
		{"high", "heading level 2 1 of 1 Table with 2 columns Row 1 of 2 Name is Score is Row 2 of 2 Name is Score is blank"},
	}
	for _, tt := range tests {
		t.Run(tt.verbosity, func(t *testing.T) {
			o := espeak()
			o.Params = speech.DefaultParams()
			o.Params.Verbosity = tt.verbosity
			out := filepath.Join(t.TempDir(), "scores.wav")
			res, err := audio.Export(context.Background(), d, audio.Options{Out: out, Speech: o, Subtitles: "srt", WordLevel: true})
			if err != nil {
				t.Fatal(err)
			}
			var inserted, heard []string
			last := -1.0
			for _, w := range res.Recording.Words {
				if w.TimeMs < last {
					t.Errorf("%q at %.0f ms, before the word before it", w.Text, w.TimeMs)
				}
				last = w.TimeMs
				if w.Inserted {
					if w.Start != w.End {
						t.Errorf("inserted %q has the range [%d, %d)", w.Text, w.Start, w.End)
					}
					inserted = append(inserted, w.Text)
					continue
				}
				if got := d.Slice(w.Start, w.End); got != w.Text {
					t.Errorf("document word %q at [%d, %d) is %q", w.Text, w.Start, w.End, got)
				}
				heard = append(heard, w.Text)
			}
			if got := strings.Join(inserted, " "); got != tt.inserted {
				t.Errorf("inserted words %q, want %q", got, tt.inserted)
			}
			if got, want := strings.Join(heard, " "), "Scores Name Score Ada 98 Grace"; got != want {
				t.Errorf("document words %q, want %q", got, want)
			}
			srt, err := os.ReadFile(res.Files[0].Subtitles)
			if err != nil {
				t.Fatal(err)
			}
			var cues []string
			for _, block := range strings.Split(strings.TrimSpace(string(srt)), "\n\n") {
				lines := strings.Split(block, "\n")
				cues = append(cues, lines[len(lines)-1])
			}
			if got, want := strings.Join(cues, " "), "Scores Name Score Ada 98 Grace"; got != want {
				t.Errorf("subtitles %q, want %q", got, want)
			}
			sidecar, err := os.ReadFile(res.Sidecar)
			if err != nil {
				t.Fatal(err)
			}
			if has := strings.Contains(string(sidecar), `"inserted": true`); has != (tt.inserted != "") {
				t.Errorf("the word timings file marks inserted words: %v", has)
			}
		})
	}
}
