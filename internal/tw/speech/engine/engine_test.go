package engine

import "testing"

func TestClamp(t *testing.T) {
	tests := []struct{ in, want Params }{
		{DefaultParams(), DefaultParams()},
		{Params{Rate: 10, Pitch: -40, Volume: 300, Punctuation: "most", PauseHeadingMs: -5, PauseParagraphMs: 20000},
			Params{Rate: 50, Pitch: -12, Volume: 100, Punctuation: "some", PauseHeadingMs: 0, PauseParagraphMs: 10000}},
		{Params{Rate: 2000, Pitch: 13, Volume: -1, Punctuation: "all", Voice: "en-gb"},
			Params{Rate: 900, Pitch: 12, Volume: 0, Punctuation: "all", Voice: "en-gb"}},
	}
	for _, tt := range tests {
		if got := tt.in.Clamp(); got != tt.want {
			t.Errorf("Clamp(%+v) = %+v, want %+v", tt.in, got, tt.want)
		}
	}
	if d := DefaultParams(); d.Rate != 265 || d.Pitch != 0 || d.Volume != 100 || d.Punctuation != "some" ||
		d.PauseHeadingMs != 400 || d.PauseParagraphMs != 300 || d.PauseListItemMs != 150 || d.Voice != "" {
		t.Errorf("defaults %+v", d)
	}
}
