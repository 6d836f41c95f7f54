package speechd

import "time"

// SetWatchEvery shortens the stopped-daemon watch for tests.
func SetWatchEvery(d time.Duration) (restore func()) {
	old := watchEvery
	watchEvery = d
	return func() { watchEvery = old }
}
