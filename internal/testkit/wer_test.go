package testkit

import "testing"

func TestWER(t *testing.T) {
	tests := []struct {
		ref, got string
		want     float64
	}{
		{"The cell, the nucleus.", "the cell the nucleus", 0},
		{"one two three four", "one three two four", 0.5}, // out of order: two substitutions
		{"one two three four", "one two four", 0.25},
		{"Note 1 reads [2] here", "note reads here", 0},
		{"", "anything", 1}, // nothing expected: every word is an insertion
	}
	for _, tc := range tests {
		if got := WER(Words(tc.ref), Words(tc.got)); got != tc.want {
			t.Errorf("WER(%q, %q) = %v, want %v", tc.ref, tc.got, got, tc.want)
		}
	}
}
