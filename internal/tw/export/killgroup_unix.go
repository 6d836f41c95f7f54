//go:build unix

package export

import (
	"os/exec"
	"syscall"
)

// killGroup makes cancelling cmd end LibreOffice's whole process group:
// soffice is a script that starts soffice.bin, which would live on.
func killGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
