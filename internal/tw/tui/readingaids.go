package tui

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rivo/uniseg"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/hyphen"
)

// The reading aids the terminal reader draws: bionic reading (the first
// half of each word in bold, reading_aids.bionic), the reading ruler
// (reading_aids.ruler_mode: the cursor's row underlined, or a band of
// three rows with the rest dimmed), and RSVP (one word at a time, in a
// box where reading_aids.rsvp_position says).

// bionicRanges are the code point ranges of row drawn in bold for bionic
// reading: the first half (rounded up) of each word of two letters or
// more with no digit.
func bionicRanges(text string, start int) [][2]int {
	var out [][2]int
	p, state := start, -1
	for len(text) > 0 {
		var w string
		w, text, state = uniseg.FirstWordInString(text, state)
		n := utf8.RuneCountInString(w)
		if n >= 2 && strings.IndexFunc(w, unicode.IsLetter) >= 0 && strings.IndexFunc(w, unicode.IsDigit) < 0 {
			out = append(out, [2]int{p, p + (n+1)/2})
		}
		p += n
	}
	return out
}

// bionicRow is bionicRanges of row r of the layout, or nil when bionic
// reading is off.
func (r *Reader) bionicRow(rw row) [][2]int {
	if r.cfg.Settings == nil || !r.cfg.Settings.Bool("reading_aids.bionic") {
		return nil
	}
	return bionicRanges(r.lo.d.Text[rw.startByte:rw.endByte], rw.start)
}

// inRanges reports whether pos is in one of the ranges.
func inRanges(rs [][2]int, pos int) bool {
	for _, x := range rs {
		if pos >= x[0] && pos < x[1] {
			return true
		}
	}
	return false
}

// drawRuler marks the reading ruler around the cursor's row y of the
// text area's rows: the row underlined (current_line), or the row and
// the ones above and below underlined and the others dimmed (ruler).
func (r *Reader) drawRuler(y, w int) {
	if r.cfg.Settings == nil || y < 0 {
		return
	}
	mode := r.cfg.Settings.String("reading_aids.ruler_mode")
	if mode != "current_line" && mode != "ruler" {
		return
	}
	from, to := y, y
	if mode == "ruler" {
		from, to = y-1, y+1
	}
	for row := 0; row < r.textRows(); row++ {
		band := row >= from && row <= to
		if !band && mode != "ruler" {
			continue
		}
		for x := 0; x < w; x++ {
			c, comb, style, _ := r.scr.GetContent(x, row)
			if band {
				style = style.Underline(true)
			} else {
				style = style.Dim(true)
			}
			r.scr.SetContent(x, row, c, comb, style)
		}
	}
}

// drawRSVP draws the RSVP word in a box where its position setting says,
// over the text, and returns where the terminal's cursor goes.
func (r *Reader) drawRSVP(v *core.RSVPView, w int) (x, y int) {
	word := " " + v.Word + " "
	width := uniseg.StringWidth(word)
	rows := r.textRows()
	place := strings.SplitN(v.Position, "-", 2)
	vert, horiz := place[0], "center"
	if len(place) == 2 {
		horiz = place[1]
	}
	y = max(rows/2-1, 0)
	switch vert {
	case "top":
		y = 0
	case "bottom":
		y = max(rows-3, 0)
	}
	x = max((w-width-2)/2, 0)
	switch horiz {
	case "left":
		x = 0
	case "right":
		x = max(w-width-2, 0)
	}
	line := strings.Repeat("─", width)
	putText(r.scr, x, y, w-x, "┌"+line+"┐", r.th.text)
	putText(r.scr, x, y+1, w-x, "│", r.th.text)
	putText(r.scr, x+1, y+1, w-x-1, word, r.th.heard.Bold(true))
	putText(r.scr, x+1+width, y+1, w-x-1-width, "│", r.th.text)
	putText(r.scr, x, y+2, w-x, "└"+line+"┘", r.th.text)
	return x + 2, y + 1
}

// syllableDict is the hyphenation dictionary of d's language when
// reading_aids.syllables is on and one is installed; nil otherwise (the
// syllables_toggle action says why).
func (r *Reader) syllableDict(d *doc.Document) *hyphen.Dict {
	if r.cfg.Settings == nil || !r.cfg.Settings.Bool("reading_aids.syllables") {
		return nil
	}
	lang := ""
	if d.Meta.Language != nil {
		lang = *d.Meta.Language
	}
	if r.syllables == nil || r.syllablesLang != lang {
		r.syllables, _ = hyphen.ForLanguage(lang)
		r.syllablesLang = lang
	}
	return r.syllables
}
