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

// TestSyllableOptions: with Debian's hyphen-en-us patterns, the
// reading_aids.syllable_options choose the mark drawn, keep breaks away
// from a word's start and end, leave short words whole, and with
// skip_urls off split an address's words too.
func TestSyllableOptions(t *testing.T) {
	dict, err := hyphen.ForLanguage("en")
	if err != nil {
		t.Fatalf("%v; scripts/deps-tui.sh installs hyphen-en-us", err)
	}
	const text = "Lighthouse keepers remember www.example.org/software and features."
	for _, tt := range []struct {
		opts syllableOptions
		want string
	}{
		{syllableSettings(nil), "Light·house keep·ers re·mem·ber www.example.org/software and fea·tures."},
		{syllableOptions{sep: "-", left: 1, right: 1, minLen: 1, skipURLs: true},
			"Light-house keep-ers re-mem-ber www.example.org/software and fea-tures."},
		{syllableOptions{sep: "·", left: 4, right: 4, minLen: 1, skipURLs: true},
			"Light·house keepers remember www.example.org/software and features."},
		{syllableOptions{sep: "·", left: 1, right: 1, minLen: 9, skipURLs: true},
			"Light·house keepers remember www.example.org/software and features."},
		{syllableOptions{sep: "·", left: 1, right: 1, minLen: 1, skipURLs: false},
			"Light·house keep·ers re·mem·ber www.example.org/soft·ware and fea·tures."},
	} {
		lo := newLayout(doc.New(text, doc.Meta{}, nil), 200)
		lo.syllables, lo.sylOpts = dict, tt.opts
		got := ""
		for _, c := range lo.cells(lo.rowsOf(0)[0], false) {
			if c.dot {
				got += tt.opts.sep
			}
			got += c.text
		}
		if got != tt.want {
			t.Errorf("%+v: drawn %q, want %q", tt.opts, got, tt.want)
		}
	}
}
