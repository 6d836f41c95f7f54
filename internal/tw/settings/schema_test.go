package settings

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// The settings textweaver documents (facts section C and the spec), with
// their kinds, defaults, ranges, steps and units.
func TestSchemaHasTheDocumentedSettings(t *testing.T) {
	type num struct {
		min, max, step float64
		unit           string
	}
	tests := []struct {
		path    string
		kind    Kind
		def     any
		num     *num
		choices []string
		open    bool
	}{
		{"speech.backend", KindChoice, "auto", nil, []string{"auto", "espeak", "speechd", "piper", "eci", "dectalk", "sapi", "null"}, true},
		{"speech.rate", KindNumber, 265, &num{50, 900, 20, "words per minute"}, nil, false},
		{"speech.pitch", KindNumber, 0, &num{-12, 12, 1, "semitones"}, nil, false},
		{"speech.volume", KindNumber, 100, &num{0, 100, 10, "percent"}, nil, false},
		{"speech.voice", KindText, nil, nil, nil, false},
		{"speech.punctuation", KindChoice, "some", nil, []string{"none", "some", "all"}, false},
		{"speech.verbosity", KindChoice, "normal", nil, []string{"low", "normal", "high"}, false},
		{"speech.latency_offset_ms", KindNumber, 120, &num{0, 1000, 10, "milliseconds"}, nil, false},
		{"speech.pause_heading_ms", KindNumber, 400, nil, nil, false},
		{"speech.pause_paragraph_ms", KindNumber, 300, nil, nil, false},
		{"speech.pause_list_item_ms", KindNumber, 150, nil, nil, false},
		{"speech.speed_presets", KindTable, map[string]int{"skim": 350, "normal": 265, "study": 200, "slow": 150}, nil, nil, false},
		{"highlight.enabled", KindToggle, true, nil, nil, false},
		{"highlight.color", KindChoice, "yellow", nil, nil, false},
		{"reading.auto_resume", KindToggle, true, nil, nil, false},
		{"reading.nav_history_size", KindNumber, 50, &num{1, 1000, 10, "places"}, nil, false},
		{"reading.wrap_navigation", KindToggle, false, nil, nil, false},
		{"reading.cursor_follows_speech", KindToggle, true, nil, nil, false},
		{"reading.autosave_seconds", KindNumber, 30, nil, nil, false},
		{"display.theme", KindChoice, "terminal", nil, nil, false},
		{"display.show_line_numbers", KindToggle, false, nil, nil, false},
		{"editing.typing_echo", KindChoice, "characters", nil, []string{"none", "characters", "words", "both"}, false},
		{"editing.autosave", KindToggle, false, nil, nil, false},
		{"keyboard.character_keys", KindToggle, true, nil, nil, false},
		{"keyboard.preset", KindChoice, "default", nil, []string{"default", "classic"}, false},
		{"accessibility.mode", KindChoice, "self-voicing", nil, []string{"self-voicing", "hybrid", "screen-reader"}, false},
		{"export.audio_format", KindChoice, "wav", nil, nil, false},
		{"export.folder", KindText, nil, nil, nil, false},
		{"library.folders", KindList, []string{}, nil, nil, false},
	}
	for _, tc := range tests {
		st, ok := Lookup(tc.path)
		if !ok {
			t.Errorf("%s is missing from the schema", tc.path)
			continue
		}
		if st.Kind != tc.kind || !reflect.DeepEqual(st.Default, tc.def) {
			t.Errorf("%s: kind %s default %#v, want %s %#v", tc.path, st.Kind, st.Default, tc.kind, tc.def)
		}
		if tc.num != nil && (st.Min != tc.num.min || st.Max != tc.num.max || st.Step != tc.num.step || st.Unit != tc.num.unit) {
			t.Errorf("%s: range %v..%v step %v unit %q, want %+v", tc.path, st.Min, st.Max, st.Step, st.Unit, *tc.num)
		}
		if tc.choices != nil {
			var got []string
			for _, c := range st.Choices {
				got = append(got, c.Value)
			}
			if !reflect.DeepEqual(got, tc.choices) {
				t.Errorf("%s: choices %v, want %v", tc.path, got, tc.choices)
			}
		}
		if st.Kind == KindChoice && st.Open != tc.open {
			t.Errorf("%s: open %v, want %v", tc.path, st.Open, tc.open)
		}
		if st.Kind == KindText && !st.Optional {
			t.Errorf("%s should be optional", tc.path)
		}
	}
}

// Every setting is well formed (a key, or a key of one group such as
// bionic_options.ratio, in its section): unique paths grouped by section in the
// documented order, a label and a one-sentence help, a default that its own
// type check accepts unchanged.
func TestSchemaIsWellFormed(t *testing.T) {
	seen := map[string]bool{}
	sectionAt := map[string]int{}
	for i, s := range sectionOrder {
		sectionAt[s] = i
	}
	last := 0
	internal := 0
	for _, st := range Schema() {
		if seen[st.Path] {
			t.Errorf("%s appears twice", st.Path)
		}
		seen[st.Path] = true
		at, ok := sectionAt[st.Section]
		if !ok || !strings.HasPrefix(st.Path, st.Section+".") || strings.Count(st.Key(), ".") > 1 {
			t.Errorf("%s: section %q does not fit", st.Path, st.Section)
		}
		if at < last {
			t.Errorf("%s comes after a later section", st.Path)
		}
		last = at
		if st.Label == "" || !strings.HasSuffix(st.Help, ".") || strings.Count(st.Help, ". ") > 0 {
			t.Errorf("%s: label %q help %q", st.Path, st.Label, st.Help)
		}
		if st.Internal {
			internal++
		}
		if st.Default == nil {
			if st.Kind != KindText || !st.Optional {
				t.Errorf("%s: only optional texts may default to nil", st.Path)
			}
			continue
		}
		got, noteMsg, reasonMsg := st.check(st.Default)
		note, reason := noteMsg.String(), reasonMsg.String()
		if reason != "" || note != "" || !reflect.DeepEqual(got, st.Default) {
			t.Errorf("%s: default %#v checks as %#v (%q %q)", st.Path, st.Default, got, note, reason)
		}
		if st.Kind == KindChoice && st.spoken(st.Default) == st.Default {
			t.Errorf("%s: default %v is not among the choices", st.Path, st.Default)
		}
	}
	if internal < 2 {
		t.Errorf("%d internal settings, want a few", internal)
	}
	if first := Schema()[0].Section; first != "speech" {
		t.Errorf("first section %s", first)
	}
}

// SchemaJSON has the common fields plus each kind's own, and marshals.
func TestSchemaJSONShape(t *testing.T) {
	common := []string{"path", "section", "label", "help", "kind", "default", "internal"}
	extra := map[Kind][]string{
		KindNumber: {"min", "max", "step", "unit"},
		KindChoice: {"choices", "open"},
		KindText:   {"optional"},
	}
	kinds := map[Kind]bool{}
	for _, st := range Schema() {
		kinds[st.Kind] = true
		m := st.SchemaJSON()
		want := append(append([]string{}, common...), extra[st.Kind]...)
		if len(m) != len(want) {
			t.Errorf("%s: %d fields, want %v", st.Path, len(m), want)
		}
		for _, k := range want {
			if _, ok := m[k]; !ok {
				t.Errorf("%s: no %s", st.Path, k)
			}
		}
		if _, err := json.Marshal(m); err != nil {
			t.Errorf("%s: %v", st.Path, err)
		}
	}
	if len(kinds) != 6 {
		t.Errorf("kinds used: %v, want all six", kinds)
	}
	rate, _ := Lookup("speech.rate")
	got, _ := json.Marshal(rate.SchemaJSON())
	want := `{"default":265,"help":"How fast text is read aloud.","internal":false,"kind":"number","label":"Speech rate","max":900,"min":50,"path":"speech.rate","section":"speech","step":20,"unit":"words per minute"}`
	if string(got) != want {
		t.Errorf("speech.rate schema\n got %s\nwant %s", got, want)
	}
	punct, _ := Lookup("speech.punctuation")
	got, _ = json.Marshal(punct.SchemaJSON()["choices"])
	if string(got) != `[{"label":"None","value":"none"},{"label":"Some","value":"some"},{"label":"All","value":"all"}]` {
		t.Errorf("choices %s", got)
	}
	voice, _ := Lookup("speech.voice")
	got, _ = json.Marshal(voice.SchemaJSON())
	if !strings.Contains(string(got), `"default":null`) || !strings.Contains(string(got), `"optional":true`) {
		t.Errorf("speech.voice schema %s", got)
	}
}

// Schema hands out copies: changing one does not change the store's.
func TestSchemaReturnsCopies(t *testing.T) {
	s := Schema()
	s[0].Choices[0].Value = "changed"
	s[len(s)-1].Label = "changed"
	for _, st := range Schema() {
		if st.Label == "changed" || (len(st.Choices) > 0 && st.Choices[0].Value == "changed") {
			t.Fatal("the schema was changed through a copy")
		}
	}
	presets, _ := Lookup("speech.speed_presets")
	presets.Default.(map[string]int)["skim"] = 1
	again, _ := Lookup("speech.speed_presets")
	if again.Default.(map[string]int)["skim"] != 350 {
		t.Fatal("a default was changed through a copy")
	}
}
