package session

import (
	"testing"

	"textfirst/internal/tw/load"
	"textfirst/internal/tw/settings"
)

// TestLoadSettings: reading.ocr and reading.ocr_lang, and braille.table,
// reach each load's options.
func TestLoadSettings(t *testing.T) {
	st, _, err := settings.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	var o load.Options
	loadSettings(st, &o)
	if o.NoOCR || o.OCRLanguage != "" || o.BrailleTable != "en-ueb-g2.ctb" {
		t.Errorf("defaults: %+v", o)
	}
	for path, v := range map[string]any{"reading.ocr": false, "reading.ocr_lang": "deu+eng"} {
		if _, err := st.Set(path, v); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := st.Set("reading.ocr_lang", "German"); err == nil {
		t.Error("reading.ocr_lang took a name that is no Tesseract code")
	}
	loadSettings(st, &o)
	if !o.NoOCR || o.OCRLanguage != "deu+eng" {
		t.Errorf("set: %+v", o)
	}
}
