// Package engine is the seam between tw's speech service and the speech
// engines. An engine never sees a document: it receives utterances (spoken
// text plus the ranges of the words in it) and reports which word is being
// heard by its index in the utterance.
//
// There are two kinds of engines. A Synthesizer turns text into audio that
// tw plays itself, so a word is released when its first sample is played. A
// Speaker plays audio on its own (speech-dispatcher) and reports words as it
// hears them.
package engine

import (
	"context"

	"textfirst/internal/tw/settings"
)

// Params are the speech settings, in tw's units. They take effect on the
// next utterance an engine receives.
type Params struct {
	Rate             int    // words per minute, 50..900
	Pitch            int    // semitones, -12..12
	Volume           int    // percent, 0..100
	Voice            string // engine voice id; "" is the engine default
	Punctuation      string // "none", "some" or "all"
	Capitals         string // capital letters: "none", "spell" or "icon"
	PauseHeadingMs   int
	PauseParagraphMs int
	PauseListItemMs  int
	// Lexicon is speech.pronunciations (nil: none). The narration says its
	// replacements; engines never see it.
	Lexicon *settings.Lexicon
	// LatencyOffsetMs is speech.latency_offset_ms: how long after its first
	// sample is played a word is reported as heard (the audio device's own
	// delay). The service applies it; engines never see it.
	LatencyOffsetMs int
	// Verbosity is speech.verbosity ("low", "normal", "high"): how much
	// continuous reading says of the document's structure (package
	// narration). The narration applies it; engines never see it.
	Verbosity string
	// Tables, Footnotes and SkipCode are normalization.table_mode,
	// normalization.footnote_mode and speech.skip_code: how continuous
	// reading says tables, footnotes and code blocks (package narration).
	Tables, Footnotes string
	SkipCode          bool
	// SkipCitations is reading.citations turned off: continuous reading
	// leaves citations out.
	SkipCitations bool
	// KeepAbbreviations says abbreviations as written instead of in full
	// (normalization.abbreviations off).
	KeepAbbreviations bool
	// HighlightSpeed is highlight.speed (0.5 to 1.5; 0 is 1): how much
	// faster than estimated the words of a voice that reports no word
	// positions are released. Speakers that estimate apply it.
	HighlightSpeed float64
	// MarkupPauses is speech.markup_pauses: pause markup in the text
	// (<break time="1s"/>) is a silence, not words. The narration applies
	// it; engines never see it.
	MarkupPauses bool
	// PreferVoice is speech.prefer_voice: with no Voice, the first voice
	// whose name or id holds it (any case). The service applies it.
	PreferVoice string
}

// DefaultParams are textweaver's defaults, as the settings schema gives them.
func DefaultParams() Params { return ParamsFrom(settings.Defaults{}) }

// Settings reads settings by path (settings.Store, settings.Defaults).
type Settings interface {
	Int(path string) int
	String(path string) string
}

// toggles is the optional part of Settings that reads toggles (and, on a
// *settings.Store, tables of texts such as speech.pronunciations).
type toggles interface {
	Bool(path string) bool
}

// ParamsFrom reads the speech.* settings.
func ParamsFrom(s Settings) Params {
	var lex *settings.Lexicon
	if b, ok := s.(toggles); ok {
		// Entries that cannot be used were refused when set, or replaced by
		// the default with a warning when settings.toml was loaded.
		lex = settings.SpeakingLexicon(b)
	}
	return Params{
		Lexicon: lex, LatencyOffsetMs: s.Int("speech.latency_offset_ms"),
		Rate: s.Int("speech.rate"), Pitch: s.Int("speech.pitch"), Volume: s.Int("speech.volume"),
		Voice: s.String("speech.voice"), Punctuation: s.String("speech.punctuation"),
		Capitals:          s.String("speech.caps"),
		PauseHeadingMs:    s.Int("speech.pause_heading_ms"),
		PauseParagraphMs:  s.Int("speech.pause_paragraph_ms"),
		PauseListItemMs:   s.Int("speech.pause_list_item_ms"),
		Verbosity:         s.String("speech.verbosity"),
		Tables:            s.String("normalization.table_mode"),
		Footnotes:         s.String("normalization.footnote_mode"),
		SkipCode:          toggled(s, "speech.skip_code"),
		SkipCitations:     !toggled(s, "reading.citations"),
		KeepAbbreviations: !toggled(s, "normalization.abbreviations"),
		PreferVoice:       s.String("speech.prefer_voice"),
		MarkupPauses:      toggled(s, "speech.markup_pauses"),
		HighlightSpeed:    number(s, "highlight.speed"),
	}
}

// floats is the optional part of Settings that reads numbers that need
// not be whole.
type floats interface {
	Float(path string) float64
}

// number is a number setting of s, or its default when s reads only
// whole numbers.
func number(s Settings, path string) float64 {
	if f, ok := s.(floats); ok {
		return f.Float(path)
	}
	return settings.Defaults{}.Float(path)
}

// toggled is a toggle of s, or its default when s reads no toggles.
func toggled(s Settings, path string) bool {
	if b, ok := s.(toggles); ok {
		return b.Bool(path)
	}
	return settings.Defaults{}.Bool(path)
}

// Clamp brings every field into its range (out-of-range settings clamp, as
// textweaver's settings do) and replaces an unknown punctuation level by
// "some".
func (p Params) Clamp() Params {
	p.Rate = clampTo(p.Rate, "speech.rate")
	p.Pitch = clampTo(p.Pitch, "speech.pitch")
	p.Volume = clampTo(p.Volume, "speech.volume")
	switch p.Punctuation {
	case "none", "some", "all":
	default:
		p.Punctuation = "some"
	}
	switch p.Capitals {
	case "", "none", "spell", "icon": // "" is none
	default:
		p.Capitals = "none"
	}
	p.PauseHeadingMs = clamp(p.PauseHeadingMs, 0, 10000)
	p.PauseParagraphMs = clamp(p.PauseParagraphMs, 0, 10000)
	p.PauseListItemMs = clamp(p.PauseListItemMs, 0, 10000)
	p.LatencyOffsetMs = clampTo(p.LatencyOffsetMs, "speech.latency_offset_ms")
	if p.HighlightSpeed != 0 { // 0 is 1, and stays 0
		p.HighlightSpeed = min(max(p.HighlightSpeed, 0.5), 1.5)
	}
	return p
}

// clampTo clamps v to the range the settings schema gives path.
func clampTo(v int, path string) int {
	st, _ := settings.Lookup(path)
	return clamp(v, int(st.Min), int(st.Max))
}

func clamp(v, lo, hi int) int {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

// Span is a range [Start, End) of code points.
type Span struct{ Start, End int }

// Utterance is what an engine speaks: plain text (never markup) and the
// spans of its words, in order and not overlapping. Engines report words by
// their index in Words.
type Utterance struct {
	Text  string
	Words []Span
}

// Mark says that word Word of an utterance starts at sample Sample of the
// utterance's audio (counted from the utterance's first sample).
type Mark struct {
	Word   int
	Sample int64
}

// Info describes an engine for `tw backends`.
type Info struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Available bool   `json:"available"`
	Reason    string `json:"reason,omitempty"` // why it is not available
	Detail    string `json:"detail,omitempty"` // what was found (speech-dispatcher's output modules)
	Priority  int    `json:"priority"`
	Timing    string `json:"timing"`    // where word timing comes from
	Selection string `json:"selection"` // how it is chosen
}

// Voice is one voice of an engine.
type Voice struct {
	ID       string `json:"id"`   // what --voice and speech.voice take
	Name     string `json:"name"` // human name
	Language string `json:"language,omitempty"`
	Gender   string `json:"gender,omitempty"`
	Engine   string `json:"engine,omitempty"`  // the engine id ("espeak", "speechd")
	Module   string `json:"module,omitempty"`  // speech-dispatcher's output module
	Variant  string `json:"variant,omitempty"` // speech-dispatcher's voice variant
}

// Engine is what every engine implements.
type Engine interface {
	ID() string
	Voices() ([]Voice, error)
	Close() error
}

// Synthesizer is an engine that produces audio for tw to play.
type Synthesizer interface {
	Engine
	// SampleRate is the rate of the mono 16-bit audio Synthesize produces.
	SampleRate() int
	// Synthesize produces the audio of u with parameters p, handing it to
	// emit in order as it is produced, each piece with the marks of the words
	// that start in it (samples counted from the start of u's audio). emit
	// returning false aborts synthesis; Synthesize then returns nil soon.
	// A word may get no mark (the engine skipped it); marks never go
	// backwards. Synthesize may be called from any goroutine; engines that
	// are not thread-safe serialise calls themselves.
	Synthesize(u Utterance, p Params, emit func(pcm []int16, marks []Mark) bool) error
}

// Speaker is an engine that plays audio itself.
type Speaker interface {
	Engine
	// Speak speaks u, followed by pauseMs of silence, and returns when it has
	// been heard, or at once after ctx is cancelled (the audio is stopped
	// first). word is called with each word's index as it is heard, in order.
	Speak(ctx context.Context, u Utterance, p Params, pauseMs int, word func(i int)) error
	// Announce speaks text with no word events, interrupting the previous
	// announcement, and returns without waiting for the audio.
	Announce(text string, p Params) error
	// Silence stops an announcement in progress.
	Silence()
}
