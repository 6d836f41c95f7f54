//go:build unix

package cli_test

import "syscall"

// detached starts a child without a controlling terminal (no /dev/tty).
func detached() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setsid: true} }
