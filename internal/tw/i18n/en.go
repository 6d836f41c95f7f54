package i18n

// English needs entries only where a count changes the words; every other
// message is its own key.
var en = register("en", map[string]any{
	"%s, %d items. Up and Down move, Enter chooses, Escape closes.": pl(2,
		"one", "%[1]s, %[2]d item. Up and Down move, Enter chooses, Escape closes.",
		"other", "%[1]s, %[2]d items. Up and Down move, Enter chooses, Escape closes."),
	"Table, %d rows: %s":      pl(1, "one", "Table, %[1]d row: %[2]s", "other", "Table, %[1]d rows: %[2]s"),
	"List, %d items: %s":      pl(1, "one", "List, %[1]d item: %[2]s", "other", "List, %[1]d items: %[2]s"),
	"%d words.":               pl(1, "one", "%[1]d word.", "other", "%[1]d words."),
	"%d matches: %s":          pl(1, "one", "%[1]d match: %[2]s", "other", "%[1]d matches: %[2]s"),
	"Replaced %d.":            pl(1, "other", "Replaced %[1]d."),
	"Pasted %d lines: %s":     pl(1, "one", "Pasted %[1]d line: %[2]s", "other", "Pasted %[1]d lines: %[2]s"),
	"Selected all, %d words.": pl(1, "one", "Selected all, %[1]d word.", "other", "Selected all, %[1]d words."),
	"Imported %d settings from %s.": pl(1, "one", "Imported %[1]d setting from %[2]s.",
		"other", "Imported %[1]d settings from %[2]s."),
	"Keyboard help, %d commands. Type to filter, Up and Down move, Enter runs, Escape closes.": pl(1,
		"one", "Keyboard help, %[1]d command. Type to filter, Up and Down move, Enter runs, Escape closes.",
		"other", "Keyboard help, %[1]d commands. Type to filter, Up and Down move, Enter runs, Escape closes."),
	// Setting values with their units.
	"%d words per minute": pl(1, "one", "%[1]d word per minute", "other", "%[1]d words per minute"),
	"%d semitones":        pl(1, "one", "%[1]d semitone", "other", "%[1]d semitones"),
	"%d milliseconds":     pl(1, "one", "%[1]d millisecond", "other", "%[1]d milliseconds"),
	"%d places":           pl(1, "one", "%[1]d place", "other", "%[1]d places"),
	"%d seconds":          pl(1, "one", "%[1]d second", "other", "%[1]d seconds"),
})
