package load

import (
	"errors"
	"testing"
)

func TestRTF(t *testing.T) {
	runLoaderCases(t, []loaderCase{
		{name: "unicode escapes and fallback", in: `{\rtf1\ansi\uc1 caf\u233?\u8212\'97x\uc0\u8364 y}`, text: "café—x€y"},
		{name: "surrogate pair", in: `{\rtf1 a\u-10179?\u-8704?b}`, text: "a😀b"},
		{name: "code page 1251", in: `{\rtf1\ansi\ansicpg1251 \'cf\'f0\'e8\'e2\'e5\'f2}`, text: "Привет"},
		{name: "font charset", in: `{\rtf1\ansi{\fonttbl{\f0\fcharset0 Arial;}{\f1\fcharset161 Greek;}}\f1 \'e1\'e2\f0 \'e9}`, text: "αβé"},
		{name: "shift-jis", in: `{\rtf1\ansi\ansicpg932 \'93\'fa\'96\'7b}`, text: "日本"},
		{name: "paragraphs and line", in: `{\rtf1 One\par Two\line three\par\par}`, text: "One\n\nTwo\nthree",
			markers: []string{`paragraph 0-3 "One"`, `paragraph 5-14 "Two\nthree"`}},
		{name: "heading from style", in: `{\rtf1{\stylesheet{\s0 Normal;}{\s2\sbasedon0 heading 2;}}\pard\s2 Methods\par\pard Body\par}`, text: "Methods\n\nBody",
			markers: []string{`heading 0-7 level=2 "Methods"`, `paragraph 9-13 "Body"`}},
		{name: "bold italic underline", in: `{\rtf1 a {\b b} {\i i} {\ul u}\ulnone  \b0 n\par}`, text: "a b i u n",
			markers: []string{`paragraph 0-9 "a b i u n"`, `bold 2-3 "b"`, `italic 4-5 "i"`, `underline 6-7 "u"`}},
		{name: "skipped destinations", in: `{\rtf1{\fonttbl{\f0 Arial;}}{\colortbl;\red0;}{\info{\title T}{\author A}}{\*\generator x;}{\header H}{\pict 0102}Body\par}`, text: "Body", title: "T"},
		{name: "table", in: `{\rtf1\trowd\trhdr\cellx1\cellx2\pard\intbl A\cell B\cell\row\trowd\cellx1\cellx2\pard\intbl C\cell\cell\row\pard After\par}`, text: "A | B\nC | \n\nAfter",
			markers: []string{`table 0-10 "A | B\nC | "`, `table_row 0-5 label="header" "A | B"`, `table_cell 0-1 "A"`, `table_cell 4-5 "B"`, `table_row 6-10 "C | "`, `table_cell 6-7 "C"`, `table_cell 10-10 ""`, `paragraph 12-17 "After"`}},
		{name: "hyperlink field", in: `{\rtf1 See {\field{\*\fldinst HYPERLINK "http://x.org/"}{\fldrslt here}}.\par}`, text: "See here.",
			markers: []string{`paragraph 0-9 "See here."`, `link 4-8 ref="http://x.org/" "here"`}},
		{name: "footnote", in: `{\rtf1 Text.{\super\chftn}{\*\footnote\chftn {\pard Note text.\par}} More.\par}`, text: "Text.[1] More.\n\nFootnotes\n\n[1] Note text."},
		{name: "deep groups", in: "{\\rtf1 " + repeat("{", 5000) + "x" + repeat("}", 5000) + "}", text: "x"},
		{name: "unbalanced", in: `{\rtf1 a}}}{{b`, text: "ab"},
	}, loadRTF)
	if _, err := loadRTF("x.rtf", []byte("plain")); err == nil {
		t.Error("non-RTF loaded")
	} else {
		var le *Error
		if !errors.As(err, &le) {
			t.Errorf("error %T", err)
		}
	}
}

func repeat(s string, n int) string {
	out := make([]byte, 0, len(s)*n)
	for range n {
		out = append(out, s...)
	}
	return string(out)
}

func FuzzRTF(f *testing.F) {
	f.Add([]byte(`{\rtf1\ansi\ansicpg1251{\fonttbl{\f0\fcharset128 MS;}}\f0 \'93\'fa\u8364?{\*\footnote x}\trowd\intbl a\cell\row{\field{\*\fldinst HYPERLINK \l "b"}{\fldrslt c}}{\*\bkmkstart b}d\par}`))
	f.Add([]byte(`{\rtf1{\stylesheet{\s1 heading 1;}}\pard\s1\outlinelevel0 H\par{\listtext 1.\tab}\ilvl0 item\par\uc2\u-10179\'3f\'3f\u-8704??}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := loadRTF("f.rtf", data)
		if err != nil {
			return
		}
		checkFuzzed(t, d)
	})
}
