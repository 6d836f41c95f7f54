package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/i18n"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/session"
)

// readFailure is the one wording of a document that could not be read:
// "tw CMD: cannot read PATH: REASON. What to do."
func readFailure(p *i18n.Printer, cmd, path string, err error) error {
	reason, todo := err.Error(), ""
	var le *load.Error
	if errors.As(err, &le) {
		reason = le.Reason
		if k, ok := reasons[le.Reason]; ok {
			reason = lang(p).printer().Text(k)
		}
		switch le.Reason {
		case load.ReasonFolder:
			todo = lang(p).tr("Give a file, not a folder.")
		case reasonNeedsPassword, reasonNoPassword:
			todo = lang(p).tr("Give its password in %s, or run the command on a terminal to be asked for it.", envPassword)
		case reasonWrongPassword:
			todo = lang(p).tr("Check the password and try again.")
		case load.ReasonBinary:
			todo = lang(p).tr("Give a document tw reads: text, Markdown, HTML, EPUB, DOCX, ODT, RTF, PDF and more (see tw help text).")
		}
	}
	if todo == "" {
		todo = lang(p).tr("Check the path and try again.")
		if doc.IsWebAddress(path) {
			todo = lang(p).tr("Check the address and the network connection.")
		}
	}
	if path == session.StdinPath {
		return fail(p, 1, lang(p).tr("tw %s: cannot read standard input: %s", cmd, reason), todo)
	}
	return fail(p, 1, lang(p).tr("tw %s: cannot read %s: %s", cmd, path, reason), todo)
}

// The reasons a locked document is not read.
const (
	reasonNeedsPassword = "it is encrypted and needs a password"
	reasonNoPassword    = "it is encrypted and no password was given"
	reasonWrongPassword = "the password is incorrect"
)

// reasons are the loader's reasons a file is not read that the command
// line words in the interface language (others, such as a decoder's
// error, stay as they are).
var reasons = map[string]string{
	load.ReasonNoSuchFile:         i18n.Key("no such file"),
	load.ReasonFolder:             i18n.Key("is a folder"),
	load.ReasonPermission:         i18n.Key("permission denied"),
	load.ReasonBinary:             i18n.Key("binary file, not a document"),
	load.ReasonNotRegular:         i18n.Key("not a regular file"),
	load.ReasonTooLarge:           i18n.Key("too large (over 1 GiB)"),
	load.ReasonEndless:            i18n.Key("not a regular file (its size says 0, but it goes on past 64 MiB)"),
	load.ReasonNoMember:           i18n.Key("no such file in the archive"),
	load.ReasonTooMuchText:        i18n.Key("produces more than 256 MB of text"),
	load.ReasonTooManyMarkers:     i18n.Key("produces more than 4 million headings, links and other marks"),
	load.ReasonTextOutgrowsFile:   i18n.Key("produces far more text than a file of its size holds"),
	load.ReasonMarkersOutgrowFile: i18n.Key("produces far more headings, links and other marks than a file of its size holds"),
	reasonNeedsPassword:           i18n.Key("it is encrypted and needs a password"),
	reasonNoPassword:              i18n.Key("it is encrypted and no password was given"),
	reasonWrongPassword:           i18n.Key("the password is incorrect"),
}

// readStdin reads all of standard input, up to load.MaxSize.
func readStdin(p *i18n.Printer, cmd string, in io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(in, load.MaxSize+1))
	if err != nil {
		return nil, readFailure(p, cmd, session.StdinPath, err)
	}
	return data, nil
}

// loadDoc loads the document a command reads: a file, or standard input
// for "-" (its format told from its content: see load.StdinBytes), in the
// input format from (--from, pandoc's names; "" goes by the name or the
// content).
func loadDoc(env Env, cmd, path, from string) (*doc.Document, error) {
	var d *doc.Document
	var err error
	if err := checkInputFormat(env, cmd, from); err != nil {
		return nil, err
	}
	o := load.Options{Format: from, Math: session.MathText(envSettings{env}), Revisions: session.Revisions(envSettings{env})}
	if cmd == "changes" {
		// tw changes lists the changes and writes the text with them
		// accepted: the final text, whatever reading.revisions says.
		o.Revisions = load.RevisionsFinal
	}
	if path == session.StdinPath {
		data, rerr := readStdin(env.p, cmd, env.Stdin)
		if rerr != nil {
			return nil, rerr
		}
		if d, err = load.StdinBytes(data, o); err == nil {
			d.Meta.Path = path
		}
	} else {
		show, clear := terminalProgress(env, env.Stderr)
		o.Progress, o.BrailleTable = show, env.setting("braille.table")
		o.NoOCR, o.OCRLanguage = !env.settingBool("reading.ocr"), env.setting("reading.ocr_lang")
		d, err = load.FileOptions(path, o)
		clear()
		if errors.Is(err, doc.ErrPasswordRequired) {
			d, err = loadLocked(env, path)
		}
	}
	if err != nil {
		return nil, readFailure(env.p, cmd, path, err)
	}
	return d, nil
}

// addFromFlag gives a command that reads a document --from FORMAT, as
// pandoc takes it.
func addFromFlag(c *cobra.Command, from *string) {
	c.Flags().StringVar(from, "from", "", "read the document in this format: markdown, gfm, commonmark, html, latex, docx, odt, epub, rtf, plain... (else told from its name or content)")
}

// checkInputFormat refuses a --from that names no format tw reads.
func checkInputFormat(env Env, cmd, from string) error {
	if from == "" {
		return nil
	}
	if _, ok := load.InputExtension(from); !ok {
		return usage(env.p, cmd, env.tr("unknown input format %q", from))
	}
	return nil
}

// terminalProgress shows long loading work (OCR of scanned pages) on w
// when it is a terminal, on one line; clear wipes that line once loading
// is over. Nothing is shown on a pipe.
func terminalProgress(env Env, w io.Writer) (show func(done, total int, step string), clear func()) {
	if !isTerminal(w) {
		return nil, func() {}
	}
	shown := false
	return func(done, total int, step string) {
			shown = true
			line := env.tr("Recognising scanned %s %d of %d...", step, done+1, total)
			if step == "page" { // the one step the loader names today
				line = env.tr("Recognising scanned page %d of %d...", done+1, total)
			}
			fmt.Fprint(w, "\r"+line+"\x1b[K")
		}, func() {
			if shown {
				fmt.Fprint(w, "\r\x1b[K")
			}
		}
}

// envPassword names the environment variable that gives the password of
// an encrypted document to a command run without a terminal.
const envPassword = "TEXTWEAVER_PASSWORD"

// loadLocked loads an encrypted document with its password: the one in
// TEXTWEAVER_PASSWORD, else one asked for on the terminal, unechoed. (A
// password is never taken as an argument: other users see arguments.)
func loadLocked(env Env, path string) (*doc.Document, error) {
	if pw := env.Getenv(envPassword); pw != "" {
		return load.FileWithPassword(path, pw)
	}
	tty, err := os.OpenFile("/dev/tty", os.O_RDWR, 0)
	if err != nil || !term.IsTerminal(int(tty.Fd())) {
		if tty != nil {
			tty.Close()
		}
		return nil, &load.Error{Path: path, Reason: reasonNeedsPassword, Cause: doc.ErrPasswordRequired}
	}
	defer tty.Close()
	for attempt := 0; attempt < 3; attempt++ {
		pw, rerr := readPassword(tty, tty, env.tr("Password for %s: ", filepath.Base(path)))
		if rerr != nil || len(pw) == 0 {
			return nil, &load.Error{Path: path, Reason: reasonNoPassword, Cause: doc.ErrPasswordRequired}
		}
		d, err := load.FileWithPassword(path, string(pw))
		if !errors.Is(err, doc.ErrPasswordIncorrect) {
			return d, err
		}
		fmt.Fprintln(tty, env.tr("Wrong password."))
	}
	return nil, &load.Error{Path: path, Reason: reasonWrongPassword, Cause: doc.ErrPasswordIncorrect}
}

// readInput reads a small input a command takes whole (a settings file, a
// Markdown file to check): standard input for "-", else a regular file;
// more than limit bytes is refused, never read into memory.
func readInput(env Env, name string, limit int64) ([]byte, error) {
	var r io.Reader = env.Stdin
	if name != "-" {
		fi, err := os.Stat(name)
		if err != nil {
			return nil, err
		}
		if !fi.Mode().IsRegular() {
			return nil, errors.New("not a regular file")
		}
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err == nil && int64(len(data)) > limit {
		err = fmt.Errorf("larger than %d MB", max(limit>>20, 1))
	}
	return data, err
}

// envSettings reads the command's settings (Env.setting, Env.settingBool).
type envSettings struct{ env Env }

func (e envSettings) String(path string) string { return e.env.setting(path) }
func (e envSettings) Bool(path string) bool     { return e.env.settingBool(path) }
