package session

import (
	"path/filepath"
	"testing"

	"textfirst/internal/testkit"
)

// The reader's loaders read standard input by its content (Markdown told
// from its structure), and in --from's format standard input and the file
// named on the command line, no other; a document from standard input
// without a title of its own is "-", as the reader has always said.
func TestFileLoadersFormat(t *testing.T) {
	dir := t.TempDir()
	named := filepath.Join(dir, "named.txt")
	other := filepath.Join(dir, "other.txt")
	const md = "# Notes\n\n- one\n- two\n"
	for _, p := range []string{named, other} {
		testkit.WriteFile(t, p, md)
	}
	cases := []struct {
		stdin          string
		formatOf, from string
		path, want     string
	}{
		{md, "", "", StdinPath, "markdown"},
		{md, StdinPath, "plain", StdinPath, "text"},
		{"<p>x</p>", StdinPath, "html", StdinPath, "html"},
		{"", named, "markdown", named, "markdown"},
		{"", named, "markdown", other, "text"},
		{"", "", "", named, "text"},
	}
	for _, tc := range cases {
		var stdin []byte
		if tc.stdin != "" {
			stdin = []byte(tc.stdin)
		}
		loadFile, _ := fileLoaders(nil, stdin, tc.formatOf, tc.from)
		d, err := loadFile(tc.path)
		if err != nil {
			t.Fatalf("%+v: %v", tc, err)
		}
		if d.Meta.Format != tc.want {
			t.Errorf("%s (--from %q): read as %s, want %s", filepath.Base(tc.path), tc.from, d.Meta.Format, tc.want)
		}
		if tc.path == StdinPath && (d.Meta.Path != StdinPath || tc.want == "text" && d.Meta.Title != StdinPath) {
			t.Errorf("standard input: path %q, title %q", d.Meta.Path, d.Meta.Title)
		}
	}
}
