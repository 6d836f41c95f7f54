package tui

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"textfirst/internal/testkit"
)

// TestTmuxHeadingAndLinkColors: colors.headings and colors.links, set in
// settings.toml, color the heading's and the link's text in a real
// terminal, each its own color and neither the text's; with them left to
// the theme, the heading and the link are drawn in the text's color.
func TestTmuxHeadingAndLinkColors(t *testing.T) {
	needTmux(t)
	fg := regexp.MustCompile(`\x1b\[([0-9;]*)m`)
	// foreground is the last foreground color code before word on row.
	foreground := func(row, word string) string {
		at := strings.Index(row, word)
		if at < 0 {
			return "?"
		}
		color := "default"
		for _, m := range fg.FindAllStringSubmatch(row[:at], -1) {
			for _, part := range strings.Split(m[1], ";") {
				if part == "39" || part == "0" || m[1] == "" {
					color = "default"
				}
			}
			if i := strings.Index(m[1], "38;"); i >= 0 {
				color = m[1][i:]
			}
		}
		return color
	}
	run := func(toml string) (heading, link, text string) {
		dir := t.TempDir()
		homeWith(t, dir, "settings.toml", toml)
		testkit.WriteFile(t, filepath.Join(dir, "c.md"), "# The Old Harbour\n\nPlain words and [the pier](https://example.org/pier) here.\n")
		s := startTw(t, 80, 12, dir, "", "--no-speech c.md")
		s.said.expect("Opened The Old Harbour.")
		s.waitScreen("the text", func(sc string) bool { return strings.Contains(sc, "Plain words") })
		rows := strings.Split(s.styled(), "\n")
		var hr, tr string
		for _, r := range rows {
			// The last row with Harbour before the text: the title bar
			// names the document too.
			if strings.Contains(r, "Harbour") && tr == "" {
				hr = r
			}
			if strings.Contains(r, "Plain") {
				tr = r
			}
		}
		s.quit()
		return foreground(hr, "Harbour"), foreground(tr, "pier"), foreground(tr, "words")
	}
	h, l, x := run("[colors]\nheadings = \"red\"\nlinks = \"blue\"\n")
	t.Logf("colored: heading %q, link %q, text %q", h, l, x)
	if h == x || l == x || h == l || h == "?" || l == "?" {
		t.Errorf("heading %q, link %q and text %q are not three colors", h, l, x)
	}
	h, l, x = run("[colors]\nheadings = \"theme\"\n")
	t.Logf("the theme's: heading %q, link %q, text %q", h, l, x)
	if h != x || l != x {
		t.Errorf("left to the theme, heading %q and link %q are not the text's %q", h, l, x)
	}
}
