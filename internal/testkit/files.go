package testkit

import (
	"os"
	"testing"
)

// NotesMD is the example document of the tw server spec: a level 1
// heading, a paragraph, a level 2 heading and a paragraph. The tests of
// several tw packages open it.
const NotesMD = `# Cell biology

Cells are the smallest units of life. Every living thing is made of cells.

## The nucleus

The nucleus holds the cell's DNA. It controls growth and division.
`

// WriteFile writes text to path with mode 0644 and returns path; it fails
// the test when the file cannot be written.
func WriteFile(t testing.TB, path, text string) string {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
