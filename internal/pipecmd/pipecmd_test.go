package pipecmd

import (
	"bufio"
	"os/exec"
	"testing"
)

// TestStartEchoes: what is written to the program's stdin comes back from
// its stdout, and a program that cannot start is an error.
func TestStartEchoes(t *testing.T) {
	cmd := exec.Command("cat")
	in, out, err := Start(cmd)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := in.Write([]byte("hello\n")); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || line != "hello\n" {
		t.Errorf("read %q, %v; want \"hello\\n\"", line, err)
	}
	in.Close()
	if err := cmd.Wait(); err != nil {
		t.Errorf("cat: %v", err)
	}
	if _, _, err := Start(exec.Command("/nonexistent/program")); err == nil {
		t.Error("a program that does not exist started")
	}
}
