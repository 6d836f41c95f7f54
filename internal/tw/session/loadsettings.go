package session

import (
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/settings"
)

// loadSettings puts the settings that shape loading into o: the liblouis
// table braille files are read in (braille.table), whether scanned pages
// are recognised (reading.ocr) and in which language (reading.ocr_lang),
// and how formulas are written (normalization.math,
// normalization.math_verbosity, reading.math_display).
func loadSettings(st *settings.Store, o *load.Options) {
	o.Math = MathText(st)
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
