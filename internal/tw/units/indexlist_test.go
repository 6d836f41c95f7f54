package units

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"textfirst/internal/tw/doc"
)

// newIndexList packs idx, which must be ascending, as Warm does.
func newIndexList(idx []uint32) *indexList {
	var p indexPlan
	for _, v := range idx {
		p.see(v)
	}
	l := p.list()
	for _, v := range idx {
		l.append(v)
	}
	return l
}

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

// TestWarmListsMatchMarkersOf: every kind's list, whether built by Warm or
// on first use, holds the markers MarkersOf finds, in the same order;
// kinds far apart (gaps past one and two bytes) included.
func TestWarmListsMatchMarkersOf(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	text := strings.Repeat("word ", 20000)
	var ms []doc.Marker
	kinds := []doc.Kind{doc.Bold, doc.Italic, doc.Link, doc.Paragraph}
	for range 70000 {
		start := rng.IntN(len(text) - 10)
		ms = append(ms, doc.Marker{Kind: kinds[rng.IntN(len(kinds))], Start: start, End: start + rng.IntN(10)})
	}
	// A rare kind: one marker at each end, gaps of most of the list.
	ms = append(ms, doc.Marker{Kind: doc.Heading, Start: 0, End: 3, Level: 1},
		doc.Marker{Kind: doc.Heading, Start: len(text) - 3, End: len(text), Level: 1})
	d := doc.New(text, doc.Meta{}, ms)
	warm := New(d)
	warm.Warm()
	cold := New(d)
	for _, k := range append(kinds, doc.Heading, doc.Quote) {
		want := d.MarkersOf(k)
		for name, ix := range map[string]*Index{"warm": warm, "cold": cold} {
			got := ix.Kind(k)
			if got.Len() != len(want) {
				t.Fatalf("%s %s: %d markers, want %d", name, k, got.Len(), len(want))
			}
			for i, m := range want {
				if got.At(i) != m {
					t.Fatalf("%s %s: marker %d is %+v, want %+v", name, k, i, got.At(i), m)
				}
			}
		}
	}
}

// FuzzIndexList: an ascending list packs and reads back whatever its gaps,
// two bytes a gap: the first picks its size (a byte's worth, about the
// largest one byte holds, about the largest two bytes hold, or past them)
// and the second its value within that size.
func FuzzIndexList(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0, 1, 64, 56, 0, 0, 0, 255})
	f.Add([]byte{128, 1, 0, 3, 192, 7})
	f.Add([]byte(strings.Repeat("\x40\xc8\x00\x01", 40)))
	f.Fuzz(func(t *testing.T, data []byte) {
		var idx []uint32
		v := uint32(0)
		for i := 0; i+1 < len(data); i += 2 {
			gap := uint32(data[i+1])
			switch data[i] >> 6 {
			case 1:
				gap += 0xff - 128
			case 2:
				gap += 0xffff - 128
			case 3:
				gap <<= 20
			}
			if v > math.MaxUint32-gap {
				break
			}
			v += gap
			idx = append(idx, v)
		}
		l := newIndexList(idx)
		if l.len() != len(idx) {
			t.Fatalf("len %d, want %d", l.len(), len(idx))
		}
		for i, want := range idx {
			if got := l.at(i); got != int(want) {
				t.Fatalf("entry %d is %d, want %d (of %v)", i, got, want, idx)
			}
		}
	})
}
