package cli_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/testkit"
)

// TestCommandsFollowTheirSettings: tw summarize gives summary.sentences
// sentences unless -n says otherwise, and tw define reads the glossary
// lexicon.glossary names, each set with tw settings set in the same home.
func TestCommandsFollowTheirSettings(t *testing.T) {
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	file := testkit.WriteFile(t, filepath.Join(dir, "tides.md"), tidesMD)
	glossary := testkit.WriteFile(t, filepath.Join(dir, "terms.txt"), "tidewrack: what the sea leaves on the shore\n")
	for _, set := range [][]string{{"summary.sentences", "3"}, {"lexicon.glossary", glossary}} {
		if code, _, stderr := run(t, "", nil, "settings", "set", set[0], set[1], "--home", home); code != 0 {
			t.Fatalf("settings set %s: exit %d, %s", set[0], code, stderr)
		}
	}
	tests := []struct {
		args  []string
		lines int
	}{
		{[]string{"summarize", file, "--home", home}, 3},
		{[]string{"summarize", file, "--home", home, "-n", "1"}, 1},
		{[]string{"summarize", file}, 5},
	}
	for _, tt := range tests {
		code, stdout, stderr := run(t, "", map[string]string{"TEXTWEAVER_HOME": filepath.Join(dir, "other")}, tt.args...)
		if got := strings.Count(stdout, "\n"); code != 0 || got != tt.lines {
			t.Errorf("tw %s: exit %d, %d lines, want %d: %q %q", strings.Join(tt.args, " "), code, got, tt.lines, stdout, stderr)
		}
	}
	code, stdout, stderr := run(t, "", nil, "define", "tidewrack", "--home", home)
	if code != 0 || !strings.Contains(stdout, "what the sea leaves on the shore") {
		t.Errorf("tw define: exit %d, %q %q", code, stdout, stderr)
	}
	code, _, stderr = run(t, "", nil, "settings", "set", "summary.sentences", "lots", "--home", home)
	if code == 0 || !strings.Contains(stderr, `summary.sentences is a number, not "lots"`) {
		t.Errorf("a wrong value: exit %d, %q", code, stderr)
	}
}

// TestExportAudioFollowsSubtitleSettings: with export.subtitles_with_audio
// on, tw export-audio writes subtitles in export.subtitle_format without
// being asked, a cue per word with export.subtitle_word_level; --subtitles
// still wins; export.subtitle_chapters adds a WebVTT file of the chapters.
func TestExportAudioFollowsSubtitleSettings(t *testing.T) {
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	md := testkit.WriteFile(t, filepath.Join(dir, "tide.md"), "# Tide\n\nThe moon pulls the sea. The sea follows.\n")
	export := func(name string, args ...string) (vtt, srt string) {
		t.Helper()
		out := filepath.Join(dir, name+".wav")
		argv := append([]string{"export-audio", md, "--out", out, "--backend", "espeak", "--home", home}, args...)
		if code, stdout, stderr := run(t, "", nil, argv...); code != 0 {
			t.Fatalf("tw %s: exit %d, %q %q", strings.Join(argv, " "), code, stdout, stderr)
		}
		read := func(ext string) string {
			data, _ := os.ReadFile(filepath.Join(dir, name+"."+ext))
			return string(data)
		}
		return read("vtt"), read("srt")
	}
	if vtt, srt := export("plain"); vtt != "" || srt != "" {
		t.Fatalf("subtitles written with the settings' defaults: %q %q", vtt, srt)
	}
	for _, set := range [][]string{{"export.subtitles_with_audio", "on"}, {"export.subtitle_format", "vtt"}} {
		if code, _, stderr := run(t, "", nil, "settings", "set", set[0], set[1], "--home", home); code != 0 {
			t.Fatalf("settings set %s: exit %d, %s", set[0], code, stderr)
		}
	}
	vtt, srt := export("sentences")
	if !strings.HasPrefix(vtt, "WEBVTT") || srt != "" || !strings.Contains(vtt, "The moon pulls the sea.") {
		t.Fatalf("with subtitles on, in vtt: %q %q", vtt, srt)
	}
	if code, _, stderr := run(t, "", nil, "settings", "set", "export.subtitle_word_level", "on", "--home", home); code != 0 {
		t.Fatal(stderr)
	}
	words, _ := export("words")
	if strings.Count(words, "-->") <= strings.Count(vtt, "-->") || strings.Contains(words, "The moon pulls the sea.") {
		t.Errorf("word cues %q after sentence cues %q", words, vtt)
	}
	if _, srt := export("asked", "--subtitles", "srt", "--word-level=false"); !strings.Contains(srt, "The moon pulls the sea.") {
		t.Errorf("--subtitles srt gave %q", srt)
	}
	if code, _, stderr := run(t, "", nil, "settings", "set", "export.subtitle_chapters", "on", "--home", home); code != 0 {
		t.Fatal(stderr)
	}
	book := testkit.WriteFile(t, filepath.Join(dir, "book.md"), "# One\n\nFirst words.\n\n# Two\n\nLast words.\n")
	if code, stdout, stderr := run(t, "", nil, "export-audio", book, "--out", filepath.Join(dir, "book.wav"), "--backend", "espeak", "--home", home); code != 0 ||
		!strings.Contains(stdout, "Chapters in "+filepath.Join(dir, "book.chapters.vtt")) {
		t.Fatalf("with export.subtitle_chapters: exit %d, %q %q", code, stdout, stderr)
	}
	chapters, _ := os.ReadFile(filepath.Join(dir, "book.chapters.vtt"))
	if !strings.HasPrefix(string(chapters), "WEBVTT") || strings.Count(string(chapters), "-->") != 2 || !strings.Contains(string(chapters), "\nTwo\n") {
		t.Errorf("chapters file %q", chapters)
	}
	if code, _, stderr := run(t, "", nil, "settings", "set", "export.subtitle_format", "ass", "--home", home); code == 0 || !strings.Contains(stderr, "export.subtitle_format") {
		t.Errorf("an unknown subtitle format: exit %d, %q", code, stderr)
	}
}

// TestDefineReadsTheDictionaryFolderSetting: lexicon.data_file names the
// WordNet database tw define reads: Debian's wordnet-base folder works, a
// folder without one is said to hold no dictionary.
func TestDefineReadsTheDictionaryFolderSetting(t *testing.T) {
	home := filepath.Join(t.TempDir(), "home")
	set := func(v string) {
		t.Helper()
		if code, _, stderr := run(t, "", nil, "settings", "set", "lexicon.data_file", v, "--home", home); code != 0 {
			t.Fatalf("settings set: %s", stderr)
		}
	}
	set("/usr/share/wordnet")
	if code, stdout, stderr := run(t, "", nil, "define", "tide", "--home", home); code != 0 || !strings.Contains(stdout, "the periodic rise and fall of the sea level") {
		t.Errorf("with Debian's WordNet: exit %d, %q %q", code, stdout, stderr)
	}
	empty := t.TempDir()
	set(empty)
	if code, _, stderr := run(t, "", nil, "define", "tide", "--home", home); code != 1 || !strings.Contains(stderr, filepath.Join(empty, "index.noun")) {
		t.Errorf("with an empty folder: exit %d, %q", code, stderr)
	}
}
