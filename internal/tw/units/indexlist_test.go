package units

import (
	"math/rand/v2"
	"testing"
)

// TestIndexListRoundTrip packs ascending lists whose gaps fit one byte,
// two bytes or neither, and reads every entry back.
func TestIndexListRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, widest := range []uint32{1, 200, 255, 256, 60000, 65535, 65536, 1 << 28} {
		for _, n := range []int{0, 1, blockLen - 1, blockLen, blockLen + 1, 1000} {
			idx := make([]uint32, n)
			v := uint32(rng.IntN(1000))
			for i := range idx {
				idx[i] = v
				v += rng.Uint32N(widest) + 1
			}
			if n > 2 {
				// One gap of exactly the widest size, inside a block.
				shift := widest - (idx[2] - idx[1])
				for i := 2; i < n; i++ {
					idx[i] += shift
				}
			}
			l := newIndexList(idx)
			if l.len() != n {
				t.Fatalf("widest %d, n %d: len %d", widest, n, l.len())
			}
			for i, want := range idx {
				if got := l.at(i); got != int(want) {
					t.Fatalf("widest %d, n %d: entry %d is %d, want %d", widest, n, i, got, want)
				}
			}
		}
	}
	var none *indexList
	if none.len() != 0 {
		t.Fatal("a nil list has entries")
	}
}
