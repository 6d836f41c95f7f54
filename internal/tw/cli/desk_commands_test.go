package cli_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/tw/core"
)

// TestDictateTranscribesSpeech: espeak-ng says numbers into a WAV file at
// its own rate, and tw dictate (PocketSphinx, converting with ffmpeg)
// hears one of them.
func TestDictateTranscribesSpeech(t *testing.T) {
	dir := t.TempDir()
	wav := filepath.Join(dir, "numbers.wav")
	if out, err := exec.Command("espeak-ng", "-s", "120", "-v", "en-us", "-w", wav, "one two three four five").CombinedOutput(); err != nil {
		t.Fatalf("espeak-ng (Debian package espeak-ng): %v %s", err, out)
	}
	code, stdout, stderr := run(t, "", nil, "dictate", wav)
	if code != 0 || !strings.Contains(stdout, "three") {
		t.Fatalf("tw dictate (Debian packages pocketsphinx, pocketsphinx-en-us, ffmpeg): exit %d, %q, %q", code, stdout, stderr)
	}
	code, _, stderr = run(t, "", nil, "dictate", filepath.Join(dir, "missing.wav"))
	if code != 1 || !strings.Contains(stderr, "missing.wav") {
		t.Errorf("a missing file: exit %d, %q", code, stderr)
	}
}

// TestDictateWithTheModelSettings: tw dictate hears with the model that
// dictation.model and dictation.model_dir name (Debian's US English model
// under another name, in another folder), and names a model that is not
// there.
func TestDictateWithTheModelSettings(t *testing.T) {
	dir := t.TempDir()
	wav := filepath.Join(dir, "numbers.wav")
	if out, err := exec.Command("espeak-ng", "-s", "120", "-v", "en-us", "-w", wav, "one two three four five").CombinedOutput(); err != nil {
		t.Fatalf("espeak-ng (Debian package espeak-ng): %v %s", err, out)
	}
	models := filepath.Join(dir, "models")
	mine := filepath.Join(models, "mine")
	if err := os.MkdirAll(mine, 0o755); err != nil {
		t.Fatal(err)
	}
	debian := filepath.Join(core.DictationModels, "en-us")
	for from, to := range map[string]string{"en-us": "mine", "en-us.lm.bin": "mine.lm.bin", "cmudict-en-us.dict": "cmudict-mine.dict"} {
		if err := os.Symlink(filepath.Join(debian, from), filepath.Join(mine, to)); err != nil {
			t.Fatal(err)
		}
	}
	home := filepath.Join(dir, "home")
	for _, tc := range []struct{ model, stdout, stderr string }{
		{"mine", "three", ""},
		{"klingon", "", "tw dictate: the dictation model klingon is not in " + models},
	} {
		if err := os.MkdirAll(home, 0o755); err != nil {
			t.Fatal(err)
		}
		toml := fmt.Sprintf("[dictation]\nmodel_dir = %q\nmodel = %q\n", models, tc.model)
		if err := os.WriteFile(filepath.Join(home, "settings.toml"), []byte(toml), 0o644); err != nil {
			t.Fatal(err)
		}
		code, stdout, stderr := run(t, "", map[string]string{"TEXTWEAVER_HOME": home}, "dictate", wav)
		if tc.stdout != "" && (code != 0 || !strings.Contains(stdout, tc.stdout)) {
			t.Errorf("model %s: exit %d, %q, %q", tc.model, code, stdout, stderr)
		}
		if tc.stderr != "" && (code != 1 || !strings.Contains(stderr, tc.stderr)) {
			t.Errorf("model %s: exit %d, stderr %q", tc.model, code, stderr)
		}
	}
}

// TestMigrateStar: Star's rate, place and bookmark are imported into the
// home, a dry run writes nothing, and what cannot be imported says why.
func TestMigrateStar(t *testing.T) {
	dir := t.TempDir()
	book := filepath.Join(dir, "book.md")
	os.WriteFile(book, []byte("# Book\n\nOne two three.\n\nFour five six.\n"), 0o644)
	star := filepath.Join(dir, "star")
	os.Mkdir(star, 0o755)
	js := fmt.Sprintf(`{"tts_rate": 320, "reading_positions": {%[1]q: {"offset": 21}, %[2]q: {"offset": 3}},
		"bookmarks": {%[1]q: {"b1": {"offset": 6}}}, "recent_files": [%[1]q]}`, book, filepath.Join(dir, "gone.md"))
	os.WriteFile(filepath.Join(star, "settings.json"), []byte(js), 0o644)
	home := filepath.Join(dir, "home")
	code, stdout, stderr := run(t, "", nil, "migrate-star", "--from", star, "--home", home, "--dry-run")
	if code != 0 || !strings.Contains(stdout, book+": imported: the reading position and 1 bookmarks") {
		t.Fatalf("dry run: exit %d, %q, %q", code, stdout, stderr)
	}
	if _, err := os.Stat(filepath.Join(home, "data")); err == nil {
		t.Error("the dry run wrote state")
	}
	code, stdout, _ = run(t, "", nil, "migrate-star", "--from", star, "--home", home)
	if code != 0 || !strings.Contains(stdout, "speech.rate: imported, 320 words a minute") || !strings.Contains(stdout, "gone.md: skipped: ") {
		t.Fatalf("run: exit %d, %q", code, stdout)
	}
	_, marks, _ := run(t, "", nil, "marks", book, "--home", home)
	if !strings.Contains(marks, "Place: line 4") || !strings.Contains(marks, "b1: line 3") {
		t.Errorf("tw marks after the migration:\n%s", marks)
	}
	_, rate, _ := run(t, "", nil, "settings", "get", "speech.rate", "--home", home)
	if strings.TrimSpace(rate) != "320" {
		t.Errorf("speech.rate is %q", rate)
	}
	code, _, stderr = run(t, "", nil, "migrate-star", "--from", dir, "--home", home)
	if code != 1 || !strings.Contains(stderr, "no Star settings in "+dir) {
		t.Errorf("no settings.json: exit %d, %q", code, stderr)
	}
}

// TestVaultExportAndImport: a document's notes go into a vault as a
// Markdown note with front matter; import adds the vault to the library.
func TestVaultExportAndImport(t *testing.T) {
	dir := t.TempDir()
	vault := filepath.Join(dir, "vault")
	os.Mkdir(vault, 0o755)
	os.WriteFile(filepath.Join(vault, "Moon.md"), []byte("# Moon\n\nThe moon pulls the [[Tides]].\n"), 0o644)
	book := filepath.Join(dir, "tides.md")
	os.WriteFile(book, []byte("# Tides\n\nThe sea rises.\n"), 0o644)
	home := filepath.Join(dir, "home")
	code, stdout, stderr := run(t, "", nil, "vault", "export", book, vault, "--home", home)
	if code != 0 || strings.TrimSpace(stdout) != filepath.Join(vault, "Tides.md") {
		t.Fatalf("export: exit %d, %q, %q", code, stdout, stderr)
	}
	note, _ := os.ReadFile(filepath.Join(vault, "Tides.md"))
	if !strings.HasPrefix(string(note), "---\ntitle: \"Tides\"\nsource: \""+book+"\"\ntags: [tw]\n---\n") {
		t.Errorf("the note:\n%s", note)
	}
	if code, _, stderr := run(t, "", nil, "vault", "import", vault, "--home", home); code != 0 {
		t.Fatalf("import: exit %d, %q", code, stderr)
	}
	_, found, _ := run(t, "", nil, "library", "search", "pulls", "--home", home)
	if !strings.Contains(found, "Moon.md") {
		t.Errorf("library search after the import: %q", found)
	}
	if code, _, _ := run(t, "", nil, "vault", "export", book, filepath.Join(dir, "nothing")); code != 2 {
		t.Errorf("a vault that is not a folder: exit %d", code)
	}
}

// TestUpdateSaysHow: tw update says its version and how to update.
func TestUpdateSaysHow(t *testing.T) {
	code, stdout, _ := run(t, "", nil, "update")
	if code != 0 || !strings.HasPrefix(stdout, "tw 0.") || !strings.Contains(stdout, "sudo apt upgrade") {
		t.Errorf("exit %d, %q", code, stdout)
	}
}
