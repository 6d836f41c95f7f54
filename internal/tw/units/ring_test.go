package units

import (
	"slices"
	"testing"
)

func TestRingKeepsTheLastKeys(t *testing.T) {
	tests := []struct {
		name  string
		size  int
		asks  []int
		built []int // the keys whose value had to be made, in order
	}{
		{"a key asked again is kept", 2, []int{1, 1, 1}, []int{1}},
		{"two keys alternate within the size", 2, []int{1, 2, 1, 2}, []int{1, 2}},
		{"the oldest gives way", 2, []int{1, 2, 3, 1}, []int{1, 2, 3, 1}},
		{"a size below one keeps one", 0, []int{5, 5, 6, 5}, []int{5, 6, 5}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newRing[int, string](tt.size)
			var built []int
			for _, k := range tt.asks {
				got := r.get(k, func() string {
					built = append(built, k)
					return string(rune('a' + k))
				})
				if want := string(rune('a' + k)); got != want {
					t.Fatalf("get(%d) = %q, want %q", k, got, want)
				}
			}
			if !slices.Equal(built, tt.built) {
				t.Errorf("made values for %v, want %v", built, tt.built)
			}
		})
	}
}
