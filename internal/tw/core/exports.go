package core

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"textfirst/internal/tw/doc"

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
		a.sayError(fmt.Sprintf("Could not export the document: %v", err))
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
		a.say("There are no notes or highlights to export.")
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
	if doc.IsWebAddress(src) {
		// A page has no folder of its own: the working folder, and a
		// name from the page's title.
		dir, _ = os.Getwd()
		name = strings.TrimSpace(strings.Map(func(r rune) rune {
			if strings.ContainsRune(`/\:*?"<>|`, r) || r < ' ' {
				return '-'
			}
			return r
		}, a.title))
		if name == "" || strings.Trim(name, ".") == "" {
			name = "document"
		}
	}
	if folder := a.opts.Settings.String("export.folder"); folder != "" {
		dir = folder
	}
	path := filepath.Join(dir, name+suffix+"."+ext)
	if path == src {
		a.sayError("Could not export the document: it would replace the document itself.")
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		a.sayError(fmt.Sprintf("Could not export the document: %v", err))
		return
	}
	if err := atomicfile.Write(path, data, 0o644); err != nil {
		a.sayError(fmt.Sprintf("Could not export the document: %v", err))
		return
	}
	a.say("Exported to " + path + ".")
}
