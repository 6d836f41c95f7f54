package session

import (
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/settings"
)

// loadSettings puts the settings that shape loading into o: the liblouis
// table braille files are read in (braille.table), whether scanned pages
// are recognised (reading.ocr) and in which language (reading.ocr_lang),
// how tracked changes are read (reading.revisions, with speech.verbosity),
// and how formulas are written (normalization.math,
// normalization.math_verbosity, reading.math_display).
func loadSettings(st *settings.Store, o *load.Options) {
	o.Math = MathText(st)
	o.Revisions = Revisions(st)
	o.BrailleTable = st.String("braille.table")
	o.NoOCR = !st.Bool("reading.ocr")
	o.OCRLanguage = st.String("reading.ocr_lang")
}

// MathText is how the settings st have formulas written into the text.
func MathText(st interface {
	Bool(string) bool
	String(string) string
}) load.MathText {
	return load.MathText{
		Notation:  !st.Bool("normalization.math"),
		Unicode:   st.String("reading.math_display") == "unicode",
		Verbosity: st.String("normalization.math_verbosity"),
	}
}

// Revisions is how the settings st have tracked changes read
// (load.Options.Revisions): reading.revisions, where auto marks them at
// high verbosity (speech.verbosity) and reads the final text otherwise.
func Revisions(st interface{ String(string) string }) string {
	switch st.String("reading.revisions") {
	case "marked":
		return load.RevisionsMarked
	case "final":
		return load.RevisionsFinal
	}
	if st.String("speech.verbosity") == "high" {
		return load.RevisionsMarked
	}
	return load.RevisionsFinal
}
