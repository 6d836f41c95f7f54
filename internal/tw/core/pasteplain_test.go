package core_test

import (
	"path/filepath"
	"testing"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/core"
	"textfirst/internal/tw/load"
)

// openEditing opens a file called name holding text, with clip as the
// system clipboard, and turns edit mode on.
func openEditing(t *testing.T, name, text string, clip func() (core.ClipboardContents, bool)) (*core.App, *recorder) {
	t.Helper()
	dir := t.TempDir()
	path := writeTestFile(t, filepath.Join(dir, name), text)
	rec := &recorder{}
	app := core.New(core.Options{Home: filepath.Join(dir, "home"), Events: rec, Load: load.File, Parse: load.Bytes, Clipboard: clip})
	t.Cleanup(app.Close)
	if err := app.Open(path); err != nil {
		t.Fatal(err)
	}
	mustAction(t, app, "toggle_edit_mode", nil)
	return app, rec
}

// clipboardOf is a system clipboard holding c; none when c is nil.
func clipboardOf(c *core.ClipboardContents) func() (core.ClipboardContents, bool) {
	return func() (core.ClipboardContents, bool) {
		if c == nil {
			return core.ClipboardContents{}, false
		}
		return *c, true
	}
}

// TestPastePlainText: paste_plain_text puts the canonical text of the
// clipboard at the cursor: Markdown, HTML and RTF formatting gone, plain
// text as it is, HTML's own characters written as entities in an HTML
// document; with an empty system clipboard, what tw copied.
func TestPastePlainText(t *testing.T) {
	cases := []struct {
		name, file, text string
		clip             *core.ClipboardContents
		copyFirst        bool // copy the document's first sentence in tw first
		wantText, said   string
	}{
		{"markdown", "a.md", "X\n", &core.ClipboardContents{Text: "**bold** [link](http://x)"}, false,
			"bold linkX\n", "Pasted as plain text: bold link"},
		{"html form over text", "a.md", "X\n", &core.ClipboardContents{Text: "ignored", HTML: "<p><b>Big</b> <i>news</i></p>"}, false,
			"Big newsX\n", "Pasted as plain text: Big news"},
		{"html fragment as text", "a.md", "X\n", &core.ClipboardContents{Text: "<b>bold</b> <a href=\"http://x\">link</a>"}, false,
			"bold linkX\n", "Pasted as plain text: bold link"},
		{"rtf form", "a.md", "X\n", &core.ClipboardContents{RTF: `{\rtf1\ansi {\b strong} words}`}, false,
			"strong wordsX\n", "Pasted as plain text: strong words"},
		{"plain lines", "a.md", "X\n", &core.ClipboardContents{Text: "one\r\ntwo\r\n"}, false,
			"one\ntwoX\n", "Pasted 2 lines as plain text: one two"},
		{"into html escapes", "a.html", "<p>X</p>\n", &core.ClipboardContents{Text: "a < b & c"}, false,
			"<p>a &lt; b &amp; cX</p>\n", "Pasted as plain text: a < b & c"},
		{"empty system clipboard, tw's copy", "a.md", "*Hi* there.\n", &core.ClipboardContents{}, true,
			"Hi there.*Hi* there.\n", "Pasted as plain text: Hi there."},
		{"no system clipboard, nothing copied", "a.md", "X\n", nil, false,
			"X\n", "Nothing copied in textweaver yet."},
		{"empty system clipboard, nothing copied", "a.md", "X\n", &core.ClipboardContents{Text: " "}, false,
			"X\n", "The clipboard is empty, and nothing was copied in tw."},
		{"no text", "a.md", "X\n", &core.ClipboardContents{HTML: "<img src=\"a.png\">"}, false,
			"X\n", "The clipboard holds no text."},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			app, rec := openEditing(t, tc.file, tc.text, clipboardOf(tc.clip))
			if tc.copyFirst {
				mustAction(t, app, "select_all", nil)
				mustAction(t, app, "copy", nil)
				mustAction(t, app, "document_start", nil)
			}
			mustAction(t, app, "paste_plain_text", nil)
			rec.expect(t, tc.said, "paste_plain_text")
			if got := app.Doc().Text; got != tc.wantText {
				t.Errorf("text %q, want %q", got, tc.wantText)
			}
		})
	}
}

// TestPastePlainTextUndoesInOneStep: the paste is one step of undo, and
// replaces the selection.
func TestPastePlainTextUndoesInOneStep(t *testing.T) {
	app, _ := openEditing(t, "a.md", "old words\n", clipboardOf(&core.ClipboardContents{HTML: "<h1>New</h1><p>text</p>"}))
	mustAction(t, app, "select_all", nil)
	mustAction(t, app, "paste_plain_text", nil)
	if got := app.Doc().Text; got != "New\n\ntext" {
		t.Fatalf("after the paste %q", got)
	}
	mustAction(t, app, "undo", nil)
	if got := app.Doc().Text; got != "old words\n" {
		t.Errorf("after undo %q", got)
	}
}

// TestPastePlainTextNeedsEditMode: outside edit mode it says so.
func TestPastePlainTextNeedsEditMode(t *testing.T) {
	app, rec := openEditing(t, "a.md", "X\n", clipboardOf(&core.ClipboardContents{Text: "y"}))
	mustAction(t, app, "toggle_edit_mode", nil)
	mustAction(t, app, "paste_plain_text", nil)
	rec.expect(t, "Paste plain text works in edit mode. Press Ctrl+E to edit.", "outside edit mode")
}

// TestPastePlainTextFromXClipboard: with a real X server and xclip, the
// HTML a browser would put on the clipboard is pasted as its text.
func TestPastePlainTextFromXClipboard(t *testing.T) {
	display := testkit.StartXvfb(t)
	testkit.OfferOnXClipboard(t, display, "text/html", `<meta charset="utf-8"><p>Caf&eacute; <strong>au</strong> <a href="http://x">lait</a></p>`)
	t.Setenv("DISPLAY", display)
	t.Setenv("WAYLAND_DISPLAY", "")
	app, rec := openEditing(t, "a.md", "X\n", nil)
	mustAction(t, app, "paste_plain_text", nil)
	rec.expect(t, "Pasted as plain text: Café au lait", "from the X clipboard")
	if got := app.Doc().Text; got != "Café au laitX\n" {
		t.Errorf("text %q", got)
	}
}
