package load

import (
	"bytes"
	"strings"

	"golang.org/x/net/html"

	"textfirst/internal/tw/doc"
)

// rawHTML reads the raw HTML found in Markdown (HTML blocks and inline
// tags): text kept with entities decoded, tags dropped. <br> and block tags
// break the line, <img> reads as its alt text, comments, scripts and styles
// are left out. Its state carries from one piece to the next because a
// comment or script can span several lines.
type rawHTML struct {
	inComment bool
	// skipUntil is the closing tag ending a script or style being skipped.
	skipUntil string
	// inCell is set inside a table cell, where a row must stay one line:
	// line breaks become spaces.
	inCell bool
}

func (r *rawHTML) lineBreak(b *builder) {
	if r.inCell {
		b.space()
	} else {
		b.lineBreak()
	}
}

// rawBlockTags start a new line of text.
var rawBlockTags = map[string]bool{
	"address": true, "article": true, "aside": true, "blockquote": true, "center": true,
	"dd": true, "details": true, "div": true, "dl": true, "dt": true, "figcaption": true,
	"figure": true, "footer": true, "h1": true, "h2": true, "h3": true, "h4": true,
	"h5": true, "h6": true, "header": true, "hr": true, "li": true, "main": true,
	"nav": true, "ol": true, "p": true, "pre": true, "section": true, "summary": true,
	"table": true, "tr": true, "ul": true,
}

func (r *rawHTML) feed(b *builder, h []byte) {
	for len(h) > 0 {
		if r.inComment {
			i := bytes.Index(h, []byte("-->"))
			if i < 0 {
				return
			}
			h = h[i+3:]
			r.inComment = false
			continue
		}
		if r.skipUntil != "" {
			i := bytes.Index(bytes.ToLower(h), []byte(r.skipUntil))
			if i < 0 {
				return
			}
			h = h[i:]
			r.skipUntil = ""
		}
		i := tagStart(h)
		if i < 0 {
			r.text(b, h)
			return
		}
		r.text(b, h[:i])
		h = h[i:]
		if bytes.HasPrefix(h, []byte("<!--")) {
			r.inComment = true
			h = h[4:]
			continue
		}
		end := bytes.IndexByte(h, '>')
		if end < 0 {
			r.text(b, h)
			return
		}
		r.tag(b, h[:end+1])
		h = h[end+1:]
	}
}

// tagStart finds the first "<" that starts a tag, comment or declaration
// (not the "<" of "a < b").
func tagStart(h []byte) int {
	off := 0
	for {
		i := bytes.IndexByte(h[off:], '<')
		if i < 0 {
			return -1
		}
		i += off
		if i+1 < len(h) {
			c := h[i+1]
			if c == '/' || c == '!' || c == '?' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
				return i
			}
		}
		off = i + 1
	}
}

func (r *rawHTML) text(b *builder, t []byte) {
	if len(t) == 0 {
		return
	}
	if bytes.IndexByte(t, '&') >= 0 {
		b.inlineText(html.UnescapeString(string(t)))
		return
	}
	b.inlineBytes(t)
}

func (r *rawHTML) tag(b *builder, tag []byte) {
	inner := bytes.TrimSpace(tag[1 : len(tag)-1])
	closing := bytes.HasPrefix(inner, []byte("/"))
	name := inner
	if closing {
		name = name[1:]
	}
	n := 0
	for n < len(name) && (name[n] >= 'a' && name[n] <= 'z' || name[n] >= 'A' && name[n] <= 'Z' || name[n] >= '0' && name[n] <= '9') {
		n++
	}
	lname := strings.ToLower(string(name[:n]))
	selfClosing := bytes.HasSuffix(inner, []byte("/"))
	switch {
	case lname == "br":
		r.lineBreak(b)
	case lname == "img" && !closing:
		z := html.NewTokenizer(bytes.NewReader(tag))
		z.Next()
		t := z.Token()
		alt, src := "", ""
		for _, a := range t.Attr {
			switch a.Key {
			case "alt":
				alt = collapseSpace(a.Val)
			case "src":
				src = a.Val
			}
		}
		if alt != "" {
			id := b.openMarker(doc.Marker{Kind: doc.Image, Reference: src})
			b.inlineText(alt)
			b.closeMarker(id)
		}
	case (lname == "script" || lname == "style") && !closing && !selfClosing:
		r.skipUntil = "</" + lname
	case lname == "td" || lname == "th":
		b.space()
	case rawBlockTags[lname]:
		r.lineBreak(b)
	}
}
