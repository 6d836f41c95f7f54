// Package settings is tw's settings store: the schema of every setting
// (what settings_schema reports), the values read from settings.toml, type
// checking, clamping and stepping of new values, their spoken forms, and
// saving changes back to settings.toml without disturbing what the user
// wrote by hand.
//
// How settings.toml is treated (the behaviour a careful user expects):
//
//   - The file holds one TOML table per section ("[speech]" then
//     "rate = 300"). Only settings that were changed are written; a setting
//     put back to its default (Set with nil) has its line removed.
//   - Saving edits the file in place: only the lines of the setting being
//     changed are touched. Comments, blank lines, the order of lines, keys
//     tw does not know and values tw could not use all stay exactly as the
//     user wrote them. Each save is checked by parsing the result before it
//     is written, and is written atomically (temporary file, then rename).
//   - A value that does not fit (wrong type, unknown choice) loads as the
//     default with a warning; a number out of range loads clamped with a
//     warning. The bad line itself is never rewritten unless that very
//     setting is changed through Set or Adjust, which replaces it.
//   - A file that is not valid TOML loads as all defaults with one warning,
//     and is never overwritten: Set and Adjust return an error asking for
//     the file to be fixed first, and change nothing.
//   - Before each save the file is read again; when it was changed by hand
//     since it was loaded, the hand edits are loaded first (and reported to
//     OnChange callbacks), so a save never undoes them.
//   - A setting written in a form that cannot be edited line by line (a
//     whole section as one inline table, "speech = { rate = 300 }") is not
//     rewritten: Set returns an error asking for the change to be made by
//     hand.
//
// Choices made where textweaver's documentation says nothing:
//
//   - Numbers are rounded to the precision of their step (whole numbers for
//     all current settings) but not moved onto a grid of steps, so a rate
//     of 265 stays 265; Adjust moves by one step from the current value.
//   - editing.typing_echo defaults to "characters", what screen readers
//     usually do; display.theme defaults to "terminal" (the terminal's own
//     colors), highlight.color to "yellow", export.audio_format to "wav".
//   - An empty text given to an optional text setting unsets it (nil).
//   - Internal settings (reading.last_document, app.first_run) are stored
//     like the others but left out of the settings list.
package settings

import (
	"math"
	"strings"
)

// Kind is the type of a setting's value, as settings_schema names it.
type Kind string

// The kinds of settings.
const (
	KindToggle Kind = "toggle" // on or off: a bool
	KindNumber Kind = "number" // a number with min, max, step and unit
	KindChoice Kind = "choice" // one of Choices (or, when Open, a name of one's own)
	KindText   Kind = "text"   // a single line of text; Optional ones may be unset (nil)
	KindList   Kind = "list"   // a list of texts: []string
	KindTable  Kind = "table"  // names and values; see Setting.Entries
)

// Choice is one value a choice setting may take, with the words said for it.
type Choice struct {
	Value, Label string
}

// Setting describes one setting of settings.toml.
type Setting struct {
	Path     string // "section.key", such as "speech.rate"
	Section  string // the TOML table it is written in, such as "speech"
	Label    string // short name shown and spoken in the settings list
	Help     string // one sentence saying what it does
	Kind     Kind
	Default  any  // the default value, of the Go type Get returns
	Internal bool // kept by tw for itself; not shown in the settings list

	// Number settings; for a Table of numbers they bound each entry.
	Min, Max, Step float64
	Unit           string // plural, such as "words per minute"

	// Choice settings.
	Choices []Choice
	Open    bool // other values may be given, such as a theme of one's own

	// Text settings.
	Optional bool // may be unset (nil)

	// Entries is the kind of a Table's values: Number (Get gives
	// map[string]int) or Text (Get gives map[string]string).
	Entries Kind

	unitOne string // the unit after 1 or -1, such as "semitone"
}

// Key is the setting's name inside its section ("rate" for "speech.rate").
func (s Setting) Key() string { return strings.TrimPrefix(s.Path, s.Section+".") }

// integral reports whether a number setting holds whole numbers (Get gives
// an int) rather than fractions (Get gives a float64).
func (s Setting) integral() bool {
	return s.Step == math.Trunc(s.Step) && s.Min == math.Trunc(s.Min) && s.Max == math.Trunc(s.Max)
}

// SchemaJSON is the object settings_schema returns for the setting.
func (s Setting) SchemaJSON() map[string]any {
	m := map[string]any{
		"path":     s.Path,
		"section":  s.Section,
		"label":    s.Label,
		"help":     s.Help,
		"kind":     string(s.Kind),
		"default":  jsonValue(s.Default),
		"internal": s.Internal,
	}
	switch s.Kind {
	case KindNumber:
		m["min"] = jsonNumber(s, s.Min)
		m["max"] = jsonNumber(s, s.Max)
		m["step"] = jsonNumber(s, s.Step)
		m["unit"] = s.Unit
	case KindChoice:
		choices := make([]map[string]any, len(s.Choices))
		for i, c := range s.Choices {
			choices[i] = map[string]any{"value": c.Value, "label": c.Label}
		}
		m["choices"] = choices
		m["open"] = s.Open
	case KindText:
		m["optional"] = s.Optional
	}
	return m
}

// jsonNumber gives whole numbers as int so they print without a fraction.
func jsonNumber(s Setting, f float64) any {
	if s.integral() {
		return int(f)
	}
	return f
}

// jsonValue returns a copy of v that is safe to hand out (slices and maps
// are copied) and marshals as settings_schema documents it.
func jsonValue(v any) any {
	switch v := v.(type) {
	case []string:
		return append([]string{}, v...)
	case map[string]int:
		c := make(map[string]int, len(v))
		for k, x := range v {
			c[k] = x
		}
		return c
	case map[string]string:
		c := make(map[string]string, len(v))
		for k, x := range v {
			c[k] = x
		}
		return c
	}
	return v
}

// sectionOrder lists the sections in the order the schema and the settings
// list present them.
var sectionOrder = []string{"speech", "highlight", "normalization", "reading", "display", "interface", "editing", "dictation", "keyboard", "accessibility", "export", "preview", "braille", "lexicon", "summary", "library", "reading_aids", "stats", "colors", "sync", "app"}

// Engine ids accepted by speech.backend, in the order offered.
var engineChoices = []Choice{
	{"auto", "Automatic (the best engine available)"},
	{"espeak", "eSpeak NG"},
	{"speechd", "Speech Dispatcher"},
	{"piper", "Piper"},
	{"eci", "IBM ViaVoice (ECI)"},
	{"dectalk", "DECtalk"},
	{"sapi", "Windows SAPI 5"},
	{"null", "No speech"},
}

func number(path, label, help string, def int, min, max, step float64, unit, unitOne string) Setting {
	return Setting{Path: path, Label: label, Help: help, Kind: KindNumber, Default: def,
		Min: min, Max: max, Step: step, Unit: unit, unitOne: unitOne}
}

// letters is a number setting counted in whole letters.
func letters(path, label, help string, def int, min, max float64) Setting {
	return Setting{Path: path, Label: label, Help: help, Kind: KindNumber, Default: def,
		Min: min, Max: max, Step: 1, Unit: "letters", unitOne: "letter"}
}

// lines is a number setting counted in whole lines, from none to max.
func lines(path, label, help string, def int, max float64) Setting {
	return Setting{Path: path, Label: label, Help: help, Kind: KindNumber, Default: def,
		Min: 0, Max: max, Step: 1, Unit: "lines", unitOne: "line"}
}

// percent is a number setting in percent, from none to max.
func percent(path, label, help string, def int, max, step float64) Setting {
	return Setting{Path: path, Label: label, Help: help, Kind: KindNumber, Default: def,
		Min: 0, Max: max, Step: step, Unit: "percent", unitOne: "percent"}
}

func toggle(path, label, help string, def bool) Setting {
	return Setting{Path: path, Label: label, Help: help, Kind: KindToggle, Default: def}
}

func choice(path, label, help, def string, open bool, choices ...Choice) Setting {
	return Setting{Path: path, Label: label, Help: help, Kind: KindChoice, Default: def, Open: open, Choices: choices}
}

func internal(s Setting) Setting {
	s.Internal = true
	return s
}

const (
	ms    = "milliseconds"
	msOne = "millisecond"
)

// schema is the list every lookup uses; Schema hands out copies.
var schema = func() []Setting {
	list := []Setting{
		// speech
		choice("speech.backend", "Speech engine",
			"Which speech engine reads aloud; automatic picks the best one installed.",
			"auto", true, engineChoices...),
		{Path: "speech.voice", Label: "Voice", Kind: KindText, Optional: true, Default: nil,
			Help: "The voice to read with, by the engine's name for it; not set uses the engine's default voice."},
		number("speech.rate", "Speech rate", "How fast text is read aloud.",
			265, 50, 900, 20, "words per minute", "word per minute"),
		number("speech.pitch", "Pitch", "Raises or lowers the voice from its normal pitch.",
			0, -12, 12, 1, "semitones", "semitone"),
		percent("speech.volume", "Volume", "How loud speech is, as a share of the engine's full volume.",
			100, 100, 10),
		choice("speech.punctuation", "Punctuation", "How many punctuation marks are spoken by name.",
			"some", false, Choice{"none", "None"}, Choice{"some", "Some"}, Choice{"all", "All"}),
		choice("speech.verbosity", "Verbosity", "How much is said about structure, such as headings, lists and links.",
			"normal", false, Choice{"low", "Low"}, Choice{"normal", "Normal"}, Choice{"high", "High"}),
		number("speech.latency_offset_ms", "Highlight delay",
			"How long to wait after a word's audio starts before the word is highlighted, to match your audio device.",
			120, 0, 1000, 10, ms, msOne),
		toggle("speech.interrupt_announcements", "New announcements interrupt",
			"Cuts off an announcement being spoken when a newer one comes; off, each is heard whole, one after another.", true),
		number("speech.pause_heading_ms", "Pause after headings", "The silence added after a heading is read.",
			400, 0, 5000, 50, ms, msOne),
		number("speech.pause_paragraph_ms", "Pause between paragraphs", "The silence added between paragraphs.",
			300, 0, 5000, 50, ms, msOne),
		number("speech.pause_list_item_ms", "Pause between list items", "The silence added between list items.",
			150, 0, 5000, 50, ms, msOne),
		toggle("speech.markup_pauses", "Pause markup",
			"Reads pause markup in a document, such as <break time=\"1s\"/>, as a silence of that length; off, the markup is read as text.", true),
		{Path: "speech.speed_presets", Label: "Speed presets", Kind: KindTable, Entries: KindNumber,
			Default: map[string]int{"skim": 350, "normal": 265, "study": 200, "slow": 150},
			Min:     50, Max: 900, Step: 1, Unit: "words per minute", unitOne: "word per minute",
			Help: "Named speech rates that the speed preset key moves between, in words per minute."},
		{Path: "speech.pronunciations", Label: "Pronunciations", Kind: KindTable, Entries: KindText,
			Default: map[string]string{},
			// One literal: the help is a key of the catalogue.
			Help: "Words and how to say them instead, such as a name the engine gets wrong: a word matches whole words in any case, =Word whole words in that case, /pattern/ or /pattern/i a regular expression."},
		{Path: "speech.voice_params", Label: "Rate and pitch of each voice", Kind: KindTable, Entries: KindText,
			Default: map[string]string{}, Internal: true,
			Help: "The rate and pitch each voice was last used at, such as 300 -2 for 300 words per minute and 2 semitones lower: kept when the voice changes, and brought back when that voice is chosen again."},
		{Path: "speech.favorite_voices", Label: "Favorite voices", Kind: KindList, Default: []string{},
			Help: "Voices marked as favorites in the voice list, offered first."},
		{Path: "speech.prefer_voice", Label: "Preferred voice", Kind: KindText, Optional: true, Default: nil,
			Help: "When no voice is set, the first voice whose name holds this, such as german or f3."},
		{Path: "speech.speechd_module", Label: "Speech Dispatcher module", Kind: KindText, Optional: true, Default: nil,
			Help: "The speech-dispatcher output module to speak with, such as espeak-ng, flite or festival; not set uses speech-dispatcher's default, and a voice named module:voice picks its own module."},
		{Path: "speech.output_device", Label: "Sound device", Kind: KindText, Optional: true, Default: nil,
			Help: "The sound server's device speech plays on, by its name as pactl list short sinks gives it; not set, or a device not connected, plays on the default device."},
		choice("speech.caps", "Capital letters", "How capital letters are marked when spoken: not at all, spelled as capital, or with a sound.",
			"none", false, Choice{"none", "Not marked"}, Choice{"spell", "Spell capital"}, Choice{"icon", "Sound"}),
		toggle("speech.split_caps", "Split capitals",
			"Says words joined with capitals, such as TextWeaver, as separate words.", false),
		toggle("speech.skip_code", "Skip code blocks", "Leaves code blocks out of continuous reading.", false),
		toggle("speech.auto_play", "Read on opening", "Starts reading aloud when a document opens.", false),

		// highlight
		toggle("highlight.enabled", "Highlight spoken words", "Marks the word being read aloud on the screen.", true),
		choice("highlight.color", "Highlight color", "The color that marks the word being read.",
			"yellow", false,
			Choice{"yellow", "Yellow"}, Choice{"green", "Green"}, Choice{"cyan", "Cyan"},
			Choice{"magenta", "Magenta"}, Choice{"reverse", "Reverse video"}, Choice{"underline", "Underline"}),
		{Path: "highlight.names", Label: "Highlight names", Kind: KindList,
			Default: []string{"important", "definition", "question", "example", "review"},
			Help:    "The names the highlight name 1 to 5 commands give a highlight, in order; highlight as takes any name."},
		number("highlight.lead_words", "Highlight lead",
			"Draws the highlight this many words on from the word heard; 1 is the word heard, 0 the one before.",
			1, -5, 5, 1, "words", "word"),
		choice("highlight.sentence_color", "Sentence highlight color",
			"How the rest of the sentence being read is marked when the highlight covers the word and the sentence.",
			"underline", false, Choice{"underline", "Underline"}, Choice{"yellow", "Yellow"}, Choice{"green", "Green"},
			Choice{"cyan", "Cyan"}, Choice{"magenta", "Magenta"}, Choice{"reverse", "Reverse video"}),
		{Path: "highlight.speed", Label: "Highlight speed", Kind: KindNumber, Default: 1.0,
			Min: 0.5, Max: 1.5, Step: 0.1, Unit: "times as fast", unitOne: "times as fast",
			Help: "Speeds up or slows down the highlight of voices that report no word positions, whose words are highlighted by an estimate of when they are heard."},
		choice("highlight.granularity", "Highlight covers", "What the reading highlight marks: the word, the sentence, or both.",
			"word", false, Choice{"word", "The word"}, Choice{"sentence", "The sentence"}, Choice{"both", "The word and the sentence"}),

		// normalization: how the text is put into words before the engine
		// says it (the document's words keep their places).
		toggle("normalization.abbreviations", "Expand abbreviations",
			"Says abbreviations in full, such as doctor for Dr., from a short built-in list and your own.", true),
		{Path: "normalization.abbrev_expansions", Label: "Your abbreviations", Kind: KindTable, Entries: KindText,
			Default: map[string]string{},
			Help:    "Abbreviations of your own and what they stand for, found in the case written, such as ACME = A C M E."},
		toggle("normalization.medical_lexicon.enabled", "Medical lexicon",
			"Says dosing schedules, routes, units and clinical shorthand in words, such as milligrams for mg and twice a day for BID, found in the case written.", false),
		{Path: "normalization.medical_lexicon.overlay", Label: "Your medical pronunciations", Kind: KindText, Optional: true, Default: nil,
			Help: "A TOML file of words and how to say them, such as qAM = \"every morning\", which win over the medical lexicon's own; not set reads medical-lexicon.toml beside settings.toml."},
		toggle("normalization.numbers", "Numbers in words",
			"Says numbers as numbers, such as two thousand; off, digit by digit.", true),
		toggle("normalization.use_pronunciations", "Use pronunciations", "Applies your pronunciation list.", true),
		{Path: "normalization.pronunciations", Label: "Your pronunciations", Kind: KindTable, Entries: KindText,
			Default: map[string]string{},
			Help:    "Words and how to say them, written in settings.toml, used with the pronunciation list; where both have a word, this one wins."},
		choice("normalization.table_mode", "Tables", "How continuous reading reads tables.",
			"structured", false, Choice{"structured", "With rows and columns"}, Choice{"flat", "As text"}, Choice{"skip", "Skipped"}),
		choice("normalization.footnote_mode", "Footnotes", "Where continuous reading reads footnotes.",
			"inline", false, Choice{"inline", "Where they are marked"}, Choice{"deferred", "At the end"}, Choice{"skip", "Skipped"}),
		toggle("normalization.math", "Math in words",
			"Writes formulas in words, such as x squared, when a document opens; off, they are written and read as their notation.", true),
		choice("normalization.math_verbosity", "Math detail",
			"How much formulas in words say of where fractions, roots and powers start and end, when a document opens.",
			"normal", false, Choice{"low", "Low"}, Choice{"normal", "Normal"}, Choice{"high", "High"}),

		// reading
		toggle("reading.auto_resume", "Resume where you left off",
			"Opens a document you read before at the place you stopped.", true),
		number("reading.nav_history_size", "History size",
			"How many earlier places are kept for going back and forward.",
			50, 1, 1000, 10, "places", "place"),
		toggle("reading.wrap_navigation", "Wrap navigation",
			"Lets moving past the last heading, link or other item continue from the other end of the document.", false),
		toggle("reading.cursor_follows_speech", "Cursor follows speech",
			"Moves the cursor along with the word being read, so stopping leaves it there.", true),
		choice("reading.book_audio", "Book audio",
			"What reads a talking book (DAISY) that has a recorded narration: its recording, or speech.",
			"auto", false, Choice{"auto", "The book's recording"}, Choice{"speech", "Speech"}),
		number("reading.autosave_seconds", "Save reading place every",
			"How often your place in the document is saved while it changes.",
			30, 5, 600, 5, "seconds", "second"),
		choice("reading.stop_at", "Stop at section end",
			"Where continuous reading stops by itself, saying so: never, at the next heading, or at the next chapter, from where reading from the cursor goes on.",
			"off", false, Choice{"off", "Never"}, Choice{"heading", "Next heading"}, Choice{"chapter", "Next chapter"}),
		number("reading.stop_after_minutes", "Reading timer",
			"Continuous reading stops at the end of a sentence after this many minutes, and says so; 0 turns the timer off.",
			0, 0, 240, 5, "minutes", "minute"),
		choice("reading.math_display", "Math notation",
			"How formulas are written in the text when math in words is off: as their source, such as x^2, or in Unicode signs, such as x².",
			"source", false, Choice{"source", "Source"}, Choice{"unicode", "Unicode"}),
		choice("reading.revisions", "Tracked changes",
			"How tracked changes in Word, OpenDocument and RTF files are read when a document opens: marked says each insertion and deletion where it is, final reads the text as if every change were accepted, automatic marks them at high verbosity only.",
			"auto", false, Choice{"auto", "Automatic"}, Choice{"marked", "Marked"}, Choice{"final", "Final"}),
		{Path: "reading.last_document", Label: "Last document", Kind: KindText, Optional: true, Default: nil, Internal: true,
			Help: "The document that was open when tw last closed."},

		// display
		// Closed: a theme name tw does not have is refused with the list.
		choice("display.theme", "Theme", "The colors of the reading screen.", "terminal", false, Themes...),
		toggle("display.show_line_numbers", "Line numbers", "Shows the number of each line at its left.", false),
		number("display.wrap_width", "Wrap width", "Wraps lines at this many columns; 0 uses the whole width.",
			0, 0, 400, 10, "columns", "column"),
		lines("display.scroll_margin", "Scroll margin", "How many lines stay in view above and below the cursor.",
			0, 20),
		number("display.tab_width", "Tab width", "How many columns a tab takes on the screen.", 4, 1, 16, 1, "columns", "column"),
		choice("display.hints", "Key hints",
			"Shows a line above the status bar naming the main keys of what you are doing, such as reading, editing or answering a question; automatic shows it only while tw speaks for itself.",
			"auto", false,
			Choice{"auto", "Automatic (while tw speaks for itself)"}, Choice{"on", "On"}, Choice{"off", "Off"}),

		choice("interface.language", "Interface language",
			"The language tw speaks and shows its own words in; automatic follows the system locale (LC_ALL, LC_MESSAGES, LANG).",
			"auto", false,
			Choice{"auto", "Automatic (the system locale)"}, Choice{"en", "English"}, Choice{"ar", "العربية (Arabic)"},
			Choice{"de", "Deutsch (German)"}, Choice{"es", "Español (Spanish)"}, Choice{"fr", "Français (French)"},
			Choice{"pt", "Português (Portuguese)"}),
		internal(Setting{Path: "interface.recent_settings", Label: "Recently changed settings", Kind: KindList, Default: []string{},
			Help: "The settings changed last in the settings list, most recent first, which the list shows first."}),
		choice("interface.rtl", "Right-to-left text",
			"How Arabic, Persian and Hebrew lines are drawn: tw orders and joins the letters itself, or leaves both to a terminal that can (such as mlterm); automatic decides by the terminal.",
			"auto", false,
			Choice{"auto", "Automatic (by the terminal)"}, Choice{"on", "Ordered and joined by tw"},
			Choice{"off", "Left to the terminal"}),

		// editing
		choice("editing.typing_echo", "Typing echo", "What is spoken while you type.", "characters", false,
			Choice{"none", "Nothing"}, Choice{"characters", "Characters"}, Choice{"words", "Words"},
			Choice{"both", "Characters and words"}),
		toggle("editing.autosave", "Save edits automatically",
			"Saves the document you are editing by itself every little while.", false),
		number("editing.autosave_interval_secs", "Save edits every",
			"How often the document you are editing is saved by itself, while it has unsaved changes and saving edits automatically is on.",
			30, 1, 3600, 5, "seconds", "second"),
		toggle("editing.autosave_recovery", "Keep a recovery copy",
			"While edits are unsaved, keeps a copy of them in tw's home as often as edits are saved by themselves, and offers it back when the document is opened again after tw stopped without saving.", true),
		toggle("editing.spell_check", "Check spelling", "Finds misspelled words while you edit.", true),
		number("editing.undo_steps", "Undo steps", "The most edits undo can take back.",
			1000, 1, 100000, 100, "steps", "step"),
		toggle("editing.echo_lines_on_move", "Echo lines", "Says the line the caret moves to while you edit.", true),
		toggle("editing.echo_deletions", "Echo deletions", "Says what Backspace and Delete remove.", true),

		// keyboard
		toggle("keyboard.character_keys", "Single-letter keys",
			"Lets single keys such as h for the next heading work while browsing.", true),
		choice("keyboard.preset", "Key layout", "Which set of default keys to start from before your own changes.",
			"default", false, Choice{"default", "Default"}, Choice{"classic", "Classic"}),
		choice("keyboard.digit_row", "Digit row", "How the digit keys for heading levels are read: as digits, or from a French AZERTY keyboard's row.",
			"auto", false, Choice{"auto", "Automatic"}, Choice{"azerty", "AZERTY"}),

		// accessibility
		choice("accessibility.mode", "Access mode",
			"Whether tw speaks for itself, shares the work with your screen reader, or leaves all speech to it.",
			"self-voicing", false,
			Choice{"self-voicing", "Self-voicing"}, Choice{"hybrid", "Hybrid"}, Choice{"screen-reader", "Screen reader"}),
		choice("accessibility.say_all", "Continuous reading with a screen reader",
			"In screen-reader mode, how reading on from the cursor goes: shown a sentence at a time on the message line for your screen reader to say, moving on when it should have finished, or read by tw's own voice.",
			"screen", false, Choice{"screen", "Shown for the screen reader"}, Choice{"voice", "tw's own voice"}),

		// export
		choice("export.audio_format", "Audio format", "The kind of sound file an audio export writes.", "wav", false,
			Choice{"wav", "WAV"}, Choice{"flac", "FLAC"}, Choice{"ogg", "Ogg Vorbis"}, Choice{"mp3", "MP3"}),
		{Path: "export.folder", Label: "Export folder", Kind: KindText, Optional: true, Default: nil,
			Help: "Where exports are saved; not set saves them next to the document."},
		toggle("export.subtitles_with_audio", "Subtitles with audio", "Always writes subtitles beside exported audio.", false),
		choice("export.subtitle_format", "Subtitle format", "The format of subtitles written beside audio without one asked for.",
			"srt", false, Choice{"srt", "SubRip"}, Choice{"vtt", "WebVTT"}),
		toggle("export.subtitle_chapters", "Chapters file", "Also writes a WebVTT file of the chapters beside exported audio.", false),
		toggle("export.subtitle_word_level", "Word subtitles", "Writes one subtitle per word instead of one per sentence.", false),

		// preview
		toggle("preview.auto_reload", "Reload the preview by itself",
			"The browser preview reloads itself every two seconds, so each save shows without pressing F5.", false),
		toggle("preview.live", "Live preview",
			"With the preview reloading by itself, it is also rewritten when typing pauses for a second, not only on save.", false),

		// braille
		number("braille.cells_per_line", "Braille cells per line",
			"How many cells a line of a braille file has.", 40, 12, 100, 1, "", ""),
		number("braille.lines_per_page", "Braille lines per page",
			"How many lines a page of a braille file has, its page number line included.", 25, 4, 100, 1, "", ""),
		choice("braille.table", "Braille code",
			"The liblouis table braille files are written and read in; another installed table may be named.",
			"en-ueb-g2.ctb", true,
			Choice{"en-ueb-g2.ctb", "Unified English Braille, grade 2"}, Choice{"en-ueb-g1.ctb", "Unified English Braille, grade 1"}),
		choice("braille.math_code", "Math braille",
			"The braille code for formulas in braille files: UEB technical material, or the Nemeth Code (between the Nemeth Code indicators inside UEB).",
			"ueb", false,
			Choice{"ueb", "UEB"}, Choice{"nemeth", "Nemeth"}),
		choice("braille.table_format", "Braille tables",
			"How braille files lay out a table: a row to a line with semicolons between its entries; listed, each row's first entry followed by the others, one to a line after their column's heading; or stairstep, each entry on its own line two cells right of the one before (tables of more than four columns are listed).",
			"linear", false,
			Choice{"linear", "Linear"}, Choice{"listed", "Listed"}, Choice{"stairstep", "Stairstep"}),

		// library
		// lexicon
		{Path: "lexicon.glossary", Label: "Glossary", Kind: KindText, Optional: true, Default: nil,
			Help: "Your own glossary, looked up before WordNet; not set uses glossary.json or glossary.txt in tw's home."},

		{Path: "lexicon.data_file", Label: "WordNet folder", Kind: KindText, Optional: true, Default: nil,
			Help: "The WordNet database define_word reads; not set uses Debian's, in /usr/share/wordnet."},

		// summary
		number("summary.sentences", "Summary sentences", "How many sentences a summary gives.",
			5, 1, 50, 1, "sentences", "sentence"),

		{Path: "library.folders", Label: "Library folders", Kind: KindList, Default: []string{},
			Help: "Folders the file browser offers as places to find documents."},
		number("library.recent_limit", "Recent documents",
			"How many recently read documents the library lists first.", 20, 1, 500, 5, "documents", "document"),

		// reading_aids: what the terminal reader draws to help the eye,
		// grouped as textweaver groups them (rsvp, ruler, bionic_options).
		number("reading_aids.rsvp.wpm", "RSVP rate",
			"Words per minute of RSVP, which shows one word at a time.", 300, 60, 1500, 20, "words per minute", "word per minute"),
		choice("reading_aids.rsvp.position", "RSVP position", "Where on the screen the RSVP word appears.",
			"center", false,
			Choice{"top-left", "Top left"}, Choice{"top-center", "Top center"}, Choice{"top-right", "Top right"},
			Choice{"center-left", "Middle left"}, Choice{"center", "Center"}, Choice{"center-right", "Middle right"},
			Choice{"bottom-left", "Bottom left"}, Choice{"bottom-center", "Bottom center"}, Choice{"bottom-right", "Bottom right"}),
		toggle("reading_aids.bionic", "Bionic reading", "Draws the first half of each word in bold.", false),
		toggle("reading_aids.syllables", "Syllables",
			"Draws words split into syllables with a middle dot, by the hyphenation patterns of the document's language; speech is unchanged.", false),
		choice("reading_aids.ruler.mode", "Reading ruler",
			"Marks the line at the cursor, or a band of three lines around it.", "off", false,
			Choice{"off", "Off"}, Choice{"current_line", "Current line"}, Choice{"ruler", "Ruler"}),

		// stats
		toggle("stats.enabled", "Reading statistics",
			"Counts the time each document is read aloud, the furthest point reached, and its sessions.", true),

		// app
		internal(toggle("app.first_run", "First run", "Whether the welcome has yet to be given.", true)),
	}
	list = withMoreSettings(list)
	for i := range list {
		list[i].Section = list[i].Path[:strings.IndexByte(list[i].Path, '.')]
	}
	return list
}()

// byPath finds a setting by its path.
var byPath = func() map[string]int {
	m := make(map[string]int, len(schema))
	for i, s := range schema {
		m[s.Path] = i
	}
	return m
}()

// Schema returns every setting, section by section (speech first, app
// last).
func Schema() []Setting {
	out := make([]Setting, len(schema))
	for i, s := range schema {
		out[i], _ = Lookup(s.Path)
	}
	return out
}

// Lookup returns the setting with the given path.
func Lookup(path string) (Setting, bool) {
	i, ok := byPath[path]
	if !ok {
		return Setting{}, false
	}
	s := schema[i]
	s.Choices = append([]Choice(nil), s.Choices...)
	s.Default = jsonValue(s.Default)
	return s, true
}

// Defaults answers every setting with its default, from the schema: the one
// place tw's defaults are written. Like the Store's quick readers it never
// panics; a path the schema lacks reads as the zero value.
type Defaults struct{}

func (Defaults) value(path string) any {
	st, ok := Lookup(path)
	if !ok {
		return nil
	}
	return st.Default
}

// Int returns a number setting's default, rounded to a whole number.
func (d Defaults) Int(path string) int {
	f, _ := toFloat(d.value(path))
	return int(math.Round(f))
}

// Float returns a number setting's default.
func (d Defaults) Float(path string) float64 {
	f, _ := toFloat(d.value(path))
	return f
}

// Bool returns a toggle's default.
func (d Defaults) Bool(path string) bool { return d.value(path) == true }

// String returns a choice or text setting's default; "" for none.
func (d Defaults) String(path string) string {
	s, _ := d.value(path).(string)
	return s
}

// Strings returns a list setting's default.
func (d Defaults) Strings(path string) []string {
	switch v := d.value(path).(type) {
	case []string:
		return v
	case []any:
		out := make([]string, 0, len(v))
		for _, x := range v {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// NumberTable returns a table of numbers' default, such as the speed presets.
func (d Defaults) NumberTable(path string) map[string]int {
	t, _ := d.value(path).(map[string]int)
	return t
}
