package core

import (
	"os"
	"path/filepath"
	"strings"

	"textfirst/internal/atomicfile"
	"textfirst/internal/tw/export"
)

// documentExports are the export actions that write the open document in
// another format, beside it (or in export.folder when that is set).
var documentExports = map[string]export.Format{
	"export_html": export.FormatHTML,
	"export_epub": export.FormatEPUB,
}

// exportDocument writes the open document (the reading view) as format.
func (a *App) exportDocument(format export.Format) {
	if !a.needDoc() {
		return
	}
	data, err := export.Write(a.d, format)
	if err != nil {
		a.sayError(a.tr("Could not export the document: %v", err))
		return
	}
	a.writeExport(string(format), "", data)
}

// exportStudySheet writes the notes and highlights, in document order under
// their headings, as Markdown.
func (a *App) exportStudySheet() {
	if !a.needDoc() {
		return
	}
	marks := export.Marks(a.d, a.state)
	if len(marks) == 0 {
		a.say(a.tr("There are no notes or highlights to export."))
		return
	}
	a.writeExport("md", "-study-sheet", export.StudySheet(a.d, marks))
}

// writeExport writes data atomically to NAME+suffix+"."+ext, NAME being the
// document's file name without its extension, in export.folder or else
// beside the document, and says where.
func (a *App) writeExport(ext, suffix string, data []byte) {
	src := a.d.Meta.Path
	name := strings.TrimSuffix(filepath.Base(src), filepath.Ext(src))
	if src == "" || name == "" || name == "." {
		name = "document"
	}
	dir := filepath.Dir(src)
	if src == "" {
		dir, _ = os.Getwd()
	}
	if folder := a.opts.Settings.String("export.folder"); folder != "" {
		dir = folder
	}
	path := filepath.Join(dir, name+suffix+"."+ext)
	if path == src {
		a.sayError(a.tr("Could not export the document: it would replace the document itself."))
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		a.sayError(a.tr("Could not export the document: %v", err))
		return
	}
	if err := atomicfile.Write(path, data, 0o644); err != nil {
		a.sayError(a.tr("Could not export the document: %v", err))
		return
	}
	a.say(a.tr("Exported to %s.", path))
}
