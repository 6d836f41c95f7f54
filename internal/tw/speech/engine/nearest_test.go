package engine

import (
	"reflect"
	"testing"
)

func TestNearest(t *testing.T) {
	voices := []Voice{
		{ID: "gmw/en-US", Name: "English (America)", Language: "en-us"},
		{ID: "gmw/en", Name: "English (Great Britain)", Language: "en-gb"},
		{ID: "roa/fr", Name: "French (France)", Language: "fr-fr"},
		{ID: "gmw/de", Name: "German", Language: "de"},
	}
	ids := func(vs []Voice) []string {
		var out []string
		for _, v := range vs {
			out = append(out, v.ID)
		}
		return out
	}
	tests := []struct {
		query string
		n     int
		want  []string
	}{
		{"frnech", 1, []string{"roa/fr"}},          // a typing error of a name
		{"germn", 2, []string{"gmw/de", "gmw/en"}}, // then the nearest others
		{"en", 2, []string{"gmw/en", "gmw/en-US"}}, // Match scores both; the id "en" is nearer
	}
	for _, tt := range tests {
		got := ids(Nearest(voices, tt.query, tt.n))
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Nearest(%q, %d) = %v, want %v", tt.query, tt.n, got, tt.want)
		}
	}
	if got := Nearest(voices, "anything", 10); len(got) != len(voices) {
		t.Errorf("Nearest with n beyond the voices gave %d, want all %d", len(got), len(voices))
	}
}
