package tui

import (
	"strings"
	"testing"
)

// TestTmuxColorSettingsListTheColorsWithTheirContrast drives the real
// reader in tmux with the dark theme: color_settings (from the command
// palette) lists the colors drawn, each with its WCAG contrast, then the
// settings that choose them; Enter on the theme moves it to the next one.
func TestTmuxColorSettingsListTheColorsWithTheirContrast(t *testing.T) {
	t.Parallel() // its own tmux server, home and files
	s := startSampleWith(t, 100, 30, "[display]\ntheme = \"dark\"\n", "", "--no-speech sample.md")
	s.said.expect("Opened A Walk Through the Lighthouse.")
	s.press([]step{
		{"", "F2", "Command"},
		{"color settings", "Enter", "Color settings, 8 items."},
	})
	s.waitScreen("the colors and their contrast", func(sc string) bool {
		return strings.Contains(sc, "Text: #D4D4D4 on #1E1E1E, contrast 11.2 to 1") &&
			strings.Contains(sc, "Word being heard: #000000 on #FFE45C, contrast 16.5 to 1") &&
			strings.Contains(sc, "Theme: ")
	})
	for range 5 {
		s.keys("Down")
	}
	s.press([]step{{"", "Enter", "Theme: "}})
	s.quit()
}
