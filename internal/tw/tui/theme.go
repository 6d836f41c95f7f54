package tui

import (
	"github.com/gdamore/tcell/v2"

	"textfirst/internal/tw/settings"
)

// theme is the styles of the view, for display.theme (terminal, dark,
// light, high-contrast) and highlight.color (the word being heard). Each
// Reader owns its own.
type theme struct {
	text, cursor, heard, selected, bar, gutter tcell.Style
}

// themeOf is the theme st's settings choose; nil is the default one (the
// schema's defaults).
func themeOf(st SettingsReader) theme {
	if st == nil {
		st = settings.Defaults{}
	}
	return newTheme(st.String("display.theme"), st.String("highlight.color"))
}

func newTheme(name, heard string) theme {
	base := tcell.StyleDefault
	switch name {
	case "dark":
		base = base.Background(tcell.ColorBlack).Foreground(tcell.ColorSilver)
	case "light":
		base = base.Background(tcell.ColorWhite).Foreground(tcell.ColorBlack)
	case "high-contrast":
		base = base.Background(tcell.ColorBlack).Foreground(tcell.ColorWhite).Bold(true)
	}
	hc, ok := highlightColors[heard]
	if !ok {
		hc = tcell.ColorYellow
	}
	th := theme{
		text:     base,
		cursor:   base.Reverse(true),
		heard:    base.Background(hc).Foreground(tcell.ColorBlack),
		selected: base.Background(tcell.ColorBlue).Foreground(tcell.ColorWhite),
		bar:      base.Reverse(true),
		gutter:   base.Dim(true),
	}
	if name == "high-contrast" {
		th.selected = base.Background(tcell.ColorWhite).Foreground(tcell.ColorBlack).Underline(true)
		th.gutter = base
	}
	return th
}
