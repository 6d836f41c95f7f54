package session

import (
	"errors"
	"io"
	"os"
	"path/filepath"

	"textfirst/internal/atomicfile"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/docstate"
	"textfirst/internal/tw/settings"
)

// logName is the session log's file name in the state folder.
const logName = "textweaver.log"

// privateHome makes the home readable by its owner only: the folders from
// home down to the state folder and the documents' folder 0700, and
// settings.toml, the log and the documents' state and lock files 0600,
// tightening those an older tw left looser. Nothing else in home is
// touched: home may be a folder the user named. It goes on past a file it
// cannot tighten, and returns the errors together.
func privateHome(home string) error {
	st := docstate.Store{Home: home}
	if err := atomicfile.MkdirPrivate(home, st.StateDir()); err != nil {
		return err
	}
	// The documents' files were written private unless their folder was
	// left open by an older tw: only then are they walked, so a start
	// costs no walk of a large library.
	open := false
	if info, err := os.Stat(st.DocumentsDir()); err == nil {
		open = info.Mode().Perm()&^atomicfile.PrivateDir != 0
	}
	errs := []error{atomicfile.Tighten(st.DocumentsDir(), atomicfile.PrivateDir)}
	files := []string{settings.File(home), filepath.Join(st.StateDir(), logName)}
	if entries, err := os.ReadDir(st.DocumentsDir()); open && err == nil {
		for _, e := range entries {
			if e.Type().IsRegular() {
				files = append(files, filepath.Join(st.DocumentsDir(), e.Name()))
			}
		}
	}
	for _, f := range files {
		errs = append(errs, atomicfile.Tighten(f, atomicfile.PrivateFile))
	}
	return errors.Join(errs...)
}

// publicLines writes log lines with the web addresses in them stripped of
// their credentials (doc.PublicAddresses). A log.Logger writes each line
// with one Write.
type publicLines struct{ w io.Writer }

func (p publicLines) Write(b []byte) (int, error) {
	if _, err := io.WriteString(p.w, doc.PublicAddresses(string(b))); err != nil {
		return 0, err
	}
	return len(b), nil
}
