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

// TestAidsLeaveCode: in a Markdown document with a code block, bionic
// reading and syllables leave the code alone while their skip_code
// settings are on, and mark it like the rest when they are off.
func TestAidsLeaveCode(t *testing.T) {
	if _, err := hyphen.ForLanguage("en"); err != nil {
		t.Fatalf("%v; scripts/deps-tui.sh installs hyphen-en-us", err)
	}
	s := newSim(t, "keeper.md", "# Keeper\n\nLighthouse keepers.\n\n```\nlighthouse keepers\n```\n", 60, 12, defaultCfg)
	for _, p := range []string{"reading_aids.bionic", "reading_aids.syllables"} {
		s.set(p, true)
	}
	d := s.r.app.Doc()
	code := d.MarkersOf(doc.Code)
	if len(code) == 0 {
		t.Fatal("the code block has no code marker")
	}
	marked := func() (bold, dots int) {
		s.r.Draw()
		line := s.r.lo.lineOf(code[0].Start)
		for _, rw := range s.r.lo.rowsOf(line) {
			for _, x := range s.r.bionicRow(rw) {
				if x[0] >= code[0].Start && x[0] < code[0].End {
					bold++
				}
			}
		}
		for p := range s.r.lo.dotsOf(line) {
			if p >= code[0].Start && p < code[0].End {
				dots++
			}
		}
		return bold, dots
	}
	if bold, dots := marked(); bold != 0 || dots != 0 {
		t.Errorf("with skip_code on, the code has %d bold words and %d syllable marks", bold, dots)
	}
	for _, p := range []string{"reading_aids.bionic_options.skip_code", "reading_aids.syllable_options.skip_code"} {
		s.set(p, false)
	}
	if bold, dots := marked(); bold != 2 || dots == 0 {
		t.Errorf("with skip_code off, the code has %d bold words and %d syllable marks", bold, dots)
	}
}
