package settings

import (
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"
)

// badTOML is a value of the wrong kind for st, as written in settings.toml.
func badTOML(st Setting) string {
	switch st.Kind {
	case KindToggle:
		return `"maybe"`
	case KindNumber:
		return `"fast"`
	case KindChoice:
		if st.Open {
			return `""`
		}
		return `"no-such-choice"`
	case KindText:
		return `7`
	case KindList:
		return `"not a list"`
	case KindTable:
		if st.Path == "speech.pronunciations" {
			return `{ "/[a-/" = "x" }`
		}
		return `[1, 2]`
	}
	return `{}`
}

// TestEveryHandEditedBadValueLoadsAsTheDefault: for every setting, a value
// of the wrong kind written by hand loads as the default, with one warning
// that names the setting and says why.
func TestEveryHandEditedBadValueLoadsAsTheDefault(t *testing.T) {
	for _, st := range Schema() {
		t.Run(st.Path, func(t *testing.T) {
			s, warnings, _ := openIn(t, "["+st.Section+"]\n"+st.Key()+" = "+badTOML(st)+"\n")
			if len(warnings) != 1 || !strings.HasPrefix(warnings[0], fileName+": "+st.Path+": ") ||
				!(strings.Contains(warnings[0], "; using ") || strings.Contains(warnings[0], "; leaving it not set")) {
				t.Fatalf("warnings %q", warnings)
			}
			reason := strings.TrimPrefix(warnings[0], fileName+": "+st.Path+": ")
			if !strings.HasPrefix(reason, "must be") && !strings.HasPrefix(reason, "cannot be used") {
				t.Errorf("the warning gives no reason: %q", warnings[0])
			}
			if got, _ := s.Get(st.Path); !reflect.DeepEqual(got, st.Default) {
				t.Errorf("loaded %#v, want the default %#v", got, st.Default)
			}
		})
	}
}

// TestEverySettingRefusesAValueOfTheWrongKind: Set (set_setting, the
// settings list, import) refuses a value of the wrong kind for every
// setting with a reason that names it, and changes nothing.
func TestEverySettingRefusesAValueOfTheWrongKind(t *testing.T) {
	s, _, _ := openIn(t, "")
	for _, st := range Schema() {
		var bad any
		switch st.Kind {
		case KindToggle:
			bad = "maybe"
		case KindNumber:
			bad = "fast"
		case KindChoice:
			bad = 3.0
		case KindText:
			bad = 7.0
		case KindList:
			bad = "not a list"
		case KindTable:
			bad = []any{1.0}
		}
		before, _ := s.Get(st.Path)
		_, err := s.Set(st.Path, bad)
		if err == nil || !strings.HasPrefix(err.Error(), st.Path+" must be ") {
			t.Errorf("%s = %#v: error %v", st.Path, bad, err)
		}
		if st.Kind == KindChoice && err != nil && !st.Open {
			for _, c := range st.Choices {
				if !strings.Contains(err.Error(), c.Value) {
					t.Errorf("%s: the refusal does not list %s: %v", st.Path, c.Value, err)
				}
			}
		}
		if after, _ := s.Get(st.Path); !reflect.DeepEqual(after, before) {
			t.Errorf("%s changed to %#v after a refused value", st.Path, after)
		}
	}
}

// TestPronunciationsFromTheFile: the README's example table loads, and a
// table set through the store is written so that it loads back the same.
func TestPronunciationsFromTheFile(t *testing.T) {
	s, warnings, home := openIn(t, `[speech.pronunciations]
"SQL" = "sequel"
"=US" = "United States"
'/v(\d+)/' = "version $1"
"/colou?r/i" = "hue"
`)
	want := map[string]string{"SQL": "sequel", "=US": "United States", `/v(\d+)/`: "version $1", "/colou?r/i": "hue"}
	if got := s.TextTable("speech.pronunciations"); len(warnings) != 0 || !reflect.DeepEqual(got, want) {
		t.Fatalf("loaded %q with warnings %q", got, warnings)
	}
	want[`/\b(\w+)\\(\d)/i`] = `$1 "backslash" $2`
	if _, err := s.Set("speech.pronunciations", map[string]any{}); err != nil {
		t.Fatal(err)
	}
	table := map[string]any{}
	for k, v := range want {
		table[k] = v
	}
	if _, err := s.Set("speech.pronunciations", table); err != nil {
		t.Fatal(err)
	}
	again, warnings, _ := Open(home)
	if got := again.TextTable("speech.pronunciations"); len(warnings) != 0 || !reflect.DeepEqual(got, want) {
		t.Errorf("read back %q with warnings %q", got, warnings)
	}
}

func TestToFloatTakesEveryNumberType(t *testing.T) {
	tests := []struct {
		in     any
		want   float64
		wantOK bool
	}{
		{float64(1.5), 1.5, true},
		{float32(0.5), 0.5, true},
		{int(-3), -3, true},
		{int8(-8), -8, true},
		{int16(16), 16, true},
		{int32(32), 32, true},
		{int64(64), 64, true},
		{uint(1), 1, true},
		{uint8(8), 8, true},
		{uint16(16), 16, true},
		{uint32(32), 32, true},
		{uint64(64), 64, true},
		{json.Number("2.25"), 2.25, true},
		{json.Number("fast"), 0, false},
		{math.NaN(), 0, false},
		{math.Inf(1), 0, false},
		{"3", 0, false},
		{true, 0, false},
		{nil, 0, false},
	}
	for _, tt := range tests {
		got, ok := toFloat(tt.in)
		if got != tt.want || ok != tt.wantOK {
			t.Errorf("toFloat(%#v) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.wantOK)
		}
	}
}
