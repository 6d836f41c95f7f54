package tui

import (
	"os"

	"textfirst/internal/tw/settings"
)

// followedTheme is the theme st chooses, following the terminal's
// background (COLORFGBG) when display.follow_os_theme asks it to.
func followedTheme(st SettingsReader) string {
	return settings.FollowedTheme(st, os.Getenv("COLORFGBG"))
}
