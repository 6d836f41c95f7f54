package doc

import (
	"math/rand/v2"
	"strings"
	"testing"
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
	checkOffsets(t, text)
}

// checkOffsets converts every code-point offset of text, in a document of
// it alone, to its byte offset and back, and the end too.
func checkOffsets(t *testing.T, text string) {
	t.Helper()
	d := New(text, Meta{}, nil)
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
	if d.Len() != pos || d.Byte(pos) != len(text) || d.Pos(len(text)) != pos {
		t.Fatalf("the end: Len %d, Byte %d, Pos %d; want %d, %d, %d", d.Len(), d.Byte(pos), d.Pos(len(text)), pos, len(text), pos)
	}
}
