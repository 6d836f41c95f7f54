package settings

// actionSettings are the settings the original textweaver's toggling
// actions change (toggle_citations, difficult_words_toggle,
// cycle_interface_announcements), by its names.
var actionSettings = []Setting{
	toggle("reading.citations", "Read citations",
		"Continuous reading says citations such as [@smith2020] or [12] as written; off, it leaves them out.", true),
	toggle("reading_aids.difficult_words", "Mark difficult words",
		"Words of three syllables or more are drawn underlined, and named as difficult when moving by word at high verbosity.", false),
	toggle("reading_aids.difficult_definitions", "Define difficult words",
		"With difficult words marked, at high verbosity a word move also says a difficult word's first definition, from your glossary or WordNet.", false),
	choice("accessibility.interface_announcements", "Interface announcements",
		"How much tw speaks its own messages: off shows them without speaking them; minimal speaks them but shows a setting's new value without speaking it; normal and full speak them all; errors are always spoken.",
		"normal", false, Choice{"off", "Off"}, Choice{"minimal", "Minimal"}, Choice{"normal", "Normal"}, Choice{"full", "Full"}),
}
