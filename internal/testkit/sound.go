package testkit

import (
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// SoundSeconds is how long the sound file at path lasts, as sox reads its
// header (`sox --i -D`); it fails the test when sox cannot read the file or
// is missing (scripts/deps-speech.sh installs it).
func SoundSeconds(t testing.TB, path string) float64 {
	t.Helper()
	out, err := exec.Command("sox", "--i", "-D", path).Output()
	if err != nil {
		t.Fatalf("sox --i -D %s: %v (is sox installed? run scripts/deps-speech.sh)", path, err)
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(string(out)), 64)
	if err != nil {
		t.Fatalf("sox --i -D %s said %q", path, out)
	}
	return v
}
