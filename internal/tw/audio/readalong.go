package audio

import (
	"encoding/base64"
	"fmt"
	"html"
	"path/filepath"
	"strings"
	"time"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/epubpack"
)

// ReadAlong is a book that shows its text while its audio plays, the
// sentence being read marked: an EPUB 3 with Media Overlays (the standard
// reading systems and DAISY players follow) or a single HTML page with the
// audio inside it.
type ReadAlong string

const (
	EPUBOverlay ReadAlong = "epub"
	HTMLPage    ReadAlong = "html"
)

// ReadAlongOf is the read-along book a file name asks for by its
// extension (.epub, .html or .htm); "" for an audio file.
func ReadAlongOf(path string) ReadAlong {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".epub":
		return EPUBOverlay
	case ".html", ".htm", ".xhtml":
		return HTMLPage
	}
	return ""
}

// readAlongBook is what a read-along book is made of.
type readAlongBook struct {
	title, lang, author string
	blocks              []block
	durationMs          float64
	mp3                 []byte
	modified            time.Time
}

func newReadAlongBook(d *doc.Document, blocks []block, durationMs float64, mp3 []byte) readAlongBook {
	b := readAlongBook{title: d.Meta.Title, lang: "en", blocks: blocks, durationMs: durationMs, mp3: mp3, modified: time.Now()}
	if d.Meta.Language != nil && *d.Meta.Language != "" {
		b.lang = *d.Meta.Language
	}
	if d.Meta.Author != nil {
		b.author = *d.Meta.Author
	}
	if b.title == "" {
		b.title = firstWords(blocks)
	}
	return b
}

// firstWords names a book without a title by its first words.
func firstWords(blocks []block) string {
	var text strings.Builder
	for _, b := range blocks {
		for _, p := range b.parts {
			text.WriteString(p.text + " ")
		}
		if text.Len() > 60 {
			break
		}
	}
	words := strings.Fields(text.String())
	return strings.Join(words[:min(len(words), 8)], " ")
}

// body writes the blocks as XHTML: headings and paragraphs, each sentence
// with a clip a span with the id s1, s2, ... in order; attrs, if set,
// gives a clip's further attributes. Line breaks inside a paragraph are
// kept.
func (b readAlongBook) body(w *strings.Builder, attrs func(c *clip) string) {
	n := 0
	for _, bl := range b.blocks {
		tag := "p"
		if bl.level > 0 {
			tag = fmt.Sprintf("h%d", bl.level)
		}
		w.WriteString("<" + tag + ">")
		for i, p := range bl.parts {
			text := p.text
			if i == 0 {
				text = strings.TrimLeft(text, "\n")
			}
			if i == len(bl.parts)-1 {
				text = strings.TrimRight(text, "\n")
			}
			text = strings.ReplaceAll(html.EscapeString(text), "\n", "<br/>")
			if p.clip == nil {
				w.WriteString(text)
				continue
			}
			n++
			fmt.Fprintf(w, `<span id="s%d"`, n)
			if attrs != nil {
				w.WriteString(attrs(p.clip))
			}
			w.WriteString(">" + text + "</span>")
		}
		w.WriteString("</" + tag + ">\n")
	}
}

// clips are the book's clips in order, as body numbers them.
func (b readAlongBook) clips() []*clip {
	var out []*clip
	for _, bl := range b.blocks {
		for _, p := range bl.parts {
			if p.clip != nil {
				out = append(out, p.clip)
			}
		}
	}
	return out
}

// clock writes a time as a SMIL clock value, h:mm:ss.fff.
func clock(ms float64) string {
	n := int64(ms + 0.5)
	return fmt.Sprintf("%d:%02d:%02d.%03d", n/3600000, n/60000%60, n/1000%60, n%1000)
}

// epub writes the book as an EPUB 3 with Media Overlays: one content
// document whose sentences are spans, a SMIL overlay pairing each span
// with its clip of audio.mp3, and the durations the package must state.
func (b readAlongBook) epub() ([]byte, error) {
	t, lg := html.EscapeString(b.title), html.EscapeString(b.lang)
	xhtml := func(content string) string {
		return epubpack.Page(lg, t, `<link rel="stylesheet" type="text/css" href="read-along.css"/>`+"\n", content)
	}
	var text, nav, smil strings.Builder
	b.body(&text, nil)
	fmt.Fprintf(&nav, "<nav epub:type=\"toc\" id=\"toc\">\n<h1>%s</h1>\n<ol>\n<li><a href=\"text.xhtml\">%s</a></li>\n</ol>\n</nav>\n", t, t)
	smil.WriteString(`<?xml version="1.0" encoding="utf-8"?>
<smil xmlns="http://www.w3.org/ns/SMIL" xmlns:epub="http://www.idpf.org/2007/ops" version="3.0">
<body>
<seq id="seq1" epub:textref="text.xhtml#text" epub:type="bodymatter">
`)
	for i, c := range b.clips() {
		fmt.Fprintf(&smil, "<par id=\"p%d\"><text src=\"text.xhtml#s%d\"/><audio src=\"audio.mp3\" clipBegin=\"%s\" clipEnd=\"%s\"/></par>\n", i+1, i+1, clock(c.StartMs), clock(c.EndMs))
	}
	smil.WriteString("</seq>\n</body>\n</smil>\n")

	id := epubpack.Identifier(append([]byte(b.title+"\x00"), b.mp3...))
	var meta strings.Builder
	fmt.Fprintf(&meta, "<dc:identifier id=\"book-id\">%s</dc:identifier>\n<dc:title>%s</dc:title>\n<dc:language>%s</dc:language>\n", id, t, lg)
	if b.author != "" {
		fmt.Fprintf(&meta, "<dc:creator>%s</dc:creator>\n", html.EscapeString(b.author))
	}
	fmt.Fprintf(&meta, "<meta property=\"dcterms:modified\">%s</meta>\n", b.modified.UTC().Format("2006-01-02T15:04:05Z"))
	fmt.Fprintf(&meta, "<meta property=\"media:duration\" refines=\"#overlay\">%s</meta>\n", clock(b.durationMs))
	fmt.Fprintf(&meta, "<meta property=\"media:duration\">%s</meta>\n", clock(b.durationMs))
	meta.WriteString("<meta property=\"media:active-class\">-epub-media-overlay-active</meta>\n")
	opf := `<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="` + lg + `">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
` + meta.String() + `</metadata>
<manifest>
<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
<item id="text" href="text.xhtml" media-type="application/xhtml+xml" media-overlay="overlay"/>
<item id="overlay" href="text.smil" media-type="application/smil+xml"/>
<item id="audio" href="audio.mp3" media-type="audio/mpeg"/>
<item id="css" href="read-along.css" media-type="text/css"/>
</manifest>
<spine>
<itemref idref="text"/>
</spine>
</package>
`
	return epubpack.Pack(b.modified, opf, []epubpack.File{
		{Name: "nav.xhtml", Data: []byte(xhtml(nav.String()))},
		{Name: "text.xhtml", Data: []byte(xhtml("<main id=\"text\">\n" + text.String() + "</main>\n"))},
		{Name: "text.smil", Data: []byte(smil.String())},
		{Name: "read-along.css", Data: []byte(readAlongCSS)},
		{Name: "audio.mp3", Data: b.mp3, Stored: true}, // compressed already
	})
}

// readAlongCSS marks the sentence being read: the EPUB's active class and
// the page's.
const readAlongCSS = `.-epub-media-overlay-active, .read-along-active {
  background-color: #fff3a0;
  color: #000;
  outline: 2px solid #7a5c00;
}
`

// page writes the book as one HTML page: the audio inside it (a data
// address), each sentence a span with its clip's start and end in
// seconds, and a script that marks the sentence being heard, follows it
// down the page, and starts the audio at a sentence that is clicked.
func (b readAlongBook) page() []byte {
	var w strings.Builder
	t, lg := html.EscapeString(b.title), html.EscapeString(b.lang)
	w.WriteString(`<!DOCTYPE html>
<html lang="` + lg + `">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>` + t + `</title>
<style>
body { max-width: 42em; margin: 0 auto; padding: 1em; line-height: 1.6; }
audio { position: sticky; top: 0; width: 100%; }
span[data-begin] { cursor: pointer; }
` + readAlongCSS + `</style>
</head>
<body>
<audio id="read-along-audio" controls preload="auto" src="data:audio/mpeg;base64,`)
	w.WriteString(base64.StdEncoding.EncodeToString(b.mp3))
	w.WriteString("\"></audio>\n<main>\n")
	b.body(&w, func(c *clip) string {
		return fmt.Sprintf(` data-begin="%.3f" data-end="%.3f"`, c.StartMs/1000, c.EndMs/1000)
	})
	w.WriteString("</main>\n<script>\n" + readAlongScript + "</script>\n</body>\n</html>\n")
	return []byte(w.String())
}

// readAlongScript marks the sentence whose clip holds the audio's time.
const readAlongScript = `(function () {
  var audio = document.getElementById("read-along-audio");
  var spans = Array.prototype.slice.call(document.querySelectorAll("span[data-begin]"));
  var begins = spans.map(function (s) { return parseFloat(s.getAttribute("data-begin")); });
  var ends = spans.map(function (s) { return parseFloat(s.getAttribute("data-end")); });
  var active = null;
  function at(t) {
    var lo = 0, hi = spans.length - 1, found = -1;
    while (lo <= hi) {
      var mid = (lo + hi) >> 1;
      if (begins[mid] <= t) { found = mid; lo = mid + 1; } else { hi = mid - 1; }
    }
    return found >= 0 && t < ends[found] ? spans[found] : null;
  }
  function mark() {
    var s = at(audio.currentTime);
    if (s === active) { return; }
    if (active) { active.classList.remove("read-along-active"); }
    active = s;
    if (s) {
      s.classList.add("read-along-active");
      s.scrollIntoView({block: "nearest"});
    }
  }
  audio.addEventListener("timeupdate", mark);
  audio.addEventListener("seeked", mark);
  spans.forEach(function (s, i) {
    s.addEventListener("click", function () { audio.currentTime = begins[i]; audio.play(); });
  });
})();
`
