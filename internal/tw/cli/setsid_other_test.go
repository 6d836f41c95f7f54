//go:build !unix

package cli_test

import "syscall"

func detached() *syscall.SysProcAttr { return nil }
