package tui

import (
	"unicode/utf8"

	"textfirst/internal/lazyregexp"
	"textfirst/internal/tw/core"
)

// difficultWordRE is a word as reading_aids.difficult_words looks at it.
var difficultWordRE = lazyregexp.New(`\p{L}[\p{L}'’-]*`)

// difficultRow is the code point ranges of the difficult words of row rw
// (core.DifficultWord), which are drawn underlined, or nil when
// reading_aids.difficult_words is off.
func (r *Reader) difficultRow(rw row) [][2]int {
	if r.cfg.Settings == nil || !r.cfg.Settings.Bool("reading_aids.difficult_words") {
		return nil
	}
	text := r.lo.d.Text[rw.startByte:rw.endByte]
	var out [][2]int
	for _, m := range difficultWordRE.FindAllStringIndex(text, -1) {
		if core.DifficultWord(r.lo.d, text[m[0]:m[1]]) {
			start := rw.start + utf8.RuneCountInString(text[:m[0]])
			out = append(out, [2]int{start, start + utf8.RuneCountInString(text[m[0]:m[1]])})
		}
	}
	return out
}
