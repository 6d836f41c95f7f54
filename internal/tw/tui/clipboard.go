package tui

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"time"
)

// copyToSystem puts copied text on the system clipboard as well as tw's
// own: through the terminal (OSC 52, which xterm-like terminals and tmux
// take, even over ssh), and through wl-copy or xclip when a desktop
// session is there. The helper runs in the background so a slow or stuck
// one never holds up a key.
func (r *Reader) copyToSystem(text string) {
	r.scr.SetClipboard([]byte(text))
	if name, args := systemCopier(os.Getenv, exec.LookPath); name != "" {
		go runCopier(name, args, text)
	}
}

// systemCopier chooses the desktop's clipboard command: wl-copy under
// Wayland, xclip (else xsel) under X; "" when there is neither.
func systemCopier(getenv func(string) string, look func(string) (string, error)) (string, []string) {
	type copier struct {
		env, name string
		args      []string
	}
	for _, c := range []copier{
		{"WAYLAND_DISPLAY", "wl-copy", nil},
		{"DISPLAY", "xclip", []string{"-selection", "clipboard", "-in"}},
		{"DISPLAY", "xsel", []string{"--clipboard", "--input"}},
	} {
		if getenv(c.env) == "" {
			continue
		}
		if path, err := look(c.name); err == nil {
			return path, c.args
		}
	}
	return "", nil
}

func runCopier(name string, args []string, text string) {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Stdin = strings.NewReader(text)
	// xclip stays in the background to own the selection; its output is
	// not ours to wait for.
	cmd.Stdout, cmd.Stderr = nil, nil
	_ = cmd.Run()
}
