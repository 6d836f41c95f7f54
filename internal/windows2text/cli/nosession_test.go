//go:build linux

package cli

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"textfirst/internal/testkit"
	"textfirst/internal/windows2text/desktoptest"
)

// TestNoDesktopSessionLeavesNoDaemons runs the real windows2text with no
// desktop session (no DBUS_SESSION_BUS_ADDRESS, no AT-SPI bus, no session
// bus socket), with and without a bare X display, and ends it every way a
// client can: a one-shot command, stdin closed, SIGTERM. It must say why it
// cannot work and leave no process behind: before the fix godbus ran
// dbus-launch and asking that bus for org.a11y.Bus started
// at-spi-bus-launcher, a second dbus-daemon and the registry, all of which
// outlived windows2text.
//
// The daemons are double-forked to init, so they are not children to
// count: each run carries a unique variable in its environment, which
// every process it causes inherits, and /proc is searched for it. Other
// tests' desktops on the machine never match.
func TestNoDesktopSessionLeavesNoDaemons(t *testing.T) {
	bin := testkit.Binary(t, "windows2text")
	display := bareDisplay(t)
	type ending int
	const (
		oneShot ending = iota
		closeStdin
		sigterm
	)
	cases := []struct {
		name    string
		display string
		args    []string
		end     ending
	}{
		{"windows without a display", "", []string{"windows"}, oneShot},
		{"snapshot without a display", "", []string{"snapshot", "--scope", "desktop"}, oneShot},
		{"serve, stdin closed", "", []string{"serve"}, closeStdin},
		{"serve, SIGTERM", "", []string{"serve"}, sigterm},
		{"mcp, stdin closed", "", []string{"mcp"}, closeStdin},
		{"windows on a bare display", display, []string{"windows"}, oneShot},
		{"serve on a bare display, stdin closed", display, []string{"serve"}, closeStdin},
		{"serve on a bare display, SIGTERM", display, []string{"serve"}, sigterm},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			marker := "W2T_LEAK_PROBE=" + randomHex(t)
			home := t.TempDir()
			env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "LANG=C.UTF-8", marker,
				// A runtime folder of our own: no session bus socket in it.
				"XDG_RUNTIME_DIR=" + t.TempDir()}
			if c.display != "" {
				env = append(env, "DISPLAY="+c.display)
			}
			cmd := exec.Command(bin, c.args...)
			cmd.Env = env
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			in, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// A helper that starts is given a request, as a client would.
			in.Write([]byte(`{"id":1,"method":"ping"}` + "\n"))
			switch c.end {
			case oneShot:
			case closeStdin:
				time.Sleep(300 * time.Millisecond)
				in.Close()
			case sigterm:
				time.Sleep(300 * time.Millisecond)
				cmd.Process.Signal(syscall.SIGTERM)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case <-done:
			case <-time.After(30 * time.Second):
				cmd.Process.Kill()
				<-done
				t.Fatalf("windows2text %v did not end", c.args)
			}
			if code := cmd.ProcessState.ExitCode(); code != 1 {
				t.Errorf("exit status %d, want 1 (it cannot read a desktop)", code)
			}
			if !strings.Contains(stderr.String(), "no desktop session") {
				t.Errorf("stderr %q does not say there is no desktop session", stderr.String())
			}
			// Daemons may take a moment to appear; give them one.
			time.Sleep(500 * time.Millisecond)
			if left := processesWith(marker); len(left) > 0 {
				for _, p := range left {
					syscall.Kill(p.pid, syscall.SIGKILL)
				}
				t.Errorf("windows2text %v left %d processes running: %v", c.args, len(left), left)
			}
		})
	}
}

type leftProcess struct {
	pid  int
	args string
}

// processesWith lists the processes whose environment holds entry.
func processesWith(entry string) []leftProcess {
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	var out []leftProcess
	for _, d := range dirs {
		env, err := os.ReadFile(filepath.Join(d, "environ"))
		if err != nil || !bytes.Contains(env, []byte("\x00"+entry+"\x00")) && !bytes.HasPrefix(env, []byte(entry+"\x00")) {
			continue
		}
		pid, _ := strconv.Atoi(filepath.Base(d))
		args, _ := os.ReadFile(filepath.Join(d, "cmdline"))
		out = append(out, leftProcess{pid, strings.ReplaceAll(strings.TrimRight(string(args), "\x00"), "\x00", " ")})
	}
	return out
}

func randomHex(t *testing.T) string {
	b := make([]byte, 8)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(b)
}

// bareDisplay starts an Xvfb with nothing on it: no AT_SPI_BUS property,
// no session bus.
func bareDisplay(t *testing.T) string {
	t.Helper()
	x := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", "640x480x24", "-nolisten", "tcp")
	x.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	t.Cleanup(func() {
		if x.Process != nil {
			x.Process.Kill()
			x.Wait()
		}
	})
	num, err := desktoptest.StartReporting(x, "its display")
	if err != nil {
		t.Fatal(err)
	}
	return ":" + num
}
