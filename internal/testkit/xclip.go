package testkit

import (
	"bufio"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// StartXvfb starts a private X server and returns its display (":5").
// The server never resets: by default Xvfb resets when its last client
// leaves, and a clipboard owner connecting while a reader's short
// connection closes could be cut off by that reset. It ends with the
// test.
func StartXvfb(t testing.TB) string {
	t.Helper()
	Tool(t, "Xvfb", "scripts/deps-tui.sh")
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("Xvfb", "-displayfd", "3", "-nolisten", "tcp", "-noreset", "-screen", "0", "640x480x24")
	cmd.ExtraFiles = []*os.File{w}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line := make(chan string, 1)
	go func() {
		s, _ := bufio.NewReader(r).ReadString('\n')
		line <- strings.TrimSpace(s)
	}()
	select {
	case n := <-line:
		if n == "" {
			t.Fatal("Xvfb gave no display number")
		}
		return ":" + n
	case <-time.After(30 * time.Second):
		t.Fatal("Xvfb did not start")
	}
	return ""
}

// OfferOnXClipboard puts data on display's clipboard as target (such as
// "text/html") with a real xclip, which serves it until the test ends,
// and waits until the clipboard offers it.
func OfferOnXClipboard(t testing.TB, display, target, data string) {
	t.Helper()
	Tool(t, "xclip", "scripts/deps-tui.sh")
	cmd := exec.Command("xclip", "-quiet", "-selection", "clipboard", "-t", target, "-i")
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	cmd.Stdin = strings.NewReader(data)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	// Generous: under load xclip may take a while to own the selection.
	deadline := time.Now().Add(60 * time.Second)
	for {
		q := exec.Command("xclip", "-selection", "clipboard", "-o", "-t", "TARGETS")
		q.Env = cmd.Env
		if out, _ := q.Output(); strings.Contains(string(out), target) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the X clipboard never offered %s", target)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
