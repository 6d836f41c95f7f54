package tui

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/uniseg"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/hyphen"
	"textfirst/internal/tw/settings"
)

// The reading aids the terminal reader draws: bionic reading (the first
// half of each word in bold, reading_aids.bionic), the reading ruler
// (reading_aids.ruler.mode: the cursor's row underlined, or a band of
// three rows with the rest dimmed), and RSVP (one word at a time, in a
// box where reading_aids.rsvp.position says).

// bionicOptions are the reading_aids.bionic_options: the part of each
// word drawn in bold, the shortest word marked, and whether words with
// digits, web or mail addresses and code are left as they are.
type bionicOptions struct {
	ratio                           float64
	minLen                          int
	skipNumbers, skipURLs, skipCode bool
}

// defaultBionic are the options' defaults.
var defaultBionic = bionicOptions{ratio: 0.5, minLen: 2, skipNumbers: true, skipURLs: true}

// floatReader reads a setting holding a fraction.
type floatReader interface{ Float(path string) float64 }

// bionicSettings reads the bionic options from the settings.
func bionicSettings(s SettingsReader) bionicOptions {
	o := bionicOptions{minLen: max(s.Int("reading_aids.bionic_options.min_word_len"), 1),
		skipNumbers: s.Bool("reading_aids.bionic_options.skip_numbers"),
		skipURLs:    s.Bool("reading_aids.bionic_options.skip_urls"), ratio: defaultBionic.ratio,
		skipCode: s.Bool("reading_aids.bionic_options.skip_code")}
	if f, ok := s.(floatReader); ok && f.Float("reading_aids.bionic_options.ratio") > 0 {
		o.ratio = f.Float("reading_aids.bionic_options.ratio")
	}
	return o
}

// isAddress reports whether a space-separated field is a web or mail
// address.
func isAddress(field string) bool {
	return strings.Contains(field, "://") || strings.HasPrefix(field, "www.") || strings.Contains(field, "@")
}

// bionicRanges are the code point ranges of row drawn in bold for bionic
// reading: the first part (o.ratio of it, rounded, at least one letter)
// of each word of o.minLen letters or more, leaving words with digits and
// addresses alone when the options say so.
func bionicRanges(text string, start int, o bionicOptions) [][2]int {
	var out [][2]int
	p, state := start, -1
	skip := map[int]bool{} // code points inside an address
	if o.skipURLs {
		q := start
		for _, field := range strings.SplitAfter(text, " ") {
			n := utf8.RuneCountInString(field)
			if isAddress(strings.TrimSpace(field)) {
				for i := q; i < q+n; i++ {
					skip[i] = true
				}
			}
			q += n
		}
	}
	for len(text) > 0 {
		var w string
		w, text, state = uniseg.FirstWordInString(text, state)
		n := utf8.RuneCountInString(w)
		letters := strings.IndexFunc(w, unicode.IsLetter) >= 0
		digits := o.skipNumbers && strings.IndexFunc(w, unicode.IsDigit) >= 0
		if n >= o.minLen && letters && !digits && !skip[p] {
			bold := min(max(int(float64(n)*o.ratio+0.5), 1), n)
			out = append(out, [2]int{p, p + bold})
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
	o := bionicSettings(r.cfg.Settings)
	bold := bionicRanges(r.lo.d.Text[rw.startByte:rw.endByte], rw.start, o)
	if o.skipCode {
		bold = slices.DeleteFunc(bold, func(x [2]int) bool { return r.lo.inCode(x[0]) })
	}
	return bold
}

// inCode reports whether pos is in code (a doc.Code marker: a code block
// or code in a line).
func (lo *layout) inCode(pos int) bool {
	if lo.code == nil {
		lo.code = [][2]int{}
		for _, m := range lo.d.MarkersOf(doc.Code) {
			lo.code = append(lo.code, [2]int{m.Start, m.End})
		}
	}
	return inRanges(lo.code, pos)
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
// text area's rows: the row underlined (current_line), or a band of the
// row and reading_aids.ruler.rows_above and rows_below around it
// underlined and, with reading_aids.ruler.mask_outside, the others dimmed
// (ruler).
func (r *Reader) drawRuler(y, w int) {
	if r.cfg.Settings == nil || y < 0 {
		return
	}
	mode := r.cfg.Settings.String("reading_aids.ruler.mode")
	if mode != "current_line" && mode != "ruler" {
		return
	}
	from, to, mask := y, y, false
	if mode == "ruler" {
		from, to = y-r.cfg.Settings.Int("reading_aids.ruler.rows_above"), y+r.cfg.Settings.Int("reading_aids.ruler.rows_below")
		mask = r.cfg.Settings.Bool("reading_aids.ruler.mask_outside")
	}
	above, below := r.rulerLine()
	from, to = from-above, to+below
	for row := 0; row < r.textRows(); row++ {
		band := row >= from && row <= to
		if !band && !mask {
			continue
		}
		for x := 0; x < w; x++ {
			c, comb, style, _ := r.scr.GetContent(x, row)
			if band {
				style = style.Underline(true)
				if r.th.ruler != tcell.ColorDefault {
					style = style.Background(r.th.ruler).Foreground(contrastingText(r.th.ruler))
				}
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
	// The words beside it (show_previous, show_next) are drawn dim.
	before, after := "", ""
	if v.Previous != "" {
		before = " " + v.Previous
	}
	if v.Next != "" {
		after = v.Next + " "
	}
	width := uniseg.StringWidth(before + word + after)
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
	bw := uniseg.StringWidth(before)
	putText(r.scr, x+1, y+1, w-x-1, before, r.th.gutter)
	putText(r.scr, x+1+bw, y+1, w-x-1-bw, word, r.th.heard.Bold(true))
	ww := bw + uniseg.StringWidth(word)
	putText(r.scr, x+1+ww, y+1, w-x-1-ww, after, r.th.gutter)
	putText(r.scr, x+1+width, y+1, w-x-1-width, "│", r.th.text)
	putText(r.scr, x, y+2, w-x, "└"+line+"┘", r.th.text)
	return x + 2 + bw, y + 1
}

// syllableOptions are the reading_aids.syllable_options: the mark drawn
// between syllables (one cell wide), the fewest letters before the first
// break and after the last, the shortest word split, and whether web and
// mail addresses are left whole.
type syllableOptions struct {
	sep                 string
	left, right, minLen int
	skipURLs, skipCode  bool
}

// syllableSettings reads the syllable options; nil settings give their
// defaults.
func syllableSettings(s SettingsReader) syllableOptions {
	if s == nil {
		s = settings.Defaults{}
	}
	o := syllableOptions{sep: s.String("reading_aids.syllable_options.separator"),
		left:     s.Int("reading_aids.syllable_options.left_min"),
		right:    s.Int("reading_aids.syllable_options.right_min"),
		minLen:   s.Int("reading_aids.syllable_options.min_word_len"),
		skipURLs: s.Bool("reading_aids.syllable_options.skip_urls"),
		skipCode: s.Bool("reading_aids.syllable_options.skip_code")}
	if uniseg.StringWidth(o.sep) != 1 {
		o.sep = "·"
	}
	return o
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
