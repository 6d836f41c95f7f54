package audio_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"textfirst/internal/tw/audio"
	"textfirst/internal/tw/load"
)

// TestKaraokeSubtitles: export.subtitle_karaoke, on a real espeak-ng
// export read back by ffprobe. Lines gives a cue per word holding its
// sentence with that word in bold and underlined; tags keeps a cue per
// sentence with a WebVTT timestamp tag before each word but the first,
// each within its cue; off is the sentence cues as they were.
func TestKaraokeSubtitles(t *testing.T) {
	d, err := load.Bytes("k.md", []byte("Small boats rest here. Gulls cry loudly.\n"))
	if err != nil {
		t.Fatal(err)
	}
	export := func(format, karaoke string) (string, int, int) {
		t.Helper()
		out := filepath.Join(t.TempDir(), "k.wav")
		res, err := audio.Export(context.Background(), d, audio.Options{Out: out, Speech: espeak(), Subtitles: format, Karaoke: karaoke, NoSidecar: true})
		if err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(res.Files[0].Subtitles)
		if err != nil {
			t.Fatal(err)
		}
		return string(data), len(ffprobe(t, res.Files[0].Subtitles, "-show_packets").Packets), len(documentWords(res.Recording))
	}
	text, cues, words := export("vtt", "lines")
	if cues != words || words != 7 {
		t.Errorf("lines: %d cues for %d words, want one per word:\n%s", cues, words, text)
	}
	for _, w := range []string{"<b><u>Small</u></b> boats rest here.", "Small boats rest <b><u>here</u></b>.", "Gulls cry <b><u>loudly</u></b>."} {
		if !strings.Contains(text, w) {
			t.Errorf("lines: no cue %q in\n%s", w, text)
		}
	}
	text, cues, _ = export("vtt", "tags")
	tag := regexp.MustCompile(`<(\d\d:\d\d:\d\d\.\d\d\d)>`)
	if cues != 2 || len(tag.FindAllString(text, -1)) != 5 {
		t.Errorf("tags: %d cues, %d tags, want 2 and 5:\n%s", cues, len(tag.FindAllString(text, -1)), text)
	}
	for _, block := range strings.Split(strings.TrimSpace(text), "\n\n")[1:] {
		lines := strings.SplitN(block, "\n", 2)
		times := strings.Fields(lines[0])
		for _, m := range tag.FindAllStringSubmatch(lines[1], -1) {
			if m[1] < times[0] || m[1] > times[2] {
				t.Errorf("tag %s outside its cue %s", m[1], lines[0])
			}
		}
	}
	text, cues, _ = export("srt", "lines")
	if cues != 7 || !strings.Contains(text, "Gulls <b><u>cry</u></b> loudly.") {
		t.Errorf("SubRip lines: %d cues:\n%s", cues, text)
	}
	text, cues, _ = export("vtt", "off")
	if cues != 2 || strings.Contains(text, "<") {
		t.Errorf("off: %d cues:\n%s", cues, text)
	}
}
