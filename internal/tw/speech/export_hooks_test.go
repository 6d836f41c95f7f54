package speech

import "textfirst/internal/tw/speech/engine"

// WrapSink lets external tests observe the sink of a Service (its clock).
func WrapSink(s *Service, wrap func(Sink) Sink) { s.sink = wrap(s.sink) }

// OpenEngine is Open with an engine of the test's own (a fake).
func OpenEngine(eng engine.Engine, opts Options) (*Service, error) {
	s, _, err := newService(eng, opts)
	return s, err
}

// WrapSynth lets external tests observe the synthesizer of a Service.
func WrapSynth(s *Service, wrap func(engine.Synthesizer) engine.Synthesizer) { s.syn = wrap(s.syn) }
