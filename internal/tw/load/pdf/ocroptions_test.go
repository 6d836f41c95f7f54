package pdf

import (
	"strings"
	"testing"
)

// TestOCROptions: a scanned page read by the real Tesseract; NoOCR
// (reading.ocr off) leaves it unread without running Tesseract, and
// Language (reading.ocr_lang) is the language Tesseract is given in
// place of the document's.
func TestOCROptions(t *testing.T) {
	_, img := firstPageImage(t, fixture(t, "single.pdf"))
	scan := imagePDF(img)
	var asked []string
	spy := func(path, lang string) ([]byte, error) {
		asked = append(asked, lang)
		return Tesseract(path, lang)
	}
	var progress [][2]int
	told := func(done, total int) { progress = append(progress, [2]int{done, total}) }
	d, err := LoadOptions("scan.pdf", scan, "", Options{OCR: spy, Recognising: told})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(d.Text, "Accessible Reading") || len(asked) != 1 || asked[0] != "eng" {
		t.Errorf("recognised in %q: %q", asked, d.Text)
	}
	if len(progress) != 1 || progress[0] != [2]int{0, 1} {
		t.Errorf("progress told %v, want [[0 1]]", progress)
	}
	asked = nil
	progress = nil
	d, err = LoadOptions("scan.pdf", scan, "", Options{OCR: spy, NoOCR: true, Recognising: told})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(d.Text, "Accessible") || len(asked) != 0 || len(progress) != 0 {
		t.Errorf("with OCR off Tesseract was asked %q and read %q (progress told %v)", asked, d.Text, progress)
	}
	// Only English is installed here: French reaches Tesseract, which
	// says it has no such language.
	_, err = LoadOptions("scan.pdf", scan, "", Options{OCR: spy, Language: "fra"})
	if len(asked) != 1 || asked[0] != "fra" || err == nil || !strings.Contains(err.Error(), "fra") {
		t.Errorf("Language fra: Tesseract asked %q, error %v", asked, err)
	}
}
