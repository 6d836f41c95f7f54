package settings

import "testing"

// TestPortable: sync.settings shares how the user likes to read, never
// what belongs to one computer, a file, sync itself or an internal
// setting; every path it names is in the schema.
func TestPortable(t *testing.T) {
	for path, want := range map[string]bool{
		"speech.rate": true, "speech.pitch": true, "speech.volume": true, "speech.punctuation": true,
		"speech.verbosity": true, "display.theme": true, "colors.ruler": true, "reading_aids.rsvp.long_word_len": true,
		"highlight.enabled": true, "normalization.numbers": true, "reading.auto_resume": true,
		"editing.typing_echo": true, "editing.echo_words": true, "summary.sentences": true, "stats.enabled": true,
		"speech.voice": false, "speech.backend": false, "speech.output_device": false, "speech.speechd_module": false,
		"accessibility.mode": false, "keyboard.preset": false, "interface.language": false,
		"dictation.model": false, "library.folders": false, "sync.settings": false, "sync.enabled": false,
		"normalization.medical_lexicon.overlay": false, "reading.ocr_lang": false, "reading.last_document": false,
		"export.folder": false, "lexicon.glossary": false, "display.theme_explicit": false, "no.such": false,
	} {
		if got := Portable(path); got != want {
			t.Errorf("Portable(%s) = %v, want %v", path, got, want)
		}
	}
	for _, p := range append(append([]string{}, portable...), notPortable...) {
		if _, ok := Lookup(p); !ok && p[len(p)-1] != '.' {
			t.Errorf("%s is not a setting", p)
		}
	}
	for _, p := range PortablePaths() {
		if st, _ := Lookup(p); st.Kind == KindText {
			t.Errorf("%s travels, but a text setting may name a file", p)
		}
	}
}
