package atspi

import (
	"errors"
	"os"
	"os/exec"
	"testing"
	"time"
)

// TestDescribeFailure: an application whose process has gone is reported
// as exited, whatever its calls said; a live one by its failure.
func TestDescribeFailure(t *testing.T) {
	live := exec.Command("sleep", "30")
	if err := live.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { live.Process.Kill(); live.Wait() }()
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	zombie := exec.Command("true")
	if err := zombie.Start(); err != nil {
		t.Fatal(err)
	}
	defer zombie.Wait()
	// Not reaped yet: a zombie has exited too.
	for deadline := time.Now().Add(2 * time.Second); !processGone(zombie.Process.Pid) && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	tests := []struct {
		name string
		err  error
		pid  int
		want string
	}{
		{"live, timed out", noAnswer(1500 * time.Millisecond), live.Process.Pid, "no answer within 1500 ms"},
		{"live, disconnected", errDisconnected, live.Process.Pid, "disconnected"},
		{"exited, timed out", noAnswer(700 * time.Millisecond), dead.Process.Pid, "exited"},
		{"exited, disconnected", errDisconnected, dead.Process.Pid, "exited"},
		{"zombie", errDisconnected, zombie.Process.Pid, "exited"},
		{"unknown pid", errors.New("boom"), 0, "boom"},
	}
	for _, tt := range tests {
		if got := describeFailure(tt.err, tt.pid); got != tt.want {
			t.Errorf("%s: describeFailure = %q, want %q", tt.name, got, tt.want)
		}
	}
	if processGone(os.Getpid()) {
		t.Error("processGone says this process is gone")
	}
}
