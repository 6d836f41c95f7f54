package load

import (
	"testing"
)

// subsetPages are pages whose document type declares an internal subset,
// the text each must read as, in HTML, XHTML and an EPUB chapter alike:
// the subset is no text (an HTML parser ends the declaration at the
// subset's first ">" and read "]>" as text), and the entities it declares
// are not expanded.
var subsetPages = []struct{ name, prolog, text string }{
	{"entity", "<!DOCTYPE html [\n  <!ENTITY foo \"bar\">\n]>", "Hello &foo; world"},
	{"parameter entity and attribute list", "<!DOCTYPE html [ <!ENTITY % p \"x\"> <!ATTLIST p class CDATA #IMPLIED> ]>", "Hello &foo; world"},
	{"brackets and > in quotes and comments", "<!DOCTYPE html [ <!ENTITY a \"]>\"> <!ENTITY b ']>'> <!-- ]> ' \" --> <?pi ]> ?> ]>", "Hello &foo; world"},
	{"public id", `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN[" "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd" [ <!ENTITY x "y"> ] >`, "Hello &foo; world"},
	{"after a comment and an XML declaration", `<?xml version="1.0"?><!-- c --> <!doctype HTML [<!ENTITY x "y">]>`, "Hello &foo; world"},
	{"no subset", `<!DOCTYPE html>`, "Hello &foo; world"},
}

func subsetPage(prolog string) string {
	return prolog + "\n<html xmlns=\"http://www.w3.org/1999/xhtml\"><head><title>T</title></head><body><p>Hello &foo; world</p></body></html>\n"
}

func TestHTMLInternalSubset(t *testing.T) {
	for _, p := range subsetPages {
		for _, path := range []string{"page.html", "page.xhtml"} {
			d, err := Bytes(path, []byte(subsetPage(p.prolog)))
			if err != nil {
				t.Fatal(err)
			}
			if d.Text != p.text {
				t.Errorf("%s, %s: %q, want %q", p.name, path, d.Text, p.text)
			}
		}
		d, err := Bytes("book.epub", minimalEPUB(t, "", map[string]string{"OPS/c.xhtml": subsetPage(p.prolog)}))
		if err != nil {
			t.Fatal(err)
		}
		if d.Text != p.text {
			t.Errorf("%s, EPUB chapter: %q, want %q", p.name, d.Text, p.text)
		}
	}
}
