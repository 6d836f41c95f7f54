package speech

// Sink returns the sink the service plays synthesised audio through, or
// nil for an engine that plays its own audio (speech-dispatcher). Another
// player of the reader (a book's recorded narration) opens its streams on
// it, so both are heard through the same output; it stops the service's
// reading before it plays, as the reader stops one reading before the
// next.
func (s *Service) Sink() Sink { return s.sink }
