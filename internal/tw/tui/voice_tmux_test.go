package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTmuxMadeUpVoiceRefusedInEveryLanguage drives the real reader with the
// real espeak-ng in tmux: in the settings list, a voice typed for Voice
// that espeak-ng does not have is refused with the reason and the nearest
// voices, in the interface language, and settings.toml keeps no voice.
func TestTmuxMadeUpVoiceRefusedInEveryLanguage(t *testing.T) {
	tests := []struct {
		lang   string
		list   string // the settings list's title
		filter string // the Voice item's label and a word of "not set"
		item   string // the Voice item as it is said
		want   string // the refusal's start
	}{
		{"en", "Settings", "voice not", "Voice: not set", "No voice matches no-such-voice-qx7. Nearest: "},
		{"ar", "الإعدادات", "الصوت غير", "الصوت: غير محدد", "لا يطابق أي صوت no-such-voice-qx7. الأقرب: "},
		{"de", "Einstellungen", "stimme nicht", "Stimme: nicht gesetzt", "Keine Stimme passt zu no-such-voice-qx7. Am nächsten: "},
		{"es", "Ajustes", "voz sin", "Voz: sin definir", "Ninguna voz coincide con no-such-voice-qx7. Las más cercanas: "},
		{"fr", "Réglages", "voix non", "Voix : non défini", "Aucune voix ne correspond à no-such-voice-qx7. Les plus proches : "},
		{"pt", "Configurações", "voz não", "Voz: não definido", "Nenhuma voz corresponde a no-such-voice-qx7. Mais próximas: "},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			dir := t.TempDir()
			homeWith(t, dir, "settings.toml", "[display]\nlanguage = \""+tt.lang+"\"\n")
			copySample(t, dir)
			s := startTw(t, 100, 24, dir, "TEXTWEAVER_SPEECH_SINK=clock", "--backend espeak sample.md")
			s.waitScreen("espeak in the status bar", func(sc string) bool { return strings.Contains(sc, "espeak") })
			s.keys("S-F10")
			s.said.expect(tt.list)
			s.text(tt.filter)
			s.said.expect(tt.item)
			s.keys("Enter")
			s.text("no-such-voice-qx7")
			s.keys("Enter")
			said := s.said.expect(tt.want)
			if strings.Count(said, ",") < 2 {
				t.Errorf("the refusal names %q; want three nearest voices", said)
			}
			quit(s.term)
			data, _ := os.ReadFile(filepath.Join(s.home, "settings.toml"))
			if strings.Contains(string(data), "voice") {
				t.Errorf("settings.toml after the refusal:\n%s", data)
			}
		})
	}
}
