package session

import (
	"os"
	"os/exec"
	"path/filepath"
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

// TestMathSettingsShapeTheOpenedText: normalization.math,
// normalization.math_verbosity and reading.math_display decide how a
// document's formulas are written when the reader opens it.
func TestMathSettingsShapeTheOpenedText(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.md")
	if err := os.WriteFile(path, []byte("Let $\\frac{a}{b} \\le x^2$ hold."), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		set  map[string]any
		want string
	}{
		{nil, "Let a over b is less than or equal to x squared hold."},
		{map[string]any{"normalization.math_verbosity": "high"}, "Let start fraction a over b end fraction is less than or equal to x squared hold."},
		{map[string]any{"normalization.math": false}, `Let \frac{a}{b} \le x^2 hold.`},
		{map[string]any{"normalization.math": false, "reading.math_display": "unicode"}, "Let a/b≤x² hold."},
	}
	for _, c := range cases {
		st, _, err := settings.Open(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		for k, v := range c.set {
			if _, err := st.Set(k, v); err != nil {
				t.Fatal(err)
			}
		}
		loader, _ := fileLoadersWith(nil, nil, "", "", func(o *load.Options) { loadSettings(st, o) })
		d, err := loader(path)
		if err != nil {
			t.Fatal(err)
		}
		if d.Text != c.want {
			t.Errorf("with %v: %q, want %q", c.set, d.Text, c.want)
		}
	}
	st, _, _ := settings.Open(t.TempDir())
	if _, err := st.Set("normalization.math_verbosity", "loud"); err == nil {
		t.Error("normalization.math_verbosity took loud")
	}
}

// TestRevisionsSettingShapesTheOpenedText: reading.revisions decides how
// the reader opens a Word file with tracked changes (written by pandoc):
// final reads the final text, marked says each change, auto marks them
// at high verbosity only.
func TestRevisionsSettingShapesTheOpenedText(t *testing.T) {
	pandoc, err := exec.LookPath("pandoc")
	if err != nil {
		t.Fatalf("pandoc is needed (bash scripts/deps-formats.sh installs it): %v", err)
	}
	dir := t.TempDir()
	src, path := filepath.Join(dir, "draft.md"), filepath.Join(dir, "draft.docx")
	md := `Fluids were [rarely]{.deletion author="Ada" date="2026-03-03T10:00:00Z"}[often]{.insertion author="Ada" date="2026-03-03T10:00:00Z"} given.`
	if err := os.WriteFile(src, []byte(md+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(pandoc, src, "-o", path).CombinedOutput(); err != nil {
		t.Fatalf("pandoc: %v\n%s", err, out)
	}
	const final, marked = "Fluids were often given.", "Fluids were [deleted: rarely][inserted: often] given."
	cases := []struct {
		revisions, verbosity, want string
	}{
		{"auto", "normal", final},
		{"auto", "high", marked},
		{"marked", "low", marked},
		{"final", "high", final},
	}
	for _, c := range cases {
		st, _, err := settings.Open(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		for k, v := range map[string]any{"reading.revisions": c.revisions, "speech.verbosity": c.verbosity} {
			if _, err := st.Set(k, v); err != nil {
				t.Fatal(err)
			}
		}
		loader, _ := fileLoadersWith(nil, nil, "", "", func(o *load.Options) { loadSettings(st, o) })
		d, err := loader(path)
		if err != nil {
			t.Fatal(err)
		}
		if d.Text != c.want {
			t.Errorf("revisions %s at verbosity %s: %q, want %q", c.revisions, c.verbosity, d.Text, c.want)
		}
	}
}

// TestSessionRemembersVoiceParams: in a reader's session, a voice chosen
// again gets back the rate and pitch it was last used at
// (speech.voice_params), kept in settings.toml.
func TestSessionRemembersVoiceParams(t *testing.T) {
	s := Open(Options{Home: home(t, "[speech]\nvoice = \"en-us\"\nrate = 320\npitch = 3\n"), NoSpeech: true})
	defer s.Close()
	for _, set := range []struct {
		path string
		v    any
	}{{"speech.voice", "de"}, {"speech.rate", 200.0}, {"speech.voice", "en-us"}} {
		if _, err := s.Settings.Set(set.path, set.v); err != nil {
			t.Fatal(err)
		}
	}
	if r, p := s.Settings.Int("speech.rate"), s.Settings.Int("speech.pitch"); r != 320 || p != 3 {
		t.Errorf("back to en-us: rate %d pitch %d, want 320 3", r, p)
	}
	if got := s.Settings.TextTable("speech.voice_params"); got["de"] != "200 3" || got["en-us"] != "320 3" {
		t.Errorf("voice_params %v", got)
	}
}
