package speech

import "textfirst/internal/tw/speech/engine"

// Params are the speech settings: Rate in words per minute (50–900), Pitch
// in semitones (−12..12), Volume in percent (0–100), Voice an engine voice
// id ("" for the default), Punctuation "none", "some" or "all", and the
// pauses after headings, paragraphs and list items in milliseconds.
// Out-of-range values clamp.
type Params = engine.Params

// DefaultParams returns textweaver's defaults, from the settings schema.
func DefaultParams() Params { return engine.DefaultParams() }

// ParamsFrom reads the speech.* settings (a settings.Store, or anything
// that reads settings by path).
func ParamsFrom(s engine.Settings) Params { return engine.ParamsFrom(s) }
