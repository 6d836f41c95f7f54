package core

import (
	"context"
	"html"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"textfirst/internal/tw/load"
)

// paste_plain_text: the clipboard pasted as plain text. The system
// clipboard (wl-paste under Wayland, xclip or xsel under X) is read
// first, in its richest form (HTML, then RTF, then text); when it holds
// nothing, or there is none, what was last copied or cut in tw. Either is
// loaded by tw's own loaders (load.Snippet), so Markdown, HTML and RTF
// formatting is gone and the canonical text goes in.
var _ = registerHandlers(func(t *actionTable) {
	handle(t, inEditMode, map[string]actionHandler{
		"paste_plain_text": (*App).pastePlainText,
	})
})

// ClipboardContents is what a clipboard holds, in the forms tw reads;
// "" for a form it does not hold.
type ClipboardContents struct {
	Text, HTML, RTF string
}

// empty reports whether no form holds anything but white space.
func (c ClipboardContents) empty() bool {
	return strings.TrimSpace(c.Text+c.HTML+c.RTF) == ""
}

// maxClipboard bounds what is read from the system clipboard.
const maxClipboard = 16 << 20

// clipboardWait bounds each clipboard command: a clipboard whose owner
// does not answer must not hold the keys up for long.
const clipboardWait = 3 * time.Second

// readClipboard is the system clipboard: Options.Clipboard, else the
// desktop's; ok is false when there is none to read.
func (a *App) readClipboard() (ClipboardContents, bool) {
	if a.opts.Clipboard != nil {
		return a.opts.Clipboard()
	}
	return systemClipboard(os.Getenv, exec.LookPath, runClipboard)
}

// clipboardRunner runs a clipboard command and returns its output.
type clipboardRunner func(name string, args ...string) ([]byte, error)

// systemClipboard reads the desktop's clipboard with wl-paste under
// Wayland, xclip (its HTML, RTF and text forms) or else xsel (text)
// under X. ok is false without a display or any of the three.
func systemClipboard(getenv func(string) string, look func(string) (string, error), run clipboardRunner) (ClipboardContents, bool) {
	var c ClipboardContents
	if getenv("WAYLAND_DISPLAY") != "" {
		if p, err := look("wl-paste"); err == nil {
			types, _ := run(p, "--list-types")
			form := func(mime string) string {
				out, _ := run(p, "--no-newline", "--type", mime)
				return string(out)
			}
			fillForms(&c, strings.Fields(string(types)), form, "text/plain;charset=utf-8", "text/plain")
			return c, true
		}
	}
	if getenv("DISPLAY") == "" {
		return c, false
	}
	if p, err := look("xclip"); err == nil {
		targets, _ := run(p, "-selection", "clipboard", "-o", "-t", "TARGETS")
		form := func(target string) string {
			out, _ := run(p, "-selection", "clipboard", "-o", "-t", target)
			return string(out)
		}
		fillForms(&c, strings.Fields(string(targets)), form, "UTF8_STRING", "text/plain;charset=utf-8", "STRING")
		return c, true
	}
	if p, err := look("xsel"); err == nil {
		out, _ := run(p, "--clipboard", "--output")
		c.Text = string(out)
		return c, true
	}
	return c, false
}

// fillForms reads the forms the clipboard offers (types): HTML, RTF, and
// the first of textTypes it has.
func fillForms(c *ClipboardContents, types []string, read func(string) string, textTypes ...string) {
	if slices.Contains(types, "text/html") {
		c.HTML = read("text/html")
	}
	for _, rtf := range []string{"text/rtf", "application/rtf"} {
		if c.RTF == "" && slices.Contains(types, rtf) {
			c.RTF = read(rtf)
		}
	}
	for _, tt := range textTypes {
		if slices.Contains(types, tt) {
			c.Text = read(tt)
			return
		}
	}
}

// runClipboard runs a clipboard command, at most clipboardWait and
// maxClipboard bytes of its output.
func runClipboard(name string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), clipboardWait)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(out, maxClipboard))
	_, _ = io.Copy(io.Discard, out) // an owner still writing past the limit
	if werr := cmd.Wait(); err == nil {
		err = werr
	}
	return data, err
}

// plainText is the canonical text of c: its HTML form through the HTML
// loader, else its RTF form, else its text judged by load.Snippet. Line
// ends are Unix ones, and the blank lines at either end are dropped.
func plainText(c ClipboardContents) string {
	forms := []struct{ data, mime string }{{c.HTML, "text/html"}, {c.RTF, "text/rtf"}, {c.Text, ""}}
	for _, f := range forms {
		if strings.TrimSpace(f.data) == "" {
			continue
		}
		data := strings.ReplaceAll(strings.ReplaceAll(f.data, "\r\n", "\n"), "\r", "\n")
		d, err := load.Snippet([]byte(data), f.mime)
		if err != nil {
			continue
		}
		if text := strings.Trim(d.Text, "\n"); strings.TrimSpace(text) != "" {
			return text
		}
	}
	return ""
}

// pastePlainText inserts the clipboard's plain text at the cursor, over
// the selection if any, as one step to undo. In an HTML document's
// source the text's <, > and & are written as entities, so that it stays
// text.
func (a *App) pastePlainText() {
	c, system := a.readClipboard()
	if c.empty() {
		c = ClipboardContents{Text: a.clipboard}
	}
	if c.empty() {
		if system {
			a.say(a.tr("The clipboard is empty, and nothing was copied in tw."))
		} else {
			a.say(a.tr("Nothing copied in textweaver yet."))
		}
		return
	}
	text := plainText(c)
	if text == "" {
		a.say(a.tr("The clipboard holds no text."))
		return
	}
	insert := text
	if a.d.Meta.Format == "html" {
		insert = html.EscapeString(text)
		insert = strings.ReplaceAll(strings.ReplaceAll(insert, "&#39;", "'"), "&#34;", `"`)
	}
	start, end := a.cursor, a.cursor
	if r, ok := a.selection(); ok {
		start, end = r.Start, r.End
		a.sel = nil
	}
	a.apply(start, end, insert, start+utf8.RuneCountInString(insert))
	if lines := strings.Count(text, "\n") + 1; lines > 1 {
		a.say(a.tr("Pasted %d lines as plain text: %s", lines, a.previewText(text)))
	} else {
		a.say(a.tr("Pasted as plain text: %s", a.previewText(text)))
	}
}
