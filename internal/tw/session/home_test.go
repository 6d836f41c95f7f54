//go:build unix

package session

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/atomicfile"
)

// A session makes the home private: a home an older tw left readable by
// all (folders 0755, files 0644) is tightened when the session starts, and
// what it writes (the log, a document's state and its lock, the settings)
// is 0600 in folders of 0700.
func TestSessionMakesTheHomePrivate(t *testing.T) {
	h := t.TempDir()
	docs := filepath.Join(h, "data", "state", "documents")
	if err := os.MkdirAll(docs, 0o755); err != nil {
		t.Fatal(err)
	}
	for p, data := range map[string]string{
		filepath.Join(h, "settings.toml"):                         "[display]\nlanguage = \"en\"\n",
		filepath.Join(h, "data", "state", "textweaver.log"):       "old line\n",
		filepath.Join(docs, "0123456789abcdef01234567.json"):      `{"path": "/old.md"}` + "\n",
		filepath.Join(docs, "0123456789abcdef01234567.json.lock"): "",
	} {
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		os.Chmod(p, 0o644)
	}
	for _, d := range []string{h, filepath.Join(h, "data"), filepath.Join(h, "data", "state"), docs} {
		os.Chmod(d, 0o755)
	}
	file := filepath.Join(t.TempDir(), "notes.md")
	os.WriteFile(file, []byte("# Notes\n\nOne line. Two lines.\n"), 0o644)

	s := Open(Options{Home: h, Backend: "null", NoSpeech: true})
	if err := s.App.Open(file); err != nil {
		t.Fatal(err)
	}
	s.App.Action("next_sentence", nil)
	s.App.Action("toggle_bookmark", nil)
	if _, err := s.Settings.Set("display.language", "fr"); err != nil {
		t.Fatal(err)
	}
	s.Close()

	states := 0
	err := filepath.WalkDir(h, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := e.Info()
		if err != nil {
			return err
		}
		want := atomicfile.PrivateFile
		if e.IsDir() {
			want = atomicfile.PrivateDir
		}
		if got := fi.Mode().Perm(); got != want {
			t.Errorf("%s: mode %v, want %v", p, got, want)
		}
		if filepath.Dir(p) == docs && filepath.Ext(p) == ".json" {
			states++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if states != 2 {
		t.Errorf("%d state files, want the old one and the one of notes.md", states)
	}
}

// The log keeps no web address's user name, password or token.
func TestLogKeepsNoAddressCredentials(t *testing.T) {
	h := t.TempDir()
	s := Open(Options{Home: h, Backend: "null", NoSpeech: true})
	s.Logger.Printf("cannot open https://reader:hunter2@example.org/b.html?access_token=s3cr3t&page=2: timeout")
	s.Close()
	data, err := os.ReadFile(filepath.Join(h, "data", "state", logName))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "cannot open https://example.org/b.html?page=2: timeout") {
		t.Errorf("the log:\n%s", data)
	}
	for _, secret := range []string{"reader", "hunter2", "s3cr3t"} {
		if strings.Contains(string(data), secret) {
			t.Errorf("the log holds %q:\n%s", secret, data)
		}
	}
}
