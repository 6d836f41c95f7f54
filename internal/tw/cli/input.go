package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/session"
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
		d, err = load.File(path)
	}
	if err != nil {
		return nil, readFailure(cmd, path, err)
	}
	return d, nil
}
