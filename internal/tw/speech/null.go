package speech

import (
	"textfirst/internal/tw/speech/engine"
)

// nullEngine makes no sound: each word lasts 60/wpm seconds of silence,
// which the sink plays like any audio, so word events, pauses, stopping and
// exporting behave as with a real voice.
type nullEngine struct{}

const nullRate = 16000

func (nullEngine) ID() string      { return "null" }
func (nullEngine) SampleRate() int { return nullRate }
func (nullEngine) Close() error    { return nil }
func (nullEngine) Voices() ([]engine.Voice, error) {
	return []engine.Voice{{ID: "silence", Name: "Silence"}}, nil
}
func (nullEngine) wordSamples(p engine.Params) int64 {
	return int64(nullRate) * 60 / int64(max(p.Rate, 1))
}

func (e nullEngine) Synthesize(u engine.Utterance, p engine.Params, emit func([]int16, []engine.Mark) bool) error {
	p = p.Clamp()
	per := e.wordSamples(p)
	n := len(u.Words)
	if n == 0 { // an announcement: time it by its words
		t := newTokenizer(u.Text, 0)
		for tk, ok := t.next(); ok; tk, ok = t.next() {
			if tk.Word {
				n++
			}
		}
	}
	chunk := make([]int16, nullRate/20)
	var at int64
	for i := 0; i < n; i++ {
		var marks []engine.Mark
		if i < len(u.Words) {
			marks = []engine.Mark{{Word: i, Sample: at}}
		}
		for left := per; left > 0; {
			k := min(left, int64(len(chunk)))
			if !emit(chunk[:k], marks) {
				return nil
			}
			marks = nil
			left -= k
			at += k
		}
	}
	return nil
}
