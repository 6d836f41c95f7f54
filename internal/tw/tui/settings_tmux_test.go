package tui

import (
	"strings"
	"testing"
	"time"
)

// TestTmuxSettingsListFollowsTheLanguage drives the real reader in tmux:
// with a filter typed in the settings list, switching the interface
// language to Arabic and back keeps the setting in the list (the filter
// also matches the setting's key and English label), the whole list
// (its title too) is shown in the new language, and Escape says what was
// kept rather than "Cancelled." (which it says when every value is back
// as it was).
func TestTmuxSettingsListFollowsTheLanguage(t *testing.T) {
	t.Parallel() // its own tmux server, home and files
	s := startSampleWith(t, 100, 24, "[display]\nlanguage = \"en\"\n", "", "--no-speech sample.md")
	s.said.expect("Opened A Walk Through the Lighthouse.")

	s.keys("S-F10")
	s.said.expect("Settings, ")
	s.text("interface language")
	s.said.expect("Interface language: English, 1 of 1")
	s.press([]step{
		{"", "Right", "لغة الواجهة: العربية (Arabic)"},
		{"", "Down", "لغة الواجهة: العربية (Arabic)، 1 من 1"},
	})
	// The list's title is drawn in Arabic: joined, as the reader draws
	// Arabic ("الإعدادات" ends with its final teh marbuta).
	s.waitScreen("the list's title in Arabic", func(sc string) bool {
		return !strings.Contains(sc, "Settings") && strings.Contains(sc, "\uFE94")
	})
	s.press([]step{
		{"", "Left", "Interface language: English"},
		{"", "Up", "Interface language: English, 1 of 1"},
		// Back as it was: nothing was kept.
		{"", "Escape", "Cancelled."},

		// To Arabic, kept: Escape says so, in Arabic.
		{"", "S-F10", "Settings, "},
		{"interface language", "", "Interface language: English, 1 of 1"},
		{"", "Right", "لغة الواجهة: العربية (Arabic)"},
		{"", "Escape", "أُغلقت الإعدادات. حُفظ: لغة الواجهة: العربية (Arabic)."},

		// A user stuck in Arabic finds the setting by its English name.
		{"", "S-F10", "الإعدادات، "},
		{"interface language", "", "لغة الواجهة: العربية (Arabic)، 1 من 1"},
		{"", "Left", "Interface language: English"},
		{"", "Escape", "Settings closed. Kept: Interface language: English."},
	})
	time.Sleep(300 * time.Millisecond) // so W is not read as Alt+W
	s.press([]step{{"", "W", "Line 1 of "}})
	s.quit()
}

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
