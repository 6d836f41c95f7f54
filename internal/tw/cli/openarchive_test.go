package cli_test

import (
	"archive/zip"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// tw open takes a file inside an archive, by the name the archive lists it
// under (even ../x.txt): it reaches the reader, which then finds no
// terminal in a test, instead of stopping at "no such file".
func TestOpenArchiveMember(t *testing.T) {
	dir := t.TempDir()
	f, err := os.Create(filepath.Join(dir, "names.zip"))
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	for _, name := range []string{"ch1.txt", "../x.txt"} {
		w, _ := zw.Create(name)
		w.Write([]byte("Some text.\n"))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	for _, member := range []string{"ch1.txt", "../x.txt"} {
		cmd := exec.Command(twBinary(t), "open", "names.zip!"+member, "--no-speech")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "TEXTWEAVER_HOME="+filepath.Join(dir, "home"), "TERM=")
		out, err := cmd.CombinedOutput()
		ee, _ := err.(*exec.ExitError)
		if ee == nil || ee.ExitCode() != 1 || !strings.HasPrefix(string(out), "Error: tw open: cannot use the terminal") {
			t.Errorf("tw open names.zip!%s: %v, %q", member, err, out)
		}
	}
}
