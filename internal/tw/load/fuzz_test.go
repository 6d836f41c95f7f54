package load

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/tw/doc"
)

// fuzzSeeds are the conformance fixtures plus the inputs of the table tests'
// trickier cases.
func fuzzSeeds(f *testing.F, ext string, extra ...string) {
	f.Helper()
	dir := conformanceDir(f)
	data, err := os.ReadFile(filepath.Join(dir, "sample"+ext))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	for _, s := range extra {
		f.Add([]byte(s))
	}
}

// checkFuzzed checks what must hold for any input: valid UTF-8 text,
// markers inside it and in order, and JSON that parses.
func checkFuzzed(t *testing.T, d *doc.Document) {
	t.Helper()
	checkInvariants(t, d)
	out, err := doc.TextJSON(d)
	if err != nil {
		t.Fatal(err)
	}
	if !json.Valid(out) {
		t.Fatalf("invalid JSON: %s", out)
	}
}

func FuzzMarkdown(f *testing.F) {
	fuzzSeeds(f, ".md",
		"---\ntitle: x\n---\n# a\n\n```\n\n# b\n```\n\n# c\n\n- x\n  - y\n\n> q\n",
		"Text[^1].\n\n[^1]: Note\n\n| a | b |\n|---|---|\n| 1 |\n",
		"<div>\n<b>x</b><!-- c\n\n# d\n--></div>\n\n<script>\n\n# e\n</script>\n",
		"1. [x] a\n2. b\n\n***\n\n![](a)![b](c \"t\")\n\n\ta\tb\r\n",
		"# a\n\n   ```\n\n# b\n\n```\n",
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		whole, err := loadMarkdownPieces("f.md", data, 0)
		if err != nil {
			t.Fatalf("error: %v", err)
		}
		checkFuzzed(t, whole)
		// Cut at every place a piece may start: the result must not change.
		pieces, err := loadMarkdownPieces("f.md", data, 1)
		if err != nil {
			t.Fatalf("error in pieces: %v", err)
		}
		if pieces.Text != whole.Text || strings.Join(markerLines(pieces), "\n") != strings.Join(markerLines(whole), "\n") {
			t.Fatalf("parsing in pieces changed the document\nwhole:  %q\npieces: %q", whole.Text, pieces.Text)
		}
	})
}

func FuzzHTML(f *testing.F) {
	fuzzSeeds(f, ".html",
		"<table><caption>c</caption><tr><td><table><tr><td>x</td></tr></table></td></tr></table>",
		"<ol start=x><li value=-3>a<li>b</ol><pre class='lang-go'>\n a\n</pre><hr><img alt=' '>",
		"<html lang=fr><title>t</title><h1></h1><p hidden>x<p>y &notanentity; &#0; &#x110000;",
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := loadHTML("f.html", data)
		if err != nil {
			t.Fatalf("error: %v", err)
		}
		checkFuzzed(t, d)
	})
}
