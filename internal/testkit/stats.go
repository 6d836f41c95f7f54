package testkit

import (
	"slices"
	"time"
)

// Median is the middle value of v (the upper one of the two middle values
// when v has an even length), or 0 for no values; v is left as it is.
func Median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	return s[len(s)/2]
}

// Millis is d in milliseconds, to the microsecond.
func Millis(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
