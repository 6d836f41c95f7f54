package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/tw/speech/speechtest"
)

// speechHome makes a tw home whose settings.toml is toml.
func speechHome(t *testing.T, toml string) string {
	t.Helper()
	h := t.TempDir()
	if err := os.WriteFile(filepath.Join(h, "settings.toml"), []byte(toml), 0o644); err != nil {
		t.Fatal(err)
	}
	return h
}

// tw export-audio --backend NAME, as tw speak, speaks with that engine or
// fails saying why: never a quiet fallback to another engine's audio.
func TestExportAudioNamedBackendIsStrict(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "gone.sock")
	t.Setenv("SPEECHD_ADDRESS", "unix_socket:"+sock)
	dir := t.TempDir()
	text := filepath.Join(dir, "a.txt")
	os.WriteFile(text, []byte("Some text."), 0o644)
	wav := filepath.Join(dir, "a.wav")
	code, _, errs := call(ExportAudio, "", text, "--out", wav, "--backend", "speechd", "--home", speechHome(t, ""))
	if code != 1 || !strings.HasPrefix(errs, "Error: tw export-audio: ") ||
		!strings.Contains(errs, "speech engine speechd is not available here: speech-dispatcher is not running at "+sock) || strings.Contains(errs, "using espeak") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
	if _, err := os.Stat(wav); !os.IsNotExist(err) {
		t.Error("a WAV file was written by another engine")
	}
}

// The speech-dispatcher module comes from --module, else from
// speech.speechd_module, for tw export-audio as for tw speak: a module the
// daemon lacks is said, never ignored.
func TestSpeechdModuleOfExportsAndSpeak(t *testing.T) {
	speechtest.StartSpeechd(t, speechtest.StartPulse(t))
	dir := t.TempDir()
	text := filepath.Join(dir, "a.txt")
	os.WriteFile(text, []byte("Some text."), 0o644)
	lacks := `speech-dispatcher has no output module "nosuch" (it has espeak-ng)`
	plain := speechHome(t, "")
	// Named on the command line: the command fails with the reason.
	code, _, errs := call(ExportAudio, "", text, "--out", filepath.Join(dir, "flag.wav"), "--backend", "speechd", "--module", "nosuch", "--home", plain)
	if code != 1 || !strings.Contains(errs, lacks) {
		t.Errorf("export-audio --module nosuch: exit %d, %q", code, errs)
	}
	// Chosen by the settings: speechd cannot open with that module, so
	// another engine speaks, with the notice saying why.
	set := speechHome(t, "[speech]\nbackend = \"speechd\"\nspeechd_module = \"nosuch\"\n")
	for _, tc := range []struct{ name, cmd, arg string }{
		{"export-audio", ExportAudio, text},
		{"speak", Speak, "Hi."},
	} {
		out := filepath.Join(dir, tc.name+".wav")
		code, _, errs := call(tc.cmd, "", tc.arg, "--out", out, "--home", set)
		if code != 0 || !strings.Contains(errs, "Speech engine speechd is not available; using espeak\nWhy speechd is not available: "+lacks+".\n") {
			t.Errorf("%s with speech.speechd_module = nosuch: exit %d, %q", tc.name, code, errs)
		}
	}
}

// The speech notices of tw speak and tw export-audio (an engine that fell
// back and why, a voice the engine lacks) follow display.language, as the
// command line's own messages do.
func TestSpeechNoticesInTheInterfaceLanguage(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "a.txt")
	os.WriteFile(text, []byte("Du texte."), 0o644)
	fr := speechHome(t, "[display]\nlanguage = \"fr\"\n[speech]\nbackend = \"eci\"\n")
	tests := []struct {
		name string
		args []string
	}{
		{"speak", []string{Speak, "Bonjour.", "--voice", "nosuchvoice"}},
		{"export-audio", []string{ExportAudio, text, "--voice", "nosuchvoice"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := append(tc.args[1:], "--out", filepath.Join(dir, tc.name+".wav"), "--home", fr)
			code, _, errs := call(tc.args[0], "", args...)
			for _, want := range []string{
				"Le moteur vocal eci n'est pas disponible ; utilisation de espeak\n",
				"Pourquoi eci n'est pas disponible : ",
				"La voix nosuchvoice n'est pas disponible ; utilisation de la voix par défaut de espeak\n",
			} {
				if code != 0 || !strings.Contains(errs, want) {
					t.Errorf("exit %d, stderr %q; want %q in it", code, errs, want)
				}
			}
		})
	}
}
