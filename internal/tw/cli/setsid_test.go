//go:build unix

package cli_test

import "syscall"

// newSession starts a child without a controlling terminal (no /dev/tty).
func newSession() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setsid: true} }
