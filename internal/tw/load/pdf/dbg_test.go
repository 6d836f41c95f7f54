package pdf

import (
	"fmt"
	"os"
	"testing"
	"time"
)

func TestDbg(t *testing.T) {
	p := os.Getenv("PDF")
	if p == "" {
		return
	}
	t0 := time.Now()
	d := loadFile(t, p)
	el := time.Since(t0)
	os.WriteFile("/tmp/pdfw/out.txt", []byte(d.Text), 0644)
	n := 0
	for _, m := range d.Markers {
		if os.Getenv("ALL") != "" || (m.Kind != "bold" && m.Kind != "italic" && m.Kind != "paragraph" && m.Kind != "table_cell") {
			if n < 80 {
				fmt.Printf("%s %d-%d L%d %q %q\n", m.Kind, m.Start, m.End, m.Level, m.Label, trunc(d.Slice(m.Start, m.End)))
				n++
			}
		}
	}
	fmt.Println(d.Meta.Title, deref(d.Meta.Author), deref(d.Meta.Language), len(d.Text), el)
}
