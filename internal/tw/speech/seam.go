package speech

import (
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/units"
)

// Read is ReadWith with the handler's two functions given apart: the shape
// of the reading core's speaking seam (core.Speaker), which a Service
// satisfies as it is.
func (s *Service) Read(d *doc.Document, from, to int, word func(start, end int), done func(completed bool)) {
	s.ReadWith(d, from, to, Handler{Word: word, Done: done})
}

// ReadContinuous is ReadContinuousWith with the handler's two functions
// given apart: the reading core's continuous reading
// (core.ContinuousSpeaker).
func (s *Service) ReadContinuous(ix *units.Index, from, to int, word func(start, end int), done func(completed bool)) {
	s.ReadContinuousWith(ix, from, to, Handler{Word: word, Done: done})
}

// ReadAtRate is Read at rate words a minute (clamped to speech.rate's
// range) instead of the params' rate, for this reading only: the params
// stay as they are, and a change of them restarts the reading at this
// rate still (core.RateReader, repeat_sentence_slower).
func (s *Service) ReadAtRate(d *doc.Document, from, to, rate int, word func(start, end int), done func(completed bool)) {
	s.read(&reading{d: d, from: from, to: to, rate: rate, h: Handler{Word: word, Done: done}})
}
