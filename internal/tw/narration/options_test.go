package narration_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

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
	path := filepath.Join(t.TempDir(), "tides.md")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := load.File(path)
	if err != nil {
		t.Fatal(err)
	}
	ix := units.New(d)
	read := func(o narration.Options) []string {
		return narration.Strings(narration.Narrate(ix, 0, d.Len(), o))
	}
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
