package tui

import (
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"

	"textfirst/internal/tw/settings"
	"textfirst/internal/tw/syncfolder"
)

// textStyle is the style of the screen's cell at (x, y).
func textStyle(s *sim, x, y int) tcell.Style {
	cells, w, _ := s.scr.GetContents()
	return cells[y*w+x].Style
}

// TestThemeBelongsToItsReader: two readers in one process, one of them
// moved to the next theme; each draws with its own.
func TestThemeBelongsToItsReader(t *testing.T) {
	text := "First line of text.\nSecond line."
	a := newSim(t, "a.txt", text, 40, 8, defaultCfg)
	b := newSim(t, "b.txt", text, 40, 8, defaultCfg)
	before := textStyle(a, 10, 1)
	if got := textStyle(b, 10, 1); got != before {
		t.Fatalf("two readers with the same theme draw differently: %v and %v", before, got)
	}
	b.r.run("next_theme") // terminal -> high-contrast
	b.r.Draw()
	a.r.Draw()
	_, bg, _ := textStyle(b, 10, 1).Decompose()
	if bg != rgb(palettes["high-contrast"].Bg) {
		t.Errorf("the reader on the dark theme draws its text on %v", bg)
	}
	if got := textStyle(a, 10, 1); got != before {
		t.Errorf("the other reader's theme changed with it: %v, was %v", got, before)
	}
	if textStyle(a, 10, 1) == textStyle(b, 10, 1) {
		t.Error("readers with different themes draw the same")
	}
	// Each theme is built from the settings alone.
	if themeOf(nil) != newTheme("terminal", "yellow") || newTheme("light", "green") == newTheme("dark", "green") {
		t.Error("themes do not follow their settings")
	}
}

func TestContrastFormulaMatchesWCAGExamples(t *testing.T) {
	for _, c := range []struct {
		a, b int32
		want float64
	}{{0x000000, 0xFFFFFF, 21}, {0x777777, 0xFFFFFF, 4.48}, {0x767676, 0xFFFFFF, 4.54}, {0xFFFFFF, 0xFFFFFF, 1}} {
		if got := contrast(c.a, c.b); math.Abs(got-c.want) > 0.01 {
			t.Errorf("contrast(%06X, %06X) = %.2f, want %.2f", c.a, c.b, got, c.want)
		}
	}
}

// TestThemesMeetWCAGAA checks every colored theme: text, line numbers, the
// status bar, the cursor and the selection carry text at 4.5:1 or more
// (7:1 in the high-contrast family); the word being heard, in every
// highlight color, carries text at 4.5:1 and stands 3:1 apart from the page
// (WCAG 1.4.11, for things that are not text).
func TestThemesMeetWCAGAA(t *testing.T) {
	if len(palettes) < 24 {
		t.Errorf("%d colored themes; the original has 24", len(palettes))
	}
	black, white := int32(0x000000), int32(0xFFFFFF)
	for name, pal := range palettes {
		t.Run(name, func(t *testing.T) {
			text := 4.5
			if strings.HasPrefix(name, "high-contrast") {
				text = 7
			}
			pairs := []struct {
				what   string
				fg, bg int32
				min    float64
			}{
				{"text", pal.Fg, pal.Bg, text},
				{"status bar and cursor (the page reversed)", pal.Bg, pal.Fg, text},
				{"line numbers", pal.Muted, pal.Bg, 4.5},
				{"selected text", pal.Bg, pal.Accent, 4.5},
				{"selection against the page", pal.Accent, pal.Bg, 3},
			}
			for hname, hc := range heardColors {
				fg, bg := white, hc.OnLight
				if pal.Dark {
					fg, bg = black, hc.OnDark
				}
				pairs = append(pairs,
					struct {
						what   string
						fg, bg int32
						min    float64
					}{"word heard in " + hname, fg, bg, 4.5},
					struct {
						what   string
						fg, bg int32
						min    float64
					}{"highlight " + hname + " against the page", bg, pal.Bg, 3})
			}
			lowest := 21.0
			for _, p := range pairs {
				got := contrast(p.fg, p.bg)
				if got < p.min {
					t.Errorf("%s: %06X on %06X has contrast %.2f, below %.1f", p.what, p.fg, p.bg, got, p.min)
				}
				if p.min > 3 {
					lowest = math.Min(lowest, got)
				}
			}
			t.Logf("text %.1f:1; lowest pair carrying text %.1f:1", contrast(pal.Fg, pal.Bg), lowest)
		})
	}
}

// TestEveryThemeSettingHasColors: the theme names the settings offer and
// the palettes drawn are the same set, and each theme draws differently.
func TestEveryThemeSettingHasColors(t *testing.T) {
	seen := map[theme]string{}
	for _, c := range settings.Themes {
		if _, ok := palettes[c.Value]; !ok && c.Value != "terminal" {
			t.Errorf("theme %s has no colors", c.Value)
		}
		th := newTheme(c.Value, "yellow")
		if other, dup := seen[th]; dup {
			t.Errorf("themes %s and %s draw the same", other, c.Value)
		}
		seen[th] = c.Value
	}
	if len(settings.Themes) != len(palettes)+1 {
		t.Errorf("%d theme settings for %d palettes (plus terminal)", len(settings.Themes), len(palettes))
	}
	// The color-blind safe themes never rely on color alone for the word
	// being heard.
	for name, pal := range palettes {
		_, _, attrs := newTheme(name, "green").heard.Decompose()
		if pal.NoHue && attrs&tcell.AttrUnderline == 0 {
			t.Errorf("%s marks the word heard by color alone", name)
		}
	}
}

// TestViewFollowsSettingsChangedElsewhere: the theme, the highlight color
// and line numbers changed outside the reader's own keys (the settings
// list, a client, an import) show at the next draw.
func TestViewFollowsSettingsChangedElsewhere(t *testing.T) {
	s := newSim(t, "a.txt", "First line of text.\nSecond line.", 40, 8, defaultCfg)
	s.set("display.theme", "sepia")
	s.r.Draw()
	if _, bg, _ := textStyle(s, 10, 1).Decompose(); bg != rgb(palettes["sepia"].Bg) {
		t.Errorf("after display.theme = sepia the text is drawn on %v", bg)
	}
	s.set("highlight.enabled", false)
	s.r.Draw()
	if s.r.cfg.Highlight {
		t.Error("highlight.enabled = false: the reader still marks the word heard")
	}
	s.set("display.show_line_numbers", true)
	s.r.Draw()
	cells, _, _ := s.scr.GetContents()
	if string(cells[0].Runes) != "1" && (len(cells) < 2 || string(cells[1].Runes) != "1") {
		t.Errorf("no line number after display.show_line_numbers = true: %q%q", cells[0].Runes, cells[1].Runes)
	}
}

// TestKeyPresetChangedWhileRunning: a new keyboard.preset rebuilds the
// keys at the next draw (the classic preset adds F5 to read).
func TestKeyPresetChangedWhileRunning(t *testing.T) {
	cfg := defaultCfg
	cfg.Home = t.TempDir()
	s := newSim(t, "a.txt", "Some text.", 40, 8, cfg)
	if act, _, ok := s.r.km.Lookup("Browse", "F5"); ok {
		t.Fatalf("F5 is %s in the default keys", act)
	}
	s.set("keyboard.preset", "classic")
	s.r.Draw()
	if act, _, ok := s.r.km.Lookup("Browse", "F5"); !ok || act != "read_from_cursor" {
		t.Errorf("after keyboard.preset = classic, F5 is %q (%v)", act, ok)
	}
}

// TestKeyOverridesArrivedBySync: key overrides that arrive by sync
// (sync.key_overrides) are the reader's keys from the next draw, and the
// menus name them, without starting tw again.
func TestKeyOverridesArrivedBySync(t *testing.T) {
	s := newSim(t, "a.txt", "Some text.", 40, 8, defaultCfg)
	s.r.cfg.Home = filepath.Dir(s.r.cfg.Settings.(*settings.Store).File())
	shared := t.TempDir()
	lab := syncfolder.Share{KeyOverrides: &syncfolder.File{Text: "say_position = [\"Ctrl+Shift+K\"]\n", Modified: 1}}
	if err := syncfolder.PublishShare(syncfolder.Config{Folder: shared, Computer: "lab"}, lab); err != nil {
		t.Fatal(err)
	}
	s.set("sync.folder", shared)
	s.set("sync.device_name", "desk")
	s.set("sync.key_overrides", true)
	if act, _, ok := s.r.km.Lookup("Browse", "Ctrl+Shift+K"); ok {
		t.Fatalf("Ctrl+Shift+K is %s before sync", act)
	}
	if _, err := s.app.Action("sync_now", nil); err != nil {
		t.Fatal(err)
	}
	s.r.Draw()
	if act, _, ok := s.r.km.Lookup("Browse", "Ctrl+Shift+K"); !ok || act != "say_position" {
		t.Errorf("after the lab's keys arrived, Ctrl+Shift+K is %q (%v)", act, ok)
	}
	if act, _, ok := s.r.km.Lookup("Browse", "Shift+W"); ok {
		t.Errorf("Shift+W is still %s", act)
	}
	if got := s.r.km.ShownKey("say_position"); got != "Ctrl+Shift+K" {
		t.Errorf("say_position is shown with %q", got)
	}
}
