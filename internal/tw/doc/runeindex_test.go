package doc

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestOffsetsAcrossCheckpoints converts every code-point offset of a
// mixed-width text longer than several index blocks to bytes and back.
func TestOffsetsAcrossCheckpoints(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"a", "é", "ह", "😀", "\n", "z"}
	var b strings.Builder
	for range 5*bigStep + 37 {
		b.WriteString(pieces[rng.IntN(len(pieces))])
	}
	text := b.String()
	d := New(text, Meta{}, nil)
	if d.Len() != utf8.RuneCountInString(text) {
		t.Fatalf("Len %d, want %d", d.Len(), utf8.RuneCountInString(text))
	}
	pos := 0
	for i := range text {
		if got := d.Byte(pos); got != i {
			t.Fatalf("Byte(%d) = %d, want %d", pos, got, i)
		}
		if got := d.Pos(i); got != pos {
			t.Fatalf("Pos(%d) = %d, want %d", i, got, pos)
		}
		pos++
	}
	if d.Byte(pos) != len(text) || d.Pos(len(text)) != pos {
		t.Fatalf("the end: Byte %d, Pos %d", d.Byte(pos), d.Pos(len(text)))
	}
}
