package tui

import (
	"testing"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/hyphen"
)

// TestSyllableDotsLeaveAddressesWhole: words are split into syllables,
// but not those of a web or mail address (the Bash manual's
// http://www.gnu.org/software/bash/ kept "soft·ware" before).
func TestSyllableDotsLeaveAddressesWhole(t *testing.T) {
	dict, err := hyphen.ForLanguage("en")
	if err != nil {
		t.Fatalf("%v; scripts/deps-tui.sh installs hyphen-en-us", err)
	}
	for _, tt := range []struct{ text, want string }{
		{"The home page is http://www.gnu.org/software/bash/ for software.", "The home page is http://www.gnu.org/software/bash/ for soft·ware."},
		{"Mail bug-bash@gnu.org about features.", "Mail bug-bash@gnu.org about fea·tures."},
		{"www.example.org/software and software", "www.example.org/software and soft·ware"},
	} {
		lo := newLayout(doc.New(tt.text, doc.Meta{}, nil), 200)
		lo.syllables = dict
		got := ""
		for _, c := range lo.cells(lo.rowsOf(0)[0], false) {
			if c.dot {
				got += "·"
			}
			got += c.text
		}
		if got != tt.want {
			t.Errorf("drawn %q, want %q", got, tt.want)
		}
	}
}
