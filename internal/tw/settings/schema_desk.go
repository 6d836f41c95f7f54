package settings

import (
	"slices"
	"strconv"
	"strings"

	"textfirst/internal/lazyregexp"
	"textfirst/internal/tw/i18n"
)

// deskSettings are more of the original textweaver's settings by its own
// names: the reader's colors for headings, links, notes and lists, what
// the typing echo may say, the undo history's memory, a voice for each
// interface language, and the theme chosen to match the terminal.
var deskSettings = []Setting{
	{Path: "dictation.model_dir", Label: "Dictation models folder", Kind: KindText, Optional: true, Default: nil,
		Help: "The folder of PocketSphinx models dictation looks in; not set uses Debian's, /usr/share/pocketsphinx/model."},
	{Path: "dictation.model", Label: "Dictation model", Kind: KindText, Default: "en-us",
		Help: "The PocketSphinx model dictation hears with, by its folder's name: it holds the acoustic model of that name, NAME.lm.bin and cmudict-NAME.dict."},
	toggle("dictation.speak_while_recording", "Speak while dictating",
		"Speaks what dictation hears as it comes, which is typed when dictation stops either way; off, it is only shown, so the microphone does not hear tw's voice.", false),

	{Path: "speech.voices_by_language", Label: "Voices by language", Kind: KindTable, Entries: KindText,
		Default: map[string]string{},
		Help:    "The voice for each interface language, such as fr = the French voice's name; used when no voice is set."},

	toggle("reading.ocr", "Recognize scanned pages",
		"Reads the text of scanned PDF pages by recognizing it with Tesseract; off, scanned pages are left unread.", true),
	{Path: "reading.ocr_lang", Label: "Scanned text language", Kind: KindText, Optional: true, Default: nil,
		Help: "The language of scanned text as Tesseract's codes, such as fra or deu+eng; not set uses the document's language, else English."},

	toggle("display.follow_os_theme", "Follow the terminal's colors",
		"At start, takes the light or the dark theme to match the terminal's background (COLORFGBG), unless you picked a theme.", false),
	internal(toggle("display.theme_explicit", "Theme picked",
		"Whether you picked a theme yourself, which stops the theme following the terminal's colors.", false)),

	toggle("editing.echo_characters", "Echo characters",
		"Says each character typed when the typing echo speaks characters; off, characters typed are never said.", true),
	toggle("editing.echo_words", "Echo words",
		"Says each word typed when the typing echo speaks words; off, words typed are never said.", true),
	number("editing.undo_memory_mb", "Undo memory",
		"The most memory the undo history keeps; past it the oldest edits are forgotten.",
		64, 1, 4096, 16, "megabytes", "megabyte"),

	choice("accessibility.cursor", "Cursor",
		"Where the terminal's cursor waits: on what you are working on, or on the status bar; a prompt always has it.",
		"follow", false, Choice{"follow", "Follows what you work on"}, Choice{"status", "On the status bar"}),

	choice("export.subtitle_karaoke", "Subtitle karaoke",
		"How sentence subtitles show the word being read: not at all, with WebVTT's timestamp tags (SubRip underlines each cue's first word), or a cue per word with the word in bold and underlined.",
		"off", false, Choice{"off", "Off"}, Choice{"tags", "Timestamp tags"}, Choice{"lines", "A cue per word"}),

	choice("reading_aids.ruler.scope", "Ruler covers",
		"What the reading ruler marks around the cursor: its row, or the whole line however it wraps.",
		"row", false, Choice{"row", "The row"}, Choice{"line", "The whole line"}),
	choice("reading_aids.rsvp.pacing", "RSVP pacing",
		"What moves the RSVP word on: its own timer at the RSVP rate, or speech, playing reading aloud from the word shown.",
		"timer", false, Choice{"timer", "Its own timer"}, Choice{"external", "Speech"}),
	number("reading_aids.rsvp.lead_words", "RSVP lead",
		"With speech pacing, shows the word this many words on from the word heard; 0 is the word heard.",
		0, -5, 5, 1, "words", "word"),

	choice("colors.headings", "Heading color", "The color of headings' text, which stay bold.",
		"theme", false, colorChoices...),
	choice("colors.links", "Link color", "The color of links' text, which stay underlined.",
		"theme", false, colorChoices...),
	choice("colors.notes", "Note color", "The background of text with a note, which stays underlined.",
		"theme", false, colorChoices...),
	choice("colors.bookmarks", "Bookmark color",
		"The background of a bookmarked word, drawn bold and underlined; the theme's color leaves bookmarks unmarked.",
		"theme", false, colorChoices...),
	choice("colors.difficult_words", "Difficult word color",
		"The color of the words that the difficult words aid underlines; they stay underlined.",
		"theme", false, colorChoices...),
	choice("colors.find_match", "Find match color",
		"The background of the whole match Find moved to, while the cursor is on it; the theme's color marks only the word at the cursor.",
		"theme", false, colorChoices...),
	choice("colors.misspellings", "Misspelling color",
		"The color of misspelled words while you edit with spell checks on, drawn underlined; the theme's color leaves them unmarked.",
		"theme", false, colorChoices...),
	choice("colors.lint", "Problem color",
		"The color of the problems tw finds in the text, drawn underlined: grammar problems of English text, and the Markdown source's lint problems while you edit; the theme's color leaves them unmarked.",
		"theme", false, colorChoices...),
	choice("colors.focus", "Focus color",
		"The background of the chosen item of a list; the theme's color there is the selection color.",
		"theme", false, colorChoices...),
}

// tesseractCodes are Tesseract's language codes joined by +, such as
// deu+eng or chi_sim.
var tesseractCodes = lazyregexp.New(`^[a-z]{3}(_[a-z]+)*(\+[a-z]{3}(_[a-z]+)*)*$`)

// textChecks refuse a text (of a text or an open choice setting) that
// cannot be used, with the reason.
var textChecks = map[string]func(string) i18n.Message{
	"reading.ocr_lang": func(s string) i18n.Message {
		if !tesseractCodes.MatchString(s) {
			return i18n.Msg("must be Tesseract's language codes joined by +, such as fra or deu+eng")
		}
		return none
	},
}

// tableChecks refuse entries of a table setting that cannot be used, with
// the reason.
var tableChecks = map[string]func(map[string]string) i18n.Message{
	"speech.voice_params": func(t map[string]string) i18n.Message {
		for _, k := range sortedKeys(t) {
			if _, _, ok := ParseVoiceParams(t[k]); !ok {
				return i18n.Msg("the rate and pitch of %s must be two numbers, words per minute (50 to 900) and semitones (-12 to 12), such as 300 -2", k)
			}
		}
		return none
	},
	"speech.voices_by_language": func(t map[string]string) i18n.Message {
		for _, k := range sortedKeys(t) {
			known := slices.ContainsFunc(i18n.Languages, func(l i18n.Language) bool { return l.Code == k })
			if !known {
				return i18n.Msg("%s is not an interface language (en, ar, de, es, fr, pt)", k)
			}
			if !singleLine(t[k]) || t[k] == "" {
				return i18n.Msg("the voice for %s must be a name on a single line", k)
			}
		}
		return none
	},
}

func sortedKeys(t map[string]string) []string {
	keys := make([]string, 0, len(t))
	for k := range t {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// TextTables reads tables of texts by path: a *Store.
type TextTables interface {
	TextTable(path string) map[string]string
}

// VoiceForLanguage is the voice speech.voices_by_language gives the
// interface language lang, or "".
func VoiceForLanguage(st TextTables, lang string) string {
	if st == nil || lang == "" {
		return ""
	}
	return st.TextTable("speech.voices_by_language")[lang]
}

// ThemeReader reads what FollowedTheme needs: a *Store, or Defaults.
type ThemeReader interface {
	String(path string) string
	Bool(path string) bool
}

// FollowedTheme is the theme the reader draws with: display.theme, or,
// with display.follow_os_theme on and no theme picked (display.theme at
// its default and display.theme_explicit off), "light" or "dark" to match
// the terminal's background as colorfgbg (the COLORFGBG variable, such as
// "15;0" or "0;default;15") gives it. A background it cannot read keeps
// display.theme.
func FollowedTheme(st ThemeReader, colorfgbg string) string {
	theme := st.String("display.theme")
	if !st.Bool("display.follow_os_theme") || st.Bool("display.theme_explicit") || theme != (Defaults{}).String("display.theme") {
		return theme
	}
	parts := strings.Split(colorfgbg, ";")
	bg, err := strconv.Atoi(parts[len(parts)-1])
	switch {
	case err != nil || bg < 0 || bg > 15:
		return theme
	case bg == 7 || bg >= 9:
		return "light"
	}
	return "dark"
}
