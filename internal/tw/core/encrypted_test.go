package core_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/docstate"
	"textfirst/internal/tw/load"
)

// The state of a document opened with its password keeps the places and
// marks by position, with no excerpt of its text; opened again, the marks
// have their text back, derived from the document.
func TestEncryptedDocumentStateHoldsNoText(t *testing.T) {
	dir, home := t.TempDir(), t.TempDir()
	path := filepath.Join(dir, "locked.md")
	text := "# Plans\n\nThe vault code is nine four seven.\n\nNobody may know it.\n"
	writeTestFile(t, path, text)
	open := func() (*core.App, *recorder) {
		rec := &recorder{}
		app := core.New(core.Options{Home: home, Events: rec, Parse: load.Bytes,
			Load: func(string) (*doc.Document, error) {
				return nil, fmt.Errorf("locked.md: %w", doc.ErrPasswordRequired)
			},
			LoadPassword: func(p, password string) (*doc.Document, error) {
				if password != "open-sesame" {
					return nil, doc.ErrPasswordIncorrect
				}
				return load.File(p)
			}})
		if err := app.Open(path); !errors.Is(err, core.ErrPasswordAsked) {
			t.Fatalf("open: %v", err)
		}
		app.Answer("open-sesame")
		return app, rec
	}
	app, _ := open()
	mustAction(t, app, "next_paragraph", nil)
	mustAction(t, app, "next_sentence", nil)
	mustAction(t, app, "toggle_highlight", nil)
	mustAction(t, app, "add_bookmark", nil)
	before, err := app.Highlights()
	if err != nil || len(before) != 1 || before[0].Text == "" {
		t.Fatalf("highlights %+v (%v)", before, err)
	}
	app.Close()

	data, err := os.ReadFile(docstate.Store{Home: home}.FileFor(path))
	if err != nil {
		t.Fatal(err)
	}
	for _, word := range []string{"vault", "nine", "Plans", before[0].Text} {
		if strings.Contains(string(data), word) {
			t.Errorf("the state file holds %q:\n%s", word, data)
		}
	}
	if !strings.Contains(string(data), `"highlights": [`) || !strings.Contains(string(data), `"start": `) {
		t.Errorf("the state file lost the highlight:\n%s", data)
	}

	app, _ = open()
	defer app.Close()
	after, err := app.Highlights()
	if err != nil || len(after) != 1 || after[0].Text != before[0].Text || after[0].Start != before[0].Start {
		t.Errorf("highlights after reopening %+v (%v), want %+v", after, err, before)
	}
}
