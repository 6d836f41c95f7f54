package engine

import "testing"

func TestMatch(t *testing.T) {
	espeakVoices := []Voice{
		{ID: "gmw/en", Name: "English (Great Britain)", Language: "en-gb", Engine: "espeak"},
		{ID: "gmw/en-US", Name: "English (America)", Language: "en-us", Engine: "espeak"},
		{ID: "gmw/en-US-nyc", Name: "English (America, New York City)", Language: "en-us-nyc", Engine: "espeak"},
		{ID: "roa/fr", Name: "French (France)", Language: "fr-fr", Engine: "espeak"},
	}
	speechdVoices := []Voice{
		{ID: "espeak-ng:English (America)+Max", Name: "English (America)+Max", Language: "en-US", Variant: "Max", Engine: "speechd", Module: "espeak-ng"},
		{ID: "espeak-ng:English (America)", Name: "English (America)", Language: "en-US", Engine: "speechd", Module: "espeak-ng"},
		{ID: "flite:kal16", Name: "kal16", Language: "en", Engine: "speechd", Module: "flite"},
		{ID: "festival:kal_diphone", Name: "kal_diphone", Language: "en-US", Engine: "speechd", Module: "festival"},
	}
	tests := []struct {
		name, query, engine string
		voices              []Voice
		want                string // "" when nothing matches
	}{
		{"name words in any case", "english america", "espeak", espeakVoices, "gmw/en-US"},
		{"name words, other order", "America English", "espeak", espeakVoices, "gmw/en-US"},
		{"fewest other words wins", "english", "espeak", espeakVoices, "gmw/en-US"},
		{"language tag", "en-US", "espeak", espeakVoices, "gmw/en-US"},
		{"language tag with underscore", "en_us", "espeak", espeakVoices, "gmw/en-US"},
		{"engine and language", "espeak:en-us", "espeak", espeakVoices, "gmw/en-US"},
		{"exact id", "gmw/en-US-nyc", "espeak", espeakVoices, "gmw/en-US-nyc"},
		{"exact name", "French (France)", "espeak", espeakVoices, "roa/fr"},
		{"language family", "fr", "espeak", espeakVoices, "roa/fr"},
		{"no such voice", "klingon opera", "espeak", espeakVoices, ""},
		{"another engine's voice: same name here", "espeak-ng:English (America)", "espeak", espeakVoices, "gmw/en-US"},
		{"another engine's voice: same language here", "festival:en-US", "espeak", espeakVoices, "gmw/en-US"},
		{"empty", "  ", "espeak", espeakVoices, ""},
		{"speechd: tag prefers no variant", "en-US", "speechd", speechdVoices, "espeak-ng:English (America)"},
		{"speechd: espeak names the espeak-ng module", "espeak:en-us", "speechd", speechdVoices, "espeak-ng:English (America)"},
		{"speechd: module and name", "flite:kal16", "speechd", speechdVoices, "flite:kal16"},
		{"speechd: module and language", "festival:en-US", "speechd", speechdVoices, "festival:kal_diphone"},
		{"speechd: name words", "english america", "speechd", speechdVoices, "espeak-ng:English (America)"},
		{"speechd: variant by words", "english america max", "speechd", speechdVoices, "espeak-ng:English (America)+Max"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, ok := Match(tt.voices, tt.query, tt.engine)
			if ok != (tt.want != "") || v.ID != tt.want {
				t.Errorf("Match(%q) = %q, %v; want %q", tt.query, v.ID, ok, tt.want)
			}
		})
	}
}

// FuzzMatch: any query and any voice list give no panic, and a match is
// one of the voices given.
func FuzzMatch(f *testing.F) {
	f.Add("english america", "English (America)", "en-us", "gmw/en-US", "espeak")
	f.Add("espeak:en-us", "English (America)", "en-US", "espeak-ng:English (America)", "espeak-ng")
	f.Add(":", "", "", "", "")
	f.Add("flite:", "kal16", "en", "flite:kal16", "flite")
	f.Add("en_US-", "x", "en-us-", "a:b:c", "-")
	f.Fuzz(func(t *testing.T, query, name, lang, id, module string) {
		voices := []Voice{{ID: id, Name: name, Language: lang, Module: module, Engine: "speechd"},
			{ID: "gmw/en", Name: "English", Language: "en-gb", Engine: "espeak"}}
		v, ok := Match(voices, query, "speechd")
		if ok && v != voices[0] && v != voices[1] {
			t.Fatalf("Match(%q) = %+v, not one of the voices", query, v)
		}
		if !ok && v != (Voice{}) {
			t.Fatalf("no match but a voice %+v", v)
		}
	})
}
