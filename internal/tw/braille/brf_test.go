package braille

import (
	"context"
	"errors"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"textfirst/internal/tw/doc"
)

func needLiblouis(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath(Tool); err != nil {
		t.Fatal("lou_translate is not installed (scripts/deps-formats.sh installs liblouis-bin)")
	}
}

// TestWriteBRFBackTranslates: a BRF written from a document back-translates
// through liblouis (lou_translate -b, the tool itself) to the same words,
// laid out in pages of the chosen size with their numbers.
func TestWriteBRFBackTranslates(t *testing.T) {
	needLiblouis(t)
	text := "Chapter One\n\nThe quick brown fox jumps over the lazy dog, and the knowledge of the world goes on for a long time after that.\n\nMilk\nBread"
	d := doc.New(text, doc.Meta{}, []doc.Marker{
		{Kind: doc.Heading, Start: 0, End: 11, Level: 1},
		{Kind: doc.ListItem, Start: 127, End: 131, Level: 1},
		{Kind: doc.ListItem, Start: 132, End: 137, Level: 1},
	})
	for _, table := range []string{"en-ueb-g2.ctb", "en-ueb-g1.ctb"} {
		t.Run(table, func(t *testing.T) {
			data, err := WriteBRF(context.Background(), d, Layout{Cells: 30, Lines: 6, Table: table})
			if err != nil {
				t.Fatal(err)
			}
			pages := strings.Split(strings.TrimSuffix(string(data), "\f"), "\f")
			for i, p := range pages {
				lines := strings.Split(strings.TrimSuffix(p, "\r\n"), "\r\n")
				if len(lines) != 6 {
					t.Errorf("page %d has %d lines, want 6:\n%s", i+1, len(lines), p)
				}
				if want := PageNumber(i + 1); !strings.HasSuffix(lines[5], want) || len(lines[5]) != 30 {
					t.Errorf("page %d ends %q, want %s at cell 30", i+1, lines[5], want)
				}
				for _, l := range lines {
					if len(l) > 30 {
						t.Errorf("line of %d cells: %q", len(l), l)
					}
				}
			}
			if first := strings.Split(pages[0], "\r\n")[0]; !strings.HasPrefix(first, "      ") {
				t.Errorf("the heading %q is not centred", first)
			}
			var brl []string
			for _, b := range readBlocks(t, data) {
				brl = append(brl, b.Braille)
			}
			got, err := BackTranslate(context.Background(), brl, table)
			if err != nil {
				t.Fatal(err)
			}
			want := []string{"Chapter One", "The quick brown fox jumps over the lazy dog, and the knowledge of the world goes on for a long time after that.", "Milk", "Bread"}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("back-translated\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

func readBlocks(t *testing.T, data []byte) []Block {
	t.Helper()
	bs, ok := ReadLayout(data)
	if !ok {
		t.Fatalf("not read as braille: %q", data)
	}
	return bs
}

// TestUnknownTableNamesInstalled: a table liblouis does not have is
// refused with the list of those installed.
func TestUnknownTableNamesInstalled(t *testing.T) {
	needLiblouis(t)
	_, err := Translate(context.Background(), []string{"x"}, "en-nosuch-g9.ctb")
	var u *UnknownTableError
	if !errors.As(err, &u) || !strings.Contains(err.Error(), "en-ueb-g2.ctb") || !strings.Contains(err.Error(), "en-nosuch-g9.ctb") {
		t.Fatalf("err = %v, want an unknown table naming the installed ones", err)
	}
}

// TestTableFormats: braille.table_format lays a table's rows out linear
// (a row to a line, entries separated by semicolons), listed (each row's
// first entry, then the others after their column's heading, the header
// row left out, unless the table has no other) or stairstep (each entry
// two cells right of the one before; listed past four columns), read back
// through liblouis.
func TestTableFormats(t *testing.T) {
	needLiblouis(t)
	table := func(rows ...[]string) *doc.Document {
		var text strings.Builder
		var ms []doc.Marker
		ms = append(ms, doc.Marker{Kind: doc.Table})
		pos := 0
		for i, cells := range rows {
			row := strings.Join(cells, doc.CellSeparator)
			r := doc.Marker{Kind: doc.TableRow, Start: pos, End: pos + len(row)}
			if i == 0 {
				r.Label = doc.HeaderRow
			}
			ms = append(ms, r)
			at := pos
			for _, c := range cells {
				ms = append(ms, doc.Marker{Kind: doc.TableCell, Start: at, End: at + len(c)})
				at += len(c) + len(doc.CellSeparator)
			}
			text.WriteString(row + "\n")
			pos += len(row) + 1
		}
		ms[0].End = pos - 1
		return doc.New(text.String(), doc.Meta{}, ms)
	}
	three := table([]string{"Name", "Age", "City"}, []string{"Ann", "30", "Paris"}, []string{"Bob", "", "Rome"})
	five := table([]string{"A", "B", "C", "D", "E"}, []string{"one", "two", "three", "four", "five"})
	for _, tc := range []struct {
		format string
		d      *doc.Document
		want   []string // each line: its indent in cells, then its print
	}{
		{"", three, []string{"0 Name; Age; City", "0 Ann; 30; Paris", "0 Bob; Rome"}},
		{TablesLinear, three, []string{"0 Name; Age; City", "0 Ann; 30; Paris", "0 Bob; Rome"}},
		{TablesListed, three, []string{"0 Ann", "2 Age: 30", "2 City: Paris", "0 Bob", "2 City: Rome"}},
		{TablesStairstep, three, []string{"0 Name", "2 Age", "4 City", "0 Ann", "2 30", "4 Paris", "0 Bob", "4 Rome"}},
		{TablesStairstep, five, []string{"0 one", "2 B: two", "2 C: three", "2 D: four", "2 E: five"}},
		// A table of headings alone keeps them.
		{TablesListed, table([]string{"Name", "Age"}), []string{"0 Name", "2 Age"}},
	} {
		t.Run(tc.format, func(t *testing.T) {
			data, err := WriteBRF(context.Background(), tc.d, Layout{Table: "en-ueb-g1.ctb", Tables: tc.format})
			if err != nil {
				t.Fatal(err)
			}
			var indents, brl []string
			for _, l := range strings.Split(string(data), "\r\n") {
				l = strings.TrimPrefix(l, "\f")
				trimmed := strings.TrimLeft(l, " ")
				if trimmed == "" || strings.HasPrefix(trimmed, "#") && len(l)-len(trimmed) > 20 {
					continue // blank, or the page number
				}
				indents = append(indents, strconv.Itoa(len(l)-len(trimmed)))
				brl = append(brl, trimmed)
			}
			got, err := BackTranslate(context.Background(), brl, "en-ueb-g1.ctb")
			if err != nil {
				t.Fatal(err)
			}
			for i := range got {
				got[i] = indents[i] + " " + got[i]
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("the table reads\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}
