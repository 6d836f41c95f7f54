package core_test

import (
	"testing"

	"textfirst/internal/tw/core"
)

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
