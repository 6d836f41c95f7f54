package core_test

import (
	"strings"
	"testing"
)

// TestGoToWordsInTheInterfaceLanguage: the go-to prompt offers its words
// in the interface language and accepts the very words it offers (and
// the English ones), in every language.
func TestGoToWordsInTheInterfaceLanguage(t *testing.T) {
	const text = "One.\n\nTwo.\n\nThree.\n\nFour.\n\nFive.\n"
	tests := []struct {
		lang, label, start, end, line, percent string
	}{
		{"en", "Go to line, percent, start, or end", "start", "end", "line", "percent"},
		{"fr", "Aller à : ligne, pour cent, début ou fin", "début", "fin", "ligne", "pour cent"},
		{"de", "Gehe zu: Zeile, Prozent, Anfang oder Ende", "Anfang", "Ende", "Zeile", "Prozent"},
		{"es", "Ir a: línea, por ciento, inicio o final", "inicio", "final", "línea", "por ciento"},
		{"pt", "Ir para: linha, por cento, início ou fim", "início", "fim", "linha", "por cento"},
		{"ar", "الانتقال إلى: سطر، بالمئة، البداية أو النهاية", "البداية", "النهاية", "سطر", "بالمئة"},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			app, rec, _ := openWithSettings(t, "five.txt", text, map[string]any{"display.language": tt.lang})
			defer app.Close()
			answers := []struct {
				typed string
				line  int // 1-based, where the answer goes
			}{
				{tt.end, 9}, {tt.start, 1}, {tt.line + " 5", 5}, {"3", 3}, {"100 " + tt.percent, 9},
				{"end", 9}, {"start", 1}, {"line 7", 7},
			}
			for _, ans := range answers {
				mustAction(t, app, "go_to", nil)
				if p := app.PromptState(); p == nil || p.Label != tt.label {
					t.Fatalf("the prompt is %+v, want the label %q", p, tt.label)
				}
				for _, w := range []string{tt.start, tt.end, tt.line, tt.percent} {
					if !strings.Contains(tt.label, w) {
						t.Fatalf("the label %q does not offer %q", tt.label, w)
					}
				}
				app.Answer(ans.typed)
				pos, _ := app.Position()
				if pos.Line != ans.line {
					t.Errorf("%q went to line %d (said %q), want line %d", ans.typed, pos.Line, rec.last(), ans.line)
				}
			}
		})
	}
}
