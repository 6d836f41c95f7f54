package core

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"textfirst/internal/atomicfile"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/export"
)

// The browser preview: the document written as HTML (by the HTML
// exporter) under the home's preview folder, or the system's temporary
// folder when this session keeps no files, and opened with xdg-open when
// there is a display. Each save while editing writes it again; with
// preview.auto_reload the page reloads itself every two seconds, and with
// preview.live too it is also written when typing pauses for a second.
var _ = registerHandlers(func(t *actionTable) {
	handle(t, onDocument, map[string]actionHandler{
		"preview_in_browser": (*App).previewInBrowser,
	})
	handle(t, anytime, map[string]actionHandler{
		"toggle_preview_auto_reload": func(a *App) { a.togglePreview("preview.auto_reload") },
		"toggle_preview_live":        func(a *App) { a.togglePreview("preview.live") },
		"new_from_template":          (*App).newFromTemplate,
	})
})

// livePause is how long typing must pause before a live preview is
// written again.
const livePause = time.Second

// previewState is the preview being kept up to date.
type previewState struct {
	path  string      // the HTML file
	timer *time.Timer // a live rewrite waiting for typing to pause
}

// previewDocument is what the preview shows: the document as read, or
// the source being edited as it will read.
func (a *App) previewDocument() *doc.Document {
	if a.editing {
		return a.derive(a.d.Text)
	}
	return a.d
}

// previewFile is where the preview of the document is written.
func (a *App) previewFile() string {
	dir := filepath.Join(os.TempDir(), fmt.Sprintf("tw-preview-%d", os.Getuid()))
	if a.opts.Home != "" {
		dir = filepath.Join(a.opts.Home, "preview")
	}
	src := a.documentPath()
	name := strings.TrimSuffix(filepath.Base(src), filepath.Ext(src))
	if src == "" || name == "" || name == "." || doc.IsWebAddress(src) {
		name = "untitled"
	}
	return filepath.Join(dir, name+".html")
}

// writePreview writes the preview page: the HTML export with a base
// address beside the document (so its images show) and, with
// preview.auto_reload, a refresh every two seconds.
func (a *App) writePreview(path string) error {
	page, err := export.Write(a.previewDocument(), export.FormatHTML)
	if err != nil {
		return err
	}
	var head strings.Builder
	if src := a.documentPath(); src != "" && !doc.IsWebAddress(src) {
		if abs, err := filepath.Abs(filepath.Dir(src)); err == nil {
			u := url.URL{Scheme: "file", Path: filepath.ToSlash(abs) + "/"}
			fmt.Fprintf(&head, "\n<base href=\"%s\">", strings.ReplaceAll(u.String(), `"`, "%22"))
		}
	}
	if a.opts.Settings.Bool("preview.auto_reload") {
		head.WriteString("\n<meta http-equiv=\"refresh\" content=\"2\">")
	}
	html := string(page)
	if i := strings.Index(html, "<head>"); i >= 0 {
		html = html[:i+len("<head>")] + head.String() + html[i+len("<head>"):]
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	return atomicfile.Write(path, []byte(html), 0o600)
}

// previewInBrowser writes the preview and opens it in the browser when
// there is a display, else says where the file is. It never waits for
// the browser.
func (a *App) previewInBrowser() {
	path := a.previewFile()
	if err := a.writePreview(path); err != nil {
		a.sayError(a.tr("Could not write the preview: %v", err))
		return
	}
	a.browserPreview = &previewState{path: path}
	if err := openInBrowser(path); err != nil {
		a.say(a.tr("Preview written to %s. No browser could be opened (%v): open the file in one.", path, err))
		return
	}
	a.say(a.tr("Preview written to %s and opened in the browser.", path))
}

// errNoDisplay is why no browser is opened in a terminal without one.
var errNoDisplay = errors.New("no display")

// openInBrowser starts xdg-open on path when there is a display; it does
// not wait for the browser, which is reaped in the background.
func openInBrowser(path string) error {
	if !hasDisplay() {
		return errNoDisplay
	}
	cmd := exec.Command("xdg-open", path)
	if err := cmd.Start(); err != nil {
		return err
	}
	go cmd.Wait() //nolint:errcheck // the browser's exit says nothing to the reader
	return nil
}

// hasDisplay reports whether a desktop session is there (DISPLAY or
// WAYLAND_DISPLAY set) for a browser to open on.
func hasDisplay() bool {
	return os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != ""
}

// previewSaved writes the preview again after a save, when there is one.
func (a *App) previewSaved() {
	if a.browserPreview == nil {
		return
	}
	a.stopLiveTimer()
	if err := a.writePreview(a.browserPreview.path); err != nil {
		a.sayError(a.tr("Could not write the preview: %v", err))
		return
	}
	if a.opts.Settings.Bool("preview.auto_reload") {
		a.say(a.tr("Preview updated; the page reloads itself."))
	} else {
		a.say(a.tr("Preview updated. Press F5 in the browser."))
	}
}

// previewEdited writes a live preview again once typing pauses.
func (a *App) previewEdited() {
	if a.browserPreview == nil || !a.opts.Settings.Bool("preview.live") || !a.opts.Settings.Bool("preview.auto_reload") {
		return
	}
	a.stopLiveTimer()
	p := a.browserPreview
	p.timer = time.AfterFunc(livePause, func() {
		a.mu.Lock()
		defer a.mu.Unlock()
		if a.closed || a.browserPreview != p || a.d == nil {
			return
		}
		p.timer = nil
		if err := a.writePreview(p.path); err != nil {
			a.sayError(a.tr("Could not write the preview: %v", err))
		}
	})
}

func (a *App) stopLiveTimer() {
	if a.browserPreview != nil && a.browserPreview.timer != nil {
		a.browserPreview.timer.Stop()
		a.browserPreview.timer = nil
	}
}

// settingSetter is the optional part of Settings that changes and saves
// one setting.
type settingSetter interface {
	Set(path string, value any) (any, error)
}

// togglePreview turns preview.auto_reload or preview.live on or off and
// saves it.
func (a *App) togglePreview(path string) {
	ed, ok := a.opts.Settings.(settingSetter)
	if !ok {
		a.notAvailable(capitalize(a.actionName("toggle_" + strings.ReplaceAll(path, ".", "_"))))
		return
	}
	on := !a.opts.Settings.Bool(path)
	if _, err := ed.Set(path, on); err != nil {
		a.sayError(a.errorText(err))
		return
	}
	switch {
	case path == "preview.auto_reload" && on:
		a.say(a.tr("Preview reloading on: the page reloads itself every two seconds."))
	case path == "preview.auto_reload":
		a.say(a.tr("Preview reloading off: press F5 in the browser after a save."))
	case on && !a.opts.Settings.Bool("preview.auto_reload"):
		a.say(a.tr("Live preview on; it works once the preview reloads by itself, which is off."))
	case on:
		a.say(a.tr("Live preview on: the preview is written again when typing pauses."))
	default:
		a.say(a.tr("Live preview off."))
	}
	if a.browserPreview != nil {
		if err := a.writePreview(a.browserPreview.path); err != nil {
			a.sayError(a.tr("Could not write the preview: %v", err))
		}
	}
}

// newFromTemplate asks for a title and starts a new document in edit mode
// with front matter (title, author, date), the title as its heading and a
// References heading; the cursor is on the empty line under the title.
func (a *App) newFromTemplate() {
	a.askText("template_title", a.tr("Title of the new document"), func(title string) {
		a.startNewDocument(func() {
			head := "---\ntitle: " + yamlQuote(title) + "\nauthor: " + yamlQuote(a.authorName()) +
				"\ndate: " + time.Now().Format("2006-01-02") + "\n---\n\n# " + title + "\n\n"
			body := head + "\n\n## " + a.tr("References") + "\n"
			a.apply(0, 0, body, utf8.RuneCountInString(head))
			a.say(a.tr("New document from the template: %s. Type under the title; the References heading is below.", title))
		})
	})
}

// authorName is editing.author when it is set, else the user's full
// name from the system, else the login name.
func (a *App) authorName() string {
	if name := strings.TrimSpace(a.opts.Settings.String("editing.author")); name != "" {
		return name
	}
	u, err := user.Current()
	if err != nil {
		return ""
	}
	if name, _, _ := strings.Cut(u.Name, ","); strings.TrimSpace(name) != "" {
		return strings.TrimSpace(name)
	}
	return u.Username
}

// yamlQuote is s as a double-quoted YAML scalar.
func yamlQuote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}
