package espeak

import (
	"testing"

	"textfirst/internal/tw/speech/engine"
)

func TestWordAt(t *testing.T) {
	// "ab  cd e": words [0,2) [4,6) [7,8)
	words := []engine.Span{{Start: 0, End: 2}, {Start: 4, End: 6}, {Start: 7, End: 8}}
	for pos, want := range map[int]int{0: 0, 1: 0, 2: -1, 3: -1, 4: 1, 5: 1, 6: -1, 7: 2, 8: -1, 100: -1} {
		if got := wordAt(words, pos); got != want {
			t.Errorf("wordAt(%d) = %d, want %d", pos, got, want)
		}
	}
}

// TestSynthesizeMarksEveryWord runs the real libespeak-ng: marks in order,
// samples increasing, within the audio produced.
func TestSynthesizeMarksEveryWord(t *testing.T) {
	e, err := New()
	if err != nil {
		t.Fatalf("%v (run scripts/deps-speech.sh)", err)
	}
	text := "Naïve readers cost 1,250 euros, 3.5 each."
	u := engine.Utterance{Text: text}
	for _, se := range [][2]int{{0, 5}, {6, 13}, {14, 18}, {19, 24}, {25, 30}, {32, 35}, {36, 40}} {
		u.Words = append(u.Words, engine.Span{Start: se[0], End: se[1]})
	}
	var marks []engine.Mark
	var total int64
	err = e.Synthesize(u, engine.DefaultParams(), func(pcm []int16, ms []engine.Mark) bool {
		for _, m := range ms {
			if m.Sample < total || m.Sample > total+int64(len(pcm)) {
				t.Errorf("mark of word %d at sample %d outside this piece [%d, %d]", m.Word, m.Sample, total, total+int64(len(pcm)))
			}
		}
		marks = append(marks, ms...)
		total += int64(len(pcm))
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(marks) != len(u.Words) {
		t.Fatalf("%d marks for %d words: %v", len(marks), len(u.Words), marks)
	}
	for i, m := range marks {
		if m.Word != i || i > 0 && m.Sample <= marks[i-1].Sample {
			t.Errorf("mark %d: %+v after %+v", i, m, marks[max(0, i-1)])
		}
	}
	if secs := float64(total) / float64(e.SampleRate()); secs < 1 || secs > 6 {
		t.Errorf("%.2f s of audio for %d words", secs, len(u.Words))
	}
	// Aborting stops synthesis early.
	var pieces int
	e.Synthesize(u, engine.DefaultParams(), func([]int16, []engine.Mark) bool { pieces++; return false })
	if pieces != 1 {
		t.Errorf("%d pieces after the first returned false", pieces)
	}
}
