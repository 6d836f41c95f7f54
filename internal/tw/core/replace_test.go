package core_test

import (
	"path/filepath"
	"runtime"
	"testing"
	"weak"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/load"
)

// TestReplacedDocumentIsDropped: once another document is open, nothing
// the app keeps (the text's hash, the lowered text searches use) holds
// the one before, whatever was asked of it.
func TestReplacedDocumentIsDropped(t *testing.T) {
	dir := t.TempDir()
	first, second := filepath.Join(dir, "first.md"), filepath.Join(dir, "second.md")
	writeTestFile(t, first, "# First\n\nA first document to search through.\n")
	writeTestFile(t, second, "# Second\n\nAnother one.\n")
	cases := []struct {
		name string
		use  func(t *testing.T, app *core.App)
	}{
		{"opened only", func(*testing.T, *core.App) {}},
		{"searched", func(t *testing.T, app *core.App) {
			if _, _, err := app.Search("search", false); err != nil {
				t.Fatal(err)
			}
		}},
		{"place saved", func(_ *testing.T, app *core.App) { app.Save() }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var loaded weak.Pointer[doc.Document]
			loadFile := func(path string) (*doc.Document, error) {
				d, err := load.File(path)
				if err == nil && path == first {
					loaded = weak.Make(d)
				}
				return d, err
			}
			app := core.New(core.Options{Home: t.TempDir(), Events: &recorder{}, Load: loadFile, Parse: load.Bytes})
			t.Cleanup(app.Close)
			if err := app.Open(first); err != nil {
				t.Fatal(err)
			}
			tc.use(t, app)
			if err := app.Open(second); err != nil {
				t.Fatal(err)
			}
			for range 5 {
				runtime.GC()
				if loaded.Value() == nil {
					return
				}
			}
			t.Errorf("the first document is still held after the second was opened")
		})
	}
}
