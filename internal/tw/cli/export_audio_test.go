package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// formatName is the container ffprobe finds in a file.
func formatName(t *testing.T, path string) string {
	t.Helper()
	out, err := exec.Command("ffprobe", "-v", "error", "-show_entries", "format=format_name", "-of", "default=nw=1:nk=1", path).Output()
	if err != nil {
		t.Fatalf("ffprobe %s: %v (run scripts/deps-export.sh)", path, err)
	}
	return strings.TrimSpace(string(out))
}

func TestSpeakAndExportEncode(t *testing.T) {
	dir := t.TempDir()
	md := filepath.Join(dir, "book.md")
	os.WriteFile(md, []byte("# One\n\nFirst words.\n\n# Two\n\nLast words.\n"), 0o644)
	// tw speak --out talk.mp3 writes MP3, not WAV data.
	mp3 := filepath.Join(dir, "talk.mp3")
	if code, out, errs := call(Speak, "", "Hello there.", "--out", mp3); code != 0 || !strings.HasPrefix(out, "Wrote "+mp3+": ") {
		t.Fatalf("speak: exit %d, %q, %q", code, out, errs)
	}
	if got := formatName(t, mp3); got != "mp3" {
		t.Errorf("talk.mp3 is %q", got)
	}
	if _, err := os.Stat(mp3 + ".json"); !os.IsNotExist(err) {
		t.Error("tw speak wrote a sidecar")
	}
	// --format wins over the extension.
	odd := filepath.Join(dir, "book.audio")
	code, out, errs := call(ExportAudio, "", md, "--out", odd, "--format", "flac", "--subtitles", "vtt")
	if code != 0 || formatName(t, odd) != "flac" {
		t.Fatalf("exit %d, %q, %q", code, out, errs)
	}
	if want := "Wrote " + odd + ": "; !strings.HasPrefix(out, want) || !strings.Contains(out, "2 chapters") || !strings.Contains(out, "Subtitles in "+filepath.Join(dir, "book.vtt")) {
		t.Errorf("stdout %q", out)
	}
	// --split lists the files.
	code, out, _ = call(ExportAudio, "", md, "--out", filepath.Join(dir, "s.m4b"), "--split", "--range", "two")
	if code != 0 || !strings.Contains(out, "in 1 file;") || !strings.Contains(out, filepath.Join(dir, "s-01.m4b")+": Two (") {
		t.Errorf("split: exit %d, %q", code, out)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{md, "--out", "x.aiff"}, 2, "cannot tell the format of x.aiff: give --format wav, flac, mp3, opus or m4b"},
		{[]string{md, "--out", "x.mp3", "--format", "wma"}, 2, `unknown audio format "wma"`},
		{[]string{md, "--out", "x.mp3", "--subtitles", "ass"}, 2, `--subtitles wants srt or vtt, not "ass"`},
		{[]string{md, "--out", "x.mp3", "--word-level"}, 2, "--word-level goes with --subtitles srt|vtt"},
		{[]string{md, "--out", "x.mp3", "--range", "Three"}, 2, `--range: no heading "Three". Give a heading`},
		{[]string{md, "--out", "x.epub", "--split"}, 2, "a read-along book (x.epub) is one file with MP3 audio: leave out --split and --format"},
		{[]string{md, "--out", "x.html", "--format", "flac"}, 2, "a read-along book (x.html) is one file with MP3 audio"},
	} {
		code, _, errs := call(ExportAudio, "", tc.args...)
		if code != tc.code || !strings.HasPrefix(errs, "Error: tw export-audio: ") || !strings.Contains(errs, tc.want) {
			t.Errorf("%q: exit %d, %q", tc.args, code, errs)
		}
	}
	// Without ffmpeg: the package to install is named; nothing is written.
	t.Setenv("PATH", t.TempDir())
	out3 := filepath.Join(dir, "none.opus")
	code, _, errs = call(ExportAudio, "", md, "--out", out3)
	if want := "Error: tw export-audio: cannot write " + out3 + ": ffmpeg is not installed (the Debian package ffmpeg): Ogg Opus needs it. Install it (apt install ffmpeg), or write a .wav file.\n"; code != 1 || errs != want {
		t.Errorf("exit %d, %q", code, errs)
	}
	if _, err := os.Stat(out3); !os.IsNotExist(err) {
		t.Error("a file was written")
	}
}
