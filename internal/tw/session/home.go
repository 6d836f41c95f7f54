package session

import (
	"os"
	"path/filepath"

	"textfirst/internal/atomicfile"
	"textfirst/internal/tw/docstate"
	"textfirst/internal/tw/settings"
)

// logName is the session log's file name in the state folder.
const logName = "textweaver.log"

// privateHome makes the home readable by its owner only: the folders from
// home down to the state folder and the documents' folder 0700, and
// settings.toml, the log and the documents' state and lock files 0600,
// tightening those an older tw left looser. Nothing else in home is
// touched: home may be a folder the user named.
func privateHome(home string) error {
	st := docstate.Store{Home: home}
	if err := atomicfile.MkdirPrivate(home, st.StateDir()); err != nil {
		return err
	}
	if err := atomicfile.Tighten(st.DocumentsDir(), atomicfile.PrivateDir); err != nil {
		return err
	}
	for _, f := range []string{settings.File(home), filepath.Join(st.StateDir(), logName)} {
		if err := atomicfile.Tighten(f, atomicfile.PrivateFile); err != nil {
			return err
		}
	}
	entries, err := os.ReadDir(st.DocumentsDir())
	if err != nil {
		return nil // no state yet
	}
	for _, e := range entries {
		if e.Type().IsRegular() {
			if err := atomicfile.Tighten(filepath.Join(st.DocumentsDir(), e.Name()), atomicfile.PrivateFile); err != nil {
				return err
			}
		}
	}
	return nil
}
