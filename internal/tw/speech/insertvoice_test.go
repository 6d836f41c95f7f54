package speech

import (
	"strings"
	"testing"

	"textfirst/internal/tw/speech/engine"
	"textfirst/internal/tw/units"
)

// With a voice for the inserted words (an interface language other than
// the reading voice's), continuous reading says the same words, but each
// segment is either inserted words, in that voice, or the document's
// words, in the reading voice: those it repeats too (a column's header
// said before each cell).
func TestInsertedWordsInTheirOwnSegments(t *testing.T) {
	d := scoresDoc(t)
	for _, verbosity := range []string{"low", "normal", "high"} {
		t.Run(verbosity, func(t *testing.T) {
			p := DefaultParams()
			p.Verbosity = verbosity
			whole := readContinuously(d, 0, d.Len(), p, "fr")
			n := NewContinuousNarrator(units.New(d), 0, d.Len(), p, "fr")
			n.insertVoice = "roa/fr"
			var heard, inserted, said []string
			var voices []string
			for seg, ok := n.Next(); ok; seg, ok = n.Next() {
				text := []rune(seg.Utterance.Text)
				var segInserted, segHeard int
				for i, w := range seg.Utterance.Words {
					if dw, ok := seg.heard(i); ok {
						heard = append(heard, d.Slice(dw.Start, dw.End))
						segHeard++
					} else if word := string(text[w.Start:w.End]); word == "Name" || word == "Score" {
						inserted = append(inserted, word) // a header, repeated
						segHeard++
					} else {
						inserted = append(inserted, word)
						segInserted++
					}
					if s := seg.said(i); s != "" {
						said = append(said, s)
					}
				}
				switch {
				case segInserted > 0 && segHeard > 0:
					t.Errorf("segment %q mixes inserted words and the document's", seg.Utterance.Text)
				case segInserted > 0 && seg.Voice != "roa/fr":
					t.Errorf("inserted segment %q has voice %q, want roa/fr", seg.Utterance.Text, seg.Voice)
				case segHeard > 0 && seg.Voice != "":
					t.Errorf("document segment %q has voice %q, want the reading voice", seg.Utterance.Text, seg.Voice)
				}
				voices = append(voices, seg.Voice)
			}
			for _, c := range []struct {
				what      string
				got, want []string
			}{{"heard", heard, whole.heard}, {"inserted", inserted, whole.inserted}, {"said", said, whole.said}} {
				if strings.Join(c.got, "|") != strings.Join(c.want, "|") {
					t.Errorf("%s %q, want %q as in one voice", c.what, c.got, c.want)
				}
			}
			if verbosity != "low" && !strings.Contains(strings.Join(voices, " "), "roa/fr") {
				t.Errorf("no segment in the interface language's voice: %q", voices)
			}
		})
	}
}

// speakerEngine is an engine whose default voice's language is not known
// (speech-dispatcher's).
type speakerEngine struct{ nullEngine }

func (speakerEngine) ID() string { return "speechd" }

// english is an engine whose default voice is English (espeak-ng's).
type english struct{ nullEngine }

func (english) DefaultLanguage() string { return "en" }

// voiceForLanguage picks a voice of the interface language only when the
// reading voice speaks another, from the reading voice's own module first.
func TestVoiceForLanguage(t *testing.T) {
	vs := []engine.Voice{
		{ID: "pico:en-US", Language: "en-US", Module: "pico"},
		{ID: "espeak-ng:French", Language: "fr", Module: "espeak-ng"},
		{ID: "espeak-ng:English", Language: "en", Module: "espeak-ng"},
		{ID: "pico:fr-FR", Language: "fr-FR", Module: "pico"},
		{ID: "espeak-ng:German", Language: "de", Module: "espeak-ng"},
	}
	for _, tt := range []struct {
		name       string
		eng        engine.Engine
		voice      string
		lang, want string
	}{
		{"the reading voice's module first", speakerEngine{}, "pico:en-US", "fr", "pico:fr-FR"},
		{"its module first, the other way", speakerEngine{}, "espeak-ng:English", "fr", "espeak-ng:French"},
		{"another module when its own has none", speakerEngine{}, "pico:en-US", "de", "espeak-ng:German"},
		{"the same language", speakerEngine{}, "pico:fr-FR", "fr", ""},
		{"a region of the same language", speakerEngine{}, "pico:en-US", "en", ""},
		{"no voice of the language", speakerEngine{}, "pico:en-US", "ar", ""},
		{"an unknown default voice", speakerEngine{}, "", "fr", ""},
		{"a known default voice", english{}, "", "de", "espeak-ng:German"},
		{"English when no language is given", english{}, "pico:fr-FR", "", "pico:en-US"},
		{"a voice not listed", english{}, "pico:xx", "fr", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := voiceForLanguage(vs, tt.eng, tt.voice, tt.lang); got != tt.want {
				t.Errorf("voiceForLanguage(%q, %q) = %q, want %q", tt.voice, tt.lang, got, tt.want)
			}
		})
	}
}
