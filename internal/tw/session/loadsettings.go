package session

import (
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/settings"
)

// loadSettings puts the settings that shape loading into o: the liblouis
// table braille files are read in (braille.table), whether scanned pages
// are recognised (reading.ocr) and in which language (reading.ocr_lang).
func loadSettings(st *settings.Store, o *load.Options) {
	o.BrailleTable = st.String("braille.table")
	o.NoOCR = !st.Bool("reading.ocr")
	o.OCRLanguage = st.String("reading.ocr_lang")
}
