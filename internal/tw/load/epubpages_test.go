package load

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/doc"
)

// TestEPUBPageList: an EPUB's page list, in its EPUB 3 navigation document
// or its EPUB 2 NCX, gives the book's pages with their printed labels,
// each from its target to the next page's, so that a page can be named
// ("xii", "2").
func TestEPUBPageList(t *testing.T) {
	for _, ncx := range []bool{false, true} {
		t.Run(map[bool]string{false: "nav", true: "ncx"}[ncx], func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "paged.epub")
			testkit.MakePagedEPUB(t, path, ncx)
			d, err := File(path)
			if err != nil {
				t.Fatal(err)
			}
			checkInvariants(t, d)
			pages := d.Pages()
			var got, want []string
			for _, p := range pages {
				got = append(got, p.Label+": "+strings.TrimSpace(d.Slice(p.Start, p.End)))
			}
			for i, p := range testkit.PagedEPUBPages {
				first := p[1]
				if i == 2 {
					first += "\n\nBoats come in at dawn."
				}
				want = append(want, p[0]+": "+first)
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("pages %q\nwant %q", got, want)
			}
			for _, name := range []string{"xii", "XII", "2", "4"} {
				i, ok := doc.PageNamed(pages, name)
				if !ok || i >= len(pages) {
					t.Errorf("no page named %q", name)
					continue
				}
				if name == "4" && pages[i].Label != "2" || name != "4" && !strings.EqualFold(pages[i].Label, name) {
					t.Errorf("page %q is %q", name, pages[i].Label)
				}
			}
		})
	}
}
