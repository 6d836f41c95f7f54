package narration_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"textfirst/internal/tw/load"
	"textfirst/internal/tw/narration"
	"textfirst/internal/tw/units"
)

// TestEveryFormatIsNarratedAlike: the narration reads markers, not a
// format, so a document written by pandoc (a tool no one here wrote) as
// HTML, EPUB, DOCX, ODT, RTF and LaTeX is narrated as its Markdown is, as far as
// the format marks the structure: the heading, the table with its header
// row, the list and the quote. A DOCX or ODT quotation is a paragraph
// style, which the original reads as a paragraph (its pandoc.docx
// conformance fixture); RTF has no header rows.
func TestEveryFormatIsNarratedAlike(t *testing.T) {
	pandoc, err := exec.LookPath("pandoc")
	if err != nil {
		t.Fatalf("pandoc is needed (bash scripts/deps-formats.sh installs it): %v", err)
	}
	dir := t.TempDir()
	md := filepath.Join(dir, "tides.md")
	src := "# Tides\n\n| Name | Height |\n|------|--------|\n| Spring | High |\n| Neap | Low |\n\n" +
		"- The moon pulls.\n- The sun helps.\n\n> The sea follows the moon.\n"
	if err := os.WriteFile(md, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	narrate := func(path string) []string {
		t.Helper()
		d, err := load.File(path)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		return narration.Strings(narration.Narrate(units.New(d), 0, d.Len(), narration.Options{Verbosity: narration.Normal}))
	}
	want := narrate(md)
	for _, must := range []string{"heading level 1, Tides", "Table with 2 columns: Name, Height.",
		"Row 1: Name is Spring, Height is High.", "list with 2 items, The moon pulls.", "block quote, The sea follows the moon."} {
		if !slices.Contains(want, must) {
			t.Fatalf("the Markdown's narration %q lacks %q", want, must)
		}
	}
	quote := "block quote, The sea follows the moon."
	unmarked := map[string][]string{
		"docx": {quote}, "odt": {quote},
		"rtf": {quote, "Table with 2 columns: Name, Height.", "Row 1: Name is Spring, Height is High.", "Row 2: Name is Neap, Height is Low."},
	}
	for _, ext := range []string{"html", "epub", "docx", "odt", "rtf", "tex"} {
		out := filepath.Join(dir, "tides."+ext)
		args := []string{md, "-o", out}
		if ext == "html" || ext == "rtf" || ext == "tex" {
			args = append(args, "-s")
		}
		if b, err := exec.Command(pandoc, args...).CombinedOutput(); err != nil {
			t.Fatalf("pandoc %s: %v %s", ext, err, b)
		}
		got := narrate(out)
		for _, must := range want {
			if !slices.Contains(got, must) && !slices.Contains(unmarked[ext], must) {
				t.Errorf("%s: no %q in %q", ext, must, got)
			}
		}
	}
}
