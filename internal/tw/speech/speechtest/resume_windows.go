//go:build windows

package speechtest

import "os"

// resume does nothing: Windows has no stopped processes to continue.
func resume(*os.Process) {}
