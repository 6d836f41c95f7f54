package lint

import (
	"strings"
	"testing"
)

func TestMarkdown(t *testing.T) {
	src := strings.Join([]string{
		"# Title",
		"",
		"### Skipped a level", // 3
		"",
		"- one", // 5
		"* two", // 6: another marker
		"",
		"Ends with three   ", // 8: trailing blanks
		"A hard break  ",     // 9: two spaces are meant
		"See [the docs][docs] and [home][] and [fine][ok].",           // 10
		"Visit https://example.org/x today, or <https://ok.example>.", // 11
		"A [link](https://example.org) is fine.",
		"",
		"```",
		"- code * here   ",
		"https://not.checked",
		"```",
		"",
		"[ok]: https://example.org",
		"## Back to two",
		"- a",
		"- b",
	}, "\n")
	var got []string
	for _, p := range Markdown(src) {
		got = append(got, p.String())
	}
	want := []string{
		"3:1: heading-level: level 3 after level 1",
		`6:1: list-marker: "*" in a list of "-"`,
		"8:16: trailing-space: 3 trailing blanks",
		"10:5: undefined-link: docs",
		"10:26: undefined-link: home",
		"11:7: bare-url: https://example.org/x",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Offsets count characters from the start.
	if p := Markdown("é  x   \n")[0]; p.Offset != 4 || p.Column != 5 {
		t.Errorf("%+v", p)
	}
	if ps := Markdown(""); len(ps) != 0 {
		t.Errorf("empty: %v", ps)
	}
}

func FuzzMarkdown(f *testing.F) {
	f.Add("# a\n### b\n- x\n* y\n[a][b] https://x \n```\n")
	f.Fuzz(func(t *testing.T, src string) {
		for _, p := range Markdown(src) {
			if p.Line < 1 || p.Column < 1 || p.Offset < 0 || p.Offset > len([]rune(src)) {
				t.Fatalf("%+v out of the text", p)
			}
		}
	})
}
