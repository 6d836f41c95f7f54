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

// TestReadingMinutesMatchTheAudio: the reading time is what tw's audio
// lasts, not words divided by the rate: at the default rate (265) tw
// speaks about 207 words a minute (measured from espeak-ng through tw's
// narration: Debian's git README, 454 words, is 2 minutes 8 seconds of
// audio, where words/rate said under 2).
func TestReadingMinutesMatchTheAudio(t *testing.T) {
	tests := []struct{ words, rate, want int }{
		{454, 265, 2},   // git's README: 2:08 of audio
		{1035, 265, 5},  // 5 minutes at 207 heard a minute (words/rate said 4)
		{3199, 265, 15}, // prose with few pauses runs faster than this estimate
		{29, 265, 1},    // a short note is still about a minute
		{0, 265, 0},
		{2070, 530, 5}, // twice the rate, half the time
	}
	for _, tt := range tests {
		if got := core.ReadingMinutes(tt.words, tt.rate); got != tt.want {
			t.Errorf("%d words at %d: %d minutes, want %d", tt.words, tt.rate, got, tt.want)
		}
	}
}
