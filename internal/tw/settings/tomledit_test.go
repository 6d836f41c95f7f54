package settings

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// Saving edits settings.toml in place whatever way the user wrote it:
// only the changed setting's lines differ afterwards.
func TestSaveEditsEveryFormInPlace(t *testing.T) {
	restore := struct{}{} // stands for Set(path, nil)
	tests := []struct {
		name, file string
		path       string
		value      any
		want       string // the file afterwards
		err        string // or a part of the error
	}{
		{name: "replace keeps comment and spacing",
			file: "[speech]\n  rate   =   300   # mine\n", path: "speech.rate", value: 320.0,
			want: "[speech]\n  rate   =   320   # mine\n"},
		{name: "add after the last key of the section, not in a later table",
			file: "[speech]\nrate = 300\n\n# presets\n[speech.speed_presets]\nskim = 400\n", path: "speech.pitch", value: 2.0,
			want: "[speech]\nrate = 300\npitch = 2\n\n# presets\n[speech.speed_presets]\nskim = 400\n"},
		{name: "add right after an empty header",
			file: "[speech]\n# nothing yet\n\n[display]\ntheme = \"dark\"\n", path: "speech.rate", value: 300.0,
			want: "[speech]\nrate = 300\n# nothing yet\n\n[display]\ntheme = \"dark\"\n"},
		{name: "top-level dotted keys get a dotted key",
			file: "speech.rate = 300\n\n[display]\ntheme = \"dark\"\n", path: "speech.pitch", value: -1.0,
			want: "speech.rate = 300\nspeech.pitch = -1\n\n[display]\ntheme = \"dark\"\n"},
		{name: "top-level dotted key replaced",
			file: "speech.rate = 300\n", path: "speech.rate", value: 320.0,
			want: "speech.rate = 320\n"},
		{name: "quoted keys are found",
			file: "[\"speech\"]\n'rate' = 300\n", path: "speech.rate", value: 320.0,
			want: "[\"speech\"]\n'rate' = 320\n"},
		{name: "quoted key with an escape",
			file: "[speech]\n\"r\\u0061te\" = 300\n", path: "speech.rate", value: 320.0,
			want: "[speech]\n\"r\\u0061te\" = 320\n"},
		{name: "no newline at the end",
			file: "[speech]\nrate = 300", path: "speech.pitch", value: 2.0,
			want: "[speech]\nrate = 300\npitch = 2\n"},
		{name: "no newline at the end, new section",
			file: "[speech]\nrate = 300", path: "display.theme", value: "dark",
			want: "[speech]\nrate = 300\n\n[display]\ntheme = \"dark\"\n"},
		{name: "a byte order mark is skipped",
			file: "\ufeff[speech]\nrate = 300\n", path: "speech.rate", value: 320.0,
			want: "\ufeff[speech]\nrate = 320\n"},
		{name: "Windows line ends are kept",
			file: "[speech]\r\nrate = 300\r\n", path: "speech.pitch", value: 2.0,
			want: "[speech]\r\nrate = 300\r\npitch = 2\r\n"},
		{name: "multi-line array replaced whole",
			file: "[library]\nfolders = [\n  \"/a\", # first\n  \"/b]\",\n] # end\nx = 1\n", path: "library.folders", value: []any{"/c"},
			want: "[library]\nfolders = [\"/c\"] # end\nx = 1\n"},
		{name: "strings holding # and quotes",
			file: "[speech]\nvoice = \"a # b \\\" c\" # comment\nrate = 300\n", path: "speech.voice", value: "x",
			want: "[speech]\nvoice = \"x\" # comment\nrate = 300\n"},
		{name: "multi-line strings and date-times of unknown keys are skipped",
			file: "[speech]\nnote = \"\"\"\nrate = 1\n\"\"\"\"\"\nlit = '''\n[display]'''\nwhen = 1979-05-27 07:32:00Z\n", path: "speech.rate", value: 300.0,
			want: "[speech]\nnote = \"\"\"\nrate = 1\n\"\"\"\"\"\nlit = '''\n[display]'''\nwhen = 1979-05-27 07:32:00Z\nrate = 300\n"},
		{name: "restore removes the line and its comment",
			file: "[speech]\nrate = 300 # fast\npitch = 2\n", path: "speech.rate", value: restore,
			want: "[speech]\npitch = 2\n"},
		{name: "restore of a missing line changes nothing",
			file: "# empty\n", path: "speech.rate", value: restore,
			want: "# empty\n"},
		{name: "the default is not added",
			file: "# empty\n", path: "speech.rate", value: 265.0,
			want: "# empty\n"},
		{name: "the default replaces an existing line",
			file: "[speech]\nrate = 300\n", path: "speech.rate", value: 265.0,
			want: "[speech]\nrate = 265\n"},
		{name: "table written as a sub-table becomes one line",
			file: "[speech.speed_presets]\nskim = 400 # quick\nslow = 100\n\n[speech]\nrate = 300\n", path: "speech.speed_presets", value: map[string]any{"fast": 500.0},
			want: "\n[speech]\nrate = 300\nspeed_presets = { fast = 500 }\n"},
		{name: "table written as dotted keys becomes one line",
			file: "[speech]\nspeed_presets.skim = 400\nrate = 300\nspeed_presets.slow = 100\n", path: "speech.speed_presets", value: map[string]any{"fast": 500.0},
			want: "[speech]\nrate = 300\nspeed_presets = { fast = 500 }\n"},
		{name: "table restored",
			file: "[speech.speed_presets]\nskim = 400\n[display]\ntheme = \"dark\"\n", path: "speech.speed_presets", value: restore,
			want: "[display]\ntheme = \"dark\"\n"},
		{name: "inline table replaced",
			file: "[speech]\nspeed_presets = {skim=400}\n", path: "speech.speed_presets", value: map[string]any{"skim": 300.0},
			want: "[speech]\nspeed_presets = { skim = 300 }\n"},
		{name: "a section written as an inline table is left to the user",
			file: "speech = { rate = 300 }\n", path: "speech.pitch", value: 2.0,
			err: "(settings.toml writes speech as a single value (such as an inline table), so tw cannot add speech.pitch to it); change it there by hand"},
		{name: "a section written as a list of tables is left to the user",
			file: "[[speech]]\nrate = 300\n", path: "speech.pitch", value: 2.0,
			err: "change it there by hand"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, _, home := openIn(t, tc.file)
			value := tc.value
			if value == restore {
				value = nil
			}
			_, err := s.Set(tc.path, value)
			got := readSettings(t, home)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Errorf("error %v, want one with %q", err, tc.err)
				}
				if got != tc.file {
					t.Errorf("the file was changed to %q", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("file\n%q\nwant\n%q", got, tc.want)
			}
			// The store holds what the file now says.
			again, _, err := Open(home)
			if err != nil {
				t.Fatal(err)
			}
			a, _ := s.Get(tc.path)
			b, _ := again.Get(tc.path)
			if !reflect.DeepEqual(a, b) {
				t.Errorf("store %#v, file %#v", a, b)
			}
		})
	}
}

func TestScanTOMLFindsEntries(t *testing.T) {
	src := "a = 1\n[t] # c\nb.c = [1,\n 2]\n[[arr]]\n\"q.k\" = { x = 1 }\n"
	entries, err := scanTOML(src)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		kind := "key"
		if e.header {
			kind = "header"
		}
		got = append(got, kind+" "+strings.Join(e.path, "|")+" "+src[e.start:e.end])
	}
	want := []string{
		"key a a = 1\n",
		"header t [t] # c\n",
		"key t|b|c b.c = [1,\n 2]\n",
		"header arr [[arr]]\n",
		"key arr|q.k \"q.k\" = { x = 1 }\n",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("entries\n%q\nwant\n%q", got, want)
	}
}

func TestQuoteString(t *testing.T) {
	tests := map[string]string{
		"plain":         `"plain"`,
		`a "b" \ c`:     `"a \"b\" \\ c"`,
		"tab\tnl\n\x01": `"tab\tnl\n\u0001"`,
		"ünï":           `"ünï"`,
	}
	for in, want := range tests {
		if got := quoteString(in); got != want {
			t.Errorf("%q: %s, want %s", in, got, want)
		}
		if back, err := unquoteBasic(want[1 : len(want)-1]); err != nil || back != in {
			t.Errorf("%s unquotes to %q, %v", want, back, err)
		}
	}
}

// FuzzSettingsFile: whatever settings.toml holds, opening it never fails
// or crashes, and a save either refuses (leaving the file as it was) or
// writes a file that holds the new value and every other value unchanged.
func FuzzSettingsFile(f *testing.F) {
	seeds := []string{
		"",
		"[speech]\nrate = 300\n",
		"speech.rate = 300\n[display]\ntheme = 'dark'\n",
		"[speech.speed_presets]\nskim = 400\n[speech]\npitch = 2 # x\n",
		"speech = { rate = 1 }\n",
		"[speech]\nvoice = \"\"\"\na\"\"\"\nrate = \"fast\"\r\n",
		"[library]\nfolders = [ # c\n'a',\n]\n",
		"[speech\nrate = ",
	}
	for _, s := range seeds {
		f.Add(s)
	}
	paths := []string{"speech.rate", "speech.speed_presets", "library.folders", "speech.voice"}
	values := []any{333.0, map[string]any{"x": 100.0}, []any{"/z"}, nil}
	f.Fuzz(func(t *testing.T, content string) {
		home := t.TempDir()
		file := filepath.Join(home, fileName)
		if err := os.WriteFile(file, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		s, _, err := Open(home)
		if err != nil {
			t.Fatal(err)
		}
		for i, path := range paths {
			before, _, syntax := load(readFile(t, file))
			_, err := s.Set(path, values[i])
			after := readFile(t, file)
			if err != nil {
				if syntax == nil && strings.Contains(err.Error(), "has a mistake") {
					t.Fatalf("a valid file was called broken: %v", err)
				}
				continue
			}
			if syntax != nil {
				t.Fatalf("a broken file was saved to: %q", after)
			}
			loaded, _, syntax := load(after)
			if syntax != nil {
				t.Fatalf("the save broke the file: %q: %v", after, syntax)
			}
			want, _ := s.Get(path)
			if !sameValue(loaded[path], want) {
				t.Fatalf("%s: file holds %#v, store %#v", path, loaded[path], want)
			}
			for _, st := range schema {
				if st.Path != path && !sameValue(loaded[st.Path], before[st.Path]) {
					t.Fatalf("setting %s changed %s from %#v to %#v", path, st.Path, before[st.Path], loaded[st.Path])
				}
			}
		}
	})
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
