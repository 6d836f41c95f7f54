package core_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/settings"
)

// TestEditingAuthorInTheTemplate: editing.author is the author a new
// document from the template gets, in place of the name on this computer.
func TestEditingAuthorInTheTemplate(t *testing.T) {
	app, _, _ := openWithSettings(t, "notes.md", "# Notes\n\nSome words.\n", map[string]any{"editing.author": "Ada Lovelace"})
	defer app.Close()
	mustAction(t, app, "new_from_template", nil)
	app.Answer("Engines")
	if text := app.Doc().Text; !strings.Contains(text, "\nauthor: \"Ada Lovelace\"\n") {
		t.Errorf("the new document:\n%s", text)
	}
}

// TestQuietScreenSetting: accessibility.quiet_screen starts the reader
// with the text hidden, and the quiet screen key turns it off and saves
// that, so the next start shows the text.
func TestQuietScreenSetting(t *testing.T) {
	app, rec, path := openWithSettings(t, "notes.md", "# Notes\n\nSome words.\n", map[string]any{"accessibility.quiet_screen": true})
	if !app.View().Quiet {
		t.Fatal("accessibility.quiet_screen on, but the view shows the text")
	}
	mustAction(t, app, "quiet_screen", nil)
	if app.View().Quiet || rec.last() != "Quiet screen off." {
		t.Errorf("quiet screen key: view quiet %v, said %q", app.View().Quiet, rec.last())
	}
	app.Close()
	st, _, err := settings.Open(filepath.Join(filepath.Dir(path), "home"))
	if err != nil {
		t.Fatal(err)
	}
	if st.Bool("accessibility.quiet_screen") {
		t.Error("turning the quiet screen off was not saved")
	}
	again := core.New(core.Options{Home: filepath.Join(filepath.Dir(path), "home"), Events: &recorder{}, Load: load.File,
		Parse: load.Bytes, Settings: st})
	defer again.Close()
	if again.View().Quiet {
		t.Error("the next start hides the text")
	}
}

// TestRSVPPacing: the reading_aids.rsvp settings give a long word more
// time, by letter up to their most, and add their pauses after a clause,
// a sentence and a paragraph, in percent of a word's time.
func TestRSVPPacing(t *testing.T) {
	app, _, _ := openWithSettings(t, "fish.txt", "Extraordinarily long, fish swim. End\n\nNext word here.\n", map[string]any{
		"reading_aids.rsvp.wpm": 600, "reading_aids.rsvp.long_word_len": 4, "reading_aids.rsvp.long_word_step": 10,
		"reading_aids.rsvp.long_word_max": 30, "reading_aids.rsvp.clause_pause": 50,
		"reading_aids.rsvp.sentence_pause": 100, "reading_aids.rsvp.paragraph_pause": 200,
	})
	defer app.Close()
	mustAction(t, app, "rsvp_toggle", nil)
	const word = 100 * time.Millisecond
	for _, want := range []struct {
		word string
		time time.Duration
	}{
		{"Extraordinarily", word * 130 / 100}, // 11 letters past 4, at most 30%
		{"long", word * 150 / 100},            // a comma after it
		{"fish", word},
		{"swim", word * 200 / 100}, // the end of a sentence
		{"End", word * 300 / 100},  // the end of a paragraph
		{"Next", word},
	} {
		v := app.View().RSVP
		if v == nil || v.Word != want.word || v.Time != want.time {
			t.Errorf("RSVP shows %+v, want %s for %v", v, want.word, want.time)
		}
		mustAction(t, app, "caret_next_word", nil)
	}
}
