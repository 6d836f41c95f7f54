package core_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"textfirst/internal/testkit"
)

// TestNewFromTemplate: the title asked, the document has front matter
// (title, author, today's date), the title as its heading, a References
// heading, and typing goes under the title.
func TestNewFromTemplate(t *testing.T) {
	f := newFixture(t)
	app, rec := f.open()
	f.do(app, "new_from_template")
	if p := app.PromptState(); p == nil || p.Purpose != "template_title" {
		t.Fatalf("no template_title prompt: %+v", p)
	}
	app.Answer(`Tide "Tables"`)
	if got := rec.last(); !strings.HasPrefix(got, `New document from the template: Tide "Tables".`) || !app.Editing() {
		t.Fatalf("said %q, editing %v", got, app.Editing())
	}
	app.Insert("Water rises.")
	text := app.Doc().Text
	want := "---\ntitle: \"Tide \\\"Tables\\\"\"\nauthor: "
	if !strings.HasPrefix(text, want) || !strings.Contains(text, "\ndate: "+time.Now().Format("2006-01-02")+"\n---\n") ||
		!strings.HasSuffix(text, "\n# Tide \"Tables\"\n\nWater rises.\n\n## References\n") {
		t.Errorf("the new document:\n%s", text)
	}
}

// TestPreviewInBrowser: the preview is the HTML export of the text being
// edited, under the home; without a display its path is said; each save
// writes it again; with auto reload the page refreshes itself, and with
// live preview too it is written when typing pauses; with a display the
// real xdg-open opens it in the browser the desktop files name.
func TestPreviewInBrowser(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	app, rec, path := openWithSettings(t, "tides.md", "# Tides\n\nThe sea rises.\n\n![Chart](chart.png)\n", nil)
	defer app.Close()
	home := filepath.Join(filepath.Dir(path), "home")
	page := filepath.Join(home, "preview", "tides.html")
	mustAction(t, app, "toggle_edit_mode", nil)
	app.Insert("Moon. ")
	mustAction(t, app, "preview_in_browser", nil)
	if got := rec.last(); got != "Preview written to "+page+". No browser could be opened (no display): open the file in one." {
		t.Errorf("without a display: %q", got)
	}
	html := readPage(t, page)
	dir, _ := filepath.Abs(filepath.Dir(path))
	if !strings.Contains(html, "<h1") || !strings.Contains(html, "Moon. Tides") || !strings.Contains(html, `<base href="file://`+dir+`/">`) ||
		strings.Contains(html, "http-equiv") {
		t.Errorf("the preview page:\n%s", html)
	}
	app.Insert("Ebb. ")
	mustAction(t, app, "save", nil)
	if got := rec.last(); got != "Preview updated. Press F5 in the browser." || !strings.Contains(readPage(t, page), "Moon. Ebb. Tides") {
		t.Errorf("after a save: %q", got)
	}

	mustAction(t, app, "toggle_preview_live", nil)
	rec.expect(t, "Live preview on; it works once the preview reloads by itself, which is off.", "live without reloading")
	mustAction(t, app, "toggle_preview_auto_reload", nil)
	if got := rec.last(); got != "Preview reloading on: the page reloads itself every two seconds." ||
		!strings.Contains(readPage(t, page), `<meta http-equiv="refresh" content="2">`) {
		t.Errorf("auto reload on: %q", got)
	}
	app.Insert("Flow. ")
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(readPage(t, page), "Ebb. Flow. Tides") {
		if time.Now().After(deadline) {
			t.Fatalf("the live preview was not written after typing paused:\n%s", readPage(t, page))
		}
		time.Sleep(50 * time.Millisecond)
	}
	data, _ := os.ReadFile(path)
	if strings.Contains(string(data), "Flow.") {
		t.Errorf("the live preview saved the document: %q", data)
	}

	// With a display, xdg-open opens the page in the desktop's browser for
	// HTML: here a test browser that writes down what it was given.
	xdg := t.TempDir()
	opened := filepath.Join(xdg, "opened")
	browser := testkit.WriteFile(t, filepath.Join(xdg, "browser.sh"), "#!/bin/sh\necho \"$@\" > "+opened+"\n")
	if err := os.Chmod(browser, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"data/applications", "config"} {
		if err := os.MkdirAll(filepath.Join(xdg, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	testkit.WriteFile(t, filepath.Join(xdg, "data", "applications", "twtest.desktop"),
		"[Desktop Entry]\nType=Application\nName=Test browser\nExec="+browser+" %f\nMimeType=text/html;\n")
	testkit.WriteFile(t, filepath.Join(xdg, "config", "mimeapps.list"), "[Default Applications]\ntext/html=twtest.desktop\n")
	t.Setenv("XDG_DATA_HOME", filepath.Join(xdg, "data"))
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(xdg, "config"))
	t.Setenv("DISPLAY", ":99")
	mustAction(t, app, "preview_in_browser", nil)
	if got := rec.last(); got != "Preview written to "+page+" and opened in the browser." {
		t.Errorf("with a display: %q", got)
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if got, err := os.ReadFile(opened); err == nil && strings.TrimSpace(string(got)) == page {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("xdg-open did not open %s in the browser", page)
		}
	}
}

func readPage(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("the preview: %v", err)
	}
	return string(data)
}
