package speech_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/speech"
	"textfirst/internal/tw/speech/engine"
	"textfirst/internal/tw/units"
)

// voiceRecorder wraps a real synthesizer and records, in order, each text
// it is asked to say and the voice it is asked to say it with.
type voiceRecorder struct {
	engine.Synthesizer
	mu   sync.Mutex
	said []voiced
}

type voiced struct{ text, voice string }

func (r *voiceRecorder) Synthesize(u engine.Utterance, p engine.Params, emit func([]int16, []engine.Mark) bool) error {
	r.mu.Lock()
	r.said = append(r.said, voiced{u.Text, p.Voice})
	r.mu.Unlock()
	return r.Synthesizer.Synthesize(u, p, emit)
}

func (r *voiceRecorder) list() []voiced {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]voiced(nil), r.said...)
}

// voiceOf waits until text was synthesized and returns its voice.
func (r *voiceRecorder) voiceOf(t *testing.T, text string) string {
	t.Helper()
	var v string
	waitFor(t, text, func() bool {
		for _, s := range r.list() {
			if s.text == text {
				v = s.voice
				return true
			}
		}
		return false
	})
	return v
}

// openRecordingEspeak opens the real espeak-ng with the reading voice
// voice and the interface language lang, its syntheses recorded.
func openRecordingEspeak(t *testing.T, voice, lang string) (*speech.Service, *voiceRecorder) {
	t.Helper()
	p := speech.DefaultParams()
	p.Voice = voice
	s, _, err := speech.Open(speech.Options{Backend: "espeak", Sink: "clock", Speed: 50, Params: p, Language: lang})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	rec := &voiceRecorder{}
	speech.WrapSynth(s, func(syn engine.Synthesizer) engine.Synthesizer { rec.Synthesizer = syn; return rec })
	return s, rec
}

// TestAnnouncementsInTheInterfaceLanguagesVoice: with real espeak-ng, an
// announcement is said in a voice of the interface language when the
// reading voice speaks another, and in the reading voice when it speaks
// the interface language.
func TestAnnouncementsInTheInterfaceLanguagesVoice(t *testing.T) {
	for _, tt := range []struct {
		name, voice, lang, text, want string
	}{
		{"French interface, English default voice", "", "fr", "Début du document.", "roa/fr"},
		{"German interface, American voice", "en-us", "de", "Anfang des Dokuments.", "gmw/de"},
		{"Arabic interface, English voice", "gmw/en", "ar", "بداية المستند.", "sem/ar"},
		{"English interface, English default voice", "", "en", "Top of document.", ""},
		{"no interface language, English default voice", "", "", "Top of document.", ""},
		{"French interface, French voice", "fr", "fr", "Début du document.", "roa/fr"},
		{"French interface, Belgian French voice", "roa/fr-BE", "fr", "Début du document.", "roa/fr-BE"},
		{"English interface, Spanish voice", "es", "en", "Top of document.", "gmw/en"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, rec := openRecordingEspeak(t, tt.voice, tt.lang)
			s.Say(tt.text)
			if got := rec.voiceOf(t, tt.text); got != tt.want {
				t.Errorf("%q was said with voice %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}

// TestSetLanguageChangesTheAnnouncementsVoice: a change of interface
// language takes effect from the next announcement; a voice's sample
// keeps its own voice.
func TestSetLanguageChangesTheAnnouncementsVoice(t *testing.T) {
	s, rec := openRecordingEspeak(t, "", "en")
	s.Say("Top of document.")
	if got := rec.voiceOf(t, "Top of document."); got != "" {
		t.Errorf("English announcement said with voice %q, want the default", got)
	}
	s.SetLanguage("es")
	s.Say("Principio del documento.")
	if got := rec.voiceOf(t, "Principio del documento."); got != "roa/es" {
		t.Errorf("Spanish announcement said with voice %q, want roa/es", got)
	}
	s.SaySample("Hello, this is my voice.", "gmw/en-US")
	if got := rec.voiceOf(t, "Hello, this is my voice."); got != "gmw/en-US" {
		t.Errorf("a voice's sample was said with voice %q, want its own", got)
	}
}

// headedDoc is a heading, a list of two items, a table with a header row
// and a paragraph, with the markers a loader gives them.
func headedDoc() *doc.Document {
	text := "Results\n\nFirst\nSecond\n\nName | Score\nAda | 98\n\nThe end."
	var ms []doc.Marker
	at := func(k doc.Kind, sub string, level int) {
		i := len([]rune(text[:strings.Index(text, sub)]))
		ms = append(ms, doc.Marker{Kind: k, Start: i, End: i + len([]rune(sub)), Level: level})
	}
	at(doc.Heading, "Results", 1)
	at(doc.List, "First\nSecond", 0)
	at(doc.ListItem, "First", 0)
	at(doc.ListItem, "Second", 0)
	at(doc.Table, "Name | Score\nAda | 98", 0)
	at(doc.TableRow, "Name | Score", 0)
	ms[len(ms)-1].Label = doc.HeaderRow
	at(doc.TableCell, "Name", 0)
	at(doc.TableCell, "Score", 0)
	at(doc.TableRow, "Ada | 98", 0)
	at(doc.TableCell, "Ada", 0)
	at(doc.TableCell, "98", 0)
	at(doc.Paragraph, "The end.", 0)
	return doc.New(text, doc.Meta{}, ms)
}

// TestContinuousReadingSaysInsertedWordsInTheInterfaceVoice: with real
// espeak-ng and its default (English) voice, continuous reading in a
// French interface says the words it inserts ("titre de niveau 1") with
// the French voice, each in an utterance of its own, and the document's
// words with the reading voice; in an English interface nothing changes.
func TestContinuousReadingSaysInsertedWordsInTheInterfaceVoice(t *testing.T) {
	for _, tt := range []struct {
		lang, heading, voice string
		apart                bool // the inserted words are apart from the document's
	}{
		{"fr", "titre de niveau 1", "roa/fr", true},
		{"en", "heading level 1", "", false},
	} {
		t.Run(tt.lang, func(t *testing.T) {
			s, rec := openRecordingEspeak(t, "", tt.lang)
			d := headedDoc()
			done := make(chan bool, 1)
			var heard []string
			s.ReadContinuousWith(units.New(d), 0, d.Len(), speech.Handler{
				Word: func(start, end int) { heard = append(heard, d.Slice(start, end)) },
				Done: func(completed bool) { done <- completed },
			})
			if !<-done {
				t.Fatal("the reading did not complete")
			}
			if got := strings.Join(heard, " "); got != "Results First Second Name Score Ada 98 The end" {
				t.Errorf("heard %q", got)
			}
			var sawHeading, sawResults bool
			for _, v := range rec.list() {
				hasHeading, hasResults := strings.Contains(v.text, tt.heading), strings.Contains(v.text, "Results")
				sawHeading = sawHeading || hasHeading
				sawResults = sawResults || hasResults
				switch {
				case hasHeading && hasResults == tt.apart:
					t.Errorf("%q: inserted and document words together is %v, want %v", v.text, hasResults, !tt.apart)
				case hasHeading && v.voice != tt.voice:
					t.Errorf("%q said with voice %q, want %q", v.text, v.voice, tt.voice)
				case hasResults && v.voice != "":
					t.Errorf("%q said with voice %q, want the reading voice", v.text, v.voice)
				}
			}
			if !sawHeading || !sawResults {
				t.Errorf("the heading %q or its text was never said: %q", tt.heading, rec.list())
			}
		})
	}
}

// TestExportMarksTheLanguageOfInsertedWords: in the word timings of a
// continuous export with real espeak-ng, inserted words said in the
// interface language's voice say their language ("lang"); the document's
// words, a column's header said again before its cell, and every word
// when the languages agree, have none.
func TestExportMarksTheLanguageOfInsertedWords(t *testing.T) {
	for _, tt := range []struct{ lang, wantLang string }{{"fr", "fr"}, {"de", "de"}, {"en", ""}, {"", ""}} {
		t.Run("interface "+tt.lang, func(t *testing.T) {
			d := headedDoc()
			wav := filepath.Join(t.TempDir(), "headed.wav")
			rec, _, err := speech.ExportContinuous(context.Background(), d, 0, d.Len(), speech.Options{Backend: "espeak", Language: tt.lang}, wav, nil)
			if err != nil {
				t.Fatal(err)
			}
			var inserted, document int
			for _, w := range rec.Words {
				want := ""
				if w.Inserted {
					if w.Text != "Name" && w.Text != "Score" {
						want = tt.wantLang
					}
					inserted++
				} else {
					document++
				}
				if w.Lang != want {
					t.Errorf("word %q (inserted %v) has lang %q, want %q", w.Text, w.Inserted, w.Lang, want)
				}
			}
			if inserted == 0 || document != 9 {
				t.Errorf("%d inserted words and %d of the document's, want some and 9", inserted, document)
			}
			data, err := json.Marshal(rec)
			if err != nil {
				t.Fatal(err)
			}
			if has := strings.Contains(string(data), `"lang":"`+tt.wantLang+`"`); has != (tt.wantLang != "") {
				t.Errorf("the word timings JSON says a language: %v, want %v", has, tt.wantLang != "")
			}
		})
	}
}
