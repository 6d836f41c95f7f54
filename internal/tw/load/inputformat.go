package load

import (
	"bytes"
	"strings"
)

// pandocReaders maps pandoc's names of input formats (pandoc --from) to
// the loaders' names, where they differ.
var pandocReaders = map[string]string{
	"plain": FormatText, "gfm": formatMarkdown, "commonmark": formatMarkdown, "commonmark_x": formatMarkdown,
	"markdown_strict": formatMarkdown, "markdown_github": formatMarkdown, "markdown_mmd": formatMarkdown,
	"markdown_phpextra": formatMarkdown, "md": formatMarkdown, "odt": formatODT, "tex": formatLaTeX,
	"xhtml": formatHTML, "htm": formatHTML,
}

// InputExtension returns the extension that selects the loader of an
// input format named as pandoc's --from names it: a loader's name
// ("markdown", "html", "docx", "text"), one of pandoc's ("gfm",
// "commonmark", "plain"), with or without pandoc's extensions
// ("markdown+smart-raw_html"), or an extension (".md"). ok is false for a
// name no loader reads.
func InputExtension(format string) (ext string, ok bool) {
	f := strings.ToLower(strings.TrimSpace(format))
	if strings.HasPrefix(f, ".") {
		_, ok := lookup("x" + f)
		return f, ok || f == ".txt"
	}
	if k := strings.IndexAny(f, "+-"); k > 0 {
		f = f[:k]
	}
	if name, ok := pandocReaders[f]; ok {
		f = name
	}
	if f == FormatText {
		return ".txt", true
	}
	for i := len(registry) - 1; i >= 0; i-- {
		if registry[i].Name == f && len(registry[i].Extensions) > 0 {
			return registry[i].Extensions[0], true
		}
	}
	return "", false
}

// maxSniff bounds how much of a text the Markdown heuristic reads.
const maxSniff = 64 << 10

// looksLikeMarkdown tells Markdown from plain text by its content: at
// least two kinds of Markdown structure (ATX or Setext headings, list
// items, block quotes, fenced code, links, strong or emphasised words,
// table delimiter rows), or one heading with a list, or a fenced code
// block, or a Setext heading — read from the first 64 KiB. A text that
// starts with "#!" (a script) is never Markdown; "# word" alone (a shell
// comment, a numbered note) is not enough.
func looksLikeMarkdown(data []byte) bool {
	kinds := markdownKinds(data)
	if kinds&(sniffFence|sniffSetext) != 0 {
		return true
	}
	n := 0
	for k := kinds; k != 0; k &= k - 1 {
		n++
	}
	return n >= 2
}

// looksLikeMarkdownSnippet is looksLikeMarkdown for a short piece of text
// (what a clipboard holds): a link or a strong or emphasised word is
// enough there, as a line seldom carries more.
func looksLikeMarkdownSnippet(data []byte) bool {
	return looksLikeMarkdown(data) || markdownKinds(data)&(sniffLink|sniffEmphasis) != 0
}

// The kinds of Markdown structure markdownKinds finds, as bits.
const (
	sniffHeading = 1 << iota
	sniffList
	sniffQuote
	sniffFence
	sniffLink
	sniffEmphasis
	sniffTable
	sniffSetext
)

// markdownKinds is the kinds of Markdown structure in the first 64 KiB
// of data (none in a text that starts with "#!").
func markdownKinds(data []byte) int {
	data = data[:min(len(data), maxSniff)]
	if bytes.HasPrefix(data, []byte("#!")) {
		return 0
	}
	kinds := 0
	prevText := false
	for line := range strings.Lines(string(data)) {
		line = strings.TrimRight(line, "\r\n")
		trimmed := strings.TrimLeft(line, " ")
		indent := len(line) - len(trimmed)
		switch {
		case indent < 4 && atxHeading(trimmed):
			kinds |= sniffHeading
		case indent < 4 && prevText && setextUnderline(trimmed):
			kinds |= sniffSetext
		case indent < 4 && (strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~")):
			kinds |= sniffFence
		case listMarker(trimmed):
			kinds |= sniffList
		case indent < 4 && strings.HasPrefix(trimmed, "> "):
			kinds |= sniffQuote
		case indent < 4 && tableDelimiter(trimmed):
			kinds |= sniffTable
		}
		if inlineLink(trimmed) {
			kinds |= sniffLink
		}
		if strongOrEmphasis(trimmed) {
			kinds |= sniffEmphasis
		}
		prevText = strings.TrimSpace(line) != "" && !atxHeading(trimmed)
	}
	return kinds
}

// atxHeading: "# Title" … "###### Title".
func atxHeading(s string) bool {
	k := 0
	for k < len(s) && s[k] == '#' {
		k++
	}
	return k >= 1 && k <= 6 && k < len(s) && s[k] == ' ' && strings.TrimSpace(s[k:]) != ""
}

// setextUnderline: a line of "=" (or of "-", three or more) under text.
func setextUnderline(s string) bool {
	s = strings.TrimSpace(s)
	if len(s) < 3 {
		return false
	}
	return strings.Trim(s, "=") == "" || strings.Trim(s, "-") == ""
}

// listMarker: "- item", "* item", "+ item", "1. item", "1) item".
func listMarker(s string) bool {
	if len(s) >= 3 && strings.ContainsRune("-*+", rune(s[0])) && s[1] == ' ' && s[2] != ' ' {
		return true
	}
	k := 0
	for k < len(s) && k < 9 && s[k] >= '0' && s[k] <= '9' {
		k++
	}
	return k > 0 && k+2 < len(s) && (s[k] == '.' || s[k] == ')') && s[k+1] == ' ' && s[k+2] != ' '
}

// tableDelimiter: "|---|:--:|" or "--- | ---".
func tableDelimiter(s string) bool {
	if !strings.Contains(s, "|") || !strings.Contains(s, "---") {
		return false
	}
	return strings.Trim(s, "|-: ") == ""
}

// inlineLink: "[text](target)" with no space in the target's start.
func inlineLink(s string) bool {
	for k := 0; ; {
		i := strings.Index(s[k:], "](")
		if i < 0 {
			return false
		}
		i += k
		if open := strings.LastIndexByte(s[:i], '['); open >= 0 && open < i-1 && i+2 < len(s) && s[i+2] != ' ' && strings.IndexByte(s[i+2:], ')') > 0 {
			return true
		}
		k = i + 2
	}
}

// strongOrEmphasis: "**word**", "__word__", "*word*" or "`code`" around a
// word (no space inside the delimiters' edges).
func strongOrEmphasis(s string) bool {
	for _, d := range []string{"**", "__", "*", "`"} {
		for k := 0; k < len(s); {
			i := strings.Index(s[k:], d)
			if i < 0 {
				break
			}
			i += k
			start := i + len(d)
			j := strings.Index(s[start:], d)
			if j <= 0 {
				break
			}
			inner := s[start : start+j]
			if inner[0] != ' ' && inner[len(inner)-1] != ' ' && (i == 0 || s[i-1] == ' ' || s[i-1] == '(') && !strings.Contains(inner, d[:1]) {
				return true
			}
			k = start + j + len(d)
		}
	}
	return false
}
