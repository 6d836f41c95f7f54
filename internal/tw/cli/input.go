package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/session"

	"golang.org/x/term"
)

// readFailure is the one wording of a document that could not be read:
// "tw CMD: cannot read PATH: REASON. What to do."
func readFailure(cmd, path string, err error) error {
	reason, todo := err.Error(), "Check the path and try again."
	var le *load.Error
	if errors.As(err, &le) {
		reason = le.Reason
		switch le.Reason {
		case load.ReasonFolder:
			todo = "Give a file, not a folder."
		case "it is encrypted and needs a password", "it is encrypted and no password was given":
			todo = "Give its password in " + EnvPassword + ", or run the command on a terminal to be asked for it."
		case "the password is incorrect":
			todo = "Check the password and try again."
		case load.ReasonBinary:
			todo = "Give a document tw reads: text, Markdown, HTML, EPUB, DOCX, ODT, RTF, PDF and more (see tw help text)."
		}
	}
	if path == session.StdinPath {
		path = "standard input"
	}
	if doc.IsWebAddress(path) && todo == "Check the path and try again." {
		todo = "Check the address and the network connection."
	}
	return fail(1, fmt.Sprintf("tw %s: cannot read %s: %s", cmd, path, reason), todo)
}

// readStdin reads all of standard input, up to load.MaxSize.
func readStdin(cmd string, in io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(in, load.MaxSize+1))
	if err != nil {
		return nil, readFailure(cmd, session.StdinPath, err)
	}
	return data, nil
}

// loadDoc loads the document a command reads: a file, or standard input
// for "-" (its format told from its content: a PDF, a ZIP-based document,
// HTML, JSON, else text).
func loadDoc(env Env, cmd, path string) (*doc.Document, error) {
	var d *doc.Document
	var err error
	if path == session.StdinPath {
		data, rerr := readStdin(cmd, env.Stdin)
		if rerr != nil {
			return nil, rerr
		}
		if d, err = load.Stdin(bytes.NewReader(data), 0, ""); err == nil {
			d.Meta.Path = path
		}
	} else {
		show, clear := terminalProgress(env.Stderr)
		d, err = load.FileOptions(path, load.Options{Progress: show})
		clear()
		if errors.Is(err, doc.ErrPasswordRequired) {
			d, err = loadLocked(env, path)
		}
	}
	if err != nil {
		return nil, readFailure(cmd, path, err)
	}
	return d, nil
}

// terminalProgress shows long loading work (OCR of scanned pages) on w
// when it is a terminal, on one line; clear wipes that line once loading
// is over. Nothing is shown on a pipe.
func terminalProgress(w io.Writer) (show func(done, total int, step string), clear func()) {
	if !isTerminal(w) {
		return nil, func() {}
	}
	shown := false
	return func(done, total int, step string) {
			shown = true
			fmt.Fprintf(w, "\rRecognising scanned %s %d of %d...\x1b[K", step, done+1, total)
		}, func() {
			if shown {
				fmt.Fprint(w, "\r\x1b[K")
			}
		}
}

// EnvPassword names the environment variable that gives the password of
// an encrypted document to a command run without a terminal.
const EnvPassword = "TEXTWEAVER_PASSWORD"

// loadLocked loads an encrypted document with its password: the one in
// TEXTWEAVER_PASSWORD, else one asked for on the terminal, unechoed. (A
// password is never taken as an argument: other users see arguments.)
func loadLocked(env Env, path string) (*doc.Document, error) {
	if pw := env.Getenv(EnvPassword); pw != "" {
		return load.FileWithPassword(path, pw)
	}
	tty, err := os.OpenFile("/dev/tty", os.O_RDWR, 0)
	if err != nil || !term.IsTerminal(int(tty.Fd())) {
		if tty != nil {
			tty.Close()
		}
		return nil, &load.Error{Path: path, Reason: "it is encrypted and needs a password", Cause: doc.ErrPasswordRequired}
	}
	defer tty.Close()
	for attempt := 0; attempt < 3; attempt++ {
		fmt.Fprintf(tty, "Password for %s: ", filepath.Base(path))
		pw, rerr := term.ReadPassword(int(tty.Fd()))
		fmt.Fprintln(tty)
		if rerr != nil || len(pw) == 0 {
			return nil, &load.Error{Path: path, Reason: "it is encrypted and no password was given", Cause: doc.ErrPasswordRequired}
		}
		d, err := load.FileWithPassword(path, string(pw))
		if !errors.Is(err, doc.ErrPasswordIncorrect) {
			return d, err
		}
		fmt.Fprintln(tty, "Wrong password.")
	}
	return nil, &load.Error{Path: path, Reason: "the password is incorrect", Cause: doc.ErrPasswordIncorrect}
}
