package narration_test

import (
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/narration"
	"textfirst/internal/tw/units"
)

// TestOptionsChangeWhatIsRead: normalization.table_mode,
// normalization.footnote_mode and speech.skip_code as the narration
// options they become, on a Markdown document read by the real loader.
func TestOptionsChangeWhatIsRead(t *testing.T) {
	src := "# Tides\n\nThe moon pulls the sea.[^1] It rises.\n\n| Name | Height |\n|------|--------|\n| Spring | High |\n\n" +
		"```\nlet tide = moon\n```\n\nThe end.\n\n[^1]: Newton said so.\n"
	path := testkit.WriteFile(t, filepath.Join(t.TempDir(), "tides.md"), src)
	read := func(o narration.Options) []string { return narrateFile(t, path, o) }
	structured := read(narration.Options{})
	for _, must := range []string{"Table with 2 columns: Name, Height.", "Row 1: Name is Spring, Height is High.",
		"code block, let tide = moon", "The moon pulls the sea. footnote 1"} {
		if !slices.Contains(structured, must) {
			t.Fatalf("the default narration %q lacks %q", structured, must)
		}
	}
	note := ""
	for _, s := range structured {
		if slices.Contains([]string{"footnote 1 Newton said so.", "footnote 1, Newton said so."}, s) {
			note = s
		}
	}
	if note == "" {
		t.Fatalf("the default narration %q reads no note", structured)
	}
	tests := []struct {
		name       string
		o          narration.Options
		has, lacks []string
	}{
		{"tables flat", narration.Options{Tables: "flat"},
			[]string{"Name, Height", "Spring, High"}, []string{"Table with 2 columns: Name, Height.", "Row 1: Name is Spring, Height is High."}},
		{"tables skipped", narration.Options{Tables: "skip"},
			[]string{"The end."}, []string{"Table with 2 columns: Name, Height.", "Spring, High", "Row 1: Name is Spring, Height is High."}},
		{"code skipped", narration.Options{SkipCode: true},
			[]string{"The end."}, []string{"code block, let tide = moon"}},
		{"footnotes deferred", narration.Options{Footnotes: "deferred"},
			[]string{"The moon pulls the sea.", note}, []string{"The moon pulls the sea. footnote 1"}},
		{"footnotes skipped", narration.Options{Footnotes: "skip"},
			[]string{"The moon pulls the sea.", "The end."}, []string{"The moon pulls the sea. footnote 1", note}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := read(tt.o)
			for _, s := range tt.has {
				if !slices.Contains(got, s) {
					t.Errorf("%q lacks %q", got, s)
				}
			}
			for _, s := range tt.lacks {
				if slices.Contains(got, s) {
					t.Errorf("%q has %q", got, s)
				}
			}
		})
	}
}

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
	md := testkit.WriteFile(t, filepath.Join(dir, "tides.md"), "# Tides\n\n| Name | Height |\n|------|--------|\n| Spring | High |\n| Neap | Low |\n\n"+
		"- The moon pulls.\n- The sun helps.\n\n> The sea follows the moon.\n")
	narrate := func(path string) []string {
		t.Helper()
		return narrateFile(t, path, narration.Options{Verbosity: narration.Normal})
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

// narrateFile reads the document at path with the real loader and gives
// what continuous reading of the whole of it says with options o.
func narrateFile(t *testing.T, path string, o narration.Options) []string {
	t.Helper()
	d, err := load.File(path)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return narration.Strings(narration.Narrate(units.New(d), 0, d.Len(), o))
}

// TestCitationsLeftOut: reading.citations off leaves Pandoc citations,
// numbers in brackets and author-year citations out of continuous
// reading, and keeps a footnote reference; on, they are read as written.
func TestCitationsLeftOut(t *testing.T) {
	src := "# Tides\n\nThe moon pulls the sea [@newton1687, p. 4]. Tides rise twice a day [3, 5-7].\n\n" +
		"Spring tides are high (Darwin, 1898).[^1]\n\n[^1]: Newton said so.\n"
	path := testkit.WriteFile(t, filepath.Join(t.TempDir(), "tides.md"), src)
	read := func(skip bool) []string { return narrateFile(t, path, narration.Options{SkipCitations: skip}) }
	on, off := read(false), read(true)
	for _, want := range []string{"The moon pulls the sea.", "Tides rise twice a day.", "Spring tides are high. footnote 1"} {
		if !slices.Contains(off, want) {
			t.Errorf("citations off: %q lacks %q", off, want)
		}
	}
	for _, want := range []string{"The moon pulls the sea [@newton1687, p. 4].", "Tides rise twice a day [3, 5-7]."} {
		if !slices.Contains(on, want) {
			t.Errorf("citations on: %q lacks %q", on, want)
		}
	}
}
