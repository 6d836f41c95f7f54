package export_test

import (
	"context"
	"strings"
	"testing"

	"textfirst/internal/tw/braille"
	"textfirst/internal/tw/export"
	"textfirst/internal/tw/load"
)

// TestExportBRF: the BRF export takes its page size from the layout its
// context carries, and its braille back-translates (liblouis) to the
// document's words.
func TestExportBRF(t *testing.T) {
	d, err := load.Bytes("a.md", []byte("# Harbour\n\nThe boats come home before the evening bell, and the nets are mended on the quay."))
	if err != nil {
		t.Fatal(err)
	}
	ctx := braille.WithLayout(context.Background(), braille.Layout{Cells: 24, Lines: 10})
	data, err := export.WriteContext(ctx, d, export.FormatBRF)
	if err != nil {
		t.Fatal(err)
	}
	page := strings.Split(strings.TrimSuffix(string(data), "\f"), "\f")[0]
	lines := strings.Split(strings.TrimSuffix(page, "\r\n"), "\r\n")
	if len(lines) != 10 || lines[9] != strings.Repeat(" ", 22)+"#a" {
		t.Fatalf("first page %q, want 10 lines ending in the page number at cell 24", lines)
	}
	blocks, ok := braille.ReadLayout(data)
	if !ok {
		t.Fatal("not braille")
	}
	var brl []string
	for _, b := range blocks {
		brl = append(brl, b.Braille)
	}
	got, err := braille.BackTranslate(context.Background(), brl, braille.DefaultTable)
	if err != nil {
		t.Fatal(err)
	}
	if want := "Harbour\nThe boats come home before the evening bell, and the nets are mended on the quay."; strings.Join(got, "\n") != want {
		t.Errorf("back-translated %q, want %q", got, want)
	}
}
