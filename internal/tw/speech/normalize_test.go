package speech

import (
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/settings"
)

// TestNormalizationSettingsChangeWhatIsSaid: each speaking setting, set in
// a real settings store, changes what continuous reading says for the
// same document, through ParamsFrom, the one way settings become speech
// parameters.
func TestNormalizationSettingsChangeWhatIsSaid(t *testing.T) {
	text := "Dr. Ward wrote TextWeaver in 2026 for ACME.\n\nrun(moon)\n"
	code := strings.Index(text, "run")
	d := doc.New(text, doc.Meta{}, []doc.Marker{{Kind: doc.Code, Start: code, End: len(text), Level: 1}})
	tests := []struct {
		name   string
		set    map[string]any
		spoken []string // the spoken text of each segment
	}{
		{"defaults", nil,
			[]string{"Doctor Ward wrote TextWeaver in 2026 for ACME.", "code block, run(moon)"}},
		{"abbreviations off", map[string]any{"normalization.abbreviations": false},
			[]string{"Dr. Ward wrote TextWeaver in 2026 for ACME.", "code block, run(moon)"}},
		{"your abbreviations", map[string]any{"normalization.abbrev_expansions": map[string]any{"ACME": "a company making everything"}},
			[]string{"Doctor Ward wrote TextWeaver in 2026 for a company making everything.", "code block, run(moon)"}},
		{"your abbreviations, with abbreviations off", map[string]any{"normalization.abbreviations": false,
			"normalization.abbrev_expansions": map[string]any{"ACME": "a company making everything"}},
			[]string{"Dr. Ward wrote TextWeaver in 2026 for ACME.", "code block, run(moon)"}},
		{"numbers off", map[string]any{"normalization.numbers": false},
			[]string{"Doctor Ward wrote TextWeaver in 2 0 2 6 for ACME.", "code block, run(moon)"}},
		{"split capitals", map[string]any{"speech.split_caps": true},
			[]string{"Doctor Ward wrote Text Weaver in 2026 for ACME.", "code block, run(moon)"}},
		{"pronunciations used", map[string]any{"speech.pronunciations": map[string]any{"Ward": "Warden"}},
			[]string{"Doctor Warden wrote TextWeaver in 2026 for ACME.", "code block, run(moon)"}},
		{"pronunciations not used", map[string]any{"speech.pronunciations": map[string]any{"Ward": "Warden"},
			"normalization.use_pronunciations": false},
			[]string{"Doctor Ward wrote TextWeaver in 2026 for ACME.", "code block, run(moon)"}},
		{"your pronunciations", map[string]any{"normalization.pronunciations": map[string]any{"TextWeaver": "text weaver"}},
			[]string{"Doctor Ward wrote text weaver in 2026 for ACME.", "code block, run(moon)"}},
		{"your pronunciations win over the list's", map[string]any{"speech.pronunciations": map[string]any{"ward": "Warden", "ACME": "acne"},
			"normalization.pronunciations": map[string]any{"Ward": "Wardo"}},
			[]string{"Doctor Wardo wrote TextWeaver in 2026 for acne.", "code block, run(moon)"}},
		{"your pronunciations not used", map[string]any{"normalization.pronunciations": map[string]any{"Ward": "Wardo"},
			"normalization.use_pronunciations": false},
			[]string{"Doctor Ward wrote TextWeaver in 2026 for ACME.", "code block, run(moon)"}},
		{"code skipped", map[string]any{"speech.skip_code": true},
			[]string{"Doctor Ward wrote TextWeaver in 2026 for ACME."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := settingsWith(t, tt.set)
			got := readContinuously(d, 0, d.Len(), ParamsFrom(st), "").spoken
			for i := range got {
				got[i] = strings.Join(strings.Fields(got[i]), " ")
			}
			if !slices.Equal(got, tt.spoken) {
				t.Errorf("said %q\nwant %q", got, tt.spoken)
			}
		})
	}
}

// TestWrongNormalizationValuesAreRefused: a value the schema does not
// allow is refused with the reason, and changes nothing.
func TestWrongNormalizationValuesAreRefused(t *testing.T) {
	st, _, err := settings.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path   string
		value  any
		reason string
	}{
		{"normalization.table_mode", "sideways", "normalization.table_mode must be one of structured, flat, skip"},
		{"normalization.footnote_mode", "never", "normalization.footnote_mode must be one of inline, deferred, skip"},
		{"normalization.numbers", "yes please", "normalization.numbers must be true or false"},
		{"normalization.abbrev_expansions", map[string]any{"ACME": "two\nlines"}, "what to say for \"ACME\" must be a single line"},
		{"normalization.pronunciations", map[string]any{"/(/": "x"}, "cannot be used"},
		{"speech.split_caps", 3, "speech.split_caps must be true or false"},
		{"highlight.granularity", "paragraph", "highlight.granularity must be one of word, sentence, both"},
		{"summary.sentences", "many", "summary.sentences must be a number"},
		{"editing.undo_steps", "all", "editing.undo_steps must be a number"},
	}
	for _, tt := range tests {
		before, _ := st.Get(tt.path)
		_, err := st.Set(tt.path, tt.value)
		if err == nil || !strings.Contains(err.Error(), tt.reason) {
			t.Errorf("%s = %v: error %v, want %q", tt.path, tt.value, err, tt.reason)
		}
		if after, _ := st.Get(tt.path); !reflect.DeepEqual(before, after) {
			t.Errorf("%s changed from %v to %v", tt.path, before, after)
		}
	}
}

// TestPreferredVoice: with no speech.voice, speech.prefer_voice picks the
// first voice of the real espeak-ng whose name holds it; a voice set wins,
// and a preference no voice matches leaves the engine's default.
func TestPreferredVoice(t *testing.T) {
	tests := []struct {
		set       map[string]any
		wantVoice func(string) bool
	}{
		{map[string]any{"speech.prefer_voice": "GERMAN"}, func(v string) bool { return strings.HasPrefix(v, "de") || strings.Contains(v, "gmw/de") }},
		{map[string]any{"speech.prefer_voice": "german", "speech.voice": "fr"}, func(v string) bool { return strings.Contains(v, "fr") }},
		{map[string]any{"speech.prefer_voice": "no such voice"}, func(v string) bool { return v == "" }},
	}
	for _, tt := range tests {
		st := settingsWith(t, tt.set)
		s, _, err := Open(OptionsFrom(st, Overrides{Backend: "espeak", StrictBackend: true, Sink: "clock"}))
		if err != nil {
			t.Fatalf("espeak-ng (scripts/deps-speech.sh installs it): %v", err)
		}
		if got := s.Params().Voice; !tt.wantVoice(got) {
			t.Errorf("%v: voice %q", tt.set, got)
		}
		s.Close()
	}
}

// TestNarrationSettingsReachTheNarration: normalization.table_mode and
// normalization.footnote_mode set in a store become the parameters
// continuous reading narrates with (package narration tests what each
// one says).
func TestNarrationSettingsReachTheNarration(t *testing.T) {
	st := settingsWith(t, nil)
	if p := ParamsFrom(st); p.Tables != "structured" || p.Footnotes != "inline" {
		t.Errorf("defaults: tables %q, footnotes %q", p.Tables, p.Footnotes)
	}
	setAll(t, st, map[string]any{"normalization.table_mode": "skip", "normalization.footnote_mode": "deferred"})
	if p := ParamsFrom(st); p.Tables != "skip" || p.Footnotes != "deferred" {
		t.Errorf("set: tables %q, footnotes %q", p.Tables, p.Footnotes)
	}
}

// settingsWith is a settings store in a new home with the values set.
func settingsWith(t *testing.T, set map[string]any) *settings.Store {
	t.Helper()
	st, _, err := settings.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	setAll(t, st, set)
	return st
}

// setAll sets each setting of set in st.
func setAll(t *testing.T, st *settings.Store, set map[string]any) {
	t.Helper()
	for path, v := range set {
		if _, err := st.Set(path, v); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
	}
}

// TestMedicalLexicon: normalization.medical_lexicon.enabled says dosing
// schedules, routes and units in words, in the case written; the user's
// medical pronunciations (medical-lexicon.toml beside settings.toml, or
// the file normalization.medical_lexicon.overlay names) win over the
// built-in ones; a file that cannot be used is named with the reason and
// left out.
func TestMedicalLexicon(t *testing.T) {
	text := "Take 5 mg b.i.d. by PO route, qAM and PRN; the bid was low.\n"
	d := doc.New(text, doc.Meta{}, nil)
	said := func(st *settings.Store) string {
		got := readContinuously(d, 0, d.Len(), ParamsFrom(st), "").spoken
		return strings.Join(strings.Fields(strings.Join(got, " ")), " ")
	}
	home := t.TempDir()
	st, _, err := settings.Open(home)
	if err != nil {
		t.Fatal(err)
	}
	if got := said(st); got != strings.TrimSpace(text) {
		t.Errorf("off: said %q", got)
	}
	setAll(t, st, map[string]any{"normalization.medical_lexicon.enabled": true})
	if got, want := said(st), "Take 5 milligrams twice a day by by mouth route, qAM and as needed; the bid was low."; got != want {
		t.Errorf("on: said %q\nwant %q", got, want)
	}
	mine := filepath.Join(home, settings.MedicalLexiconFile)
	testkit.WriteFile(t, mine, "qAM = \"every morning\"\n\"=PO\" = \"orally\"\n")
	if got, want := said(st), "Take 5 milligrams twice a day by orally route, every morning and as needed; the bid was low."; got != want {
		t.Errorf("with the user's file: said %q\nwant %q", got, want)
	}
	other := testkit.WriteFile(t, filepath.Join(t.TempDir(), "ward.toml"), "mg = \"milligram\"\n")
	setAll(t, st, map[string]any{"normalization.medical_lexicon.overlay": other})
	if got, want := said(st), "Take 5 milligram twice a day by by mouth route, qAM and as needed; the bid was low."; got != want {
		t.Errorf("with the overlay setting: said %q\nwant %q", got, want)
	}
	testkit.WriteFile(t, other, "mg = 3\n")
	if err := settings.MedicalLexiconProblem(st); err == nil || err.Error() != "ward.toml: mg: what to say must be text" {
		t.Errorf("a bad file: %v", err)
	}
	if got, want := said(st), "Take 5 milligrams twice a day by by mouth route, qAM and as needed; the bid was low."; got != want {
		t.Errorf("a bad file is left out: said %q\nwant %q", got, want)
	}
}
