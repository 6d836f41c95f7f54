package load

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"golang.org/x/text/encoding/japanese"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/doc"
)

// webSite is a local server with one page of each kind loadURLWith meets.
func webSite(t *testing.T) *httptest.Server {
	t.Helper()
	sjis, err := japanese.ShiftJIS.NewEncoder().String("<html><head><meta charset=\"Shift_JIS\"><title>日本語</title></head><body><p>こんにちは世界</p></body></html>")
	if err != nil {
		t.Fatal(err)
	}
	pdfData, err := os.ReadFile(testkit.Path(t, "conformance", "textweaver", "single.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	page := func(pattern, contentType, body string) {
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			if contentType != "" {
				w.Header().Set("Content-Type", contentType)
			} else {
				w.Header()["Content-Type"] = nil // no sniffing by the server
			}
			fmt.Fprint(w, body)
		})
	}
	page("/docs/page.html", "text/html; charset=utf-8",
		`<html lang="en"><head><title>Guide</title></head><body><h1>Guide</h1>
<p><a href="#usage">Usage</a> (<a href="page.html#usage">again</a>) and <a href="other.html">the other page</a>, <a href="/top.html">top</a>,
<a href="https://example.org/x">elsewhere</a>. <img src="img/p.png" alt="A picture"></p>
<h2 id="usage">Usage</h2><p>Run it.</p></body></html>`)
	page("/latin1-header.html", "text/html; charset=windows-1252", "<p>caf\xe9 na\xefve</p>")
	page("/latin1-none.html", "text/html", "<p>caf\xe9 na\xefve</p>")
	page("/latin1-wrong.html", "text/html; charset=utf-8", "<p>caf\xe9 na\xefve</p>")
	page("/latin1-plain.txt", "text/plain", "caf\xe9 na\xefve\n")
	page("/sjis.html", "text/html", sjis)
	page("/notes.md", "text/plain; charset=utf-8", "# Notes\n\nSome *text*.\n")
	page("/served-as-markdown", "text/markdown", "# Served\n\nBody.\n")
	page("/no-type.md", "", "# Untyped\n\nBody.\n")
	page("/doc.pdf", "application/pdf", string(pdfData))
	page("/binary", "application/octet-stream", "\x00\x01\x02\x03garbage\x00")
	mux.HandleFunc("/hop/{n}", func(w http.ResponseWriter, r *http.Request) {
		var n int
		fmt.Sscan(r.PathValue("n"), &n)
		if n <= 0 {
			http.Redirect(w, r, "/docs/page.html", http.StatusFound)
			return
		}
		http.Redirect(w, r, fmt.Sprintf("/hop/%d", n-1), http.StatusMovedPermanently)
	})
	mux.HandleFunc("/loop-a", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/loop-b", http.StatusFound) })
	mux.HandleFunc("/loop-b", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/loop-a", http.StatusFound) })
	mux.HandleFunc("/missing", http.NotFound)
	mux.HandleFunc("/to-ftp", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "ftp://example.org/file.txt", http.StatusFound)
	})
	mux.HandleFunc("/broken", func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "boom", http.StatusInternalServerError)
	})
	mux.HandleFunc("/big", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		fmt.Fprint(w, strings.Repeat("word ", 1000)) // 5,000 bytes, Content-Length set
	})
	mux.HandleFunc("/big-chunked", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		for range 100 {
			fmt.Fprint(w, strings.Repeat("word ", 100))
			w.(http.Flusher).Flush() // no Content-Length: the limit must count
		}
	})
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		fmt.Fprint(w, "a start ")
		w.(http.Flusher).Flush()
		select {
		case <-time.After(10 * time.Second):
		case <-r.Context().Done():
		}
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// testLimits are small, so that the limits are met quickly.
var testLimits = webLimits{MaxBytes: 4096, Connect: 2 * time.Second, Total: 2 * time.Second, MaxRedirects: 5}

func TestWebAddressLoads(t *testing.T) {
	srv := webSite(t)
	cases := []struct {
		name, path, format, title string
		text                      []string // in the text, in this order
	}{
		{"html", "/docs/page.html", formatHTML, "Guide", []string{"Guide", "Usage (again) and the other page", "Run it."}},
		{"redirects to the page", "/hop/4", formatHTML, "Guide", []string{"Guide", "Run it."}},
		{"windows-1252 in the header", "/latin1-header.html", formatHTML, "latin1-header.html", []string{"café naïve"}},
		{"no charset: windows-1252 bytes", "/latin1-none.html", formatHTML, "latin1-none.html", []string{"café naïve"}},
		{"a charset the bytes contradict", "/latin1-wrong.html", formatHTML, "latin1-wrong.html", []string{"café naïve"}},
		{"plain text without a charset", "/latin1-plain.txt", FormatText, "latin1-plain.txt", []string{"café naïve"}},
		{"Shift_JIS from <meta>", "/sjis.html", formatHTML, "日本語", []string{"こんにちは世界"}},
		{"Markdown served as text/plain", "/notes.md", formatMarkdown, "Notes", []string{"Notes\n\nSome text."}},
		{"text/markdown without an extension", "/served-as-markdown", formatMarkdown, "Served", []string{"Served"}},
		{"no Content-Type: the extension", "/no-type.md", formatMarkdown, "Untyped", []string{"Untyped"}},
		{"PDF by its Content-Type", "/doc.pdf", "pdf", "", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			address := srv.URL + tc.path
			limits := testLimits
			limits.MaxBytes = 1 << 20 // the PDF is larger than the test's limit
			d, err := loadURLWith(address, limits)
			if err != nil {
				t.Fatal(err)
			}
			if d.Meta.Format != tc.format {
				t.Errorf("format %q, want %q", d.Meta.Format, tc.format)
			}
			if tc.title != "" && d.Meta.Title != tc.title {
				t.Errorf("title %q, want %q", d.Meta.Title, tc.title)
			}
			if d.Meta.Path != address {
				t.Errorf("path %q, want the address as given %q", d.Meta.Path, address)
			}
			at := 0
			for _, want := range tc.text {
				i := strings.Index(d.Text[at:], want)
				if i < 0 {
					t.Fatalf("%q not found (in order) in %q", want, d.Text)
				}
				at += i + len(want)
			}
			if d.Len() == 0 {
				t.Fatal("empty document")
			}
		})
	}
}

// Links resolve against the address the redirects ended at; "#id" links
// stay in-page links that lead to their heading.
func TestWebAddressLinks(t *testing.T) {
	srv := webSite(t)
	d, err := loadURLWith(srv.URL+"/hop/2", testLimits)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := d.Meta.Properties["url"], srv.URL+"/docs/page.html"; got != want {
		t.Errorf("property url %q, want %q", got, want)
	}
	refs := map[string]doc.Marker{}
	for _, m := range d.All() {
		if m.Kind == doc.Link || m.Kind == doc.Image {
			refs[m.Reference] = m
		}
	}
	for _, want := range []string{"#usage", srv.URL + "/docs/other.html", srv.URL + "/top.html",
		"https://example.org/x", srv.URL + "/docs/img/p.png"} {
		if _, ok := refs[want]; !ok {
			t.Errorf("no link or image to %q; have %v", want, refs)
		}
	}
	// "#usage" and "page.html#usage" (the page's own address) lead to
	// the heading in the page.
	for _, ref := range []string{"#usage", srv.URL + "/docs/page.html#usage"} {
		target, ok := d.LinkTarget(refs[ref])
		if !ok || !strings.HasPrefix(d.Text[d.Byte(target):], "Usage\n") {
			t.Errorf("%s leads to %d (%v), not to its heading", ref, target, ok)
		}
	}
}

func TestWebAddressFailures(t *testing.T) {
	srv := webSite(t)
	closed, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	refused := "http://" + closed.Addr().String() + "/page.html"
	closed.Close()
	tlsSrv := httptest.NewTLSServer(http.NotFoundHandler()) // a certificate no one trusts
	defer tlsSrv.Close()
	cases := []struct {
		name, address, reason string
	}{
		{"404", srv.URL + "/missing", "the server answered 404 Not Found"},
		{"500", srv.URL + "/broken", "the server answered 500 Internal Server Error"},
		{"redirect loop", srv.URL + "/loop-a", "redirect loop (the address leads back to itself)"},
		{"too many redirects", srv.URL + "/hop/9", "too many redirects (over 5)"},
		{"too large, with a Content-Length", srv.URL + "/big", "too large (over 4 KiB)"},
		{"too large, chunked", srv.URL + "/big-chunked", "too large (over 4 KiB)"},
		{"slow server", srv.URL + "/slow", "timed out (no complete answer in 2 s)"},
		{"connection refused", refused, "connection refused"},
		{"untrusted certificate", tlsSrv.URL + "/", "the server's certificate is not trusted"},
		{"unknown host", "http://no-such-host.invalid/", "unknown host no-such-host.invalid"},
		{"redirect out of the web", srv.URL + "/to-ftp", "redirected to an address that is not http or https"},
		{"binary data", srv.URL + "/binary", ReasonBinary},
		{"not an address", "http://", "not a valid web address"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			began := time.Now()
			d, err := loadURLWith(tc.address, testLimits)
			var le *Error
			if !errors.As(err, &le) {
				t.Fatalf("got %v, %v; want an *Error", d, err)
			}
			if le.Reason != tc.reason || le.Path != tc.address {
				t.Errorf("error %q (path %q), want reason %q", le.Reason, le.Path, tc.reason)
			}
			if strings.Contains(le.Error(), "\n") {
				t.Errorf("error is not one line: %q", le.Error())
			}
			// Every failure within the total limit, with room for a
			// loaded machine.
			if took := time.Since(began); took > 4*testLimits.Total {
				t.Errorf("took %v, limit %v", took, testLimits.Total)
			}
		})
	}
}
