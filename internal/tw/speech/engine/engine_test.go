package engine

import (
	"testing"

	"textfirst/internal/tw/settings"
)

func TestClamp(t *testing.T) {
	tests := []struct{ in, want Params }{
		{DefaultParams(), DefaultParams()},
		{Params{Rate: 10, Pitch: -40, Volume: 300, Punctuation: "most", PauseHeadingMs: -5, PauseParagraphMs: 20000},
			Params{Rate: 50, Pitch: -12, Volume: 100, Punctuation: "some", PauseHeadingMs: 0, PauseParagraphMs: 10000}},
		{Params{Rate: 2000, Pitch: 13, Volume: -1, Punctuation: "all", Voice: "en-gb", LatencyOffsetMs: 5000},
			Params{Rate: 900, Pitch: 12, Volume: 0, Punctuation: "all", Voice: "en-gb", LatencyOffsetMs: 1000}},
	}
	for _, tt := range tests {
		if got := tt.in.Clamp(); got != tt.want {
			t.Errorf("Clamp(%+v) = %+v, want %+v", tt.in, got, tt.want)
		}
	}
	if d := DefaultParams(); d.Rate != 265 || d.Pitch != 0 || d.Volume != 100 || d.Punctuation != "some" ||
		d.PauseHeadingMs != 400 || d.PauseParagraphMs != 300 || d.PauseListItemMs != 150 || d.Voice != "" ||
		d.LatencyOffsetMs != 120 || d.Lexicon != nil {
		t.Errorf("defaults %+v", d)
	}
}

// TestParamsFromTheStore: pronunciations and the latency offset set in the
// settings reach the speech parameters.
func TestParamsFromTheStore(t *testing.T) {
	st, _, err := settings.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Set("speech.pronunciations", map[string]any{"GNU": "guh new", "/v(\\d)/": "version $1"}); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Set("speech.latency_offset_ms", 300.0); err != nil {
		t.Fatal(err)
	}
	p := ParamsFrom(st)
	if p.LatencyOffsetMs != 300 || p.Lexicon == nil || len(p.Lexicon.Entries) != 2 {
		t.Fatalf("params %+v", p)
	}
	if again := ParamsFrom(st); !again.Lexicon.Same(p.Lexicon) {
		t.Error("the same settings give lexicons that differ")
	}
}
