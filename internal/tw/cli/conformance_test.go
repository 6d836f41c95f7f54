package cli_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"textfirst/internal/testkit"
)

// TestTextToNarrationMatchesTheOriginal: tw text --to narration says,
// utterance by utterance, what the original textweaver's narration
// snapshots say for its fixtures. Where we read what the original skips
// (an EPUB's notes; an HTML page's <nav> and <footer>, set apart), the
// narration is the original's with ours before it (before) and after it
// (extra).
func TestTextToNarrationMatchesTheOriginal(t *testing.T) {
	dir := testkit.Path(t, "conformance", "textweaver")
	tests := []struct {
		name          string
		before, extra []string
	}{
		{"sample.txt", nil, nil},
		{"sample.md", nil, nil},
		{"sample.html", []string{"navigation, Home | About"}, []string{"footer, Footer text that some readers skip."}},
		{"sample.docx", nil, nil},
		{"sample.epub", nil, []string{"heading level 2, Footnotes", "footnote 1 An aside the reader skips."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw, err := os.ReadFile(filepath.Join(dir, tt.name+".expected-narration.json"))
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			if err := json.Unmarshal(raw, &want); err != nil {
				t.Fatal(err)
			}
			want = append(append(tt.before, want...), tt.extra...)
			code, stdout, stderr := run(t, "", nil, "text", filepath.Join(dir, tt.name), "--to", "narration")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			var got []string
			if err := json.Unmarshal([]byte(stdout), &got); err != nil {
				t.Fatalf("not a JSON array of strings: %v\n%s", err, stdout)
			}
			if !slices.Equal(got, want) {
				i := 0
				for i < min(len(got), len(want)) && got[i] == want[i] {
					i++
				}
				t.Errorf("%d utterances, want %d; the first that differs, number %d:\n got %q\nwant %q",
					len(got), len(want), i+1, got[i:min(i+1, len(got))], want[i:min(i+1, len(want))])
			}
		})
	}
}

// TestTextToNarrationInTheInterfaceLanguage: the inserted words follow
// display.language; the document's words stay as written.
func TestTextToNarrationInTheInterfaceLanguage(t *testing.T) {
	path := filepath.Join(testkit.Path(t, "conformance", "textweaver"), "sample.md")
	home := t.TempDir()
	testkit.WriteFile(t, filepath.Join(home, "settings.toml"), "[display]\nlanguage = \"de\"\n")
	code, stdout, stderr := run(t, "", map[string]string{"TEXTWEAVER_HOME": home}, "text", path, "--to", "narration")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got []string
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatal(err)
	}
	if len(got) < 14 || got[0] != "Überschrift Ebene 1, Sample Markdown Document" || got[13] != "Zeile 1: Name ist Ada, Role ist Engineer, Score ist 98." {
		t.Errorf("got %q", got)
	}
}

// TestTextToNarrationOfOtherFormats: formats the original's narration
// snapshots do not cover are read by the same rules, from the same
// markers (a PDF's table and numbered list, Pandoc's EPUB and DOCX).
func TestTextToNarrationOfOtherFormats(t *testing.T) {
	dir := testkit.Path(t, "conformance", "textweaver")
	tests := []struct {
		name string
		want []string // utterances said, in this order, not necessarily adjacent
	}{
		{"single.pdf", []string{"heading level 1, A Guide to Accessible Reading", "list with 3 items, 1. Open the document.",
			"Table with 3 columns: Name, Role, Score.", "Row 3: Name is Alan, Role is Mathematician, Score is 95."}},
		{"pandoc.epub", []string{"block quote, A block quote spans a sentence.", "graphic, A diagram of the reading pipeline",
			"The final paragraph mentions a footnote.1", "It ends with a question?", "footnote 1 The footnote text lives here."}},
		{"pandoc.docx", []string{"code block, fn main() {", "Table with 1 column.", "Row 1: A diagram of the reading pipeline.",
			"The final paragraph mentions a footnote. footnote 1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := run(t, "", nil, "text", filepath.Join(dir, tt.name), "--to", "narration")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			var got []string
			if err := json.Unmarshal([]byte(stdout), &got); err != nil {
				t.Fatal(err)
			}
			rest := got
			for _, w := range tt.want {
				i := slices.Index(rest, w)
				if i < 0 {
					t.Fatalf("%q not said (in order) in %q", w, got)
				}
				rest = rest[i+1:]
			}
		})
	}
}
