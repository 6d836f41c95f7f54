package tui

import (
	"strings"

	"github.com/gdamore/tcell/v2"

	"testing"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/settings"
)

// TestHighlightGranularity: highlight.granularity decides what the
// highlight of a reading covers on the screen: the word heard, its whole
// sentence, or the word with the rest of its sentence underlined.
func TestHighlightGranularity(t *testing.T) {
	const text = "The tide turns. The moon pulls the sea."
	const moon, sentence2 = 20, 16 // "moon", and the second sentence's first letter
	tests := []struct {
		granularity string
		// whether each column is drawn in the heard style, and underlined
		heardAt, underlinedAt, plainAt []int
	}{
		{"word", []int{moon, moon + 3}, nil, []int{0, sentence2, moon + 6}},
		{"sentence", []int{sentence2, moon, moon + 6, 38}, nil, []int{0, 14}},
		{"both", []int{moon, moon + 3}, []int{sentence2, moon + 6, 38}, []int{0, 14}},
	}
	for _, tt := range tests {
		t.Run(tt.granularity, func(t *testing.T) {
			s := newSim(t, "tide.txt", text+"\n", 60, 8, defaultCfg)
			s.set("highlight.granularity", tt.granularity)
			s.r.cfg.Events.Playback(core.Reading)
			s.r.cfg.Events.Position(moon, moon+4, 0)
			s.r.Draw()
			for _, x := range tt.heardAt {
				if got := textStyle(s, x, 0); got != s.r.th.heard {
					t.Errorf("column %d (%q) is not drawn as heard", x, text[x])
				}
			}
			for _, x := range tt.underlinedAt {
				_, _, attrs := textStyle(s, x, 0).Decompose()
				if textStyle(s, x, 0) == s.r.th.heard || attrs&tcell.AttrUnderline == 0 {
					t.Errorf("column %d (%q) is not underlined apart from the word heard", x, text[x])
				}
			}
			for _, x := range tt.plainAt {
				if got := textStyle(s, x, 0); got != s.r.th.text {
					t.Errorf("column %d (%q) is marked", x, text[x])
				}
			}
		})
	}
}

// TestSentenceHighlightColor: with the highlight on the word and the
// sentence, highlight.sentence_color colors the rest of the sentence (in
// the theme's shade of that color), underlined by default.
func TestSentenceHighlightColor(t *testing.T) {
	const text = "The tide turns. The moon pulls the sea."
	s := newSim(t, "tide.txt", text+"\n", 60, 8, defaultCfg)
	st := s.r.cfg.Settings.(*settings.Store)
	for path, v := range map[string]any{"highlight.granularity": "both", "display.theme": "high-contrast", "highlight.sentence_color": "cyan"} {
		s.set(path, v)
	}
	s.r.cfg.Events.Playback(core.Reading)
	s.r.cfg.Events.Position(20, 24, 0)
	s.r.Draw()
	_, bg, _ := textStyle(s, 16, 0).Decompose()
	if want := rgb(heardColors["cyan"].OnDark); bg != want {
		t.Errorf("the rest of the sentence is on %v, want cyan %v", bg, want)
	}
	if textStyle(s, 20, 0) != s.r.th.heard {
		t.Error("the word heard lost its own highlight")
	}
	if _, err := st.Set("highlight.sentence_color", "plaid"); err == nil || !strings.Contains(err.Error(), "highlight.sentence_color must be one of underline, yellow") {
		t.Errorf("an unknown color: %v", err)
	}
}

// TestHighlightLead: highlight.lead_words draws the highlight that many
// words on from the word heard (1: the word itself, 0: the one before).
func TestHighlightLead(t *testing.T) {
	const text = "The tide turns. The moon pulls the sea."
	tests := []struct {
		lead    int
		heardAt int // the first column drawn as heard
		word    string
	}{
		{1, 20, "moon"},
		{2, 25, "pulls"},
		{3, 31, "the"},
		{0, 16, "The"},
	}
	for _, tt := range tests {
		s := newSim(t, "tide.txt", text+"\n", 60, 8, defaultCfg)
		s.set("highlight.lead_words", float64(tt.lead))
		s.r.cfg.Events.Playback(core.Reading)
		s.r.cfg.Events.Position(20, 24, 0) // "moon" is heard
		s.r.Draw()
		var got strings.Builder
		for x := range len(text) {
			if textStyle(s, x, 0) == s.r.th.heard {
				got.WriteByte(text[x])
			}
		}
		if got.String() != tt.word || textStyle(s, tt.heardAt, 0) != s.r.th.heard {
			t.Errorf("lead %d: highlighted %q, want %q", tt.lead, got.String(), tt.word)
		}
	}
}
