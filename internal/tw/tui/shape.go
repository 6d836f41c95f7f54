package tui

import (
	"os"
	"strings"
	"unicode/utf8"
)

// How right-to-left lines reach the screen (the interface.rtl setting).
//
// Most terminals (xterm, the Linux console, tmux, kitty, foot, Windows
// Terminal) put each character in its own cell as it comes: they neither
// reorder right-to-left runs nor join Arabic letters, so Arabic shows
// backwards and as a row of isolated letters. For them tw reorders each
// row itself (the bidirectional algorithm in layout.go) and shapes Arabic
// and Persian: each letter becomes its contextual presentation form
// (isolated, initial, medial or final, from Unicode's Arabic Presentation
// Forms) and lam followed by alef becomes their ligature, so the word is
// drawn joined, as it is written.
//
// A terminal that does both itself (mlterm; VTE with its BiDi mode on)
// must instead get the text in logical order, untouched: "terminal" mode.
const (
	rtlAuto     = "auto"
	rtlShaped   = "shaped"
	rtlTerminal = "terminal"
)

// rtlMode resolves interface.rtl to how lines are drawn: "on" is
// rtlShaped, "off" rtlTerminal, and "auto" leaves the work to the terminal
// only for mlterm, the one terminal known to reorder and shape by
// default; everywhere else tw does it.
func rtlMode(setting string, getenv func(string) string) string {
	switch setting {
	case "on":
		return rtlShaped
	case "off":
		return rtlTerminal
	}
	if getenv == nil {
		getenv = os.Getenv
	}
	if strings.HasPrefix(getenv("TERM"), "mlterm") && getenv("TMUX") == "" {
		return rtlTerminal
	}
	return rtlShaped
}

// Joining types (Unicode ArabicShaping.txt) of the letters tw shapes.
const (
	joinNone  = iota // U: joins neither side (hamza, and every other character)
	joinRight        // R: joins the letter before it only (alef, dal, reh, waw, …)
	joinDual         // D: joins both sides
	joinCause        // C: tatweel, which joins both sides and has one form
)

// arabicForm holds a letter's joining type and its presentation forms:
// isolated, final, initial, medial (0 where the type has none).
type arabicForm struct {
	join                          int
	isolated, final, init, medial rune
}

var arabicForms = func() map[rune]arabicForm {
	m := map[rune]arabicForm{
		0x0621: {joinNone, 0xFE80, 0, 0, 0},
		0x0640: {joinCause, 0, 0, 0, 0},
		// Persian and Urdu letters, in Arabic Presentation Forms-A.
		0x067E: {joinDual, 0xFB56, 0xFB57, 0xFB58, 0xFB59}, // peh
		0x0686: {joinDual, 0xFB7A, 0xFB7B, 0xFB7C, 0xFB7D}, // tcheh
		0x0698: {joinRight, 0xFB8A, 0xFB8B, 0, 0},          // jeh
		0x06A9: {joinDual, 0xFB8E, 0xFB8F, 0xFB90, 0xFB91}, // keheh
		0x06AF: {joinDual, 0xFB92, 0xFB93, 0xFB94, 0xFB95}, // gaf
		0x06CC: {joinDual, 0xFBFC, 0xFBFD, 0xFBFE, 0xFBFF}, // farsi yeh
		0x0649: {joinDual, 0xFEEF, 0xFEF0, 0xFBE8, 0xFBE9}, // alef maksura
	}
	// Arabic letters U+0622–U+064A, in Presentation Forms-B order from
	// U+FE81: right-joining letters take two code points, dual-joining
	// ones four.
	right := map[rune]bool{0x0622: true, 0x0623: true, 0x0624: true, 0x0625: true, 0x0627: true,
		0x0629: true, 0x062F: true, 0x0630: true, 0x0631: true, 0x0632: true, 0x0648: true}
	next := rune(0xFE81)
	for r := rune(0x0622); r <= 0x064A; r++ {
		if r >= 0x063B && r <= 0x0640 || r == 0x0649 {
			if r == 0x0649 {
				next += 2 // its FB forms are set above
			}
			continue
		}
		if right[r] {
			m[r] = arabicForm{joinRight, next, next + 1, 0, 0}
			next += 2
		} else {
			m[r] = arabicForm{joinDual, next, next + 1, next + 2, next + 3}
			next += 4
		}
	}
	return m
}()

// lamAlef maps an alef to the isolated form of its ligature with a lam
// before it; the final form is the next code point.
var lamAlef = map[rune]rune{0x0622: 0xFEF5, 0x0623: 0xFEF7, 0x0625: 0xFEF9, 0x0627: 0xFEFB}

const (
	lam  = 0x0644
	zwnj = "\u200c" // zero-width non-joiner: the letter before it does not join on
	zwj  = "\u200d" // zero-width joiner: the letter before it joins on
)

// joinOf is the joining type of a cell, from its first code point (its
// marks, in the same cluster, are transparent).
func joinOf(c cell) int {
	r, _ := utf8.DecodeRuneInString(c.text)
	if f, ok := arabicForms[r]; ok {
		return f.join
	}
	return joinNone
}

// shapeArabic returns a row's cells (in logical order) with Arabic and
// Persian letters replaced by their contextual presentation forms and
// each lam-alef pair merged into one ligature cell. Marks stay in their
// letter's cell; other text is untouched.
func shapeArabic(cs []cell) []cell {
	has := false
	for _, c := range cs {
		if r, _ := utf8.DecodeRuneInString(c.text); r >= 0x0621 && r <= 0x06FF {
			has = true
			break
		}
	}
	if !has {
		return cs
	}
	joinsBefore := func(i int) bool { // cell i-1 joins on to cell i
		if i == 0 {
			return false
		}
		p := cs[i-1]
		if strings.Contains(p.text, zwnj) {
			return false
		}
		j := joinOf(p)
		return j == joinDual || j == joinCause || strings.Contains(p.text, zwj)
	}
	accepts := func(i int) bool { // cell i joins the one before it
		j := joinOf(cs[i])
		return j == joinDual || j == joinRight || j == joinCause
	}
	out := make([]cell, 0, len(cs))
	for i := 0; i < len(cs); i++ {
		c := cs[i]
		r, size := utf8.DecodeRuneInString(c.text)
		f, ok := arabicForms[r]
		// A letter that joins nothing (hamza) still takes its isolated
		// form, as no bare letter may reach a terminal that cannot shape.
		if !ok || f.join == joinCause {
			out = append(out, c)
			continue
		}
		prev := accepts(i) && joinsBefore(i)
		if r == lam && i+1 < len(cs) && !strings.Contains(c.text, zwnj) {
			a, asize := utf8.DecodeRuneInString(cs[i+1].text)
			if lig, ok := lamAlef[a]; ok {
				if prev {
					lig++
				}
				c.text = string(lig) + c.text[size:] + cs[i+1].text[asize:]
				c.n += cs[i+1].n
				c.width = 1
				out = append(out, c)
				i++
				continue
			}
		}
		next := (f.join == joinDual) && i+1 < len(cs) && accepts(i+1) && !strings.Contains(c.text, zwnj)
		form := f.isolated
		switch {
		case prev && next:
			form = f.medial
		case prev:
			form = f.final
		case next:
			form = f.init
		}
		if form != 0 {
			c.text = string(form) + c.text[size:]
		}
		out = append(out, c)
	}
	return out
}
