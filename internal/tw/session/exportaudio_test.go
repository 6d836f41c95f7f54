package session

import (
	"context"
	"os"
	"path/filepath"
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
