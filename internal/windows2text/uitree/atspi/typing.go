package atspi

import (
	"strings"
	"unicode"

	"textfirst/internal/windows2text/uitree"
)

// stateMultiLine is ATSPI_STATE_MULTI_LINE.
const stateMultiLine = 17

// expectedText is what typing text leaves in the element: all of it in a
// multi-line editor (newlines and tabs included, a CR LF as a newline),
// only the printable characters in a one-line entry.
func (a *actor) expectedText(text string) string {
	if a.h.states.has(stateMultiLine) {
		return strings.ReplaceAll(text, "\r\n", "\n")
	}
	return typedText(text)
}

// typedPrefix is how many characters of want, from its start, the text
// holds: the longest prefix of want found in text.
func typedPrefix(text string, want []rune) int {
	lo, hi := 0, len(want)
	// Any prefix of a found prefix is found too: binary search.
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if strings.Contains(text, string(want[:mid])) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// typedText is the part of text that type_text types into a one-line
// entry: the printable characters.
func typedText(text string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsPrint(r) {
			return r
		}
		return -1
	}, text)
}

// typeText types text into the element after giving it the focus, and
// after clearing it when clear is set.
func (a *actor) typeText(text string, clear bool) error {
	if err := a.activateWindow(); err != nil {
		return err
	}
	focused, err := a.focusIfNeeded()
	if err != nil {
		return err
	}
	if _, err := a.b.input.checkUngrabbed(false, true, a.run.conn.pid); err != nil {
		return err
	}
	if !focused && !clear && a.h.interfaces&hasText != 0 {
		// Taking the focus selects a GTK entry's whole text;
		// typing would replace it. Type at the end instead.
		if err := a.b.input.chord(uitree.Chord{Key: "End"}); err != nil {
			return err
		}
	}
	if clear {
		if err := a.b.input.chord(uitree.Chord{Ctrl: true, Key: "a"}); err != nil {
			return err
		}
		if err := a.b.input.chord(uitree.Chord{Key: "Backspace"}); err != nil {
			return err
		}
	}
	return a.b.input.typeText(text)
}

// whitespaceChanged is what type_text reports when the application changed
// only the whitespace of what was typed.
const whitespaceChanged = "the application changed the whitespace typed (tabs to spaces, indentation); every other character arrived"

// arrivedReshaped reports whether text holds want with only its spaces and
// tabs changed by the application, as an editor does that turns tabs into
// spaces or indents new lines itself: every other character, line breaks
// included, arrived in order.
func arrivedReshaped(text, want string) bool {
	squeeze := func(s string) string {
		return strings.Map(func(r rune) rune {
			if r == ' ' || r == '\t' || r == '\u00a0' {
				return -1
			}
			return r
		}, strings.ReplaceAll(s, "\r\n", "\n"))
	}
	w := squeeze(want)
	return w != "" && strings.Contains(squeeze(text), w)
}
