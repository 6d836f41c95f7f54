package tui

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"textfirst/internal/testkit"
)

// TestTmuxFollowTheTerminalsColors: with display.follow_os_theme on, a
// real terminal whose COLORFGBG says its background is light gets the
// light theme's page and one that says dark the dark theme's; a theme
// picked by hand (display.theme_explicit) stays the terminal's own.
func TestTmuxFollowTheTerminalsColors(t *testing.T) {
	needTmux(t)
	bgCode := regexp.MustCompile(`\x1b\[(?:[0-9]+;)*?(48;5;[0-9]+|48;2;[0-9;]+|4[0-7]|10[0-7])m`)
	page := func(toml, colorfgbg string) string {
		dir := t.TempDir()
		homeWith(t, dir, "settings.toml", toml)
		testkit.WriteFile(t, filepath.Join(dir, "p.txt"), "Quiet words on a page.\nAnother line here.\n")
		s := startTw(t, 60, 10, dir, "COLORFGBG='"+colorfgbg+"'", "--no-speech p.txt")
		s.said.expect("Opened p.txt.")
		s.waitScreen("the text", func(sc string) bool { return strings.Contains(sc, "Another line") })
		// tmux carries a row's colors on to the next, so the page's color
		// is read where the first row's words after the cursor begin.
		var row string
		for _, r := range strings.Split(s.styled(), "\n") {
			if strings.Contains(r, "words on") {
				row = r[:strings.Index(r, "words on")]
			}
		}
		s.quit()
		if i := strings.Index(row, "Quiet"); i >= 0 {
			row = row[i:]
		}
		if m := bgCode.FindAllStringSubmatch(row, -1); m != nil {
			return m[len(m)-1][1]
		}
		return "default"
	}
	const follow = "[display]\nfollow_os_theme = true\n"
	light, dark := page(follow, "0;15"), page(follow, "15;default;0")
	picked := page(follow+"theme_explicit = true\n", "0;15")
	off := page("", "0;15")
	t.Logf("light %q, dark %q, picked %q, not following %q", light, dark, picked, off)
	if light == "default" || dark == "default" || light == dark {
		t.Errorf("a light terminal's page %q and a dark one's %q are not two colors", light, dark)
	}
	if picked != "default" || off != "default" {
		t.Errorf("a theme picked by hand drew %q, follow off %q; want the terminal's own", picked, off)
	}
}
