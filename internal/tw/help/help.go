// Package help holds tw's user guide: Markdown pages embedded in the
// binary, which the reader opens as a document of its own (F1).
package help

import (
	"embed"
	"io/fs"
	"sort"
	"strings"
)

//go:embed guide/*.md
var pages embed.FS

// Title is the user guide's title, its first heading.
const Title = "tw user guide"

// Pages returns the guide's pages in order, each Markdown text starting
// with its level-2 heading.
func Pages() []string {
	names, err := fs.Glob(pages, "guide/*.md")
	if err != nil {
		panic(err) // the pattern is fixed; it cannot be malformed
	}
	sort.Strings(names)
	out := make([]string, 0, len(names))
	for _, n := range names {
		data, err := pages.ReadFile(n)
		if err != nil {
			panic(err) // embedded at build time
		}
		out = append(out, strings.TrimSpace(string(data)))
	}
	return out
}

// Guide returns the whole guide as one Markdown document: the title, the
// pages, then keys (a Markdown section listing the keys, built by the
// front end that knows them; may be empty).
func Guide(keys string) string {
	var b strings.Builder
	b.WriteString("# " + Title + "\n\n")
	for _, p := range Pages() {
		b.WriteString(p)
		b.WriteString("\n\n")
	}
	if keys != "" {
		b.WriteString(strings.TrimSpace(keys))
		b.WriteString("\n")
	}
	return b.String()
}
