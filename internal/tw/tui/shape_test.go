package tui

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// shaped lays out one line with tw's shaping and returns what the screen
// shows, left to right.
func shaped(text, mode string) string {
	lo := newLayout(plain(text), 80)
	lo.rtl = mode
	var b strings.Builder
	for _, c := range lo.cells(lo.rowsOf(0)[0], lo.rtlParagraph(0)) {
		b.WriteString(c.text)
	}
	return b.String()
}

func runes(s string) string {
	var parts []string
	for _, r := range s {
		parts = append(parts, fmt.Sprintf("%04X", r))
	}
	return strings.Join(parts, " ")
}

// TestArabicJoinsWhereTheTerminalCannot checks the shaping of known words
// letter by letter against Unicode's presentation forms, in the visual
// order the screen shows them (right to left reversed into cells).
func TestArabicJoinsWhereTheTerminalCannot(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		// سلام: seen initial, lam-alef final ligature (lam joins seen), meem
		// isolated (alef does not join on); shown reversed.
		{"salam", "سلام", "\uFEE1\uFEFC\uFEB3"},
		// مرحبا: meem initial, reh final, hah initial (reh does not join
		// on), beh medial, alef final.
		{"marhaba", "مرحبا", "\uFE8E\uFE92\uFEA3\uFEAE\uFEE3"},
		// بيت: beh initial, yeh medial, teh final.
		{"bayt", "بيت", "\uFE96\uFEF4\uFE91"},
		// A lone lam-alef: the isolated ligature.
		{"la", "لا", "\uFEFB"},
		// Marks stay with their letter: سَلام with a fatha on seen.
		{"harakat", "سَلام", "\uFEE1\uFEFC\uFEB3\u064E"},
		// Persian پدر: peh initial, dal final, reh isolated (dal does not
		// join on).
		{"persian pedar", "پدر", "\uFEAD\uFEAA\uFB58"},
		// A zero-width non-joiner stops the join: می‌روم (mi-ravam); reh and
		// waw join nothing after them, so waw and meem stand alone.
		{"zwnj", "می\u200cروم", "\uFEE1\uFEED\uFEAD\uFBFD\u200c\uFEE3"},
		// Two words: each shaped on its own, the sentence reversed.
		{"two words", "سلام عليكم", "\uFEE2\uFEDC\uFEF4\uFEE0\uFECB \uFEE1\uFEFC\uFEB3"},
		// ماء: meem initial, alef final, and hamza, which joins nothing,
		// in its isolated form.
		{"hamza", "ماء", "\uFE80\uFE8E\uFEE3"},
		// Hebrew has no joining: only reordered.
		{"hebrew untouched", "שלום", "םולש"},
		// Left-to-right text is never touched.
		{"english", "salam 1", "salam 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := shaped(tt.text, rtlShaped); got != tt.want {
				t.Errorf("shown %q (%s), want %q (%s)", got, runes(got), tt.want, runes(tt.want))
			}
		})
	}
}

// TestTerminalModeLeavesLogicalOrder: for a terminal that reorders and
// shapes itself, the text goes out as it is in the document.
func TestTerminalModeLeavesLogicalOrder(t *testing.T) {
	for _, text := range []string{"سلام", "مرحبا بالعالم", "Arabic: سلام (1)"} {
		if got := shaped(text, rtlTerminal); got != text {
			t.Errorf("%q shown as %q", text, got)
		}
	}
}

func TestRTLModeByTerminal(t *testing.T) {
	tests := []struct {
		setting string
		env     map[string]string
		want    string
	}{
		{"auto", map[string]string{"TERM": "xterm-256color"}, rtlShaped},
		{"auto", map[string]string{"TERM": "mlterm"}, rtlTerminal},
		{"auto", map[string]string{"TERM": "mlterm", "TMUX": "/tmp/x"}, rtlShaped},
		{"off", map[string]string{"TERM": "xterm"}, rtlTerminal},
		{"on", map[string]string{"TERM": "mlterm"}, rtlShaped},
		{"", map[string]string{}, rtlShaped},
	}
	for _, tt := range tests {
		if got := rtlMode(tt.setting, func(k string) string { return tt.env[k] }); got != tt.want {
			t.Errorf("rtlMode(%q, %v) = %q, want %q", tt.setting, tt.env, got, tt.want)
		}
	}
}

// FuzzShapeArabic checks, for any text, that shaping keeps every code
// point of each row in exactly one cell (cursor and highlight positions
// stay right), draws no cell empty, and leaves no Arabic letter that has
// presentation forms unshaped.
func FuzzShapeArabic(f *testing.F) {
	f.Add("سلام عليكم", 6)
	f.Add("لا إله لأ لآ ل\u200cا", 3)
	f.Add("می\u200cروم پدر گل ک", 80)
	f.Add("سَلامٌ 2026 (Go) ـــ ء", 4)
	f.Add("ل", 1)
	f.Fuzz(func(t *testing.T, text string, width int) {
		if width < 1 || width > 500 || !utf8.ValidString(text) {
			return
		}
		lo := newLayout(plain(text), width)
		lo.rtl = rtlShaped
		for l := 0; l < lo.lines(); l++ {
			rtl := lo.rtlParagraph(l)
			for i, r := range lo.rowsOf(l) {
				covered := map[int]int{}
				for _, c := range lo.cells(r, rtl) {
					if c.text == "" || c.n < 1 {
						t.Fatalf("line %d row %d: empty cell %+v", l, i, c)
					}
					for p := c.pos; p < c.pos+c.n; p++ {
						covered[p]++
					}
					if b, _ := utf8.DecodeRuneInString(c.text); b != 0 {
						if form, ok := arabicForms[b]; ok && (form.join == joinDual || form.join == joinRight) {
							t.Fatalf("line %d row %d: %q left unshaped in %q", l, i, b, c.text)
						}
					}
				}
				for p := r.start; p < r.end; p++ {
					if covered[p] != 1 {
						t.Fatalf("line %d row %d: code point %d in %d cells", l, i, p, covered[p])
					}
				}
				if len(covered) != r.end-r.start {
					t.Fatalf("line %d row %d: cells cover %d code points, the row has %d", l, i, len(covered), r.end-r.start)
				}
			}
		}
	})
}
