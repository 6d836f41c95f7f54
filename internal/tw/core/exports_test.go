package core_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/load"
)

// TestExportActions: export_html and export_epub write the open document
// beside it, and reading what they wrote gives the same text;
// export_study_sheet writes the notes under their headings.
func TestExportActions(t *testing.T) {
	dir := t.TempDir()
	src := writeTestFile(t, filepath.Join(dir, "cells.md"), "# Cells\n\nCells are the smallest units of life.\n\n## The nucleus\n\nThe nucleus holds the DNA.\n")
	app, rec := openApp(t, t.TempDir(), src)
	want, err := load.File(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ action, file string }{{"export_html", "cells.html"}, {"export_epub", "cells.epub"}, {"export_docx", "cells.docx"}} {
		mustAction(t, app, tc.action, nil)
		out := filepath.Join(dir, tc.file)
		if got := rec.last(); got != "Exported to "+out+"." {
			t.Fatalf("%s said %q", tc.action, got)
		}
		back, err := load.File(out)
		if err != nil {
			t.Fatalf("reading back %s: %v", tc.file, err)
		}
		if back.Text != want.Text {
			t.Errorf("%s reads back as %q, want %q", tc.file, back.Text, want.Text)
		}
	}

	mustAction(t, app, "export_study_sheet", nil)
	rec.expect(t, "There are no notes or highlights to export.", "study sheet without marks")
	mustAction(t, app, "next_heading", nil)
	mustAction(t, app, "next_sentence", nil)
	mustAction(t, app, "toggle_highlight", nil)
	mustAction(t, app, "export_study_sheet", nil)
	sheet := readString(t, filepath.Join(dir, "cells-study-sheet.md"))
	if !strings.Contains(sheet, "The nucleus") || !strings.Contains(sheet, "The nucleus holds the DNA.") {
		t.Errorf("study sheet:\n%s", sheet)
	}
}

// The audio export runs in the background: it says it has started, each
// quarter of the way, and where the file is; stop cancels it and says no
// file was written; closing the app cancels it and waits for it. The
// exporter here is a stand-in (the real one is tested over JSON-RPC in
// internal/tw/e2e); this checks the app's side, under -race.
func TestBackgroundExportJob(t *testing.T) {
	dir := t.TempDir()
	src := writeTestFile(t, filepath.Join(dir, "cells.md"), "# Cells\n\nCells are small.\n")
	release := make(chan struct{})
	var gotFormat string
	exporter := func(ctx context.Context, d *doc.Document, out, format string, progress func(float64)) error {
		gotFormat = format
		for _, f := range []float64{0.1, 0.3, 0.31, 0.6, 0.9, 1} {
			progress(f)
		}
		select {
		case <-release:
			return os.WriteFile(out, []byte(d.Text), 0o644)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	rec := &recorder{}
	app := core.New(core.Options{Home: t.TempDir(), Events: rec, Load: load.File, Parse: load.Bytes, ExportAudio: exporter})
	defer app.Close()
	if err := app.Open(src); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "cells.wav")
	if res := mustAction(t, app, "export_audio", nil); res.Status != "Exporting audio to "+out+". Stop cancels it." {
		t.Fatalf("export_audio: %q", res.Status)
	}
	waitFor := func(text string) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for time.Now().Before(deadline) {
			rec.mu.Lock()
			said := strings.Join(rec.says, "\n")
			rec.mu.Unlock()
			if strings.Contains(said, text) {
				return
			}
			time.Sleep(5 * time.Millisecond)
		}
		t.Fatalf("never said %q; said %q", text, rec.says)
	}
	waitFor("Exporting audio, 75 percent.")
	close(release)
	waitFor("Exported to " + out + ".")
	rec.mu.Lock()
	var progress []string
	for _, s := range rec.says {
		if strings.HasPrefix(s, "Exporting audio, ") {
			progress = append(progress, s)
		}
	}
	rec.mu.Unlock()
	if strings.Join(progress, " ") != "Exporting audio, 25 percent. Exporting audio, 50 percent. Exporting audio, 75 percent." || gotFormat != "wav" {
		t.Errorf("progress %q, format %q", progress, gotFormat)
	}

	// Stop cancels.
	os.Remove(out)
	release = make(chan struct{})
	mustAction(t, app, "export_audio", nil)
	if res := mustAction(t, app, "stop", nil); res.Status != "Stopped. Cancelling the export." {
		t.Errorf("stop: %q", res.Status)
	}
	waitFor("Export cancelled. No file was written.")
	if _, err := os.Stat(out); err == nil {
		t.Error("a cancelled export wrote its file")
	}
	if res := mustAction(t, app, "stop", nil); res.Status != "Stopped." {
		t.Errorf("stop with no export: %q", res.Status)
	}

	// Closing the app cancels the export and waits for it.
	mustAction(t, app, "export_audio", nil)
	app.Close()
	if _, err := os.Stat(out); err == nil {
		t.Error("an export cancelled by closing wrote its file")
	}
}

// Without an audio exporter (core alone) export_audio says so.
func TestExportAudioUnavailable(t *testing.T) {
	dir := t.TempDir()
	src := writeTestFile(t, filepath.Join(dir, "cells.md"), "# Cells\n")
	app, _ := openApp(t, t.TempDir(), src)
	if res := mustAction(t, app, "export_audio", nil); res.Status != "Audio export is not available here." {
		t.Errorf("export_audio: %q", res.Status)
	}
}

// An export goes on without an image that links out of the document's
// folder, and says which image it left out and why, after where it wrote.
func TestExportSaysWhichImagesItLeftOut(t *testing.T) {
	dir := t.TempDir()
	src := writeTestFile(t, filepath.Join(dir, "pics.md"), "# Pictures\n\n![key](key.png)\n")
	if err := os.Symlink("/etc/passwd", filepath.Join(dir, "key.png")); err != nil {
		t.Skip(err)
	}
	app, rec := openApp(t, t.TempDir(), src)
	for _, tc := range []struct{ action, file string }{{"export_epub", "pics.epub"}, {"export_docx", "pics.docx"}} {
		mustAction(t, app, tc.action, nil)
		rec.mu.Lock()
		says := rec.says[len(rec.says)-2:]
		rec.mu.Unlock()
		want := []string{"Exported to " + filepath.Join(dir, tc.file) + ".", "Left out the image key.png: it lies outside the document's folder."}
		if says[0] != want[0] || says[1] != want[1] {
			t.Errorf("%s said %q, want %q", tc.action, says, want)
		}
	}
	// A PDF, written in the background by LibreOffice, says it at its end.
	if _, err := exec.LookPath("soffice"); err != nil {
		t.Fatal("LibreOffice is not installed: bash scripts/deps-export.sh installs it")
	}
	mustAction(t, app, "export_pdf", nil)
	want := "Exported to " + filepath.Join(dir, "pics.pdf") + ".\nLeft out the image key.png: it lies outside the document's folder."
	for deadline := time.Now().Add(2 * time.Minute); ; time.Sleep(20 * time.Millisecond) {
		rec.mu.Lock()
		said := strings.Join(rec.says, "\n")
		rec.mu.Unlock()
		if strings.HasSuffix(said, want) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("export_pdf said %q", said)
		}
	}
}
