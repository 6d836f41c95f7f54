//go:build !unix

package tw_test

import "time"

// cpuTime is not measured where getrusage does not exist.
func cpuTime() time.Duration { return 0 }
