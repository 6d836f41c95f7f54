package tui

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"textfirst/internal/testkit"
)

func TestSystemCopierChoice(t *testing.T) {
	have := func(names ...string) func(string) (string, error) {
		return func(n string) (string, error) {
			for _, h := range names {
				if h == n {
					return "/usr/bin/" + n, nil
				}
			}
			return "", errors.New("not found")
		}
	}
	tests := []struct {
		name string
		env  map[string]string
		look func(string) (string, error)
		want string
	}{
		{"wayland", map[string]string{"WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"}, have("wl-copy", "xclip"), "/usr/bin/wl-copy"},
		{"x with xclip", map[string]string{"DISPLAY": ":0"}, have("xclip", "xsel"), "/usr/bin/xclip"},
		{"x with only xsel", map[string]string{"DISPLAY": ":0"}, have("xsel"), "/usr/bin/xsel"},
		{"wayland without wl-copy falls back to X", map[string]string{"WAYLAND_DISPLAY": "w", "DISPLAY": ":0"}, have("xclip"), "/usr/bin/xclip"},
		{"no desktop", map[string]string{}, have("xclip", "wl-copy"), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _ := systemCopier(func(k string) string { return tt.env[k] }, tt.look)
			if got != tt.want {
				t.Errorf("copier %q, want %q", got, tt.want)
			}
		})
	}
}

// TestTmuxCopyToXClipboard: Ctrl+C in the real reader puts the sentence
// on a real X clipboard (through xclip), read back by another client.
func TestTmuxCopyToXClipboard(t *testing.T) {
	t.Parallel() // its own tmux server, home and files
	if _, err := exec.LookPath("xclip"); err != nil {
		t.Fatal("xclip is not installed; run scripts/deps-tui.sh")
	}
	display := testkit.StartXvfb(t)
	s := startSample(t, 100, 30, "DISPLAY="+display)
	s.press([]step{
		{"", "", "Opened A Walk Through the Lighthouse."},
		{"", "h", "Heading level 2: Getting around"},
		{"", "M-.", "Reading by ear works best in small steps."},
		{"", "C-c", "Copied the sentence: Reading by ear"},
	})
	want := "Reading by ear works best in small steps."
	// Generous: under load xclip may take a while to own the selection.
	deadline := time.Now().Add(30 * time.Second)
	for {
		cmd := exec.Command("xclip", "-o", "-selection", "clipboard")
		cmd.Env = append(os.Environ(), "DISPLAY="+display)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if string(out) == want {
			break
		}
		if time.Now().After(deadline) {
			owners, _ := exec.Command("pgrep", "-a", "xclip").Output()
			t.Fatalf("the X clipboard holds %q, want %q (xclip -o: %v %s; xclip processes: %q)",
				out, want, err, strings.TrimSpace(stderr.String()), owners)
		}
		time.Sleep(50 * time.Millisecond)
	}
	s.quit()
}
