package load

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/url"
	"path"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"

	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding/charmap"

	"textfirst/internal/tw/doc"
)

// webLimits bound the fetching of a web address: a page that never ends,
// a server that never answers or a chain of redirects costs no more than
// these.
type webLimits struct {
	// MaxBytes is the largest body read.
	MaxBytes int64
	// Connect bounds the connection (with its TLS handshake); Total the
	// whole fetch, redirects and body included.
	Connect, Total time.Duration
	// MaxRedirects is the longest chain of redirects followed.
	MaxRedirects int
}

// defaultWebLimits are the limits of loadURL.
var defaultWebLimits = webLimits{MaxBytes: 100 << 20, Connect: 10 * time.Second, Total: 60 * time.Second, MaxRedirects: 10}

// loadURL fetches an http:// or https:// address and loads what it answers,
// within defaultWebLimits. Errors are *Error values naming the address.
func loadURL(address string) (*doc.Document, error) {
	return loadURLWith(address, defaultWebLimits)
}

// errRedirectLoop and errTooManyRedirects stop the client's redirects.
var (
	errRedirectLoop     = errors.New("redirect loop")
	errTooManyRedirects = errors.New("too many redirects")
	errRedirectScheme   = errors.New("redirect to an address that is not http or https")
)

// loadURLWith is loadURL with limits of the caller's choosing.
//
// The body goes to a loader chosen by its Content-Type (text/html to
// HTML, application/pdf to PDF, ...); for a type that says nothing
// (text/plain, application/octet-stream, none) by the extension of the
// final address, else by its first bytes. Text is turned into UTF-8 from
// the charset of the Content-Type, else a byte order mark, else a <meta>
// of an HTML page, else UTF-8 when it is valid, else windows-1252 (as
// browsers do); a page whose declared charset its bytes contradict (UTF-8
// that is not) is read as windows-1252 rather than refused. Relative links
// and images are resolved against the final address (after redirects);
// links to "#id" stay in-page links. Meta.Path is the address as given
// (the reading place and marks are kept under it); the final address, when
// redirects changed it, is the property "url".
func loadURLWith(address string, limits webLimits) (*doc.Document, error) {
	fail := func(reason string) (*doc.Document, error) {
		return nil, &Error{Path: address, Reason: reason}
	}
	u, err := url.Parse(address)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fail("not a valid web address")
	}
	ctx, cancel := context.WithTimeout(context.Background(), limits.Total)
	defer cancel()
	dialer := &net.Dialer{Timeout: limits.Connect}
	client := &http.Client{
		Transport: &http.Transport{
			Proxy:               http.ProxyFromEnvironment,
			DialContext:         dialer.DialContext,
			TLSHandshakeTimeout: limits.Connect,
			// Compressed bodies are decompressed by the transport, and
			// the size limit below counts what it gives.
		},
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
				return errRedirectScheme
			}
			for _, v := range via {
				if v.URL.String() == req.URL.String() {
					return errRedirectLoop
				}
			}
			if len(via) > limits.MaxRedirects {
				return errTooManyRedirects
			}
			return nil
		},
	}
	defer client.CloseIdleConnections()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return fail("not a valid web address")
	}
	req.Header.Set("User-Agent", "tw (textweaver-compatible reader)")
	req.Header.Set("Accept", "text/html,application/xhtml+xml,text/markdown;q=0.9,text/plain;q=0.8,*/*;q=0.5")
	resp, err := client.Do(req)
	if err != nil {
		return fail(fetchReason(err, limits))
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return fail(fmt.Sprintf("the server answered %d %s", resp.StatusCode, http.StatusText(resp.StatusCode)))
	}
	if resp.ContentLength > limits.MaxBytes {
		return fail(tooLargeReason(limits.MaxBytes))
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, limits.MaxBytes+1))
	if err != nil {
		return fail(fetchReason(err, limits))
	}
	if int64(len(data)) > limits.MaxBytes {
		return fail(tooLargeReason(limits.MaxBytes))
	}
	final := resp.Request.URL
	contentType := resp.Header.Get("Content-Type")
	r := webFormat(contentType, final, data)
	if !r.Binary {
		data = webText(data, contentType)
	}
	name := "page"
	if len(r.Extensions) > 0 {
		name += r.Extensions[0]
	}
	var d *doc.Document
	if r.Name == formatHTML {
		// A link to the page's own address with a fragment
		// ("guide.html#usage" on guide.html) is an in-page link too.
		if reason := refuse(data); reason != "" {
			return fail(reason)
		}
		d, err = safeLoad(func(path string, data []byte) (*doc.Document, error) {
			return htmlWithLinks(path, data, func(href string) string {
				if key := htmlLinkKey(href); key != "" {
					return key
				}
				rel, err := url.Parse(href)
				if err != nil {
					return ""
				}
				to := final.ResolveReference(rel)
				if to.Fragment == "" || to.Scheme != final.Scheme || to.Host != final.Host || to.Path != final.Path || to.RawQuery != final.RawQuery {
					return ""
				}
				return "#" + to.Fragment
			})
		}, address, data)
	} else {
		d, err = load(name, address, data, Options{})
	}
	if err != nil {
		var le *Error
		if errors.As(err, &le) {
			le.Path = address
		}
		return nil, err
	}
	d.Meta.Path = address
	if d.Meta.Title == "" || d.Meta.Title == baseName(address) {
		d.Meta.Title = webTitle(final)
	}
	if final.String() != address {
		if d.Meta.Properties == nil {
			d.Meta.Properties = map[string]string{}
		}
		d.Meta.Properties["url"] = final.String()
	}
	d.MapReferences(func(ref string) string {
		if strings.HasPrefix(ref, "#") {
			return ref // an in-page link
		}
		rel, err := url.Parse(ref)
		if err != nil {
			return ref
		}
		return final.ResolveReference(rel).String()
	})
	return d, nil
}

func tooLargeReason(max int64) string {
	switch {
	case max >= 1<<20 && max%(1<<20) == 0:
		return fmt.Sprintf("too large (over %d MiB)", max>>20)
	case max >= 1<<10 && max%(1<<10) == 0:
		return fmt.Sprintf("too large (over %d KiB)", max>>10)
	}
	return fmt.Sprintf("too large (over %d bytes)", max)
}

// fetchReason says why a fetch failed, in a short lowercase phrase.
func fetchReason(err error, limits webLimits) string {
	var dnsErr *net.DNSError
	var opErr *net.OpError
	var certErr *tls.CertificateVerificationError
	var unknownAuth x509.UnknownAuthorityError
	var hostErr x509.HostnameError
	switch {
	case errors.Is(err, errRedirectLoop):
		return "redirect loop (the address leads back to itself)"
	case errors.Is(err, errTooManyRedirects):
		return fmt.Sprintf("too many redirects (over %d)", limits.MaxRedirects)
	case errors.Is(err, errRedirectScheme):
		return "redirected to an address that is not http or https"
	case errors.As(err, &dnsErr):
		return "unknown host " + dnsErr.Name
	case errors.Is(err, syscall.ECONNREFUSED):
		return "connection refused"
	case errors.As(err, &opErr) && opErr.Op == "dial" && opErr.Timeout():
		return fmt.Sprintf("timed out connecting (no answer in %s)", seconds(limits.Connect))
	case errors.Is(err, context.DeadlineExceeded) || isTimeout(err):
		return fmt.Sprintf("timed out (no complete answer in %s)", seconds(limits.Total))
	case errors.As(err, &certErr), errors.As(err, &unknownAuth), errors.As(err, &hostErr):
		return "the server's certificate is not trusted"
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, io.ErrUnexpectedEOF):
		return "the connection was cut"
	}
	msg := err.Error()
	var ue *url.Error
	if errors.As(err, &ue) {
		msg = ue.Err.Error()
	}
	return "cannot be fetched (" + msg + ")"
}

func isTimeout(err error) bool {
	var t interface{ Timeout() bool }
	return errors.As(err, &t) && t.Timeout()
}

// seconds writes a duration as people say it: "10 s", "0.5 s".
func seconds(d time.Duration) string {
	return strings.TrimSuffix(fmt.Sprintf("%.1f", d.Seconds()), ".0") + " s"
}

// webMedia maps media types to the extension of their format.
var webMedia = map[string]string{
	"text/html":                 ".html",
	"application/xhtml+xml":     ".xhtml",
	"text/markdown":             ".md",
	"text/x-markdown":           ".md",
	"application/pdf":           ".pdf",
	"application/epub+zip":      ".epub",
	"application/json":          ".json",
	"text/csv":                  ".csv",
	"text/tab-separated-values": ".tsv",
	"application/rtf":           ".rtf",
	"text/rtf":                  ".rtf",
	"message/rfc822":            ".eml",
	"application/x-tex":         ".tex",
	"text/x-tex":                ".tex",
	"application/vnd.openxmlformats-officedocument.wordprocessingml.document":   ".docx",
	"application/vnd.openxmlformats-officedocument.presentationml.presentation": ".pptx",
	"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet":         ".xlsx",
	"application/vnd.oasis.opendocument.text":                                   ".odt",
	"application/vnd.oasis.opendocument.presentation":                           ".odp",
	"application/vnd.oasis.opendocument.spreadsheet":                            ".ods",
	"image/png":  ".png",
	"image/jpeg": ".jpg",
	"image/tiff": ".tiff",
	"image/gif":  ".gif",
	"image/bmp":  ".bmp",
	"image/webp": ".webp",
}

// webFormat chooses the format of a fetched body: its media type, else
// (text/plain, application/octet-stream, none) the extension of the final
// address, else its first bytes.
func webFormat(contentType string, final *url.URL, data []byte) registration {
	media, _, _ := mime.ParseMediaType(contentType)
	if ext, ok := webMedia[media]; ok {
		if r, ok := lookup("x" + ext); ok {
			return r
		}
	}
	byExt, extOK := lookup(path.Base(final.Path))
	switch {
	case media == "text/plain":
		// Markdown, CSV, LaTeX... are often served as plain text; a
		// format of binary data is not.
		if extOK && !byExt.Binary {
			return byExt
		}
		return registration{Name: FormatText, Load: loadText, Extensions: []string{".txt"}}
	case extOK:
		return byExt
	}
	sniffed, _, _ := mime.ParseMediaType(http.DetectContentType(data))
	if ext, ok := webMedia[sniffed]; ok {
		if r, ok := lookup("x" + ext); ok {
			return r
		}
	}
	return registration{Name: FormatText, Load: loadText, Extensions: []string{".txt"}}
}

// webText turns a text body into UTF-8 (see loadURLWith for the order of the
// clues).
func webText(data []byte, contentType string) []byte {
	enc, name, _ := charset.DetermineEncoding(data, contentType)
	if name == "utf-8" {
		if utf8.Valid(data) || hasUTF16BOM(data) {
			return data
		}
		enc = charmap.Windows1252
	}
	out, err := enc.NewDecoder().Bytes(data)
	if err != nil {
		return data
	}
	return out
}

// webTitle names a page without a title of its own: the last part of its
// path, else its host.
func webTitle(u *url.URL) string {
	if base := path.Base(u.Path); base != "/" && base != "." && base != "" {
		if unescaped, err := url.PathUnescape(base); err == nil {
			return unescaped
		}
		return base
	}
	return u.Host
}
