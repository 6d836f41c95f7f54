package core

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"textfirst/internal/atomicfile"
	"textfirst/internal/tw/braille"
	"textfirst/internal/tw/export"
	"textfirst/internal/tw/library"
)

var _ = registerHandlers(func(t *actionTable) {
	handle(t, anytime, map[string]actionHandler{"batch_convert": (*App).batchConvert})
})

// batchFormats are the formats batch_convert offers, in order, with how
// each is named.
var batchFormats = []struct {
	format export.Format
	name   string
}{
	{export.FormatMarkdown, msg("Markdown")}, {export.FormatPDF, msg("PDF")}, {export.FormatHTML, msg("HTML")},
	{export.FormatText, msg("plain text")}, {export.FormatEPUB, msg("EPUB")}, {export.FormatDOCX, msg("DOCX")},
	{export.FormatBRF, msg("braille (BRF)")},
}

// batchConvert converts the documents of a folder (the open document's,
// else the first library folder, else the current one; not its
// subfolders) to a format chosen from a list, into a folder "converted"
// inside it, after a yes-or-no question, in the background: progress is
// said every quarter, stop cancels it (the file being written is left
// out whole), and the end says how many were converted and which could
// not be, with why.
func (a *App) batchConvert() {
	if a.libs.batch != nil {
		a.sayError(a.tr("A batch conversion is still running. Stop cancels it."))
		return
	}
	src := a.browseStart()
	files, _ := library.Walk([]string{src}, 1, library.IsDocument)
	if len(files) == 0 {
		a.say(a.tr("No document to convert in %s.", src))
		return
	}
	items := make([]string, len(batchFormats))
	for i, f := range batchFormats {
		items[i] = a.trKey(f.name)
	}
	a.stopIfReading()
	a.openList(&List{Title: a.tr("Convert the documents of %s to", src), Items: items, choose: func(i int) {
		out := filepath.Join(src, "converted")
		f := batchFormats[i]
		a.ask("batch_convert", a.tr("Convert %d documents to %s into %s? y or n", len(files), a.trKey(f.name), out), func() {
			a.runBatch(files, out, f.format)
		})
	}})
}

// runBatch converts files to format into out in the background.
func (a *App) runBatch(files []string, out string, format export.Format) {
	if err := os.MkdirAll(out, 0o755); err != nil {
		a.sayError(a.tr("Could not convert: %v", err))
		return
	}
	ctx, cancel := context.WithCancel(braille.WithLayout(context.Background(), a.brailleLayout()))
	a.libs.batch = cancel
	load := a.opts.Load
	a.say(a.tr("Converting %d documents. Stop cancels it.", len(files)))
	go func() {
		defer cancel()
		var failed []string
		converted, quarter := 0, 0
		for i, f := range files {
			if ctx.Err() != nil {
				break
			}
			if err := convertOne(ctx, load, f, out, format); err != nil {
				failed = append(failed, a.tr("Could not convert %s: %v", filepath.Base(f), err))
			} else {
				converted++
			}
			a.mu.Lock()
			if q := (i + 1) * 4 / len(files); q > quarter && q < 4 && !a.closed {
				quarter = q
				a.say(a.tr("Converting, %d of %d documents done.", i+1, len(files)))
			}
			a.mu.Unlock()
		}
		a.mu.Lock()
		defer a.mu.Unlock()
		a.libs.batch = nil
		if a.closed {
			return
		}
		if ctx.Err() != nil {
			a.say(a.tr("Batch conversion stopped: %d of %d documents converted into %s.", converted, len(files), out))
		} else {
			a.say(a.tr("Converted %d of %d documents into %s.", converted, len(files), out))
		}
		for _, f := range failed {
			a.sayError(f)
		}
	}()
}

// convertOne writes the document at path as format into the folder out,
// under its own name with the format's extension, atomically.
func convertOne(ctx context.Context, load Loader, path, out string, format export.Format) error {
	d, err := load(path)
	if err != nil {
		return err
	}
	data, _, err := export.WriteReporting(ctx, d, format)
	if err != nil {
		return err
	}
	name := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)) + format.Ext()
	if err := atomicfile.Write(filepath.Join(out, name), data, 0o644); err != nil {
		return fmt.Errorf("core: %w", err)
	}
	return nil
}

// cancelBatch cancels the batch conversion running, and reports whether
// there was one.
func (a *App) cancelBatch() bool {
	if a.libs.batch == nil {
		return false
	}
	a.libs.batch()
	return true
}
