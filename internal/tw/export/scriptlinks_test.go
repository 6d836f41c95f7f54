package export_test

import (
	"strings"
	"testing"
	"time"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/export"
	"textfirst/internal/tw/load"
)

// scriptLinksPage links with every spelling of an address that runs a
// script when followed, between two links that are kept.
const scriptLinksPage = `<p><a href="https://example.org/">kept web</a>
<a href="javascript:alert(1)">js</a>
<a href="JaVaScRiPt:alert(2)">mixed case</a>
<a href=" &#9;javascript:alert(3)">leading blanks</a>
<a href="java&#9;script:alert(4)">tab inside</a>
<a href="vbscript:msgbox(5)">vb</a>
<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCg2KTwvc2NyaXB0Pg==">data html</a>
<a href="DATA:image/svg+xml,&lt;svg onload=alert(7)&gt;">data svg</a>
<a href="#sec">kept anchor</a></p><h2 id="sec">Sec</h2>`

// Exported HTML and EPUB keep no link whose address runs a script
// (javascript:, vbscript:, data:): such a link is written as its text
// alone; other links stay links.
func TestScriptLinksDropped(t *testing.T) {
	d, err := load.Bytes("page.html", []byte(scriptLinksPage))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(d.MarkersOf(doc.Link)); n != 9 {
		t.Fatalf("the page reads with %d links, want 9", n)
	}
	epub, err := export.EPUB(d, time.Unix(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	files, _ := unzip(t, epub)
	for _, out := range []struct{ name, page string }{{"html", string(export.HTML(d))}, {"epub", string(files["EPUB/text.xhtml"])}} {
		low := strings.ToLower(out.page)
		for _, bad := range []string{"javascript", "vbscript", "data:", "alert", "msgbox"} {
			if strings.Contains(low, bad) {
				t.Errorf("%s: %q is still there:\n%s", out.name, bad, out.page)
			}
		}
		if dropped := "</a> js mixed case leading blanks tab inside vb data html data svg <a"; !strings.Contains(out.page, dropped) {
			t.Errorf("%s: the dropped links' text is not %q:\n%s", out.name, dropped, out.page)
		}
		for _, kept := range []string{`<a href="https://example.org/">kept web</a>`, `kept anchor</a>`} {
			if !strings.Contains(out.page, kept) {
				t.Errorf("%s: %s is missing:\n%s", out.name, kept, out.page)
			}
		}
	}
}
