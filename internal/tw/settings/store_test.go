package settings

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
)

// openIn writes settings.toml (unless content is "") in a new folder and
// opens a store there.
func openIn(t *testing.T, content string) (*Store, []string, string) {
	t.Helper()
	home := t.TempDir()
	if content != "" {
		if err := os.WriteFile(filepath.Join(home, fileName), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, warnings, err := Open(home)
	if err != nil {
		t.Fatal(err)
	}
	return s, warnings, home
}

func readSettings(t *testing.T, home string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(home, fileName))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// jsonOf decodes a JSON literal the way the server hands values to Set.
func jsonOf(t *testing.T, literal string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(literal), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestOpenWithoutAFileGivesDefaults(t *testing.T) {
	s, warnings, home := openIn(t, "")
	if len(warnings) != 0 {
		t.Errorf("warnings %v", warnings)
	}
	for _, st := range Schema() {
		got, err := s.Get(st.Path)
		if err != nil || !reflect.DeepEqual(got, st.Default) {
			t.Errorf("%s = %#v, %v; want %#v", st.Path, got, err, st.Default)
		}
	}
	if _, err := os.Stat(filepath.Join(home, fileName)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("opening created the file: %v", err)
	}
}

// Set checks each kind's type, clamps numbers and rounds them to the
// step's precision; a value that does not fit is refused with a sentence
// saying why and changes nothing.
func TestSetChecksTypes(t *testing.T) {
	tests := []struct {
		path, value string // value as JSON
		want        any    // the stored value, when there is no error
		err         string
	}{
		{"speech.rate", `300`, 300, ""},
		{"speech.rate", `301.6`, 302, ""},
		{"speech.rate", `2000`, 900, ""},
		{"speech.rate", `-5`, 50, ""},
		{"speech.rate", `"fast"`, nil, "speech.rate must be a number"},
		{"speech.rate", `true`, nil, "speech.rate must be a number"},
		{"speech.pitch", `-20`, -12, ""},
		{"speech.pitch", `-3`, -3, ""},
		{"speech.volume", `55`, 55, ""},
		{"highlight.enabled", `false`, false, ""},
		{"highlight.enabled", `"off"`, nil, "highlight.enabled must be true or false"},
		{"highlight.enabled", `1`, nil, "highlight.enabled must be true or false"},
		{"speech.punctuation", `"all"`, "all", ""},
		{"speech.punctuation", `"ALL"`, "all", ""},
		{"speech.punctuation", `"most"`, nil, "speech.punctuation must be one of none, some, all"},
		{"speech.punctuation", `3`, nil, "speech.punctuation must be one of none, some, all"},
		{"speech.backend", `"espeak"`, "espeak", ""},
		{"speech.backend", `"my-engine"`, "my-engine", ""},
		{"speech.backend", `""`, nil, "speech.backend must be one of auto, espeak, speechd, piper, eci, dectalk, sapi, null, or the name of another one"},
		{"display.theme", `"solarized-dark"`, "solarized-dark", ""},
		{"display.theme", `"High-Contrast"`, "high-contrast", ""},
		{"display.theme", `"solarized"`, nil, "display.theme must be one of " + themeValues()},
		{"speech.voice", `"en-us"`, "en-us", ""},
		{"speech.voice", `""`, nil, ""},
		{"speech.voice", `5`, nil, "speech.voice must be text"},
		{"speech.voice", `"a\nb"`, nil, "speech.voice must be a single line of text"},
		{"library.folders", `["/books", "/papers"]`, []string{"/books", "/papers"}, ""},
		{"library.folders", `[]`, []string{}, ""},
		{"library.folders", `["/books", 3]`, nil, "library.folders must be a list of texts"},
		{"library.folders", `"/books"`, nil, "library.folders must be a list of texts"},
		{"speech.speed_presets", `{"fast": 500, "crawl": 10}`, map[string]int{"fast": 500, "crawl": 50}, ""},
		{"speech.speed_presets", `{"fast": "quick"}`, nil, "speech.speed_presets must be a table of names and numbers"},
		{"speech.speed_presets", `[1]`, nil, "speech.speed_presets must be a table of names and numbers"},
		{"speech.pronunciations", `{"GNU": "guh new"}`, map[string]string{"GNU": "guh new"}, ""},
		{"speech.pronunciations", `{"GNU": 1}`, nil, "speech.pronunciations must be a table of names and texts"},
		{"speech.pronunciations", `{"/v(\\d+)/": "version $1", "=US": "United States", "/colou?r/i": "hue"}`,
			map[string]string{`/v(\d+)/`: "version $1", "=US": "United States", "/colou?r/i": "hue"}, ""},
		{"speech.pronunciations", `{"/[a-/": "x"}`, nil, "speech.pronunciations cannot be used: \"/[a-/\" is not a regular expression: missing closing ]: `[a-`"},
		{"speech.pronunciations", `{"/a/g": "x"}`, nil, `speech.pronunciations cannot be used: "/a/g" is not /pattern/ or /pattern/i`},
		{"speech.pronunciations", `{"/a*/": "x"}`, nil, `speech.pronunciations cannot be used: "/a*/" matches empty text`},
		{"speech.pronunciations", `{"=": "x"}`, nil, `speech.pronunciations cannot be used: "=" has no word to find`},
		{"speech.pronunciations", `{" ": "x"}`, nil, `speech.pronunciations cannot be used: an entry has no word to find`},
	}
	for _, tc := range tests {
		t.Run(tc.path+"="+tc.value, func(t *testing.T) {
			s, _, home := openIn(t, "")
			before, _ := s.Get(tc.path)
			got, err := s.Set(tc.path, jsonOf(t, tc.value))
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				if now, _ := s.Get(tc.path); !reflect.DeepEqual(now, before) {
					t.Errorf("a refused value changed the setting to %#v", now)
				}
				if _, err := os.Stat(filepath.Join(home, fileName)); !errors.Is(err, os.ErrNotExist) {
					t.Errorf("a refused value wrote the file")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Set returned %#v, want %#v", got, tc.want)
			}
			if now, _ := s.Get(tc.path); !reflect.DeepEqual(now, tc.want) {
				t.Errorf("Get gives %#v, want %#v", now, tc.want)
			}
			// What was saved reads back the same.
			again, warnings, err := Open(home)
			if err != nil || len(warnings) != 0 {
				t.Fatalf("reopen: %v %v", err, warnings)
			}
			if now, _ := again.Get(tc.path); !reflect.DeepEqual(now, tc.want) {
				t.Errorf("after reopening %#v, want %#v", now, tc.want)
			}
		})
	}
}

func TestUnknownPath(t *testing.T) {
	s, _, _ := openIn(t, "")
	calls := map[string]func() error{
		"Get":     func() error { _, err := s.Get("speech.rat"); return err },
		"Spoken":  func() error { _, err := s.Spoken("speech.rat"); return err },
		"Set":     func() error { _, err := s.Set("speech.rat", 1.0); return err },
		"Adjust":  func() error { _, err := s.Adjust("speech.rat", 1); return err },
		"nil Set": func() error { _, err := s.Set("speech.rat", nil); return err },
	}
	for name, call := range calls {
		err := call()
		if !errors.Is(err, ErrUnknown) || err.Error() != "There is no setting speech.rat" {
			t.Errorf("%s: %v", name, err)
		}
	}
	// The quick readers never panic: an unknown path reads as the zero
	// value, and Read says why.
	if s.Int("speech.rat") != 0 || s.Bool("speech.rat") || s.String("speech.rat") != "" || s.Strings("speech.rat") != nil ||
		s.NumberTable("speech.rat") != nil || s.TextTable("speech.rat") != nil || s.Float("speech.rat") != 0 {
		t.Error("a quick reader gave a value for an unknown path")
	}
	if _, err := s.Read("speech.rat", KindNumber); !errors.Is(err, ErrUnknown) || err.Error() != "There is no setting speech.rat" {
		t.Errorf("Read of an unknown path: %v", err)
	}
}

// nil puts the default back and removes the setting's line from the file.
func TestNilRestoresTheDefault(t *testing.T) {
	s, _, home := openIn(t, "# my settings\n[speech]\nrate = 300 # fast\nvoice = \"en-gb\"\n")
	for _, path := range []string{"speech.rate", "speech.voice", "speech.pitch"} {
		st, _ := Lookup(path)
		got, err := s.Set(path, nil)
		if err != nil || !reflect.DeepEqual(got, st.Default) {
			t.Errorf("%s: %#v, %v", path, got, err)
		}
	}
	if got := readSettings(t, home); got != "# my settings\n[speech]\n" {
		t.Errorf("file %q", got)
	}
	if sp, _ := s.Spoken("speech.voice"); sp != "not set" {
		t.Errorf("voice spoken %q", sp)
	}
}

func TestSpoken(t *testing.T) {
	tests := []struct {
		path  string
		value any // set first, unless nil
		want  string
	}{
		{"speech.rate", nil, "265 words per minute"},
		{"speech.pitch", -1.0, "-1 semitone"},
		{"speech.pitch", 3.0, "3 semitones"},
		{"speech.volume", 80.0, "80 percent"},
		{"speech.latency_offset_ms", 1.0, "1 millisecond"},
		{"highlight.enabled", nil, "on"},
		{"highlight.enabled", false, "off"},
		{"speech.punctuation", nil, "Some"},
		{"accessibility.mode", "screen-reader", "Screen reader"},
		{"display.theme", "solarized-dark", "Solarized dark"},
		{"speech.voice", nil, "not set"},
		{"speech.voice", "en-us", "en-us"},
		{"library.folders", nil, "none"},
		{"library.folders", []any{"/a", "/b"}, "/a, /b"},
		{"speech.speed_presets", nil, "skim 350 words per minute, normal 265 words per minute, study 200 words per minute, slow 150 words per minute"},
		{"speech.pronunciations", map[string]any{"GNU": "guh new"}, "GNU as guh new"},
	}
	for _, tc := range tests {
		s, _, _ := openIn(t, "")
		if tc.value != nil {
			if _, err := s.Set(tc.path, tc.value); err != nil {
				t.Fatal(err)
			}
		}
		if got, err := s.Spoken(tc.path); err != nil || got != tc.want {
			t.Errorf("%s %v: %q, %v; want %q", tc.path, tc.value, got, err, tc.want)
		}
	}
}

// Adjust steps numbers (clamped), cycles choices (wrapping) and flips
// toggles; other kinds are refused.
func TestAdjust(t *testing.T) {
	tests := []struct {
		path      string
		start     any // set first, unless nil
		direction int
		want      any
		err       string
	}{
		{"speech.rate", nil, +1, 285, ""},
		{"speech.rate", nil, -1, 245, ""},
		{"speech.rate", 890.0, +1, 900, ""},
		{"speech.rate", 900.0, +1, 900, ""},
		{"speech.rate", 60.0, -1, 50, ""},
		{"speech.pitch", -12.0, -1, -12, ""},
		{"speech.volume", nil, +1, 100, ""},
		{"speech.volume", nil, -1, 90, ""},
		{"speech.punctuation", nil, +1, "all", ""},
		{"speech.punctuation", "all", +1, "none", ""},
		{"speech.punctuation", "none", -1, "all", ""},
		{"display.theme", nil, +1, "high-contrast", ""},
		{"display.theme", nil, -1, "monochrome-light", ""},
		{"display.theme", "monochrome-light", +1, "terminal", ""},
		{"speech.backend", "my-engine", +1, "auto", ""},
		{"speech.backend", "my-engine", -1, "null", ""},
		{"highlight.enabled", nil, +1, false, ""},
		{"highlight.enabled", false, -1, true, ""},
		{"speech.voice", nil, +1, nil, "speech.voice is a text setting, which cannot be moved up or down"},
		{"library.folders", nil, -1, nil, "library.folders is a list setting, which cannot be moved up or down"},
		{"speech.rate", nil, 0, nil, "the direction to adjust speech.rate must be up or down"},
	}
	for _, tc := range tests {
		s, _, home := openIn(t, "")
		if tc.start != nil {
			if _, err := s.Set(tc.path, tc.start); err != nil {
				t.Fatal(err)
			}
		}
		got, err := s.Adjust(tc.path, tc.direction)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("%s %+d: error %v, want %q", tc.path, tc.direction, err, tc.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s from %v %+d: %#v, %v; want %#v", tc.path, tc.start, tc.direction, got, err, tc.want)
			continue
		}
		again, _, _ := Open(home)
		if saved, _ := again.Get(tc.path); !reflect.DeepEqual(saved, tc.want) {
			t.Errorf("%s: saved %#v, want %#v", tc.path, saved, tc.want)
		}
	}
}

func TestAccessors(t *testing.T) {
	s, _, _ := openIn(t, "[speech]\nrate = 310\nvoice = \"en-gb\"\n[library]\nfolders = [\"/x\"]\n")
	if s.Int("speech.rate") != 310 || s.Float("speech.rate") != 310 || !s.Bool("highlight.enabled") ||
		s.String("speech.voice") != "en-gb" || s.String("speech.punctuation") != "some" ||
		!reflect.DeepEqual(s.Strings("library.folders"), []string{"/x"}) ||
		s.NumberTable("speech.speed_presets")["study"] != 200 || len(s.TextTable("speech.pronunciations")) != 0 {
		t.Error("an accessor gave the wrong value")
	}
	s.Strings("library.folders")[0] = "changed"
	if s.Strings("library.folders")[0] != "/x" {
		t.Error("Strings handed out the store's own slice")
	}
	if _, err := s.Set("speech.voice", nil); err != nil || s.String("speech.voice") != "" {
		t.Errorf("unset voice: %q %v", s.String("speech.voice"), err)
	}
	if s.Int("highlight.enabled") != 0 || s.Bool("speech.rate") || s.NumberTable("speech.pronunciations") != nil {
		t.Error("a reader of the wrong kind gave a value")
	}
	if _, err := s.Read("highlight.enabled", KindNumber); !errors.Is(err, errKind) || !strings.Contains(err.Error(), "toggle") {
		t.Errorf("Read of a toggle as a number: %v", err)
	}
	if v, err := s.Read("highlight.enabled"); v != true || err != nil {
		t.Errorf("Read of any kind: %v %v", v, err)
	}
}

// The schema is the one place of the defaults; Defaults reads them.
func TestDefaults(t *testing.T) {
	var d Defaults
	for _, tc := range []struct {
		path string
		got  any
		want any
	}{
		{"speech.rate", d.Int("speech.rate"), 265},
		{"speech.volume", d.Int("speech.volume"), 100},
		{"speech.latency_offset_ms", d.Int("speech.latency_offset_ms"), 120},
		{"highlight.enabled", d.Bool("highlight.enabled"), true},
		{"reading.wrap_navigation", d.Bool("reading.wrap_navigation"), false},
		{"speech.backend", d.String("speech.backend"), "auto"},
		{"speech.voice", d.String("speech.voice"), ""},
		{"speech.speed_presets", d.NumberTable("speech.speed_presets")["normal"], 265},
		{"no.such", d.Int("no.such"), 0},
		{"no.such", d.String("no.such"), ""},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: %v, want %v", tc.path, tc.got, tc.want)
		}
	}
	s, _, _ := openIn(t, "")
	for _, st := range Schema() {
		if st.Kind == KindNumber && s.Int(st.Path) != d.Int(st.Path) || st.Kind == KindToggle && s.Bool(st.Path) != d.Bool(st.Path) ||
			(st.Kind == KindChoice || st.Kind == KindText) && s.String(st.Path) != d.String(st.Path) {
			t.Errorf("%s: the store's default differs from Defaults", st.Path)
		}
	}
}

// Changes are written as one table per section, only what differs from
// the defaults, and read back as set.
func TestSaveAndReloadRoundTrip(t *testing.T) {
	s, _, home := openIn(t, "")
	changes := []struct {
		path  string
		value any
	}{
		{"speech.rate", 305.0},
		{"speech.voice", "en-gb \"RP\""},
		{"speech.pitch", -2.0},
		{"highlight.enabled", false},
		{"reading.nav_history_size", 200.0},
		{"display.theme", "dark"},
		{"library.folders", []any{"/home/me/Books", "C:\\Papers"}},
		{"speech.speed_presets", map[string]any{"skim": 400.0, "normal": 265.0}},
		{"speech.pronunciations", map[string]any{"SQL": "sequel", "two words": "x"}},
		{"speech.punctuation", "some"}, // the default: not written
		{"app.first_run", false},
	}
	for _, c := range changes {
		if _, err := s.Set(c.path, c.value); err != nil {
			t.Fatalf("%s: %v", c.path, err)
		}
	}
	want := `[speech]
rate = 305
voice = "en-gb \"RP\""
pitch = -2
speed_presets = { skim = 400, normal = 265 }
pronunciations = { SQL = "sequel", "two words" = "x" }

[highlight]
enabled = false

[reading]
nav_history_size = 200

[display]
theme = "dark"

[library]
folders = ["/home/me/Books", "C:\\Papers"]

[app]
first_run = false
`
	if got := readSettings(t, home); got != want {
		t.Errorf("file\n%s\nwant\n%s", got, want)
	}
	again, warnings, err := Open(home)
	if err != nil || len(warnings) != 0 {
		t.Fatalf("%v %v", err, warnings)
	}
	for _, st := range Schema() {
		a, _ := s.Get(st.Path)
		b, _ := again.Get(st.Path)
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: %#v before, %#v after reopening", st.Path, a, b)
		}
	}
}

// Saving goes through a temporary file that is renamed: none is left
// behind, and the file keeps the permissions the user gave it.
func TestSavesAreAtomic(t *testing.T) {
	s, _, home := openIn(t, "[speech]\nrate = 300\n")
	if err := os.Chmod(filepath.Join(home, fileName), 0o600); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 20; i++ {
		if _, err := s.Adjust("speech.rate", 1); err != nil {
			t.Fatal(err)
		}
	}
	entries, _ := os.ReadDir(home)
	if len(entries) != 1 || entries[0].Name() != fileName {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("files left: %v", names)
	}
	fi, _ := os.Stat(filepath.Join(home, fileName))
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v", fi.Mode())
	}
	if got := readSettings(t, home); got != "[speech]\nrate = 700\n" {
		t.Errorf("file %q", got)
	}
}

// A save into a home folder that does not exist yet creates it.
func TestSaveCreatesTheHomeFolder(t *testing.T) {
	home := filepath.Join(t.TempDir(), "new", "home")
	s, _, err := Open(home)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Set("speech.rate", 280.0); err != nil {
		t.Fatal(err)
	}
	if got := readSettings(t, home); got != "[speech]\nrate = 280\n" {
		t.Errorf("file %q", got)
	}
}

// A hand-written file with values tw cannot use: each loads as its default
// (or clamped) with a warning, and later saves keep those lines, the
// comments and the unknown keys exactly as written.
func TestBadValuesAreKeptAndWarnedAbout(t *testing.T) {
	original := `# Written by hand.
[speech]
rate = "fast"   # I like it fast
pitch = 40
punctuation = "most"
rat = 10

[highlight]
enabled = "yes"

[plugins]
colour = "teal"
`
	s, warnings, home := openIn(t, original)
	wantWarnings := []string{
		"settings.toml: speech.rate: must be a number; using 265",
		"settings.toml: speech.pitch: 40 is above the maximum 12; using 12",
		`settings.toml: speech.punctuation: must be one of none, some, all; using "some"`,
		"settings.toml: highlight.enabled: must be true or false; using true",
		"settings.toml: speech.rat is not a setting tw knows; it is kept but not used",
		"settings.toml: [plugins] is not a section tw knows; it is kept but not used",
	}
	if !reflect.DeepEqual(warnings, wantWarnings) {
		t.Errorf("warnings\n%s\nwant\n%s", strings.Join(warnings, "\n"), strings.Join(wantWarnings, "\n"))
	}
	for path, want := range map[string]any{"speech.rate": 265, "speech.pitch": 12, "speech.punctuation": "some", "highlight.enabled": true} {
		if got, _ := s.Get(path); got != want {
			t.Errorf("%s = %#v, want %#v", path, got, want)
		}
	}

	// Changing other settings keeps every bad line as it was.
	if _, err := s.Set("speech.volume", 70.0); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Set("reading.wrap_navigation", true); err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(original, "rat = 10\n", "rat = 10\nvolume = 70\n", 1) + "\n[reading]\nwrap_navigation = true\n"
	if got := readSettings(t, home); got != want {
		t.Errorf("file\n%s\nwant\n%s", got, want)
	}

	// Changing a bad setting itself replaces its value, keeping its comment.
	if _, err := s.Set("speech.rate", 320.0); err != nil {
		t.Fatal(err)
	}
	want = strings.Replace(want, `rate = "fast"   # I like it fast`, `rate = 320   # I like it fast`, 1)
	if got := readSettings(t, home); got != want {
		t.Errorf("file\n%s\nwant\n%s", got, want)
	}
}

// A file that is not TOML: all defaults, one warning, and it is never
// overwritten; Set says to fix it first and changes nothing.
func TestSyntaxErrorLeavesTheFileAlone(t *testing.T) {
	broken := "[speech]\nrate = 300\npitch = = 2\n"
	s, warnings, home := openIn(t, broken)
	if len(warnings) != 1 || !strings.HasPrefix(warnings[0], "settings.toml: line 3: ") ||
		!strings.HasSuffix(warnings[0], "; using the default settings, and tw will not change the file until it is fixed") {
		t.Fatalf("warnings %q", warnings)
	}
	if s.Int("speech.rate") != 265 {
		t.Errorf("rate %d, want the default", s.Int("speech.rate"))
	}
	for _, change := range []func() error{
		func() error { _, err := s.Set("speech.volume", 50.0); return err },
		func() error { _, err := s.Set("speech.rate", nil); return err },
		func() error { _, err := s.Adjust("speech.rate", 1); return err },
	} {
		err := change()
		if err == nil || !strings.Contains(err.Error(), "has a mistake (line 3: ") ||
			!strings.HasSuffix(err.Error(), "so tw will not change it; fix the file first, then change settings again") {
			t.Errorf("error %v", err)
		}
	}
	if got := readSettings(t, home); got != broken {
		t.Errorf("the file was changed to %q", got)
	}
	if s.Int("speech.volume") != 100 || s.Int("speech.rate") != 265 {
		t.Errorf("a refused change was applied")
	}

	// Once the user fixes it, the next change loads their values and saves.
	if err := os.WriteFile(filepath.Join(home, fileName), []byte("[speech]\nrate = 300\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Set("speech.volume", 50.0); err != nil {
		t.Fatal(err)
	}
	if s.Int("speech.rate") != 300 {
		t.Errorf("the fixed file's rate was not loaded")
	}
	if got := readSettings(t, home); got != "[speech]\nrate = 300\nvolume = 50\n" {
		t.Errorf("file %q", got)
	}
}

// A file edited by hand while tw runs: the next save loads the edits
// (telling the callbacks) instead of undoing them.
func TestHandEditsMadeWhileRunningAreKept(t *testing.T) {
	s, _, home := openIn(t, "[speech]\nrate = 300\n")
	var got []string
	s.OnChange(func(path string, value any) { got = append(got, fmt.Sprintf("%s=%v", path, value)) })
	edited := "[speech]\nrate = 320\n# new comment\n[display]\ntheme = \"dark\"\n"
	if err := os.WriteFile(filepath.Join(home, fileName), []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Set("speech.pitch", 2.0); err != nil {
		t.Fatal(err)
	}
	if want := "[speech]\nrate = 320\npitch = 2\n# new comment\n[display]\ntheme = \"dark\"\n"; readSettings(t, home) != want {
		t.Errorf("file %q, want %q", readSettings(t, home), want)
	}
	want := []string{"speech.rate=320", "display.theme=dark", "speech.pitch=2"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("callbacks %v, want %v", got, want)
	}
}

// Callbacks run after the change is saved, once per actual change, and
// may use the store.
func TestOnChange(t *testing.T) {
	s, _, home := openIn(t, "")
	var calls []string
	s.OnChange(func(path string, value any) {
		spoken, _ := s.Spoken(path) // the store is usable from a callback
		saved := readSettings(t, home)
		calls = append(calls, fmt.Sprintf("%s=%v (%s) saved:%v", path, value, spoken, strings.Contains(saved, "rate")))
	})
	s.Set("speech.rate", 300.0)
	s.Set("speech.rate", 300.0) // no change: no call
	s.Set("speech.rate", "x")   // refused: no call
	s.Adjust("speech.rate", -1)
	want := []string{
		"speech.rate=300 (300 words per minute) saved:true",
		"speech.rate=280 (280 words per minute) saved:true",
	}
	if !reflect.DeepEqual(calls, want) {
		t.Errorf("calls %v, want %v", calls, want)
	}
}

// Many goroutines changing and reading settings at once (run with -race):
// every change is saved and the file ends up matching the store.
func TestConcurrentUse(t *testing.T) {
	s, _, home := openIn(t, "")
	var mu sync.Mutex
	seen := 0
	s.OnChange(func(string, any) { mu.Lock(); seen++; mu.Unlock() })
	paths := []string{"speech.rate", "speech.pitch", "speech.volume", "speech.punctuation", "highlight.enabled", "display.theme"}
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 15; i++ {
				path := paths[(g+i)%len(paths)]
				if _, err := s.Adjust(path, 1-2*(i%2)); err != nil {
					t.Error(err)
				}
				s.Get(path)
				s.Spoken(path)
				if path == "speech.rate" {
					s.Set(path, float64(100+g*10+i))
				}
			}
		}(g)
	}
	wg.Wait()
	if seen == 0 {
		t.Error("no callbacks")
	}
	again, warnings, err := Open(home)
	if err != nil || len(warnings) != 0 {
		t.Fatalf("%v %v", err, warnings)
	}
	for _, p := range paths {
		a, _ := s.Get(p)
		b, _ := again.Get(p)
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: store %#v, file %#v", p, a, b)
		}
	}
	_ = readSettings(t, home)
}

func TestParse(t *testing.T) {
	tests := []struct {
		path, text string
		want       any
		err        string
	}{
		{"highlight.enabled", " On ", true, ""},
		{"highlight.enabled", "no", false, ""},
		{"highlight.enabled", "maybe", nil, "highlight.enabled must be on or off"},
		{"speech.rate", "300 words per minute", 300.0, ""},
		{"speech.rate", "fast", nil, "speech.rate must be a number"},
		{"accessibility.mode", "Screen reader", "screen-reader", ""},
		{"speech.punctuation", "most", nil, "speech.punctuation must be one of none, some, all"},
		{"display.theme", "Solarized dark", "solarized-dark", ""},
		{"display.theme", "solarized", nil, "display.theme must be one of " + themeValues()},
		{"speech.backend", "my-engine", "my-engine", ""},
		{"speech.voice", "", nil, ""},
		{"speech.voice", "en-gb", "en-gb", ""},
		{"library.folders", "/a", nil, "library.folders is a list; change it in settings.toml"},
	}
	for _, tc := range tests {
		st, _ := Lookup(tc.path)
		got, err := st.Parse(tc.text)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("%s %q: error %v, want %q", tc.path, tc.text, err, tc.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s %q: %#v, %v; want %#v", tc.path, tc.text, got, err, tc.want)
		}
	}
}

func themeValues() string {
	var names []string
	for _, c := range Themes {
		names = append(names, c.Value)
	}
	return strings.Join(names, ", ")
}
