package speech

import "textfirst/internal/tw/speech/engine"

// Params are the speech settings: Rate in words per minute (50–900), Pitch
// in semitones (−12..12), Volume in percent (0–100), Voice an engine voice
// id ("" for the default), Punctuation "none", "some" or "all", and the
// pauses after headings, paragraphs and list items in milliseconds.
// Out-of-range values clamp.
type Params = engine.Params

// DefaultParams returns textweaver's defaults: 265 wpm, pitch 0, volume 100,
// default voice, punctuation "some", pauses 400/300/150 ms.
func DefaultParams() Params { return engine.DefaultParams() }
