package core_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/core"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/settings"
)

// TestGrammarProblemsStepAndSay: next and previous grammar problem move
// to each problem of the rules, select its words and say it with its fix;
// past the last, they say how many there are.
func TestGrammarProblemsStepAndSay(t *testing.T) {
	app, rec, _ := openWithSettings(t, "essay.md", "# Essay\n\nShe ate a apple. We could of gone home.\n", nil)
	defer app.Close()
	mustAction(t, app, "next_grammar_problem", nil)
	if got := rec.last(); got != "Grammar: a or an does not suit the next word. The words: a apple. Fix: an apple." {
		t.Errorf("first problem said %q", got)
	}
	v := app.View()
	if v.Selection == nil || app.Doc().Slice(v.Selection.Start, v.Selection.End) != "a apple" {
		t.Errorf("selection %+v", v.Selection)
	}
	mustAction(t, app, "next_grammar_problem", nil)
	if got := rec.last(); !strings.Contains(got, "could of") || !strings.HasSuffix(got, "Fix: could have.") {
		t.Errorf("second problem said %q", got)
	}
	mustAction(t, app, "next_grammar_problem", nil)
	if got := rec.last(); got != "No next grammar problem; 2 before the cursor." {
		t.Errorf("past the last: %q", got)
	}
	mustAction(t, app, "previous_grammar_problem", nil)
	if got := rec.last(); !strings.Contains(got, "a apple") {
		t.Errorf("previous said %q", got)
	}
}

// TestSearchOptionsChangeFind: the search options list turns match case
// and whole words on, and Find then matches accordingly.
func TestSearchOptionsChangeFind(t *testing.T) {
	app, rec, _ := openWithSettings(t, "cats.txt", "Cat catalog cat. The cat sat.\n", nil)
	defer app.Close()
	find := func() string {
		mustAction(t, app, "find", nil)
		app.Answer("cat")
		return rec.last()
	}
	if got := find(); !strings.HasPrefix(got, "Match 1 of 4:") {
		t.Fatalf("plain find: %q", got)
	}
	mustAction(t, app, "search_options", nil)
	if l := app.ListState(); l == nil || len(l.Items) != 4 || l.Items[0] != "Match case: off" {
		t.Fatalf("search options list: %+v", l)
	}
	app.Choose(0)
	if rec.last() != "Match case: on" {
		t.Errorf("choosing match case said %q", rec.last())
	}
	if got := find(); !strings.Contains(got, " of 3:") {
		t.Errorf("match case: %q", got)
	}
	mustAction(t, app, "search_options", nil)
	app.Choose(1)
	if got := find(); !strings.Contains(got, " of 2:") {
		t.Errorf("match case and whole words: %q", got)
	}
	// A pattern that is not a regular expression is named as typed, in
	// the interface language.
	for lang, want := range map[string]string{"en": "Not a regular expression: cat(", "de": "Kein regulärer Ausdruck: cat("} {
		app, rec, _ := openWithSettings(t, "cats.txt", "Cat catalog cat.\n", map[string]any{"interface.language": lang})
		mustAction(t, app, "search_options", nil)
		app.Choose(2)
		mustAction(t, app, "find", nil)
		app.Answer("cat(")
		if rec.last() != want {
			t.Errorf("a bad regular expression in %s: %q, want %q", lang, rec.last(), want)
		}
		app.Close()
	}
}

// TestDifficultWordsAreNamed: with difficult words marked and high
// verbosity, a word move names a word of three syllables as difficult;
// the toggle turns it off and saves that.
func TestDifficultWordsAreNamed(t *testing.T) {
	app, rec, _ := openWithSettings(t, "words.txt", "The extraordinary cat.\n", map[string]any{"speech.verbosity": "high"})
	defer app.Close()
	mustAction(t, app, "difficult_words_toggle", nil)
	if rec.last() != "Mark difficult words: on." {
		t.Errorf("toggle said %q", rec.last())
	}
	mustAction(t, app, "caret_next_word", nil)
	if rec.last() != "extraordinary, difficult" {
		t.Errorf("word move said %q", rec.last())
	}
	mustAction(t, app, "caret_next_word", nil)
	if rec.last() != "cat" {
		t.Errorf("an easy word: %q", rec.last())
	}
}

// TestDifficultWordsAreDefined: with reading_aids.difficult_definitions,
// a word move on a difficult word also says its first definition from
// the user's glossary, else from WordNet (Debian's wordnet-base); off, it
// names the word difficult only.
func TestDifficultWordsAreDefined(t *testing.T) {
	for _, tc := range []struct {
		name     string
		settings map[string]any
		glossary string
		want     string
	}{
		{"off", map[string]any{}, "", "extraordinary, difficult"},
		{"WordNet", map[string]any{"reading_aids.difficult_definitions": true}, "",
			"extraordinary, difficult: beyond what is ordinary or usual; highly unusual or exceptional or remarkable"},
		{"glossary", map[string]any{"reading_aids.difficult_definitions": true}, "extraordinary: out of the common run\n",
			"extraordinary, difficult: out of the common run"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			settings := map[string]any{"speech.verbosity": "high", "reading_aids.difficult_words": true}
			for k, v := range tc.settings {
				settings[k] = v
			}
			if tc.glossary != "" {
				g := testkit.WriteFile(t, filepath.Join(t.TempDir(), "glossary.txt"), tc.glossary)
				settings["lexicon.glossary"] = g
			}
			app, rec, _ := openWithSettings(t, "words.txt", "The extraordinary cat.\n", settings)
			defer app.Close()
			mustAction(t, app, "caret_next_word", nil)
			if rec.last() != tc.want {
				t.Errorf("word move said %q, want %q", rec.last(), tc.want)
			}
		})
	}
}

// sayingSpeaker records what it is given to say.
type sayingSpeaker struct {
	mu   sync.Mutex
	said []string
}

func (s *sayingSpeaker) ID() string { return "fake" }
func (s *sayingSpeaker) Read(_ *doc.Document, _, _ int, _ func(int, int), done func(bool)) {
	done(true)
}
func (s *sayingSpeaker) Stop() {}
func (s *sayingSpeaker) Say(text string) {
	s.mu.Lock()
	s.said = append(s.said, text)
	s.mu.Unlock()
}

// spoken is a copy of what was said so far.
func (s *sayingSpeaker) spoken() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.said)
}

// TestInterfaceAnnouncementsOff: cycled to off, tw's messages are shown
// but not spoken; errors are still spoken.
func TestInterfaceAnnouncementsOff(t *testing.T) {
	dir := t.TempDir()
	path := writeTestFile(t, filepath.Join(dir, "a.txt"), "One two three.\n")
	st, _, err := settings.Open(filepath.Join(dir, "home"))
	if err != nil {
		t.Fatal(err)
	}
	sp := &sayingSpeaker{}
	rec := &recorder{}
	app := core.New(core.Options{Home: filepath.Join(dir, "home"), Events: rec, Load: load.File, Parse: load.Bytes, Settings: st, Speaker: sp})
	defer app.Close()
	if err := app.Open(path); err != nil {
		t.Fatal(err)
	}
	mustAction(t, app, "cycle_interface_announcements", nil) // normal to full
	mustAction(t, app, "cycle_interface_announcements", nil) // full to off
	if v := st.String("accessibility.interface_announcements"); v != "off" {
		t.Fatalf("the setting is %q", v)
	}
	before := len(sp.said)
	mustAction(t, app, "word_count", nil)
	if len(sp.said) != before || !strings.Contains(rec.last(), "words") {
		t.Errorf("off: spoke %q, shown %q", sp.said[before:], rec.last())
	}
	mustAction(t, app, "download_dictation_model", nil) // an error when the model is missing, else a message
	if _, err := os.Stat(filepath.Join(core.DictationModels, "en-us")); err != nil && len(sp.said) == before {
		t.Error("an error was not spoken with announcements off")
	}
}

// TestHelpDeskActions: quick start opens the guide, documentation lists
// its chapters, report problem writes a report without the document's
// text, manage components lists the components with where they are.
func TestHelpDeskActions(t *testing.T) {
	app, rec, path := openWithSettings(t, "secret.txt", "A private sentence nobody else reads.\n", nil)
	defer app.Close()
	mustAction(t, app, "report_problem", nil)
	reports, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "home", "problem-report-*.txt"))
	if len(reports) != 1 || !strings.HasPrefix(rec.last(), "A problem report is in "+reports[0]) {
		t.Fatalf("reports %v, said %q", reports, rec.last())
	}
	data, _ := os.ReadFile(reports[0])
	if !strings.HasPrefix(string(data), "tw "+core.Version) || strings.Contains(string(data), "private sentence") {
		t.Errorf("the report:\n%s", data)
	}
	mustAction(t, app, "manage_components", nil)
	l := app.ListState()
	if l == nil || l.Title != "Optional components" || !strings.HasPrefix(l.Items[0], "espeak-ng, for speech") {
		t.Fatalf("components list: %+v", l)
	}
	if p, err := exec.LookPath("espeak-ng"); err != nil || !strings.HasSuffix(l.Items[0], "installed, "+p) {
		t.Errorf("espeak-ng (Debian package espeak-ng) listed as %q", l.Items[0])
	}
	app.Cancel()
	mustAction(t, app, "documentation", nil)
	if l := app.ListState(); l == nil || l.Title != "User guide" || len(l.Items) < 5 {
		t.Fatalf("documentation list: %+v", l)
	}
	chapter := app.ListState().Items[1]
	app.Choose(1)
	if d := app.Doc(); d.Meta.Path != "" || !strings.Contains(d.Text, chapter) {
		t.Errorf("choosing %q opened %q", chapter, d.Meta.Path)
	}
	mustAction(t, app, "help", nil) // back to the document
	mustAction(t, app, "quick_start", nil)
	if d := app.Doc(); d.Meta.Path != "" || app.View().Cursor != 0 {
		t.Errorf("quick start opened %q at %d", d.Meta.Path, app.View().Cursor)
	}
}

// TestDictationOutsideEditMode: dictate asks for edit mode first, and
// the model's place is said from the Debian package.
func TestDictationOutsideEditMode(t *testing.T) {
	app, rec, _ := openWithSettings(t, "a.md", "# A\n\nText.\n", nil)
	defer app.Close()
	mustAction(t, app, "dictate", nil)
	if rec.last() != "Dictation types at the cursor in edit mode: turn on edit mode first." {
		t.Errorf("dictate outside edit mode said %q", rec.last())
	}
	mustAction(t, app, "download_dictation_model", nil)
	if _, err := os.Stat(filepath.Join(core.DictationModels, "en-us")); err != nil {
		t.Fatalf("%v (Debian package pocketsphinx-en-us)", err)
	}
	if !strings.HasPrefix(rec.last(), "The dictation model is installed in "+filepath.Join(core.DictationModels, "en-us")) {
		t.Errorf("download said %q", rec.last())
	}
}

// TestInterfaceAnnouncementsMinimal: at minimal, a setting's new value is
// shown but not spoken, and other messages are spoken.
func TestInterfaceAnnouncementsMinimal(t *testing.T) {
	dir := t.TempDir()
	path := writeTestFile(t, filepath.Join(dir, "a.txt"), "One two three.\n")
	st, _, err := settings.Open(filepath.Join(dir, "home"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Set("accessibility.interface_announcements", "minimal"); err != nil {
		t.Fatal(err)
	}
	sp, rec := &sayingSpeaker{}, &recorder{}
	app := core.New(core.Options{Home: filepath.Join(dir, "home"), Events: rec, Load: load.File, Parse: load.Bytes, Settings: st, Speaker: sp})
	defer app.Close()
	if err := app.Open(path); err != nil {
		t.Fatal(err)
	}
	before := len(sp.said)
	mustAction(t, app, "toggle_citations", nil)
	if len(sp.said) != before || rec.last() != "Read citations: off." {
		t.Errorf("minimal: spoke %q, shown %q", sp.said[before:], rec.last())
	}
	mustAction(t, app, "word_count", nil)
	if len(sp.said) != before+1 {
		t.Errorf("minimal: the word count was not spoken: %q", sp.said[before:])
	}
}

// TestDictationInEditMode: in edit mode dictate starts PocketSphinx on
// the microphone and dictate again stops it; what it heard is typed, and
// with no microphone the reason is said.
func TestDictationInEditMode(t *testing.T) {
	app, rec, _ := openWithSettings(t, "a.md", "# A\n\nText.\n", nil)
	defer app.Close()
	mustAction(t, app, "toggle_edit_mode", nil)
	mustAction(t, app, "dictate", nil)
	if rec.last() != "Dictating from the microphone; dictate again types what was heard." {
		t.Fatalf("dictate in edit mode said %q (Debian packages pocketsphinx, pocketsphinx-en-us)", rec.last())
	}
	mustAction(t, app, "dictate", nil)
	if got := rec.last(); !strings.HasPrefix(got, "Dictation stopped") && !strings.HasPrefix(got, "Typed: ") {
		t.Errorf("stopping dictation said %q", got)
	}
	t.Logf("stopping dictation said %q", rec.last())
}

// TestDictationSpeaksWhileRecording: what the recognizer hears is shown as
// it comes, and spoken too with dictation.speak_while_recording, not
// without (so the microphone does not hear the voice); dictate again
// types it. The speech is espeak-ng's, in a 16 kHz WAV file that stands
// for the microphone.
func TestDictationSpeaksWhileRecording(t *testing.T) {
	dir := t.TempDir()
	wav, wav16 := filepath.Join(dir, "numbers.wav"), filepath.Join(dir, "numbers16.wav")
	if out, err := exec.Command("espeak-ng", "-s", "120", "-v", "en-us", "-w", wav, "one two three four five").CombinedOutput(); err != nil {
		t.Fatalf("espeak-ng (Debian package espeak-ng): %v %s", err, out)
	}
	if out, err := exec.Command("ffmpeg", "-loglevel", "error", "-i", wav, "-ar", "16000", "-ac", "1", wav16).CombinedOutput(); err != nil {
		t.Fatalf("ffmpeg (Debian package ffmpeg): %v %s", err, out)
	}
	for _, speak := range []bool{false, true} {
		t.Run(fmt.Sprint(speak), func(t *testing.T) {
			home := filepath.Join(t.TempDir(), "home")
			st, _, err := settings.Open(home)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := st.Set("dictation.speak_while_recording", speak); err != nil {
				t.Fatal(err)
			}
			sp, rec := &sayingSpeaker{}, &recorder{}
			app := core.New(core.Options{Home: home, Events: rec, Load: load.File, Parse: load.Bytes, Settings: st,
				Speaker: sp, DictationInput: wav16})
			defer app.Close()
			if err := app.Open(writeTestFile(t, filepath.Join(dir, "a.md"), "# A\n\nText.\n")); err != nil {
				t.Fatal(err)
			}
			mustAction(t, app, "toggle_edit_mode", nil)
			mustAction(t, app, "dictate", nil)
			heard := ""
			deadline := time.Now().Add(time.Minute) // bounds a hang only
			for heard == "" {
				for _, s := range rec.all() {
					if strings.HasPrefix(s, "Heard: ") {
						heard = s
					}
				}
				if heard == "" && time.Now().After(deadline) {
					t.Fatalf("nothing heard (Debian packages pocketsphinx, pocketsphinx-en-us): %q", rec.all())
				}
				time.Sleep(20 * time.Millisecond)
			}
			if !strings.Contains(heard, "three") {
				t.Errorf("heard %q", heard)
			}
			if spoken := slices.Contains(sp.spoken(), heard); spoken != speak {
				t.Errorf("%q spoken: %v, want %v", heard, spoken, speak)
			}
			mustAction(t, app, "dictate", nil)
			if got := rec.last(); !strings.HasPrefix(got, "Typed: ") || !strings.Contains(got, strings.TrimPrefix(heard, "Heard: ")) {
				t.Errorf("stopping dictation said %q after %q", got, heard)
			}
		})
	}
}

// TestDictationModelSettings: dictation.model and dictation.model_dir
// choose the model: one laid out as Debian lays out its own, in another
// folder under another name, is the one said; a model that is not there
// is named when dictation starts, before any microphone is opened.
func TestDictationModelSettings(t *testing.T) {
	debian := filepath.Join(core.DictationModels, "en-us")
	models := t.TempDir()
	mine := filepath.Join(models, "mine")
	if err := os.Mkdir(mine, 0o755); err != nil {
		t.Fatal(err)
	}
	for from, to := range map[string]string{"en-us": "mine", "en-us.lm.bin": "mine.lm.bin", "cmudict-en-us.dict": "cmudict-mine.dict"} {
		if err := os.Symlink(filepath.Join(debian, from), filepath.Join(mine, to)); err != nil {
			t.Fatal(err)
		}
	}
	app, rec, _ := openWithSettings(t, "a.md", "# A\n\nText.\n", map[string]any{"dictation.model_dir": models, "dictation.model": "mine"})
	defer app.Close()
	mustAction(t, app, "download_dictation_model", nil)
	if !strings.HasPrefix(rec.last(), "The dictation model is installed in "+mine+":") {
		t.Errorf("with the model mine: %q", rec.last())
	}
	other, rec2, _ := openWithSettings(t, "a.md", "# A\n\nText.\n", map[string]any{"dictation.model_dir": models, "dictation.model": "klingon"})
	defer other.Close()
	mustAction(t, other, "toggle_edit_mode", nil)
	mustAction(t, other, "dictate", nil)
	want := "The dictation model klingon is not in " + models + ": set dictation.model and dictation.model_dir to a PocketSphinx model, or install the Debian package pocketsphinx-en-us."
	if rec2.last() != want {
		t.Errorf("dictate with a missing model said %q, want %q", rec2.last(), want)
	}
}
