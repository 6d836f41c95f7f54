package cli

import (
	"fmt"
	"io"
	"os"
	"unicode"
	"unicode/utf8"

	"golang.org/x/term"
)

// onTerminal is w, or, when w is a terminal, a writer that shows the
// control characters of a document visibly instead of letting the
// terminal act on them, as less and bat do: a title or a text with an
// escape sequence must not set the window title, the clipboard or the
// colours. A pipe or a file gets the bytes unchanged.
func onTerminal(w io.Writer) io.Writer {
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		return visibleControls{w}
	}
	return w
}

// visibleControls writes text with its control characters made visible:
// C0 controls and DEL in caret notation (^[ for ESC, ^? for DEL), C1
// controls as <U+009B>. Line feeds and tabs are text and pass as they
// are. Each Write is escaped by itself: callers write whole strings, so
// no character is split between two writes.
type visibleControls struct{ w io.Writer }

func (v visibleControls) Write(p []byte) (int, error) {
	if _, err := v.w.Write(showControls(p)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// showControls returns p with its control characters made visible (p
// itself when it has none).
func showControls(p []byte) []byte {
	clean := true
	for i := 0; i < len(p); {
		r, n := utf8.DecodeRune(p[i:])
		if isHiddenControl(r) {
			clean = false
			break
		}
		i += n
	}
	if clean {
		return p
	}
	out := make([]byte, 0, len(p)+16)
	for i := 0; i < len(p); {
		r, n := utf8.DecodeRune(p[i:])
		switch {
		case r == 0x7f:
			out = append(out, '^', '?')
		case r < 0x20 && isHiddenControl(r):
			out = append(out, '^', byte(r)+'@')
		case isHiddenControl(r):
			out = fmt.Appendf(out, "<U+%04X>", r)
		default:
			out = append(out, p[i:i+n]...)
		}
		i += n
	}
	return out
}

// isHiddenControl reports whether r is a control character a terminal
// would act on rather than show: C0 but line feed and tab, DEL, and C1.
func isHiddenControl(r rune) bool {
	return unicode.IsControl(r) && r != '\n' && r != '\t'
}
