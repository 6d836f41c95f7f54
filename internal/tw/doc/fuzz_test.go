package doc

import (
	"math"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// fuzzedMarkers decodes data into markers, six bytes a marker, each field
// reaching both sides of what its packed form holds: the kind (the known
// ones and enough of its own to fill the packed kind table); the gap from
// the marker before (a few code points, about a 16-bit step, a step back,
// or past 32 bits); the length (short, about the length field's largest,
// negative, or far past it); the level (small, about the level field's
// largest, or negative); and the label and reference, from a few strings
// that several markers share.
func fuzzedMarkers(data []byte) []Marker {
	kinds := append([]Kind(nil), knownKinds...)
	for c := 'a'; c < 'a'+maxKinds-10; c++ {
		kinds = append(kinds, Kind("fuzz-"+string(c)))
	}
	labels := []string{"", "1.", "x", "#a"}
	refs := []string{"", "#a", "x", "https://example.org/"}
	var ms []Marker
	start := 0
	for i := 0; i+5 < len(data); i += 6 {
		b := data[i : i+6]
		small := int(b[1] & 63)
		switch b[1] >> 6 {
		case 0:
			start += small
		case 1:
			start += math.MaxUint16 - 32 + small
		case 2:
			start -= small
		case 3:
			start = math.MaxUint32 - 32 + small
		}
		var length int
		switch b[2] >> 6 {
		case 0:
			length = int(b[3])
		case 1:
			length = lengthMask - 128 + int(b[3])
		case 2:
			length = -1 - int(b[3])
		case 3:
			length = int(b[3]) << 24
		}
		level := int(b[4] & 3)
		switch b[4] >> 6 {
		case 1:
			level = maxLevel - 1 + int(b[4]&3)
		case 2:
			level = -1 - int(b[4]&3)
		}
		ms = append(ms, Marker{Kind: kinds[int(b[0])%len(kinds)], Start: start, End: start + length,
			Level: level, Label: labels[b[5]&3], Reference: refs[b[5]>>2&3]})
	}
	return ms
}

// FuzzMarkerList: the packed list gives back every marker it was given,
// by number and by the walk, counts each kind as the markers do, and maps
// the references of links and images alone, however the markers' fields
// fall against the packed form's blocks, steps and fields.
func FuzzMarkerList(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{6, 1, 0, 4, 0, 1, 13, 65, 0, 2, 0, 4, 7, 130, 64, 3, 64, 6, 33, 192, 128, 1, 130, 7})
	// A link whose reference another marker's label names too.
	f.Add([]byte{6, 1, 0, 2, 0, 0x0a, 2, 1, 0, 2, 0, 0x0a, 6, 3, 0, 2, 0, 0x04})
	f.Add([]byte(strings.Repeat("\x00\x05\x00\x03\x01\x00", 40) + strings.Repeat("\x13\x45\x40\x10\x41\x0b", 40)))
	f.Fuzz(func(t *testing.T, data []byte) {
		ms := fuzzedMarkers(data)
		l := newMarkerList(ms)
		if l.len() != len(ms) {
			t.Fatalf("%d markers, want %d", l.len(), len(ms))
		}
		for i, want := range ms {
			if got := l.at(i); got != want {
				t.Fatalf("at(%d) = %+v, want %+v", i, got, want)
			}
		}
		if got := l.all(); !slices.Equal(got, ms) {
			t.Fatalf("the walk gives %+v, want %+v", got, ms)
		}
		counts := map[Kind]int{}
		for _, m := range ms {
			counts[m.Kind]++
		}
		if got := l.countKinds(); len(got) != len(counts) {
			t.Fatalf("counts %v, want %v", got, counts)
		} else {
			for k, n := range counts {
				if got[k] != n {
					t.Fatalf("counts %v, want %v", got, counts)
				}
			}
		}

		d := New("", Meta{}, slices.Clone(ms))
		d.MapReferences(func(ref string) string { return "/" + ref })
		want := slices.Clone(ms)
		sortMarkers(want)
		for i := range want {
			if m := &want[i]; (m.Kind == Link || m.Kind == Image) && m.Reference != "" {
				m.Reference = "/" + m.Reference
			}
		}
		if got := d.Markers(); !slices.Equal(got, want) {
			t.Fatalf("after MapReferences: %+v, want %+v", got, want)
		}
	})
}

// FuzzRuneIndex: every code-point offset of a text (the input repeated
// past several of the index's blocks) converts to its byte offset and back,
// whatever mix of widths and invalid bytes the text holds.
func FuzzRuneIndex(f *testing.F) {
	f.Add("a")
	f.Add("é😀ह\nz")
	f.Add("\xffa\xe2\x82")
	f.Fuzz(func(t *testing.T, s string) {
		if s == "" {
			return
		}
		text := strings.Repeat(s, 3*bigStep/utf8.RuneCountInString(s)+2)
		checkOffsets(t, text)
	})
}
