package settings

import "slices"

// moreSettings are settings of the original textweaver's schema by its own
// names, grouped as it groups them (reading_aids.bionic_options.ratio is
// the key ratio of the group bionic_options in [reading_aids]; see
// lookupKey for the ways settings.toml may write one). Each is inserted
// after the last setting of its section.
var moreSettings = []Setting{
	{Path: "editing.author", Label: "Author", Kind: KindText, Optional: true, Default: nil,
		Help: "Your name as a new document from a template gives it; not set uses your name on this computer."},

	toggle("accessibility.quiet_screen", "Quiet screen",
		"Hides the document's text while speech and keys go on, from the start; the quiet screen key turns it on and off.", false),

	{Path: "reading_aids.bionic_options.ratio", Label: "Bionic: part in bold", Kind: KindNumber, Default: 0.5,
		Min: 0.1, Max: 0.9, Step: 0.1, Unit: "of each word", unitOne: "of each word",
		Help: "How much of each word bionic reading draws in bold, from a tenth to nine tenths."},
	number("reading_aids.bionic_options.min_word_len", "Bionic: shortest word",
		"Words shorter than this many letters are left as they are by bionic reading.", 2, 1, 20, 1, "letters", "letter"),
	toggle("reading_aids.bionic_options.skip_numbers", "Bionic: leave numbers",
		"Bionic reading leaves words with digits in them as they are.", true),
	toggle("reading_aids.bionic_options.skip_urls", "Bionic: leave addresses",
		"Bionic reading leaves web and mail addresses as they are.", true),
	number("reading_aids.ruler.rows_above", "Ruler: lines above",
		"How many lines above the cursor's line the reading ruler's band takes in.", 1, 0, 10, 1, "lines", "line"),
	number("reading_aids.ruler.rows_below", "Ruler: lines below",
		"How many lines below the cursor's line the reading ruler's band takes in.", 1, 0, 10, 1, "lines", "line"),
	toggle("reading_aids.ruler.mask_outside", "Ruler: dim the rest",
		"The reading ruler dims the lines outside its band.", true),

	number("reading_aids.rsvp.clause_pause", "RSVP: pause at a clause",
		"Time added after a word ending in a comma, colon, semicolon, dash or bracket, as a share of a word's time.",
		50, 0, 400, 10, "percent", "percent"),
	number("reading_aids.rsvp.sentence_pause", "RSVP: pause at a sentence",
		"Time added after the last word of a sentence, as a share of a word's time.", 100, 0, 400, 10, "percent", "percent"),
	number("reading_aids.rsvp.paragraph_pause", "RSVP: pause at a paragraph",
		"Time added after the last word of a paragraph, as a share of a word's time.", 200, 0, 400, 10, "percent", "percent"),
	number("reading_aids.rsvp.long_word_len", "RSVP: long word",
		"Words longer than this many letters are shown longer.", 8, 1, 40, 1, "letters", "letter"),
	number("reading_aids.rsvp.long_word_step", "RSVP: time per extra letter",
		"Time added for each letter of a long word past that length, as a share of a word's time.", 10, 0, 100, 5, "percent", "percent"),
	number("reading_aids.rsvp.long_word_max", "RSVP: most time for a long word",
		"The most time a long word is given on top of a word's time, as a share of it.", 100, 0, 400, 10, "percent", "percent"),
}

// withMoreSettings inserts moreSettings into list after the last setting
// of each one's section.
func withMoreSettings(list []Setting) []Setting {
	for _, st := range moreSettings {
		section := st.Path[:len(st.Path)-len(st.Path[indexDot(st.Path):])]
		at := len(list)
		for i := len(list) - 1; i >= 0; i-- {
			if list[i].Path[:indexDot(list[i].Path)] == section {
				at = i + 1
				break
			}
		}
		list = slices.Insert(list, at, st)
	}
	return list
}

// indexDot is where the section of a path ends.
func indexDot(path string) int {
	for i := range len(path) {
		if path[i] == '.' {
			return i
		}
	}
	return len(path)
}
