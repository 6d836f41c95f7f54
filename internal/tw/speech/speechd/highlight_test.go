package speechd

import (
	"math"
	"testing"

	"textfirst/internal/tw/settings"
	"textfirst/internal/tw/speech/engine"
)

// TestHighlightSpeedScalesEstimatedWords: the time a character is
// estimated to take, which paces the words of modules that report no
// index marks, comes from speech.rate and highlight.speed read from the
// settings: 1.5 releases the words in two thirds of the time, 0.5 in
// twice the time.
func TestHighlightSpeedScalesEstimatedWords(t *testing.T) {
	st, _, err := settings.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Set("speech.rate", 300.0); err != nil {
		t.Fatal(err)
	}
	base := 60000.0 / (300 * 6) // ms a character at 300 words per minute
	for _, tt := range []struct {
		speed float64
		want  float64
	}{{1, base}, {1.5, base / 1.5}, {0.5, base * 2}} {
		if _, err := st.Set("highlight.speed", tt.speed); err != nil {
			t.Fatal(err)
		}
		p := engine.ParamsFrom(st).Clamp()
		if got := msPerRune(p.Rate, p.HighlightSpeed); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("highlight.speed %v: %.3f ms a character, want %.3f", tt.speed, got, tt.want)
		}
	}
	if _, err := st.Set("highlight.speed", 3.0); err != nil || st.Float("highlight.speed") != 1.5 {
		t.Errorf("highlight.speed 3: %v, now %v (want clamped to 1.5)", err, st.Float("highlight.speed"))
	}
	if p := engine.DefaultParams().Clamp(); msPerRune(p.Rate, p.HighlightSpeed) != msPerRune(p.Rate, 1) {
		t.Error("the default highlight speed is not 1")
	}
}
