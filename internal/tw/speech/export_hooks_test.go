package speech

// WrapSink lets external tests observe the sink of a Service (its clock).
func WrapSink(s *Service, wrap func(Sink) Sink) { s.sink = wrap(s.sink) }
