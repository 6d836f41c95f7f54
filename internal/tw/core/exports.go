package core

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"

	"textfirst/internal/atomicfile"
	"textfirst/internal/tw/braille"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/export"
	"textfirst/internal/tw/i18n"
)

// leftOutReasons words export's reasons for leaving an image out.
var leftOutReasons = map[string]string{
	export.ReasonOutsideFolder: msg("it lies outside the document's folder"),
	export.ReasonNotRegular:    msg("it is not a regular file"),
	export.ReasonTooLarge:      msg("it is larger than 128 MiB"),
	export.ReasonUnreadable:    msg("it cannot be read"),
}

// LeftOutNotice words, in p's language, an image an export found beside
// the document but left out; the command line and the reader say the
// same.
func LeftOutNotice(p *i18n.Printer, l export.LeftOut) string {
	reason := l.Reason
	if k, ok := leftOutReasons[reason]; ok {
		reason = p.Text(k)
	}
	return p.Sprintf(msg("Left out the image %s: %s."), l.Src, reason)
}

// documentExports are the export actions that write the open document in
// another format, beside it (or in export.folder when that is set).
var documentExports = map[string]export.Format{
	"export_html": export.FormatHTML,
	"export_epub": export.FormatEPUB,
	"export_docx": export.FormatDOCX,
	"export_pdf":  export.FormatPDF,
	"export_brf":  export.FormatBRF,
}

// audioExts are the audio formats of export.audio_format and their file
// extensions.
var audioExts = map[string]string{"wav": "wav", "flac": "flac", "ogg": "ogg", "mp3": "mp3"}

// exportJob is an export running in the background (a PDF or an audio
// file takes seconds to minutes): the stop action cancels it.
type exportJob struct {
	what   string // jobPDF or jobAudio
	cancel context.CancelFunc
	done   chan struct{}
}

// The kinds of background export, and what is said about each: the
// whole sentence is one message, so it reads naturally in every language.
const (
	jobPDF   = "PDF"
	jobAudio = "audio"
)

// jobRunning says an export of kind what is still running.
func (a *App) jobRunning(what string) string {
	if what == jobPDF {
		return a.tr("The PDF export is still running. Stop cancels it.")
	}
	return a.tr("The audio export is still running. Stop cancels it.")
}

// jobStarted says an export of kind what to path has started.
func (a *App) jobStarted(what, path string) string {
	if what == jobPDF {
		return a.tr("Exporting PDF to %s. Stop cancels it.", path)
	}
	return a.tr("Exporting audio to %s. Stop cancels it.", path)
}

// jobProgress says how far an export of kind what has come.
func (a *App) jobProgress(what string, percent int) string {
	if what == jobPDF {
		return a.tr("Exporting PDF, %d percent.", percent)
	}
	return a.tr("Exporting audio, %d percent.", percent)
}

// errReplacesDocument is why an export may not go where the document is.
var errReplacesDocument = errors.New("it would replace the document itself")

// sayExportError says why an export could not start.
func (a *App) sayExportError(err error) {
	if errors.Is(err, errReplacesDocument) {
		a.sayError(a.tr("Could not export the document: it would replace the document itself."))
		return
	}
	a.sayError(a.tr("Could not export the document: %v", err))
}

// exportDocument writes the open document (the reading view) as format.
func (a *App) exportDocument(format export.Format) {
	if !a.needDoc() {
		return
	}
	path, err := a.exportPath(strings.TrimPrefix(format.Ext(), "."), "")
	if err != nil {
		a.sayExportError(err)
		return
	}
	a.exportTo(path, format)
}

// brailleLayout is the braille page and code of the settings.
func (a *App) brailleLayout() braille.Layout {
	return braille.LayoutOf(a.opts.Settings)
}

// exportTo writes the open document to path as format: at once, or in the
// background for a PDF.
func (a *App) exportTo(path string, format export.Format) {
	if format == export.FormatPDF {
		d := a.d
		a.startJob(jobPDF, path, func(ctx context.Context, progress func(float64)) ([]export.LeftOut, error) {
			data, leftOut, err := export.WriteReporting(ctx, d, format)
			if err != nil {
				return nil, err
			}
			return leftOut, atomicfile.Write(path, data, 0o644)
		})
		return
	}
	data, leftOut, err := export.WriteReporting(braille.WithLayout(context.Background(), a.brailleLayout()), a.d, format)
	if err != nil {
		a.sayError(a.tr("Could not export the document: %v", err))
		return
	}
	if a.writeFile(path, data) {
		for _, l := range leftOut {
			a.say(LeftOutNotice(a.printer(), l))
		}
	}
}

// exportAudio reads the open document aloud into an audio file of the
// format export.audio_format names, in the background.
func (a *App) exportAudio() {
	if !a.needDoc() {
		return
	}
	format := a.opts.Settings.String("export.audio_format")
	ext, ok := audioExts[format]
	if !ok {
		format, ext = "wav", "wav"
	}
	path, err := a.exportPath(ext, "")
	if err != nil {
		a.sayExportError(err)
		return
	}
	a.exportAudioTo(path, format)
}

func (a *App) exportAudioTo(path, format string) {
	if a.opts.ExportAudio == nil {
		a.sayError(a.tr("Audio export is not available here."))
		return
	}
	d, run := a.d, a.opts.ExportAudio
	a.startJob(jobAudio, path, func(ctx context.Context, progress func(float64)) ([]export.LeftOut, error) {
		return nil, run(ctx, d, path, format, progress)
	})
}

// startJob runs an export in the background: it says it has started, says
// the progress every quarter, and says where the file is (or why there is
// none) when it ends, and then which images it left out. One export runs
// at a time; stop cancels it.
func (a *App) startJob(what, path string, run func(ctx context.Context, progress func(float64)) ([]export.LeftOut, error)) {
	if a.job != nil {
		a.sayError(a.jobRunning(a.job.what))
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	job := &exportJob{what: what, cancel: cancel, done: make(chan struct{})}
	a.job = job
	a.say(a.jobStarted(what, path))
	quarter := 0
	progress := func(done float64) {
		q := int(done * 4)
		a.mu.Lock()
		defer a.mu.Unlock()
		if q > quarter && q < 4 && a.job == job && !a.closed {
			quarter = q
			a.say(a.jobProgress(what, q*25))
		}
	}
	go func() {
		defer close(job.done)
		leftOut, err := run(ctx, progress)
		a.mu.Lock()
		defer a.mu.Unlock()
		a.job = nil
		cancel()
		switch {
		case a.closed:
		case errors.Is(err, context.Canceled):
			a.say(a.tr("Export cancelled. No file was written."))
		case err != nil:
			a.sayError(sentence(a.tr("Could not export the document: %v", err)))
		default:
			a.say(a.tr("Exported to %s.", path))
			for _, l := range leftOut {
				a.say(LeftOutNotice(a.printer(), l))
			}
		}
	}()
}

// cancelJob cancels the export running, and reports whether there was one.
func (a *App) cancelJob() bool {
	if a.job == nil {
		return false
	}
	a.job.cancel()
	return true
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
	path, err := a.exportPath("md", "-study-sheet")
	if err != nil {
		a.sayExportError(err)
		return
	}
	a.writeFile(path, export.StudySheet(a.d, marks))
}

// exportPath is where an export goes: NAME+suffix+"."+ext, NAME being the
// document's file name without its extension, in export.folder or else
// beside the document. The folder is made if need be.
func (a *App) exportPath(ext, suffix string) (string, error) {
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
		dir = expandHome(folder)
	}
	path := filepath.Join(dir, name+suffix+"."+ext)
	if path == src {
		return "", errReplacesDocument
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	return path, nil
}

// expandHome reads a leading ~ as the home folder.
func expandHome(p string) string {
	if p == "~" || strings.HasPrefix(p, "~/") || strings.HasPrefix(p, `~\`) {
		if home, err := os.UserHomeDir(); err == nil {
			return filepath.Join(home, p[1:])
		}
	}
	return p
}

// writeFile writes data atomically to path and says where.
func (a *App) writeFile(path string, data []byte) bool {
	if path == a.d.Meta.Path {
		a.sayExportError(errReplacesDocument)
		return false
	}
	if err := atomicfile.Write(path, data, 0o644); err != nil {
		a.sayError(a.tr("Could not export the document: %v", err))
		return false
	}
	a.say(a.tr("Exported to %s.", path))
	return true
}

// exportKinds names the extensions export_as takes: documents, then audio
// (as export.audio_format and the audio exporter name their formats).
const exportKinds = ".html, .md, .txt, .json, .epub, .docx, .odt, .pdf; audio .wav, .flac, .ogg, .mp3, .opus, .m4b"

var audioByExt = map[string]string{".wav": "wav", ".flac": "flac", ".ogg": "ogg", ".mp3": "mp3", ".opus": "opus", ".m4b": "m4b"}

// exportAs asks for the file to export to; its extension picks the
// format. Enter alone takes the name in the label (the document's own name
// and folder, as HTML). A relative name is in the document's folder.
func (a *App) exportAs() {
	if !a.needDoc() {
		return
	}
	suggest, err := a.exportPath("html", "")
	if err != nil {
		a.sayExportError(err)
		return
	}
	label := a.tr("Export as, the extension picks the format, Enter for %s", filepath.Base(suggest))
	a.openPrompt("export_as", label, "Prompt", func(text string) {
		name := strings.Trim(strings.TrimSpace(text), `"`)
		target := suggest
		if name != "" {
			if why := a.badSaveName(name); why != "" {
				a.sayError(why)
				return
			}
			name = expandHome(name)
			if !filepath.IsAbs(name) {
				dir := filepath.Dir(a.d.Meta.Path)
				if a.d.Meta.Path == "" {
					dir, _ = os.Getwd()
				}
				name = filepath.Join(dir, name)
			}
			target = filepath.Clean(name)
		}
		if fi, err := os.Stat(target); err == nil && fi.IsDir() {
			a.sayError(a.tr("%s is a folder: give a file name such as %s.", text, filepath.Base(suggest)))
			return
		}
		ext := strings.ToLower(filepath.Ext(target))
		format, isDoc := export.FormatOf(target)
		audioFormat, isAudio := audioByExt[ext]
		if !isDoc && !isAudio {
			if ext == "" {
				a.sayError(a.tr("Cannot export to %s: it has no extension. Use %s.", filepath.Base(target), exportKinds))
			} else {
				a.sayError(a.tr("Cannot export to %s: tw does not know the extension %s. Use %s.", filepath.Base(target), ext, exportKinds))
			}
			return
		}
		if target == a.d.Meta.Path {
			a.sayExportError(errReplacesDocument)
			return
		}
		if fi, err := os.Stat(filepath.Dir(target)); err != nil || !fi.IsDir() {
			a.sayError(a.tr("Could not export the document: the folder %s does not exist.", filepath.Dir(target)))
			return
		}
		run := func() {
			if isAudio {
				a.exportAudioTo(target, audioFormat)
			} else {
				a.exportTo(target, format)
			}
		}
		if fileExists(target) {
			// Never write over a file without asking.
			a.ask("export_as", a.tr("%s already exists. Replace it? y or n", filepath.Base(target)), run)
			return
		}
		run()
	})
}

// sentence ends s with a full stop unless it ends a sentence already.
func sentence(s string) string {
	if strings.HasSuffix(s, ".") || strings.HasSuffix(s, "!") || strings.HasSuffix(s, "?") {
		return s
	}
	return s + "."
}
