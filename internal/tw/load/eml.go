package load

import (
	"bytes"
	"encoding/base64"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/charset"

	"textfirst/internal/tw/doc"
)

// formatEML is the format name of e-mail messages.
const formatEML = "eml"

// maxMIMEParts bounds the parts of a message walked.
const maxMIMEParts = 1000

type emlPart struct {
	mediaType string
	body      []byte
	filename  string
}

// loadEML loads an e-mail message (RFC 5322, MIME): the headers From, To, Cc,
// Date and Subject as lines of a paragraph, then the readable body (the
// text/plain part, else the text/html one read as HTML), then a level-2
// "Attachments" heading over a list of attached files with their sizes.
// The subject is the title, the sender the author.
func loadEML(docPath string, data []byte) (*doc.Document, error) {
	msg, err := mail.ReadMessage(bytes.NewReader(data))
	if err != nil {
		return nil, &Error{Reason: reasonCorrupt + " (not an e-mail message: " + err.Error() + ")"}
	}
	dec := new(mime.WordDecoder)
	dec.CharsetReader = charset.NewReaderLabel
	header := func(k string) string {
		v := msg.Header.Get(k)
		if d, err := dec.DecodeHeader(v); err == nil {
			v = d
		}
		return collapseSpace(v)
	}
	var parts []emlPart
	body, _ := io.ReadAll(io.LimitReader(msg.Body, MaxSize))
	walkMIME(msg.Header.Get("Content-Type"), msg.Header.Get("Content-Transfer-Encoding"), "", body, &parts, 0)

	b := newBuilder(len(data)).limitTo(len(data))
	b.paragraphBreak()
	pid := b.openMarker(doc.Marker{Kind: doc.Paragraph})
	for _, k := range []string{"From", "To", "Cc", "Date", "Subject"} {
		if v := header(k); v != "" {
			b.lineBreak()
			b.inlineText(k + ": " + v)
		}
	}
	b.closeMarker(pid)
	b.paragraphBreak()

	var plain, htmlPart *emlPart
	var attachments []emlPart
	for i := range parts {
		p := &parts[i]
		switch {
		case p.filename != "":
			attachments = append(attachments, *p)
		case p.mediaType == "text/plain" && plain == nil:
			plain = p
		case p.mediaType == "text/html" && htmlPart == nil:
			htmlPart = p
		}
	}
	switch {
	case plain != nil:
		for _, para := range strings.Split(strings.ReplaceAll(string(plain.body), "\r\n", "\n"), "\n\n") {
			if strings.TrimSpace(para) == "" {
				continue
			}
			b.paragraphBreak()
			id := b.openMarker(doc.Marker{Kind: doc.Paragraph})
			for i, line := range strings.Split(strings.Trim(para, "\n"), "\n") {
				if i > 0 {
					b.lineBreak()
				}
				b.inlineText(line)
			}
			b.closeMarker(id)
			b.paragraphBreak()
		}
	case htmlPart != nil:
		if root, err := html.Parse(bytes.NewReader(withoutInternalSubset(htmlPart.body))); err == nil {
			w := &htmlWalker{b: b}
			b.paragraphBreak()
			walkHTMLBody(w, root)
			b.paragraphBreak()
		}
	}
	if len(attachments) > 0 {
		b.paragraphBreak()
		b.heading(2, "Attachments")
		lid := b.openMarker(doc.Marker{Kind: doc.List, Level: 1})
		for _, a := range attachments {
			b.lineBreak()
			id := b.openMarker(doc.Marker{Kind: doc.ListItem, Level: 1})
			b.inlineText(a.filename + " (" + a.mediaType + ", " + sizeText(len(a.body)) + ")")
			b.closeMarker(id)
		}
		b.closeMarker(lid)
	}
	text, markers := b.finish()
	meta := doc.Meta{Format: formatEML, Path: docPath, Author: strPtr(header("From"))}
	d := doc.New(text, meta, markers)
	d.Meta.Title = header("Subject")
	if d.Meta.Title == "" {
		d.Meta.Title = baseName(docPath)
	}
	return d, nil
}

func sizeText(n int) string {
	switch {
	case n >= 1<<20:
		return strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64) + " MB"
	case n >= 1<<10:
		return strconv.Itoa(n>>10) + " KB"
	}
	return strconv.Itoa(n) + " bytes"
}

// walkMIME collects the leaf parts of a MIME body, decoded to UTF-8 text
// for text parts.
func walkMIME(contentType, encoding, disposition string, body []byte, out *[]emlPart, depth int) {
	if len(*out) >= maxMIMEParts || depth > 32 {
		return
	}
	mt, params, err := mime.ParseMediaType(contentType)
	if err != nil || contentType == "" {
		mt, params = "text/plain", map[string]string{"charset": "us-ascii"}
	}
	body = decodeTransfer(encoding, body)
	if strings.HasPrefix(mt, "multipart/") {
		mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
		for {
			p, err := mr.NextRawPart()
			if err != nil {
				return
			}
			pb, _ := io.ReadAll(io.LimitReader(p, MaxSize))
			walkMIME(p.Header.Get("Content-Type"), p.Header.Get("Content-Transfer-Encoding"), p.Header.Get("Content-Disposition"), pb, out, depth+1)
		}
	}
	if mt == "message/rfc822" {
		if m, err := mail.ReadMessage(bytes.NewReader(body)); err == nil {
			inner, _ := io.ReadAll(io.LimitReader(m.Body, MaxSize))
			walkMIME(m.Header.Get("Content-Type"), m.Header.Get("Content-Transfer-Encoding"), "", inner, out, depth+1)
		}
		return
	}
	part := emlPart{mediaType: mt, body: body}
	if d, dp, err := mime.ParseMediaType(disposition); err == nil {
		if fn := dp["filename"]; fn != "" {
			part.filename = fn
		} else if d == "attachment" {
			part.filename = params["name"]
			if part.filename == "" {
				part.filename = "attachment"
			}
		}
	} else if n := params["name"]; n != "" && !strings.HasPrefix(mt, "text/") {
		part.filename = n
	}
	if part.filename == "" && strings.HasPrefix(mt, "text/") {
		if cs := params["charset"]; cs != "" {
			if r, err := charset.NewReaderLabel(cs, bytes.NewReader(body)); err == nil {
				if conv, err := io.ReadAll(r); err == nil {
					part.body = conv
				}
			}
		}
		part.body = decode(part.body)
	}
	*out = append(*out, part)
}

func decodeTransfer(enc string, body []byte) []byte {
	switch strings.ToLower(strings.TrimSpace(enc)) {
	case "base64":
		clean := bytes.Map(func(r rune) rune {
			if r == '\r' || r == '\n' || r == ' ' || r == '\t' {
				return -1
			}
			return r
		}, body)
		out := make([]byte, base64.StdEncoding.DecodedLen(len(clean)))
		n, err := base64.StdEncoding.Decode(out, clean)
		if err != nil && n == 0 {
			return body
		}
		return out[:n]
	case "quoted-printable":
		out, err := io.ReadAll(quotedprintable.NewReader(bytes.NewReader(body)))
		if err != nil && len(out) == 0 {
			return body
		}
		return out
	}
	return body
}
