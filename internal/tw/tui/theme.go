package tui

import (
	"fmt"
	"math"
	"strings"

	"github.com/gdamore/tcell/v2"

	"textfirst/internal/tw/i18n"
	"textfirst/internal/tw/keymap"
	"textfirst/internal/tw/settings"
)

// theme is the styles of the view, for display.theme and highlight.color
// (the word being heard). Each Reader owns its own.
type theme struct {
	text, cursor, heard, selected, bar, gutter tcell.Style
	dot                                        tcell.Style // the middle dots between syllables
	// The colors settings' (themeColors) of the ruler band's background,
	// headings' and links' text, and notes', the list's chosen item's and
	// bookmarked words' background, difficult words' text, the find
	// match's background, and misspelled words' and lint and grammar
	// problems' text; the zero tcell.ColorDefault leaves the theme's (for
	// misspellings and problems: not marked).
	ruler, heading, link, note, focus, bookmark, difficult, findMatch tcell.Color
	misspelled, problem                                               tcell.Color
}

// palette is a colored theme: the page (Fg on Bg), Muted text (line
// numbers), an Accent (the selection's background, drawn with the page's
// background as its text), and whether the page is Dark, which chooses the
// highlight colors that stand out on it. NoHue themes (the color-blind
// safe ones) also underline the word being heard, so that it never depends
// on telling colors apart.
type palette struct {
	Bg, Fg, Muted, Accent int32 // 0xRRGGBB
	Dark                  bool
	NoHue                 bool
}

// palettes gives every colored theme of settings.Themes its colors. Each
// pair that carries text meets WCAG AA (4.5:1; 7:1 in the high-contrast
// family), and highlights stand 3:1 apart from the page (theme_test.go).
var palettes = map[string]palette{
	"high-contrast":        {Bg: 0x000000, Fg: 0xFFFFFF, Muted: 0xE0E0E0, Accent: 0xFFFF00, Dark: true},
	"high-contrast-light":  {Bg: 0xFFFFFF, Fg: 0x000000, Muted: 0x1A1A1A, Accent: 0x00008B},
	"high-contrast-yellow": {Bg: 0x000000, Fg: 0xFFFF00, Muted: 0xE6E600, Accent: 0xFFFFFF, Dark: true},
	"high-contrast-green":  {Bg: 0x000000, Fg: 0x00FF00, Muted: 0x00D700, Accent: 0xFFFFFF, Dark: true},
	"high-contrast-amber":  {Bg: 0x000000, Fg: 0xFFB000, Muted: 0xE8A000, Accent: 0xFFFFFF, Dark: true},
	"high-contrast-blue":   {Bg: 0x000040, Fg: 0xFFFFFF, Muted: 0xE0E0E0, Accent: 0xFFFF00, Dark: true},

	"dark":           {Bg: 0x1E1E1E, Fg: 0xD4D4D4, Muted: 0xA0A0A0, Accent: 0x6CB6FF, Dark: true},
	"dark-blue":      {Bg: 0x0B1B2B, Fg: 0xD8E1EA, Muted: 0x9FB0C0, Accent: 0x7FC8FF, Dark: true},
	"dark-warm":      {Bg: 0x2B2118, Fg: 0xF0E2C8, Muted: 0xC2AE8C, Accent: 0xFFB86B, Dark: true},
	"slate":          {Bg: 0x2E3440, Fg: 0xE5E9F0, Muted: 0xB8C0CC, Accent: 0x8FD0E0, Dark: true},
	"solarized-dark": {Bg: 0x002B36, Fg: 0xB0BDBD, Muted: 0x93A1A1, Accent: 0xD0A020, Dark: true},
	"forest":         {Bg: 0x0F1F14, Fg: 0xD6EBD9, Muted: 0x9CB8A2, Accent: 0x8FE388, Dark: true},

	"light":           {Bg: 0xFFFFFF, Fg: 0x1F1F1F, Muted: 0x595959, Accent: 0x0B57D0},
	"sepia":           {Bg: 0xF4ECD8, Fg: 0x3B2F1E, Muted: 0x5F4B32, Accent: 0x8A3B12},
	"solarized-light": {Bg: 0xFDF6E3, Fg: 0x3E4F55, Muted: 0x586E75, Accent: 0x9A3A00},
	"paper":           {Bg: 0xFAFAF7, Fg: 0x202020, Muted: 0x555555, Accent: 0x1A5E9A},
	"light-blue":      {Bg: 0xEAF2FB, Fg: 0x10243A, Muted: 0x3E5670, Accent: 0x0047AB},
	"cream":           {Bg: 0xFFF8E7, Fg: 0x2D2A26, Muted: 0x5C554B, Accent: 0x9C3D00},

	// Okabe and Ito's palette, safe for protanopia and deuteranopia.
	"red-green-safe-dark":  {Bg: 0x000000, Fg: 0xFFFFFF, Muted: 0xCCCCCC, Accent: 0x56B4E9, Dark: true, NoHue: true},
	"red-green-safe-light": {Bg: 0xFFFFFF, Fg: 0x000000, Muted: 0x4D4D4D, Accent: 0x0072B2, NoHue: true},
	// No blue against yellow, for tritanopia.
	"blue-yellow-safe-dark":  {Bg: 0x101010, Fg: 0xF0F0F0, Muted: 0xBDBDBD, Accent: 0xF4A0A0, Dark: true, NoHue: true},
	"blue-yellow-safe-light": {Bg: 0xFFFFFF, Fg: 0x111111, Muted: 0x4A4A4A, Accent: 0xB2182B, NoHue: true},
	"monochrome-dark":        {Bg: 0x000000, Fg: 0xE6E6E6, Muted: 0xB3B3B3, Accent: 0xFFFFFF, Dark: true, NoHue: true},
	"monochrome-light":       {Bg: 0xFFFFFF, Fg: 0x1A1A1A, Muted: 0x4D4D4D, Accent: 0x000000, NoHue: true},
}

// heardColor is the background of the word being heard, for each value of
// highlight.color, in a light shade (dark themes, black text on it) and a
// dark one (light themes, white text on it), so that it stands out from
// the page as well as carrying readable text.
type heardColor struct{ OnDark, OnLight int32 }

var heardColors = map[string]heardColor{
	"yellow":  {0xFFE45C, 0x6B5200},
	"green":   {0x6EE36E, 0x0B6B1F},
	"cyan":    {0x6FE0EE, 0x005F73},
	"magenta": {0xFF8CF0, 0x8A1A7A},
}

// terminalHeard is the word heard in the terminal theme: the terminal's
// own colors, which it may have tuned for its background.
var terminalHeard = map[string]tcell.Color{
	"yellow": tcell.ColorYellow, "green": tcell.ColorGreen, "cyan": tcell.ColorAqua, "magenta": tcell.ColorFuchsia,
	"": tcell.ColorYellow,
}

// themeOf is the theme st's settings choose; nil is the default one (the
// schema's defaults).
func themeOf(st SettingsReader) theme {
	if st == nil {
		st = settings.Defaults{}
	}
	th := newTheme(followedTheme(st), st.String("highlight.color"))
	for _, tc := range themeColors {
		if c, ok := settings.ColorValues[st.String(tc.path)]; ok {
			tc.set(&th, rgb(c))
		}
	}
	return th
}

// themeColors are the colors settings and what each changes in a theme;
// "theme" (or any other value that is not a color) keeps the theme's.
var themeColors = []struct {
	path string
	set  func(th *theme, c tcell.Color)
}{
	{"colors.selection", func(th *theme, c tcell.Color) {
		th.selected = th.selected.Background(c).Foreground(contrastingText(c))
	}},
	{"colors.status_bar", func(th *theme, c tcell.Color) { th.bar = th.bar.Background(c).Foreground(contrastingText(c)) }},
	{"colors.syllables", func(th *theme, c tcell.Color) { th.dot = th.gutter.Foreground(c) }},
	{"colors.ruler", func(th *theme, c tcell.Color) { th.ruler = c }},
	{"colors.headings", func(th *theme, c tcell.Color) { th.heading = c }},
	{"colors.links", func(th *theme, c tcell.Color) { th.link = c }},
	{"colors.notes", func(th *theme, c tcell.Color) { th.note = c }},
	{"colors.focus", func(th *theme, c tcell.Color) { th.focus = c }},
	{"colors.bookmarks", func(th *theme, c tcell.Color) { th.bookmark = c }},
	{"colors.difficult_words", func(th *theme, c tcell.Color) { th.difficult = c }},
	{"colors.find_match", func(th *theme, c tcell.Color) { th.findMatch = c }},
	{"colors.misspellings", func(th *theme, c tcell.Color) { th.misspelled = c }},
	{"colors.lint", func(th *theme, c tcell.Color) { th.problem = c }},
}

// contrastingText is black or white, whichever reads better on c.
func contrastingText(c tcell.Color) tcell.Color {
	r, g, b := c.RGB()
	if 299*r+587*g+114*b > 128*1000 {
		return tcell.ColorBlack
	}
	return tcell.ColorWhite
}

func rgb(c int32) tcell.Color { return tcell.NewHexColor(c) }

// heardStyle is how the word being heard looks on page base.
func heardStyle(base tcell.Style, heard string, pal palette, colored bool) tcell.Style {
	switch heard {
	case "reverse":
		return base.Reverse(true)
	case "underline":
		return base.Underline(true).Bold(true)
	}
	hc, ok := heardColors[heard]
	if !ok {
		heard, hc = "yellow", heardColors["yellow"]
	}
	if !colored {
		// The terminal's own palette: its yellow, not one of tw's.
		return base.Background(terminalHeard[heard]).Foreground(tcell.ColorBlack)
	}
	st := base.Background(rgb(hc.OnLight)).Foreground(tcell.ColorWhite)
	if pal.Dark {
		st = base.Background(rgb(hc.OnDark)).Foreground(tcell.ColorBlack)
	}
	if pal.NoHue {
		st = st.Underline(true)
	}
	return st
}

func newTheme(name, heard string) theme {
	pal, colored := palettes[name]
	if !colored {
		// The terminal's own colors: tw cannot know them, so it keeps to
		// reverse video and the terminal's default pair.
		base := tcell.StyleDefault
		return theme{
			text:     base,
			cursor:   base.Reverse(true),
			heard:    heardStyle(base, heard, pal, false),
			selected: base.Background(tcell.ColorBlue).Foreground(tcell.ColorWhite),
			bar:      base.Reverse(true),
			gutter:   base.Dim(true),
			dot:      base.Dim(true),
		}
	}
	base := tcell.StyleDefault.Background(rgb(pal.Bg)).Foreground(rgb(pal.Fg))
	th := theme{
		text:     base,
		cursor:   tcell.StyleDefault.Background(rgb(pal.Fg)).Foreground(rgb(pal.Bg)),
		heard:    heardStyle(base, heard, pal, true),
		selected: tcell.StyleDefault.Background(rgb(pal.Accent)).Foreground(rgb(pal.Bg)),
		bar:      tcell.StyleDefault.Background(rgb(pal.Fg)).Foreground(rgb(pal.Bg)),
		gutter:   base.Foreground(rgb(pal.Muted)),
		dot:      base.Foreground(rgb(pal.Muted)),
	}
	if pal.NoHue {
		th.selected = th.selected.Underline(true)
	}
	if strings.HasPrefix(name, "high-contrast") {
		th.text = th.text.Bold(true)
	}
	return th
}

// viewSettings are the settings the view follows while it runs.
type viewSettings struct {
	theme, color, preset, colors          string
	highlight, lineNumbers, characterKeys bool
}

func viewSettingsOf(st SettingsReader) viewSettings {
	if st == nil {
		return viewSettings{}
	}
	colors := make([]string, len(themeColors))
	for i, tc := range themeColors {
		colors[i] = st.String(tc.path)
	}
	return viewSettings{
		theme: followedTheme(st), color: st.String("highlight.color"), preset: st.String("keyboard.preset"),
		colors:    strings.Join(colors, " "),
		highlight: st.Bool("highlight.enabled"), lineNumbers: st.Bool("display.show_line_numbers"),
		characterKeys: st.Bool("keyboard.character_keys"),
	}
}

// followSettings takes up the view's settings changed since they were
// last seen, wherever they were changed (the settings list, import, a
// client's set_setting, settings.toml edited by hand and reloaded), so
// that each change shows at the next draw.
func (r *Reader) followSettings() {
	if r.cfg.Settings == nil {
		return
	}
	now := viewSettingsOf(r.cfg.Settings)
	was := r.seen
	if now == was {
		return
	}
	r.seen = now
	if now.theme != was.theme || now.color != was.color || now.colors != was.colors {
		r.th = themeOf(r.cfg.Settings)
	}
	if now.highlight != was.highlight {
		r.cfg.Highlight = now.highlight
	}
	if now.characterKeys != was.characterKeys {
		r.cfg.CharacterKeys = now.characterKeys
	}
	if now.preset != was.preset && r.cfg.Home != "" {
		r.rebuildKeys()
	}
	if now.lineNumbers != was.lineNumbers {
		r.cfg.LineNumbers = now.lineNumbers
		r.lo = nil
	}
}

// followKeyOverrides rebuilds the keys when sync has replaced keymap.toml
// since they were built (sync.key_overrides), so the keys that arrived
// work at once.
func (r *Reader) followKeyOverrides() {
	if r.app == nil || r.cfg.Home == "" {
		return
	}
	if n := r.app.KeyOverridesArrived(); n != r.keysArrived {
		r.keysArrived = n
		r.rebuildKeys()
	}
}

// rebuildKeys builds the keys again from keyboard.preset and the home's
// keymap.toml, and has the menus and help show them.
func (r *Reader) rebuildKeys() {
	preset := "default"
	if r.cfg.Settings != nil {
		preset = r.cfg.Settings.String("keyboard.preset")
	}
	r.km = keymap.New(preset, r.cfg.Home)
	if r.app != nil {
		r.app.SetKeyNames(r.km.ShownKey)
	}
}

// luminance is WCAG 2's relative luminance of a 0xRRGGBB color.
func luminance(c int32) float64 {
	ch := func(v int32) float64 {
		s := float64(v&0xFF) / 255
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*ch(c>>16) + 0.7152*ch(c>>8) + 0.0722*ch(c)
}

// contrast is WCAG 2's contrast ratio of two colors, 1 to 21.
func contrast(a, b int32) float64 {
	la, lb := luminance(a), luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// colorLines are the colors the reader draws with in its theme, each with
// its WCAG contrast, for the color_settings list.
func (r *Reader) colorLines() []string {
	st := r.cfg.Settings
	if st == nil {
		st = settings.Defaults{}
	}
	pal, colored := palettes[followedTheme(st)]
	if !colored {
		return []string{r.tr("The terminal's own colors: their contrast is the terminal's to give.")}
	}
	pair := func(label string, fg, bg int32) string {
		return r.tr("%s: %s on %s, contrast %s to 1", r.text(label), hexColor(fg), hexColor(bg), ratio(contrast(fg, bg)))
	}
	lines := []string{
		pair(i18n.Key("Text"), pal.Fg, pal.Bg),
		pair(i18n.Key("Line numbers"), pal.Muted, pal.Bg),
		pair(i18n.Key("Selection"), pal.Bg, pal.Accent),
	}
	switch heard := st.String("highlight.color"); heard {
	case "reverse", "underline":
		shown := map[string]string{"reverse": i18n.Key("reversed"), "underline": i18n.Key("underlined and bold")}[heard]
		lines = append(lines, r.tr("Word being heard: the text's colors, %s", r.text(shown)))
	default:
		hc, ok := heardColors[heard]
		if !ok {
			hc = heardColors["yellow"]
		}
		bg, fg := hc.OnLight, int32(0xFFFFFF)
		if pal.Dark {
			bg, fg = hc.OnDark, 0x000000
		}
		lines = append(lines, pair(i18n.Key("Word being heard"), fg, bg),
			r.tr("Word being heard against the page: contrast %s to 1", ratio(contrast(bg, pal.Bg))))
	}
	return lines
}

// hexColor is a 0xRRGGBB color as #RRGGBB.
func hexColor(c int32) string { return fmt.Sprintf("#%06X", c) }

// ratio is a contrast ratio to one decimal.
func ratio(x float64) string { return fmt.Sprintf("%.1f", x) }
