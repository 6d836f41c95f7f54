package braille

import (
	"strings"
	"testing"
)

func FuzzReadLayout(f *testing.F) {
	f.Add([]byte("      ,*apt} ,\"o\r\n\r\n  ,! qk br{n\r\nfox\r\n                         #a\f    ,notes\r\n  #b"))
	f.Add([]byte("\u2801\u2803 \u283f\f\f\f"))
	f.Add([]byte("#a #b #c\n   #"))
	f.Fuzz(func(t *testing.T, data []byte) {
		blocks, ok := ReadLayout(data)
		if !ok {
			return
		}
		for _, b := range blocks {
			if strings.TrimSpace(b.Braille) == "" || strings.ContainsAny(b.Braille, "\n\f") {
				t.Fatalf("block %q", b.Braille)
			}
		}
	})
}
