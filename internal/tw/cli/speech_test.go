package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/speech"
	"textfirst/internal/tw/speech/speechtest"
)

// The speech commands, as tw runs them.
const (
	Backends    = "backends"
	Voices      = "voices"
	Speak       = "speak"
	ExportAudio = "export-audio"
)

// SettingsHome makes a tw home whose settings.toml is toml (for the tests
// of package cli_test too).
func SettingsHome(t *testing.T, toml string) string {
	t.Helper()
	h := t.TempDir()
	if err := os.WriteFile(filepath.Join(h, "settings.toml"), []byte(toml), 0o644); err != nil {
		t.Fatal(err)
	}
	return h
}

func call(cmd string, stdin string, args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := Main(append([]string{cmd}, args...), Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb,
		Getenv: func(string) string { return "" }})
	return code, out.String(), errb.String()
}

func TestBackends(t *testing.T) {
	code, out, _ := call(Backends, "")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var ids []string
	for _, l := range lines {
		ids = append(ids, strings.Fields(l)[0])
	}
	if got := strings.Join(ids, " "); got != "eci sapi dectalk piper espeak speechd null silent" {
		t.Fatalf("engines in order %q", got)
	}
	for _, want := range []string{
		"sapi — Microsoft SAPI 5; not available: Windows only",
		"espeak — eSpeak NG (libespeak-ng); available (auto's choice here); priority 50; word timing: engine word events",
		"null — No sound; available; priority 0; word timing: estimated: 60/wpm seconds a word",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	code, out, _ = call(Backends, "", "--json")
	var rows []map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &rows) != nil || len(rows) != 8 {
		t.Fatalf("--json: exit %d, %s", code, out)
	}
	if rows[4]["id"] != "espeak" || rows[4]["available"] != true || rows[4]["auto"] != true || rows[0]["reason"] == "" {
		t.Errorf("--json rows %v", rows)
	}
	if code, _, errs := call(Backends, "", "--bogus"); code != 2 || !strings.HasPrefix(errs, "Error: tw backends:") {
		t.Errorf("--bogus: exit %d, %q", code, errs)
	}
}

func TestVoices(t *testing.T) {
	code, out, _ := call(Voices, "", "--backend", "espeak", "--json")
	var v struct {
		Backend string
		Voices  []struct{ ID, Name, Language string }
	}
	if code != 0 || json.Unmarshal([]byte(out), &v) != nil {
		t.Fatalf("exit %d: %s", code, out)
	}
	found := false
	for _, x := range v.Voices {
		found = found || x.Language == "en-us"
	}
	if v.Backend != "espeak" || len(v.Voices) < 50 || !found {
		t.Errorf("%s has %d voices (en-us among them: %v)", v.Backend, len(v.Voices), found)
	}
	// An engine that is not on this machine says so and why; it never
	// lists another engine's voices as its own.
	for _, tc := range []struct{ id, why string }{
		{"dectalk", "DECtalk is proprietary and not installed"},
		{"piper", "piper is not installed here"},
		{"eci", "ETI-Eloquence is proprietary"},
	} {
		code, out, errs := call(Voices, "", "--backend", tc.id)
		want := "Error: tw voices: speech engine " + tc.id + " is not available here: " + tc.why
		if code != 1 || out != "" || !strings.HasPrefix(errs, want) {
			t.Errorf("%s: exit %d, stdout %d bytes, stderr %q, want %q", tc.id, code, len(out), errs, want)
		}
	}
	if code, _, errs := call(Voices, "", "--backend", "nosuch"); code != 2 || !strings.Contains(errs, `no speech engine "nosuch". Run tw backends`) {
		t.Errorf("nosuch: exit %d, %q", code, errs)
	}
}

func TestSpeak(t *testing.T) {
	dir := t.TempDir()
	wav := filepath.Join(dir, "hello.wav")
	code, out, errs := call(Speak, "Hello from standard input.", "-", "--out", wav, "--rate", "400")
	if code != 0 || !strings.HasPrefix(out, "Wrote "+wav+": ") {
		t.Fatalf("exit %d, %q, %q", code, out, errs)
	}
	fast := testkit.SoundSeconds(t, wav)
	call(Speak, "", "Hello from standard input.", "--out", wav, "--rate", "150")
	if slow := testkit.SoundSeconds(t, wav); fast <= 0.3 || slow < fast*2 {
		t.Errorf("400 wpm lasts %.2f s, 150 wpm %.2f s", fast, slow)
	}
	// Spoken aloud with no sound: the null engine takes 60/wpm s a word.
	if code, _, errs := call(Speak, "", "two words", "--backend", "null", "--rate", "900"); code != 0 {
		t.Errorf("null: exit %d, %q", code, errs)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{}, "give one text"},
		{[]string{"   "}, "nothing to speak"},
		{[]string{"x", "--rate", "fast"}, "--rate wants words per minute"},
		{[]string{"x", "--backend", "nosuch"}, "no speech engine"},
	} {
		code, _, errs := call(Speak, "", tc.args...)
		if code != 2 || !strings.HasPrefix(errs, "Error: tw speak: ") || !strings.Contains(errs, tc.want) {
			t.Errorf("%q: exit %d, %q", tc.args, code, errs)
		}
	}
}

func TestSpeechdVoicesAndExport(t *testing.T) {
	speechtest.StartSpeechd(t, speechtest.StartPulse(t))
	code, out, errs := call(Voices, "", "--backend", "speechd")
	if code != 0 || !strings.Contains(out, "\nespeak-ng:English (America)\tEnglish (America)\t(en-US)\n") || !strings.Contains(errs, " voices of speechd (espeak-ng ") {
		t.Errorf("voices of speechd: exit %d, %d bytes, %q", code, len(out), errs)
	}
	dir := t.TempDir()
	md := filepath.Join(dir, "a.txt")
	os.WriteFile(md, []byte("Some text."), 0o644)
	code, _, errs = call(ExportAudio, "", md, "--out", filepath.Join(dir, "a.wav"), "--backend", "speechd")
	if want := "Error: tw export-audio: cannot write " + filepath.Join(dir, "a.wav") + ": speech: the speechd engine plays its audio itself and cannot write a WAV file. "; code != 1 || !strings.HasPrefix(errs, want) {
		t.Errorf("exit %d, %q", code, errs)
	}
}

func TestExportAudio(t *testing.T) {
	dir := t.TempDir()
	md := filepath.Join(dir, "book.md")
	os.WriteFile(md, []byte("# Title\n\nSome text to export, with 1,250 words? No: ten.\n\n- one\n- two\n"), 0o644)
	wav := filepath.Join(dir, "book.wav")
	code, out, errs := call(ExportAudio, "", md, "--out", wav)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if want := "word timings in " + wav + ".json."; !strings.HasSuffix(strings.TrimSpace(out), want) {
		t.Errorf("stdout %q lacks %q", out, want)
	}
	var rec speech.Recording
	data, _ := os.ReadFile(wav + ".json")
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	if got := testkit.SoundSeconds(t, wav); got < 1 || got*1000-rec.DurationMs > 1 || rec.DurationMs-got*1000 > 1 {
		t.Errorf("WAV %.3f s, sidecar %.1f ms", got, rec.DurationMs)
	}
	// The document's words, and the words the narration inserts for its
	// structure, marked as such.
	var texts, inserted []string
	for i, w := range rec.Words {
		if w.Inserted {
			inserted = append(inserted, w.Text)
		} else {
			texts = append(texts, w.Text)
		}
		if i > 0 && w.TimeMs < rec.Words[i-1].TimeMs {
			t.Errorf("word %d goes back in time", i)
		}
	}
	if got := strings.Join(texts, " "); got != "Title Some text to export with 1,250 words No ten one two" {
		t.Errorf("words %q", got)
	}
	if got := strings.Join(inserted, " "); got != "heading level 1 list with 2 items" {
		t.Errorf("inserted words %q", got)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{md}, 2, "--out FILE is required"},
		{[]string{filepath.Join(dir, "missing.md"), "--out", wav}, 1, "cannot read " + filepath.Join(dir, "missing.md") + ": no such file. Check the path"},
		{[]string{dir, "--out", wav}, 1, "is a folder. Give a file"},
		{[]string{md, "--out", filepath.Join(dir, "no", "such", "x.wav")}, 1, "cannot write"},
	} {
		code, _, errs := call(ExportAudio, "", tc.args...)
		if code != tc.code || !strings.HasPrefix(errs, "Error: tw export-audio: ") || !strings.Contains(errs, tc.want) {
			t.Errorf("%q: exit %d, %q", tc.args, code, errs)
		}
	}
}

// TestExportAudioFollowsSettings: tw export-audio (and tw speak, which
// shares its voice flags) speaks as settings.toml says — the rate and the
// pronunciations a listener chose — and a flag still overrides a setting.
func TestExportAudioFollowsSettings(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "text.txt")
	os.WriteFile(text, []byte("Zork is here. One two three four five six seven eight nine ten.\n"), 0o644)
	home := func(toml string) string { return SettingsHome(t, toml) }
	seconds := func(name string, args ...string) float64 {
		t.Helper()
		out := filepath.Join(dir, name+".wav")
		code, _, errs := call(ExportAudio, "", append([]string{text, "--out", out, "--backend", "espeak"}, args...)...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", name, code, errs)
		}
		return testkit.SoundSeconds(t, out)
	}
	plain := seconds("default", "--home", home(""))
	fast := seconds("fast", "--home", home("[speech]\nrate = 500\n"))
	long := seconds("pronounced", "--home", home("[speech.pronunciations]\n\"Zork\" = \"the great underground empire of the ancient kingdom\"\n"))
	flag := seconds("flag", "--home", home("[speech]\nrate = 500\n"), "--rate", "265")
	t.Logf("default %.2f s, rate 500 %.2f s, pronounced %.2f s, --rate over the setting %.2f s", plain, fast, long, flag)
	if fast > 0.75*plain {
		t.Errorf("speech.rate = 500 gave %.2f s against %.2f s at the default", fast, plain)
	}
	if long < plain+1 {
		t.Errorf("the pronunciation did not lengthen the audio: %.2f s against %.2f s", long, plain)
	}
	if flag < 0.9*plain || flag > 1.1*plain {
		t.Errorf("--rate 265 over speech.rate = 500 gave %.2f s, the default %.2f s", flag, plain)
	}
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
	code, _, errs := call(ExportAudio, "", text, "--out", wav, "--backend", "speechd", "--home", SettingsHome(t, ""))
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
	plain := SettingsHome(t, "")
	// Named on the command line: the command fails with the reason.
	code, _, errs := call(ExportAudio, "", text, "--out", filepath.Join(dir, "flag.wav"), "--backend", "speechd", "--module", "nosuch", "--home", plain)
	if code != 1 || !strings.Contains(errs, lacks) {
		t.Errorf("export-audio --module nosuch: exit %d, %q", code, errs)
	}
	// Chosen by the settings: speechd cannot open with that module, so
	// another engine speaks, with the notice saying why.
	set := SettingsHome(t, "[speech]\nbackend = \"speechd\"\nspeechd_module = \"nosuch\"\n")
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

// The speech notices of tw speak and tw export-audio (the settings
// warnings, an engine that fell back and why, a voice the engine lacks)
// follow display.language, as the command line's own messages do.
func TestSpeechNoticesInTheInterfaceLanguage(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "a.txt")
	os.WriteFile(text, []byte("Du texte."), 0o644)
	fr := SettingsHome(t, "[display]\nlanguage = \"fr\"\n[speech]\nbackend = \"eci\"\nrate = \"fast\"\n")
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
				"Avertissement : settings.toml : speech.rate : doit être un nombre ; utilisation de 265\n",
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
