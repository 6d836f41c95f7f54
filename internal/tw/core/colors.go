package core

import "textfirst/internal/tw/hyphen"

var _ = registerHandlers(func(t *actionTable) {
	handle(t, anytime, map[string]actionHandler{
		"color_settings":   (*App).colorSettings,
		"syllables_toggle": (*App).syllablesToggle,
	})
})

// syllablesToggle turns reading_aids.syllables on or off; turned on for a
// document whose language has no hyphenation dictionary installed, it
// says which Debian package to install.
func (a *App) syllablesToggle() {
	a.cycleSetting("reading_aids.syllables", msg("Syllables"))
	if !a.opts.Settings.Bool("reading_aids.syllables") || a.d == nil {
		return
	}
	if _, err := hyphen.ForLanguage(docLanguage(a.d)); err != nil {
		a.sayError(a.tr("No syllables can be shown: %v", err))
	}
}

// colorSettingPaths are the settings that choose the colors, with their
// labels, as color_settings lists them after the front end's colors.
var colorSettingPaths = []struct{ path, label string }{
	{"display.theme", msg("Theme")},
	{"highlight.color", msg("Highlight color")},
	{"reading_aids.ruler.mode", msg("Reading ruler")},
}

// SetColorLister gives the app the colors the front end draws with, each
// with its contrast, as lines of the color_settings list (nil: none, as
// over JSON-RPC, whose client draws its own).
func (a *App) SetColorLister(f func() []string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.colors = f
}

// colorSettings lists the colors the screen is drawn with and their
// contrast, then the settings that choose them; Enter on a setting moves
// it to its next value.
func (a *App) colorSettings() {
	var items []string
	if a.colors != nil {
		items = a.colors()
	}
	shown := len(items)
	for _, c := range colorSettingPaths {
		items = append(items, a.tr("%s: %s", a.trKey(c.label), a.settingValue(c.path)))
	}
	a.openList(&List{Title: a.tr("Color settings"), Items: items, choose: func(i int) {
		if i >= shown {
			c := colorSettingPaths[i-shown]
			a.cycleSetting(c.path, c.label)
		}
	}})
}

// settingValue is the value of path as it is said: its choice's label
// when the settings can say it, else the value itself.
func (a *App) settingValue(path string) string {
	if adj, ok := a.opts.Settings.(Adjuster); ok {
		return a.spoken(adj, path)
	}
	return a.opts.Settings.String(path)
}
