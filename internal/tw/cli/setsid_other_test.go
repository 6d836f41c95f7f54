//go:build !unix

package cli_test

import "syscall"

func newSession() *syscall.SysProcAttr { return nil }
