package narration_test

import (
	"path/filepath"
	"slices"
	"testing"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/narration"
	"textfirst/internal/tw/units"
)

// TestCitationsLeftOut: reading.citations off leaves Pandoc citations,
// numbers in brackets and author-year citations out of continuous
// reading, and keeps a footnote reference; on, they are read as written.
func TestCitationsLeftOut(t *testing.T) {
	src := "# Tides\n\nThe moon pulls the sea [@newton1687, p. 4]. Tides rise twice a day [3, 5-7].\n\n" +
		"Spring tides are high (Darwin, 1898).[^1]\n\n[^1]: Newton said so.\n"
	path := testkit.WriteFile(t, filepath.Join(t.TempDir(), "tides.md"), src)
	d, err := load.File(path)
	if err != nil {
		t.Fatal(err)
	}
	ix := units.New(d)
	read := func(skip bool) []string {
		return narration.Strings(narration.Narrate(ix, 0, d.Len(), narration.Options{SkipCitations: skip}))
	}
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
