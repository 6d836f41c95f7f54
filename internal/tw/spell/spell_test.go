package spell

import (
	"reflect"
	"strings"
	"testing"
)

// The tests use the word list Debian's wamerican installs
// (scripts/deps-tw.sh), as tw does.
func system(t *testing.T) *Checker {
	t.Helper()
	c, err := System()
	if err != nil {
		t.Fatalf("%v: run scripts/deps-tw.sh", err)
	}
	return c
}

func TestKnown(t *testing.T) {
	c := system(t)
	for _, tc := range []struct {
		word  string
		known bool
	}{
		{"running", true}, {"cells", true}, {"The", true}, {"Paris", true}, {"paris", false},
		{"don't", true}, {"don’t", true}, {"well-known", true}, {"well-knwon", false},
		{"recieve", false}, {"teh", false}, {"Teh", false},
		{"NASA", true}, {"B2B", true}, {"x", true}, {"Ελλάδα", true}, // not checked
	} {
		if got := c.Known(tc.word); got != tc.known {
			t.Errorf("Known(%q) = %v, want %v", tc.word, got, tc.known)
		}
	}
}

func TestSuggest(t *testing.T) {
	c := system(t)
	for _, tc := range []struct {
		word string
		want string // must be among the suggestions
	}{
		{"recieve", "receive"}, {"teh", "the"}, {"Teh", "The"}, {"speling", "spelling"}, {"accomodate", "accommodate"},
	} {
		got := c.Suggest(tc.word, 5)
		if len(got) == 0 || len(got) > 5 || !contains(got, tc.want) {
			t.Errorf("Suggest(%q) = %q, want %q among at most 5", tc.word, got, tc.want)
		}
	}
	if got := c.Suggest("qqqqqqqqqqqqqqqqqqqqqq", 5); len(got) != 0 {
		t.Errorf("suggestions for nonsense: %q", got)
	}
}

func TestRead(t *testing.T) {
	c, err := readList(strings.NewReader("apple\nBoston\n\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !c.Known("Apple") || !c.Known("Boston") || c.Known("boston") || c.Known("pear") {
		t.Error("a small list is not read as written")
	}
	if got := c.Suggest("aple", 3); !reflect.DeepEqual(got, []string{"apple"}) {
		t.Errorf("Suggest(aple) = %q", got)
	}
	if _, err := readList(strings.NewReader("\n\n")); err == nil {
		t.Error("an empty list was accepted")
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
