package cite

import (
	"testing"
	"unicode/utf8"
)

// checkRefs: every reference read can be cited and written back.
func checkRefs(t *testing.T, refs []Reference) {
	t.Helper()
	for _, r := range refs {
		if !validKey(r.ID) {
			t.Fatalf("reference with a key that cannot be cited: %q", r.ID)
		}
		_ = Entry(r)
		_ = r.Label()
	}
	if _, err := WriteCSLJSON(refs); err != nil {
		t.Fatalf("WriteCSLJSON: %v", err)
	}
}

// Any bytes read as BibTeX give citable references and no panic.
func FuzzReadBibTeX(f *testing.F) {
	f.Add([]byte(`@article{a, author = {D{\"o}e, J. and {Org}}, title = "T {\'e}" # x, year = 2020}`))
	f.Add([]byte(`@string{x = {y}} @book(b, title = {\emph{T}--\noopsort{1}x}, year = {{\noopsort{1973c}}1981})`))
	f.Add([]byte(`@misc{c, title = {unclosed`))
	f.Add([]byte(`@{`))
	f.Fuzz(func(t *testing.T, data []byte) {
		refs, _ := ReadBibTeX(data)
		checkRefs(t, refs)
	})
}

// Any bytes read as RIS give citable references and no panic.
func FuzzReadRIS(f *testing.F) {
	f.Add([]byte("TY  - JOUR\nAU  - Doe, J.\nTI  - T\nPY  - 2020\nER  - \n"))
	f.Add([]byte("\ufeffTY  - BOOK\r\nA1  - X\r\n  more\r\nSP  - 1\r\nEP  - 2\r\n"))
	f.Add([]byte("ER  - \nTY  -"))
	f.Fuzz(func(t *testing.T, data []byte) {
		refs, _ := ReadRIS(data)
		checkRefs(t, refs)
	})
}

// Any bytes read as CSL-JSON give no panic, and a library file written of
// them reads back with the same keys.
func FuzzReadCSLJSON(f *testing.F) {
	f.Add([]byte(`[{"id":"a","author":[{"family":"Doe","given":"J"}],"issued":{"date-parts":[[2020,1]]},"volume":12}]`))
	f.Add([]byte(`{"items":[{"id":"b","title":"T","issued":{"raw":"circa 1999"}}]}`))
	f.Add([]byte(`{"id":"c","issued":{"date-parts":[["x"]]},"author":[{"literal":"WHO"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		refs, err := ReadCSLJSON(data)
		if err != nil {
			return
		}
		l := &Library{}
		l.Merge(refs)
		out, err := WriteCSLJSON(l.Sorted())
		if err != nil {
			t.Fatal(err)
		}
		back, err := ReadCSLJSON(out)
		if err != nil {
			t.Fatalf("the library written does not read back: %v\n%s", err, out)
		}
		if len(back) != l.Len() {
			t.Fatalf("%d references written, %d read back", l.Len(), len(back))
		}
	})
}

// Any text gives citations in order, inside the text, each with a key.
func FuzzFindCitations(f *testing.F) {
	f.Add("See [@doe2020, p. 12; -@roe] and @poe [p. 3], not a@b.c or `[@code]`.")
	f.Add("```\n[@x]\n``\n@{key with space} [@")
	f.Add("[[@a]](x) @a: [@a]:")
	f.Fuzz(func(t *testing.T, text string) {
		if !utf8.ValidString(text) {
			return
		}
		n := utf8.RuneCountInString(text)
		end := 0
		for _, c := range FindCitations(text) {
			if c.Start < end || c.End <= c.Start || c.End > n || len(c.Items) == 0 {
				t.Fatalf("citation %+v after %d in %d code points", c, end, n)
			}
			for _, it := range c.Items {
				if it.Key == "" {
					t.Fatalf("citation without a key: %+v", c)
				}
			}
			end = c.End
			if _, ok := CitationAt(text, c.Start); !ok {
				t.Fatalf("CitationAt(%d) found nothing", c.Start)
			}
		}
		_, _ = ParseLocator(text)
		_, _ = ParseIdentifier(text)
	})
}
