package braille

import (
	"reflect"
	"testing"
)

// crossing is a BRF of three pages, 30 cells wide: a paragraph that goes
// on from page 1 to page 2, a blank page 3 but for its number, with CR LF
// line ends.
const crossing = "  cat dog sun cat dog sun\r\ncat dog sun\r\n\r\n                            #a\r\n" +
	"\fcat dog sun cat\r\n  ,sun dog cat4\r\n\r\n                            #b\r\n" +
	"\f\r\n                            #c\r\n"

// TestReadLayoutPages: each block knows the page it starts on and where it
// goes on to the next.
func TestReadLayoutPages(t *testing.T) {
	blocks, ok := ReadLayout([]byte(crossing))
	if !ok {
		t.Fatal("not braille")
	}
	want := []Block{
		{Braille: "cat dog sun cat dog sun cat dog sun cat dog sun cat", Page: 0, Turns: []Turn{{At: 36, Page: 1}}},
		{Braille: ",sun dog cat4", Page: 1},
	}
	if !reflect.DeepEqual(blocks, want) {
		t.Errorf("blocks\n%+v\nwant\n%+v", blocks, want)
	}
	if got := blocks[0].Braille[36:]; got != "cat dog sun cat" {
		t.Errorf("page 2's part %q", got)
	}
}

// TestReadPages: the pages as the file has them, with their numbers read
// as print digits, and whether each holds text.
func TestReadPages(t *testing.T) {
	cases := []struct {
		name, data string
		want       []Page
	}{
		{"three pages", crossing, []Page{
			{Lines: []string{"  cat dog sun cat dog sun", "cat dog sun", "", "                            #a"}, Number: "1", Text: true},
			{Lines: []string{"cat dog sun cat", "  ,sun dog cat4", "", "                            #b"}, Number: "2", Text: true},
			{Lines: []string{"", "                            #c"}, Number: "3"},
		}},
		{"unicode braille, no numbers", "\u2809\u2801\u281e \u2819\u2815\u281b\n\f\u280e\u2825\u281d\n", []Page{
			{Lines: []string{"\u2809\u2801\u281e \u2819\u2815\u281b"}, Text: true},
			{Lines: []string{"\u280e\u2825\u281d"}, Text: true},
		}},
		{"page number twelve", "  abc\n" + "                           #ab\n", []Page{
			{Lines: []string{"  abc", "                           #ab"}, Number: "12", Text: true},
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := ReadPages([]byte(tc.data))
			if !ok {
				t.Fatal("not braille")
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("pages\n%+v\nwant\n%+v", got, tc.want)
			}
		})
	}
	if _, ok := ReadPages([]byte("Ça, c’est du texte imprimé, élégant et accentué à souhait — très français.")); ok {
		t.Error("print read as braille")
	}
}
