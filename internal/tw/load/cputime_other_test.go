//go:build !unix

package load

// cpuTime is not measured where getrusage does not exist.
func cpuTime() int64 { return 0 }
