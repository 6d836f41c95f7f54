package settings

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// otherValue is a value of st that is not its default, for a round trip.
func otherValue(t *testing.T, st Setting) any {
	t.Helper()
	switch st.Kind {
	case KindToggle:
		return !st.Default.(bool)
	case KindNumber:
		v := st.Min
		if def, ok := st.Default.(int); ok && float64(def) == v || st.Default == v {
			v = st.Min + st.Step
		}
		if st.integral() {
			return int(v)
		}
		return v
	case KindChoice:
		for _, c := range st.Choices {
			if c.Value != st.Default {
				return c.Value
			}
		}
	case KindText:
		if st.Path == "reading.ocr_lang" {
			return "deu+eng"
		}
		return "round trip"
	case KindList:
		return []string{"first", "second"}
	case KindTable:
		if st.Entries == KindNumber {
			return map[string]int{"brisk": int(st.Max), "crawl": int(st.Min)}
		}
		if st.Path == "speech.voices_by_language" {
			return map[string]string{"fr": "French (France)", "de": "German"}
		}
		return map[string]string{"SQL": "sequel", "=Go": "go", "/colou?r/i": "colour"}
	}
	t.Fatalf("%s: no other value for a %s setting", st.Path, st.Kind)
	return nil
}

// Every setting the user may change survives export_settings then
// import_settings into another home, tables ([speech.pronunciations],
// [speech.speed_presets]) included.
func TestExportImportRoundTrip(t *testing.T) {
	from, _, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{}
	for _, st := range Schema() {
		if st.Internal {
			continue
		}
		v := otherValue(t, st)
		if _, err := from.Set(st.Path, v); err != nil {
			t.Fatalf("Set(%s, %v): %v", st.Path, v, err)
		}
		got, err := from.Get(st.Path)
		if err != nil {
			t.Fatal(err)
		}
		want[st.Path] = got
	}
	file := filepath.Join(t.TempDir(), "exported.toml")
	if err := from.Export(file); err != nil {
		t.Fatal(err)
	}
	to, _, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	n, err := to.Import(file)
	if err != nil {
		data, _ := os.ReadFile(file)
		t.Fatalf("Import: %d applied, %v\n%s", n, err, data)
	}
	if n != len(want) {
		t.Errorf("Import applied %d settings, want %d", n, len(want))
	}
	for path, w := range want {
		got, err := to.Get(path)
		if err != nil || !reflect.DeepEqual(got, w) {
			t.Errorf("%s after the round trip: %#v (%v), want %#v", path, got, err, w)
		}
	}
}
