package session

import (
	"strings"
	"testing"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/speech"
	"textfirst/internal/tw/units"
)

// With no audio device, a continuous reading is shown an utterance at a
// time, its structure said, as espeak-ng reaches it; only the document's
// words are heard.
func TestShownReadingShowsEachUtteranceOfAContinuousReading(t *testing.T) {
	svc, _, err := speech.Open(speech.Options{Backend: "espeak", Sink: "clock", Speed: 50})
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	d, err := load.Bytes("scores.md", []byte("## Scores\n\n| Name | Score |\n|---|---|\n| Ada | 98 |\n"))
	if err != nil {
		t.Fatal(err)
	}
	var shown, heard []string
	v := shownReading{voiced: voiced{svc}, show: func(*doc.Document, int, int) { t.Error("the whole range was shown") },
		said: func(text string) { shown = append(shown, text) }}
	done := make(chan bool, 1)
	v.ReadContinuous(units.New(d), 0, d.Len(), func(start, end int) { heard = append(heard, d.Slice(start, end)) },
		func(c bool) { done <- c })
	if c := <-done; !c {
		t.Fatal("the reading did not complete")
	}
	want := []string{"heading level 2, Scores", "Table with 2 columns: Name, Score.", "Row 1: Name is Ada, Score is 98."}
	if strings.Join(shown, "|") != strings.Join(want, "|") {
		t.Errorf("shown %q, want %q", shown, want)
	}
	if got := strings.Join(heard, " "); got != "Scores Name Score Ada 98" {
		t.Errorf("heard %q", got)
	}
}
