package cli_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/braille"
)

// TestConvertToBRF: tw convert IN OUT.brf and --to brf write braille in
// the settings' page size that back-translates (liblouis) to the
// document's words, and reads back with tw text; an unknown table in the
// settings is refused naming the installed ones.
func TestConvertToBRF(t *testing.T) {
	dir, home, env := brailleHome(t)
	testkit.WriteFile(t, filepath.Join(home, "settings.toml"), "[braille]\ncells_per_line = 28\nlines_per_page = 12\n")
	md := testkit.WriteFile(t, filepath.Join(dir, "tides.md"), "# Tides\n\nThe tide comes in twice a day, and the harbour fills with boats.\n")
	out := filepath.Join(dir, "tides.brf")
	if code, _, errs := run(t, "", env, "convert", md, out); code != 0 {
		t.Fatalf("convert: exit %d %s", code, errs)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	code, viaTo, errs := run(t, "", env, "convert", md, "-", "--to", "brf")
	if code != 0 || viaTo != string(data) {
		t.Errorf("--to brf: exit %d %s, and not the file convert wrote", code, errs)
	}
	lines := strings.Split(strings.TrimSuffix(strings.Split(string(data), "\f")[0], "\r\n"), "\r\n")
	if len(lines) != 12 || len(lines[11]) != 28 {
		t.Errorf("page of %d lines, last %q; want 12 lines, the page number at cell 28", len(lines), lines[len(lines)-1])
	}
	blocks, _ := braille.ReadLayout(data)
	var brl []string
	for _, b := range blocks {
		brl = append(brl, b.Braille)
	}
	words, err := braille.BackTranslate(context.Background(), brl, braille.DefaultTable)
	if want := "Tides\nThe tide comes in twice a day, and the harbour fills with boats."; err != nil || strings.Join(words, "\n") != want {
		t.Errorf("back-translated %q, %v; want %q", words, err, want)
	}
	if code, text, errs := run(t, "", env, "text", out); code != 0 || text != "Tides\n\nThe tide comes in twice a day, and the harbour fills with boats.\n" {
		t.Errorf("tw text of the BRF: exit %d %s\n%q", code, errs, text)
	}
	testkit.WriteFile(t, filepath.Join(home, "settings.toml"), "[braille]\ntable = \"xx-nosuch.ctb\"\n")
	code, _, errs = run(t, "", env, "convert", md, out)
	if code != 1 || !strings.Contains(errs, "xx-nosuch.ctb") || !strings.Contains(errs, "en-ueb-g1.ctb") {
		t.Errorf("unknown table: exit %d %q, want 1 and the installed tables named", code, errs)
	}
}

// TestConvertMathToBRF: braille.math_code takes effect in tw convert: the
// formulas of a Markdown file, in LaTeX, come out in UEB technical
// material by default and in the Nemeth Code when it is chosen, the text
// around them in the literary table either way.
func TestConvertMathToBRF(t *testing.T) {
	dir, home, env := brailleHome(t)
	md := testkit.WriteFile(t, filepath.Join(dir, "roots.md"), "# Roots\n\nThe roots are $x = \\frac{-b}{2a}$ when $b^2 = 4ac$.\n")
	for _, tc := range []struct {
		setting string
		want    []string
	}{
		{"", []string{`;;;x "7 (-b./#b;a) ;'`, `;;;b9#b "7 #d;ac ;'`}},
		{"[braille]\nmath_code = \"nemeth\"\n", []string{"_% x .k ?-b/2a# _:", "_% b~2 .k #4ac _:"}},
	} {
		testkit.WriteFile(t, filepath.Join(home, "settings.toml"), tc.setting)
		code, out, errs := run(t, "", env, "convert", md, "-", "--to", "brf")
		if code != 0 {
			t.Fatalf("convert: exit %d %s", code, errs)
		}
		got := strings.Join(strings.Fields(out), " ")
		for _, w := range append(tc.want, ",! roots >e") {
			if !strings.Contains(got, w) {
				t.Errorf("%q: no %q in\n%s", tc.setting, w, got)
			}
		}
	}
}

// TestConvertTableToBRF: braille.table_format takes effect in tw convert
// on a Markdown table: its rows linear, listed or stairstep, each line
// read back through liblouis with the cell it starts in.
func TestConvertTableToBRF(t *testing.T) {
	dir, home, env := brailleHome(t)
	md := testkit.WriteFile(t, filepath.Join(dir, "ports.md"),
		"| Port | Tides |\n|---|---|\n| Brest | two |\n| Dover | four |\n")
	for _, tc := range []struct {
		format string
		want   []string
	}{
		{"linear", []string{"0 Port; Tides", "0 Brest; two", "0 Dover; four"}},
		{"listed", []string{"0 Brest", "2 Tides: two", "0 Dover", "2 Tides: four"}},
		{"stairstep", []string{"0 Port", "2 Tides", "0 Brest", "2 two", "0 Dover", "2 four"}},
	} {
		testkit.WriteFile(t, filepath.Join(home, "settings.toml"),
			"[braille]\ntable = \"en-ueb-g1.ctb\"\ntable_format = \""+tc.format+"\"\n")
		code, out, errs := run(t, "", env, "convert", md, "-", "--to", "brf")
		if code != 0 {
			t.Fatalf("convert: exit %d %s", code, errs)
		}
		var indents, brl []string
		for _, l := range strings.Split(strings.Split(out, "\f")[0], "\r\n") {
			trimmed := strings.TrimLeft(l, " ")
			if trimmed == "" || len(l)-len(trimmed) > 20 { // blank, or the page number
				continue
			}
			indents = append(indents, strings.Repeat(" ", len(l)-len(trimmed)))
			brl = append(brl, trimmed)
		}
		words, err := braille.BackTranslate(context.Background(), brl, "en-ueb-g1.ctb")
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for i, w := range words {
			got = append(got, fmt.Sprintf("%d %s", len(indents[i]), w))
		}
		if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
			t.Errorf("%s: the table reads\n%s\nwant\n%s", tc.format, strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
		}
	}
}

// brailleHome makes a folder holding an empty tw home, and the environment
// that points tw at that home.
func brailleHome(t *testing.T) (dir, home string, env map[string]string) {
	t.Helper()
	dir = t.TempDir()
	home = filepath.Join(dir, "home")
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir, home, map[string]string{"TEXTWEAVER_HOME": home}
}
