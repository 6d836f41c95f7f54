package pdf

import (
	"slices"
	"testing"
)

// TestFontTables: a font of one-byte codes decodes every code to the same
// text and width from its tables (finish) as from its maps.
func TestFontTables(t *testing.T) {
	fo := &font{scale: 0.001, defWidth: 500, widths: map[uint32]float64{65: 722, 32: 250, 0: 1}, toUni: map[uint32]string{66: "ß", 200: "fi", 300: "x"}}
	for c := range 256 {
		fo.simple[c] = baseEncoding("WinAnsiEncoding", byte(c))
	}
	var all []byte
	for c := range 256 {
		all = append(all, byte(c))
	}
	want := fo.decode(string(all), nil)
	fo.finish()
	if fo.byteWidth == nil {
		t.Fatal("a font of one-byte codes got no tables")
	}
	if got := fo.decode(string(all), nil); !slices.Equal(got, want) {
		t.Errorf("tables decode\n%v\nmaps decode\n%v", got, want)
	}
	two := (&font{twoByte: true, widths: map[uint32]float64{}}).finish()
	if two.byteWidth != nil {
		t.Error("a font of two-byte codes got one-byte tables")
	}
}
