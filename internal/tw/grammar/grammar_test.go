package grammar

import "testing"

func TestCheckFindsEachRule(t *testing.T) {
	text := "She ate a apple and the the pear. it was an university of ideas. We could of gone , but i stayed. A hour passed."
	got := map[Rule]Problem{}
	for _, p := range Check(text) {
		if _, seen := got[p.Rule]; !seen {
			got[p.Rule] = p
		}
	}
	want := map[Rule][2]string{
		Article:       {"a apple", "an apple"},
		RepeatedWord:  {"the the", "the"},
		SentenceStart: {"it", "It"},
		CouldOf:       {"could of", "could have"},
		SpaceBefore:   {" ,", ","},
		LowercaseI:    {"i", "I"},
	}
	for rule, w := range want {
		p, ok := got[rule]
		if !ok {
			t.Errorf("%s: not found in %q", rule, text)
			continue
		}
		if p.Words != w[0] || p.Fix != w[1] {
			t.Errorf("%s: words %q fix %q, want %q and %q", rule, p.Words, p.Fix, w[0], w[1])
		}
		if []rune(text)[p.Start] != []rune(p.Words)[0] {
			t.Errorf("%s: starts at %d, not at its words", rule, p.Start)
		}
	}
	n := 0
	for _, p := range Check(text) {
		if p.Rule == Article {
			n++
		}
	}
	if n != 3 { // a apple, an university, A hour
		t.Errorf("%d article problems, want 3: %+v", n, Check(text))
	}
}

func TestCheckLeavesGoodEnglishAlone(t *testing.T) {
	good := "An hour ago, a university sent an email. I said that that is fine, e.g. when it rains. The U.S. team won."
	if p := Check(good); len(p) != 0 {
		t.Errorf("problems in good English: %+v", p)
	}
}

// TestCheckOffsetsAreCodePoints: in text with letters of two bytes and
// more, each problem's Start and End are code point offsets of its words,
// problems of several rules interleaved.
func TestCheckOffsetsAreCodePoints(t *testing.T) {
	text := "Ça coûte a euro. the the crème brûlée , i said. Über alles. über the the señor could of gone."
	runes := []rune(text)
	problems := Check(text)
	if len(problems) < 7 {
		t.Fatalf("%d problems, want at least 7: %+v", len(problems), problems)
	}
	for _, p := range problems {
		if p.Start < 0 || p.End > len(runes) || p.Start >= p.End {
			t.Errorf("%s %q: range %d-%d outside the text", p.Rule, p.Words, p.Start, p.End)
			continue
		}
		if got := string(runes[p.Start:p.End]); got != p.Words {
			t.Errorf("%s: %d-%d is %q, the problem's words %q", p.Rule, p.Start, p.End, got, p.Words)
		}
	}
}
