package load

import (
	"testing"

	"github.com/yuin/goldmark/text"
)

func BenchmarkGoldmarkOnly(b *testing.B) {
	data := genMarkdown(10 << 20)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		markdownParser.Parse(text.NewReader(data))
	}
}
