package speechd

import (
	"testing"

	"textfirst/internal/tw/speech/engine"
)

func TestSSML(t *testing.T) {
	words := func(text string) []engine.Span {
		var ws []engine.Span
		r := []rune(text)
		st := -1
		for i := 0; i <= len(r); i++ {
			letter := i < len(r) && (r[i] >= 'a' && r[i] <= 'z' || r[i] >= 'A' && r[i] <= 'Z' || r[i] == 'é')
			if letter && st < 0 {
				st = i
			}
			if !letter && st >= 0 {
				ws = append(ws, engine.Span{Start: st, End: i})
				st = -1
			}
		}
		return ws
	}
	tests := []struct {
		name, text string
		from, ms   int
		want       string
	}{
		{"marks and sentences", "Hi there. Café & <b>!", 0, 0,
			`<speak><s><mark name="0"/>Hi <mark name="1"/>there.</s><s><mark name="2"/>Café &amp; &lt;<mark name="3"/>b&gt;!</s></speak>`},
		{"resume from a word, with a pause", "one two three", 1, 300,
			`<speak><s><mark name="1"/>two <mark name="2"/>three</s><break time="300ms"/></speak>`},
		{"line breaks", "a\nb", 0, 0, `<speak><s><mark name="0"/>a <mark name="1"/>b</s></speak>`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := SSML(engine.Utterance{Text: tt.text, Words: words(tt.text)}, tt.from, tt.ms)
			if got != tt.want {
				t.Errorf("\ngot  %s\nwant %s", got, tt.want)
			}
		})
	}
}

// FuzzParseVoices: any LIST SYNTHESIS_VOICES line gives a voice of the
// module with an id "module:name", or none, and never a panic.
func FuzzParseVoices(f *testing.F) {
	f.Add("English (America)\ten-US\tnone")
	f.Add("English (America)+Max\ten-US\tMax")
	f.Add("\t\t")
	f.Add("kal16")
	f.Fuzz(func(t *testing.T, line string) {
		for _, v := range ParseVoices("flite", []string{line}) {
			if v.Module != "flite" || v.ID != "flite:"+v.Name || v.Name == "" {
				t.Fatalf("line %q gave %+v", line, v)
			}
		}
	})
}
