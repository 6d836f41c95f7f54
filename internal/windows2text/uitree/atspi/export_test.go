package atspi

// SetBatchHook makes f run before every batch of calls to an application
// (see testHookBatch); the returned function removes it. Not safe while a
// request runs.
func SetBatchHook(f func(pid int)) (restore func()) {
	testHookBatch = f
	return func() { testHookBatch = nil }
}
