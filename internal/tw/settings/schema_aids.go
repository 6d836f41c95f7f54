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
	letters("reading_aids.bionic_options.min_word_len", "Bionic: shortest word",
		"Words shorter than this many letters are left as they are by bionic reading.", 2, 1, 20),
	toggle("reading_aids.bionic_options.skip_numbers", "Bionic: leave numbers",
		"Bionic reading leaves words with digits in them as they are.", true),
	toggle("reading_aids.bionic_options.skip_urls", "Bionic: leave addresses",
		"Bionic reading leaves web and mail addresses as they are.", true),
	toggle("reading_aids.bionic_options.skip_code", "Bionic: leave code",
		"Bionic reading leaves code, in blocks and in lines, as it is.", true),
	lines("reading_aids.ruler.rows_above", "Ruler: lines above",
		"How many lines above the cursor's line the reading ruler's band takes in.", 1, 10),
	lines("reading_aids.ruler.rows_below", "Ruler: lines below",
		"How many lines below the cursor's line the reading ruler's band takes in.", 1, 10),
	toggle("reading_aids.ruler.mask_outside", "Ruler: dim the rest",
		"The reading ruler dims the lines outside its band.", true),

	choice("reading_aids.syllable_options.separator", "Syllables: mark",
		"What is drawn between syllables.", "·", false,
		Choice{"·", "Middle dot"}, Choice{"-", "Hyphen"}, Choice{"|", "Bar"}, Choice{"/", "Slash"}, Choice{"•", "Bullet"}),
	letters("reading_aids.syllable_options.left_min", "Syllables: letters before the first break",
		"Words are split no sooner than this many letters from their start.", 1, 1, 10),
	letters("reading_aids.syllable_options.right_min", "Syllables: letters after the last break",
		"Words are split no later than this many letters from their end.", 1, 1, 10),
	letters("reading_aids.syllable_options.min_word_len", "Syllables: shortest word",
		"Words shorter than this many letters are never split.", 1, 1, 20),
	toggle("reading_aids.syllable_options.skip_urls", "Syllables: leave addresses",
		"Web and mail addresses are never split into syllables.", true),
	toggle("reading_aids.syllable_options.skip_code", "Syllables: leave code",
		"Code, in blocks and in lines, is never split into syllables.", true),

	toggle("reading_aids.rsvp.show_previous", "RSVP: previous word",
		"Shows the word before the RSVP word beside it, dimmed.", false),
	toggle("reading_aids.rsvp.show_next", "RSVP: next word",
		"Shows the word after the RSVP word beside it, dimmed.", false),
	percent("reading_aids.rsvp.clause_pause", "RSVP: pause at a clause",
		"Time added after a word ending in a comma, colon, semicolon, dash or bracket, as a share of a word's time.",
		50, 400, 10),
	percent("reading_aids.rsvp.sentence_pause", "RSVP: pause at a sentence",
		"Time added after the last word of a sentence, as a share of a word's time.", 100, 400, 10),
	percent("reading_aids.rsvp.paragraph_pause", "RSVP: pause at a paragraph",
		"Time added after the last word of a paragraph, as a share of a word's time.", 200, 400, 10),
	letters("reading_aids.rsvp.long_word_len", "RSVP: long word",
		"Words longer than this many letters are shown longer.", 8, 1, 40),
	percent("reading_aids.rsvp.long_word_step", "RSVP: time per extra letter",
		"Time added for each letter of a long word past that length, as a share of a word's time.", 10, 100, 5),
	percent("reading_aids.rsvp.long_word_max", "RSVP: most time for a long word",
		"The most time a long word is given on top of a word's time, as a share of it.", 100, 400, 10),
}

// syncSettings say where and what sync shares; sync setup and stop keep
// the folder and this computer's name in the home's sync folder when these
// are not set.
var syncSettings = []Setting{
	toggle("sync.enabled", "Sync",
		"Lets sync run once it is set up; off, sync stops without forgetting its folder.", true),
	{Path: "sync.folder", Label: "Sync folder", Kind: KindText, Optional: true, Default: nil,
		Help: "The folder your computers share; not set uses the one sync setup chose."},
	{Path: "sync.device_name", Label: "Computer name", Kind: KindText, Optional: true, Default: nil,
		Help: "This computer's name to the others; not set uses the one sync setup chose."},
	toggle("sync.places", "Sync places", "Shares where you are in each document.", true),
	choice("sync.position_policy", "Place on opening",
		"Where a document opens when another computer has read it too, if reading resumes where you left off.", "newest", false,
		Choice{"newest", "Where it was read last, here or elsewhere"}, Choice{"furthest", "The furthest place any computer reached"},
		Choice{"ask", "Ask whether to go to the other computer's place"}),
	toggle("sync.notes", "Sync notes", "Shares notes, and takes the other computers' notes.", true),
	toggle("sync.bookmarks", "Sync bookmarks",
		"Shares bookmarks, and takes the other computers' bookmarks at places that have none here.", true),
	toggle("sync.highlights", "Sync highlights",
		"Shares highlights, and takes the other computers' highlights of text not highlighted here.", true),
	toggle("sync.words", "Sync word list",
		"Shares the words you added to the spelling word list, and adds the other computers' words to yours.", true),
	toggle("sync.glossary", "Sync glossary and pronunciations",
		"Shares your glossary and pronunciations, and adds the other computers' terms and pronunciations you lack; yours win on the same word.", true),
	toggle("sync.favorite_voices", "Sync favorite voices",
		"Shares your favorite voices, and adds the other computers' favorites to yours.", true),
	toggle("sync.statistics", "Sync reading statistics",
		"Shares your reading statistics, and counts the other computers' reading time and sessions in yours.", true),
	toggle("sync.key_overrides", "Sync key overrides",
		"Shares your own keys (keymap.toml); the most recently changed copy replaces the others, and the keys change at once.", false),
	toggle("sync.profiles", "Sync settings profiles",
		"Shares your settings profiles: one you lack arrives, and one saved more recently on another computer replaces yours of that name; which profile is in use stays each computer's own.", false),
	toggle("sync.settings", "Sync settings",
		"Shares how you like to read (speech rate, pitch and volume, punctuation, verbosity, theme and colors, reading aids, highlighting, text normalization, reading, echo, summary and statistics settings), the latest change on any computer winning; voices, devices, keys, language and files stay each computer's own.", false),
}

// colorChoices are the colors a colors setting may take: the theme's own,
// or one of these, each the same on every theme.
var colorChoices = []Choice{
	{"theme", "The theme's color"}, {"black", "Black"}, {"white", "White"}, {"gray", "Gray"},
	{"red", "Red"}, {"orange", "Orange"}, {"yellow", "Yellow"}, {"green", "Green"},
	{"cyan", "Cyan"}, {"blue", "Blue"}, {"magenta", "Magenta"},
}

// ColorValues are the colors of colorChoices, as 0xRRGGBB.
var ColorValues = map[string]int32{
	"black": 0x000000, "white": 0xFFFFFF, "gray": 0x808080, "red": 0xC00000, "orange": 0xFF8C00,
	"yellow": 0xFFD700, "green": 0x008000, "cyan": 0x00B7C3, "blue": 0x1E50C8, "magenta": 0xB000B0,
}

// colorSettings are the colors of parts of the terminal reader's screen,
// by the original's names.
var colorSettings = []Setting{
	choice("colors.ruler", "Reading ruler color",
		"The background of the reading ruler's band and of the marked current line, which keep their underline.",
		"theme", false, colorChoices...),
	choice("colors.syllables", "Syllable marks color", "The color of the middle dots between syllables.",
		"theme", false, colorChoices...),
	choice("colors.selection", "Selection color", "The background of selected text and of the chosen item of a list.",
		"theme", false, colorChoices...),
	choice("colors.status_bar", "Status bar color", "The background of the status and title bars.",
		"theme", false, colorChoices...),
}

// withMoreSettings places moreSettings, colorSettings, syncSettings,
// actionSettings and deskSettings among list (which is in section order):
// each after the settings of its own section and of the sections before
// it, in the order given.
func withMoreSettings(list []Setting) []Setting {
	out := slices.Concat(list, moreSettings, colorSettings, syncSettings, actionSettings, deskSettings)
	rank := make(map[string]int, len(sectionOrder))
	for i, s := range sectionOrder {
		rank[s] = i
	}
	slices.SortStableFunc(out, func(a, b Setting) int {
		return rank[a.Path[:indexDot(a.Path)]] - rank[b.Path[:indexDot(b.Path)]]
	})
	return out
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
