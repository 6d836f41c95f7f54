package settings

// Themes are the values of display.theme, in the order next_theme moves
// through them: the terminal's own colors first (the default), then four
// families of colored themes — high contrast, dark, light, and safe for
// color-blind readers (plus two with no color at all). The terminal reader
// gives each its colors (tui/theme.go); a test there checks every one of
// them for WCAG AA contrast.
var Themes = []Choice{
	{"terminal", "Terminal colors"},

	{"high-contrast", "High contrast, white on black"},
	{"high-contrast-light", "High contrast, black on white"},
	{"high-contrast-yellow", "High contrast, yellow on black"},
	{"high-contrast-green", "High contrast, green on black"},
	{"high-contrast-amber", "High contrast, amber on black"},
	{"high-contrast-blue", "High contrast, white on navy"},

	{"dark", "Dark"},
	{"dark-blue", "Dark blue"},
	{"dark-warm", "Dark warm"},
	{"slate", "Slate"},
	{"solarized-dark", "Solarized dark"},
	{"forest", "Forest"},

	{"light", "Light"},
	{"sepia", "Sepia"},
	{"solarized-light", "Solarized light"},
	{"paper", "Paper"},
	{"light-blue", "Light blue"},
	{"cream", "Cream"},

	{"red-green-safe-dark", "Red-green safe, dark"},
	{"red-green-safe-light", "Red-green safe, light"},
	{"blue-yellow-safe-dark", "Blue-yellow safe, dark"},
	{"blue-yellow-safe-light", "Blue-yellow safe, light"},
	{"monochrome-dark", "Monochrome, dark"},
	{"monochrome-light", "Monochrome, light"},
}
