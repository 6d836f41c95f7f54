package core

import (
	"regexp"

	"textfirst/internal/tw/i18n"
)

var _ = registerHandlers(func(t *actionTable) {
	handle(t, anytime, map[string]actionHandler{"search_options": (*App).showSearchOptions})
})

// searchOptions are how Find matches: case, whole words, regular
// expressions, and a dot that matches a line break too. They start off
// and last for the session.
type searchOptions struct {
	matchCase, wholeWords, regex, acrossLines bool
}

// compile makes the matcher of pattern, literal or a regular expression,
// under the options; the zero options match as Find starts: ignoring case.
func (o searchOptions) compile(pattern string, isRegex bool) (*regexp.Regexp, error) {
	expr := pattern
	if !isRegex {
		expr = regexp.QuoteMeta(expr)
	}
	if o.wholeWords {
		expr = `\b(?:` + expr + `)\b`
	}
	flags := "(?m"
	if !o.matchCase {
		flags += "i"
	}
	if isRegex && o.acrossLines {
		flags += "s"
	}
	re, err := regexp.Compile(flags + ")" + expr)
	if err != nil {
		// In English for JSON-RPC (the spec fixes its text), in the
		// interface language for the reader (errorText).
		return nil, i18n.Msg("Not a regular expression: %s", pattern)
	}
	return re, nil
}

// searchOptionNames are the options as the list says them, in its order.
var searchOptionNames = []string{msg("Match case"), msg("Whole words only"), msg("Regular expression"), msg("Across lines")}

// showSearchOptions lists the search options with their state; Enter
// turns one on or off.
func (a *App) showSearchOptions() {
	flags := []*bool{&a.searchOpts.matchCase, &a.searchOpts.wholeWords, &a.searchOpts.regex, &a.searchOpts.acrossLines}
	items := make([]string, len(flags))
	for i, f := range flags {
		items[i] = a.onOff(searchOptionNames[i], *f)
	}
	a.openList(&List{Title: a.tr("Search options"), Items: items, choose: func(i int) {
		*flags[i] = !*flags[i]
		a.say(a.onOff(searchOptionNames[i], *flags[i]))
	}})
}

// onOff is "Name: on" or "Name: off".
func (a *App) onOff(name string, on bool) string {
	if on {
		return a.tr("%s: on", a.trKey(name))
	}
	return a.tr("%s: off", a.trKey(name))
}
