package session

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/speech/speechtest"
)

// The export_audio action speaks with the engine the speech settings
// choose, speech.speechd_module included, as reading does: speechd with a
// module the daemon lacks cannot open, so the best other engine exports
// (speechd itself could not write audio at all).
func TestExportAudioFollowsSpeechdModuleSetting(t *testing.T) {
	speechtest.StartSpeechd(t, speechtest.StartPulse(t))
	s := Open(Options{Home: home(t, "[speech]\nbackend = \"speechd\"\nspeechd_module = \"nosuch\"\n"), NoSpeech: true})
	defer s.Close()
	out := filepath.Join(t.TempDir(), "a.wav")
	d := doc.New("Some text.", doc.Meta{}, nil)
	if err := s.exportAudio(context.Background(), d, out, "wav", func(float64) {}); err != nil {
		t.Fatalf("export: %v", err)
	}
	if fi, err := os.Stat(out); err != nil || fi.Size() < 1000 {
		t.Errorf("the WAV file: %v", err)
	}
}

// The export_audio action writes subtitles beside the audio when
// export.subtitles_with_audio is on, in export.subtitle_format; off, none.
func TestExportAudioFollowsSubtitleSettings(t *testing.T) {
	for _, tt := range []struct {
		toml, sub string
	}{
		{"", ""},
		{"[export]\nsubtitles_with_audio = true\n", "srt"},
		{"[export]\nsubtitles_with_audio = true\nsubtitle_format = \"vtt\"\n", "vtt"},
	} {
		s := Open(Options{Home: home(t, "[speech]\nbackend = \"espeak\"\n"+tt.toml), NoSpeech: true})
		dir := t.TempDir()
		out := filepath.Join(dir, "a.wav")
		d := doc.New("Some text to hear.", doc.Meta{}, nil)
		if err := s.exportAudio(context.Background(), d, out, "wav", func(float64) {}); err != nil {
			t.Fatalf("export: %v", err)
		}
		s.Close()
		for _, ext := range []string{"srt", "vtt"} {
			data, err := os.ReadFile(filepath.Join(dir, "a."+ext))
			if (ext == tt.sub) != (err == nil) || err == nil && !strings.Contains(string(data), "Some text to hear.") {
				t.Errorf("%q: a.%s: %v %q", tt.toml, ext, err, data)
			}
		}
	}
}
