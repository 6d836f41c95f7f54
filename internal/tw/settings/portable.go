package settings

import "strings"

// portable are the settings sync.settings shares between computers: how
// the user likes to hear, see and move through text, whatever the
// computer. A path ending in "." is all of its section but notPortable.
// Left out on purpose: what belongs to one computer (the voice, speech
// engine and module, sound device, accessibility mode, key layout,
// interface language, dictation, the library's folders), every setting
// that names a file or folder, the sync settings themselves, and internal
// settings. A setting added to a section listed here travels unless it is
// named in notPortable.
var portable = []string{
	"speech.rate", "speech.pitch", "speech.volume", "speech.punctuation", "speech.verbosity",
	"display.theme", "colors.", "reading_aids.", "highlight.", "normalization.", "reading.",
	"editing.typing_echo", "editing.echo_lines_on_move", "editing.echo_deletions",
	"editing.echo_characters", "editing.echo_words", "summary.", "stats.",
}

// notPortable are settings of portable sections that stay on each
// computer: files, and the OCR language, whose data each computer has or
// lacks.
var notPortable = []string{"normalization.medical_lexicon.overlay", "reading.ocr_lang"}

// Portable reports whether sync.settings shares the setting at path.
func Portable(path string) bool {
	st, ok := Lookup(path)
	if !ok || st.Internal {
		return false
	}
	for _, p := range notPortable {
		if st.Path == p {
			return false
		}
	}
	for _, p := range portable {
		if st.Path == p || strings.HasSuffix(p, ".") && strings.HasPrefix(st.Path, p) {
			return true
		}
	}
	return false
}

// PortablePaths lists the settings sync.settings shares, in schema order.
func PortablePaths() []string {
	var out []string
	for _, st := range Schema() {
		if Portable(st.Path) {
			out = append(out, st.Path)
		}
	}
	return out
}
