package settings

import (
	"reflect"
	"testing"
)

// TestFormerNamesKeepWorking: a settings.toml written before seven settings
// took the original's names (and display.rtl its values) keeps its values,
// without a warning; the current name wins when the file has both; Get and
// Set take either name.
func TestFormerNamesKeepWorking(t *testing.T) {
	for _, tc := range []struct {
		file string
		path string
		want any
	}{
		{"[speech]\ncapital_letters = \"spell\"\n", "speech.caps", "spell"},
		{"[display]\nline_numbers = true\n", "display.show_line_numbers", true},
		{"[reading_aids]\nrsvp_wpm = 400\n", "reading_aids.rsvp.wpm", 400},
		{"[reading_aids]\nrsvp_position = \"top-center\"\n", "reading_aids.rsvp.position", "top-center"},
		{"[reading_aids]\nruler_mode = \"current_line\"\n", "reading_aids.ruler.mode", "current_line"},
		{"[reading_aids]\nrsvp_wpm = 400\nrsvp.wpm = 500\n", "reading_aids.rsvp.wpm", 500},
		// A former name in another section.
		{"[display]\nlanguage = \"fr\"\n", "interface.language", "fr"},
		{"[display]\nlanguage = \"fr\"\n[interface]\nlanguage = \"de\"\n", "interface.language", "de"},
		// A former name with its former values, which are read as the
		// values now.
		{"[display]\nrtl = \"shaped\"\n", "interface.rtl", "on"},
		{"[display]\nrtl = \"terminal\"\n", "interface.rtl", "off"},
		{"[display]\nrtl = \"auto\"\n", "interface.rtl", "auto"},
		{"[interface]\nrtl = \"Terminal\"\n", "interface.rtl", "off"},
	} {
		s, warnings, _ := openIn(t, tc.file)
		if len(warnings) != 0 {
			t.Errorf("%q: warnings %v", tc.file, warnings)
		}
		got, err := s.Get(tc.path)
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: %s = %#v, %v; want %#v", tc.file, tc.path, got, err, tc.want)
		}
	}
	for old, now := range formerNames {
		s, _, _ := openIn(t, "")
		st, err := lookup(now)
		if err != nil {
			t.Fatalf("%s: %v", now, err)
		}
		if _, err := s.Set(old, st.Default); err != nil {
			t.Errorf("Set(%s): %v", old, err)
		}
		a, errA := s.Get(old)
		b, errB := s.Get(now)
		if errA != nil || errB != nil || !reflect.DeepEqual(a, b) {
			t.Errorf("Get(%s) = %v, %v; Get(%s) = %v, %v", old, a, errA, now, b, errB)
		}
	}
}
