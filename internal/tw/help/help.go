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
	files := pageFiles()
	out := make([]string, len(files))
	for i, f := range files {
		out[i] = f.text
	}
	return out
}

type pageFile struct{ name, text string }

// pageFiles are the guide's pages in order with their file names.
func pageFiles() []pageFile {
	names, err := fs.Glob(pages, "guide/*.md")
	if err != nil {
		panic(err) // the pattern is fixed; it cannot be malformed
	}
	sort.Strings(names)
	out := make([]pageFile, 0, len(names))
	for _, n := range names {
		data, err := pages.ReadFile(n)
		if err != nil {
			panic(err) // embedded at build time
		}
		out = append(out, pageFile{n, strings.TrimSpace(string(data))})
	}
	return out
}

// Message is one line of the guide a translator translates: a heading's
// or a list item's text without its mark, or a paragraph (one line).
type Message struct {
	Text string
	File string // the page's path under internal/tw/help ("guide/07-speech.md")
	Line int    // 1-based
}

// Messages are the guide's lines to translate, the title first, in the
// order of the pages.
func Messages() []Message {
	out := []Message{{Text: Title, File: "help.go", Line: 1}}
	for _, f := range pageFiles() {
		for i, line := range strings.Split(f.text, "\n") {
			if _, text := splitMark(line); text != "" {
				out = append(out, Message{Text: text, File: f.name, Line: i + 1})
			}
		}
	}
	return out
}

// splitMark splits a line into its Markdown mark ("## ", "- ") and its
// text, which is what is translated.
func splitMark(line string) (mark, text string) {
	text = strings.TrimLeft(line, "#")
	if text != line && strings.HasPrefix(text, " ") {
		return line[:len(line)-len(text)+1], text[1:]
	}
	if rest, ok := strings.CutPrefix(line, "- "); ok {
		return "- ", rest
	}
	return "", line
}

// Guide returns the whole guide as one Markdown document: the title, the
// pages, then keys (a Markdown section listing the keys, built by the
// front end that knows them; may be empty).
func Guide(keys string) string { return GuideIn(func(s string) string { return s }, keys) }

// GuideIn is Guide with every line of Messages translated by tr (which is
// given the English text and returns it in the interface language).
func GuideIn(tr func(string) string, keys string) string {
	var b strings.Builder
	b.WriteString("# " + tr(Title) + "\n\n")
	for _, p := range Pages() {
		for i, line := range strings.Split(p, "\n") {
			if i > 0 {
				b.WriteString("\n")
			}
			if mark, text := splitMark(line); text != "" {
				line = mark + tr(text)
			}
			b.WriteString(line)
		}
		b.WriteString("\n\n")
	}
	if keys != "" {
		b.WriteString(strings.TrimSpace(keys))
		b.WriteString("\n")
	}
	return b.String()
}
