//go:build unix

package cli_test

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"

	"textfirst/internal/testkit"
)

// lockedPDF is the conformance fixture notes.pdf encrypted with the user
// password "open-sesame".
func lockedPDF(t *testing.T) string {
	t.Helper()
	return testkit.EncryptedPDF(t, filepath.Join(t.TempDir(), "locked.pdf"), "open-sesame")
}

// TestEncryptedPDFWithoutTerminal: with no terminal to ask on, the password
// comes from TEXTWEAVER_PASSWORD; without it the error says how to give it.
func TestEncryptedPDFWithoutTerminal(t *testing.T) {
	pdf := lockedPDF(t)
	cases := []struct {
		name, password string
		code           int
		stdout, stderr string
	}{
		{"no password", "", 1, "", "Error: tw text: cannot read " + pdf + ": it is encrypted and needs a password. Give its password in TEXTWEAVER_PASSWORD, or run the command on a terminal to be asked for it.\n"},
		{"wrong password", "sesame", 1, "", "Error: tw text: cannot read " + pdf + ": the password is incorrect. Check the password and try again.\n"},
		{"right password", "open-sesame", 0, "Notes at the Foot", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(testkit.Binary(t, "tw"), "text", pdf)
			cmd.SysProcAttr = detached()
			cmd.Env = append(cmd.Environ(), "TEXTWEAVER_PASSWORD="+tc.password)
			var out, errb bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errb
			err := cmd.Run()
			code := 0
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			}
			if code != tc.code || !strings.HasPrefix(out.String(), tc.stdout) || errb.String() != tc.stderr {
				t.Errorf("exit %d, stdout %.40q, stderr %q; want %d, %q..., %q", code, out.String(), errb.String(), tc.code, tc.stdout, tc.stderr)
			}
		})
	}
}

// TestEncryptedPDFAsksOnTerminal: on a terminal, tw text asks for the
// password without echoing it, says a wrong one is wrong, and reads the
// document with the right one.
func TestEncryptedPDFAsksOnTerminal(t *testing.T) {
	pdf := lockedPDF(t)
	for _, tc := range []struct{ lang, prompt, wrong string }{
		{"en", "Password for locked.pdf: ", "Wrong password."},
		{"fr", "Mot de passe de locked.pdf : ", "Mot de passe incorrect."},
	} {
		t.Run(tc.lang, func(t *testing.T) { asksOnTerminal(t, pdf, homeIn(t, tc.lang), tc.prompt, tc.wrong) })
	}
}

// asksOnTerminal runs tw text of a locked PDF on a pseudo-terminal with
// home's settings and answers its prompt wrong, then right.
func asksOnTerminal(t *testing.T, pdf, home, prompt, wrong string) {
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer ptmx.Close()
	var out bytes.Buffer
	cmd := exec.Command(testkit.Binary(t, "tw"), "text", pdf)
	cmd.Env = append(cmd.Environ(), "TEXTWEAVER_HOME="+home)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = tty, &out, tty
	// The pseudo-terminal becomes the controlling terminal: /dev/tty.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	tty.Close()
	shown := shownOn(ptmx)
	waitFor := func(want string, count int) {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
			s := shown()
			if strings.Count(s, want) >= count {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("waited for %q; the terminal shows %q", want, s)
			}
		}
	}
	waitFor(prompt, 1)
	ptmx.Write([]byte("sesame\r"))
	waitFor(wrong, 1)
	waitFor(prompt, 2)
	ptmx.Write([]byte("open-sesame\r"))
	if err := cmd.Wait(); err != nil {
		t.Fatalf("tw text: %v; terminal %q", err, shown())
	}
	if !strings.HasPrefix(out.String(), "Notes at the Foot") {
		t.Errorf("stdout = %.60q", out.String())
	}
	if s := shown(); strings.Contains(s, "sesame") {
		t.Errorf("the password was echoed: %q", s)
	}
}

// TestScanProgressOnTerminalOnly: tw text of a scanned PDF shows which page
// it is recognising on a terminal, and wipes the line after; on a pipe,
// standard error stays empty.
func TestScanProgressOnTerminalOnly(t *testing.T) {
	dir := t.TempDir()
	scan := testkit.FaxScan(t, filepath.Join(testkit.Path(t, "conformance", "textweaver"), "single.pdf"), dir)
	cmd, shown, out := ttyRun(t, "text", scan)
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "Accessible Reading") {
		t.Errorf("stdout = %.80q", out.String())
	}
	for deadline := time.Now().Add(5 * time.Second); !strings.Contains(shown(), "\r\x1b[K") && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	if s := shown(); !strings.Contains(s, "Recognising scanned page 1 of 1...") || !strings.HasSuffix(s, "\r\x1b[K") {
		t.Errorf("terminal shows %q, want the progress line, then wiped", s)
	}
	c := exec.Command(testkit.Binary(t, "tw"), "text", scan)
	var errb bytes.Buffer
	c.Stderr = &errb
	if err := c.Run(); err != nil || errb.Len() != 0 {
		t.Errorf("on a pipe: %v, stderr %q", err, errb.String())
	}
}
