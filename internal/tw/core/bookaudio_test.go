package core_test

import (
	"os"
	"path/filepath"
	"testing"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/core"
	"textfirst/internal/tw/load"
)

// Opening a talking book that lacks audio files says which, after
// "Opened"; a whole book says nothing more.
func TestOpenSaysMissingAudio(t *testing.T) {
	for _, tc := range []struct {
		name   string
		remove []string
		want   string
	}{
		{"whole", nil, "Opened The Lighthouse Keeper."},
		{"one missing", []string{"s2.wav"}, "This book lacks 1 of its audio files (audio/s2.wav): their text is read with speech."},
		{"all missing", []string{"s1.wav", "s2.wav", "s3.wav"},
			"This book lacks 3 of its audio files (audio/s1.wav, audio/s2.wav, audio/s3.wav): their text is read with speech."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "book")
			testkit.MakeDAISY2(t, dir, testkit.DAISYBook, []int{1, 2, 2}, true)
			for _, f := range tc.remove {
				if err := os.Remove(filepath.Join(dir, "audio", f)); err != nil {
					t.Fatal(err)
				}
			}
			rec := &recorder{}
			app := core.New(core.Options{Home: t.TempDir(), Events: rec, Load: load.File, Parse: load.Bytes})
			t.Cleanup(app.Close)
			if err := app.Open(dir); err != nil {
				t.Fatal(err)
			}
			if got := rec.last(); got != tc.want {
				t.Errorf("said %q last, want %q", got, tc.want)
			}
		})
	}
}
