//go:build !unix

package export

import "os/exec"

// killGroup: elsewhere cancelling kills the command itself.
func killGroup(cmd *exec.Cmd) {}
