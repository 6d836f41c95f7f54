package speech

import (
	"textfirst/internal/tw/settings"
	"textfirst/internal/tw/speech/engine"
)

// Settings reads the speech.* settings by path: a *settings.Store, or
// settings.Defaults.
type Settings interface {
	Int(path string) int
	String(path string) string
	Bool(path string) bool
}

// Overrides are what a run changes in the speech settings: the command
// line's flags, the environment's sink, the interface language. A zero
// field keeps the setting.
type Overrides struct {
	Backend string // --backend; "" keeps speech.backend
	Module  string // --module; "" keeps speech.speechd_module
	Voice   string // --voice; "" keeps speech.voice
	Rate    *int   // --rate in words per minute; nil keeps speech.rate
	Pitch   *int   // --pitch in semitones; nil keeps speech.pitch
	// StrictBackend makes an engine named by Backend (not "auto") that
	// cannot open an error saying why, never a fallback to another engine
	// (tw speak, tw export-audio). An engine chosen by speech.backend
	// always falls back, with a notice.
	StrictBackend bool
	Sink          string  // see Options.Sink; "" is "auto"
	Speed         float64 // see Options.Speed
	// Language is the interface language of the notices ("" English).
	Language string
}

// OptionsFrom builds the options of a speech engine from the speech
// settings st (nil: the defaults) and the run's overrides: the one place
// that does, for the server, the terminal reader, tw speak and every audio
// export. Out-of-range numbers clamp.
func OptionsFrom(st Settings, o Overrides) Options {
	if st == nil {
		st = settings.Defaults{}
	}
	opts := Options{
		Backend:            st.String("speech.backend"),
		Module:             st.String("speech.speechd_module"),
		Params:             ParamsFrom(st),
		QueueAnnouncements: !st.Bool("speech.interrupt_announcements"),
		OutputDevice:       st.String("speech.output_device"),
		Sink:               o.Sink,
		Speed:              o.Speed,
		Language:           o.Language,
	}
	if o.Backend != "" {
		opts.Backend = o.Backend
		opts.Strict = o.StrictBackend && o.Backend != "auto"
	}
	if opts.Backend == "" {
		opts.Backend = "auto"
	}
	if o.Module != "" {
		opts.Module = o.Module
	}
	if o.Voice != "" {
		opts.Params.Voice = o.Voice
	}
	if opts.Params.Voice == "" {
		opts.Params.Voice = voiceByLanguage(st, o.Language)
	}
	if o.Rate != nil {
		opts.Params.Rate = *o.Rate
	}
	if o.Pitch != nil {
		opts.Params.Pitch = *o.Pitch
	}
	if opts.Sink == "" {
		opts.Sink = "auto"
	}
	opts.Params = opts.Params.Clamp()
	return opts
}

// openEngine opens the engine the options choose, and says what to tell
// the user (see openEngine).
func (o Options) openEngine() (engine.Engine, []string, error) {
	return openEngine(o.Backend, engineOpts{module: o.Module, strict: o.Strict, language: o.Language})
}
