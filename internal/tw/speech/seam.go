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
