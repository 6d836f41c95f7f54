package export

import (
	"fmt"
	"mime"
	"path"
	"strings"
	"time"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/epubpack"
)

// writeEPUB writes d as an EPUB 3 book: one XHTML content document with the
// text, a navigation document listing the headings (nested by level), and
// the package document (title, language, author). Images whose files lie
// beside the document (relative paths under its folder) are packed in;
// other images keep their alt text, as text. modified is the book's
// dcterms:modified time. files reads the images (and notes those it
// refuses).
func writeEPUB(d *doc.Document, modified time.Time, files *besideFiles) ([]byte, error) {
	type resource struct{ name, media string }
	var images []resource
	imageData := map[string][]byte{}
	img := func(src string) string {
		if !files.local(src) {
			return ""
		}
		media := mime.TypeByExtension(strings.ToLower(path.Ext(src)))
		if !strings.HasPrefix(media, "image/") {
			return ""
		}
		name := "images/" + path.Clean(src)
		if _, ok := imageData[name]; ok {
			return name
		}
		data, ok := files.read(src)
		if !ok {
			return ""
		}
		imageData[name] = data
		images = append(images, resource{name, strings.Split(media, ";")[0]})
		return name
	}
	var body strings.Builder
	ids := 0
	r := htmlWriter{d: d, b: &body, xml: true, ids: &ids, img: img}
	r.flow(tree(d), true)

	t, lg := esc(title(d)), esc(lang(d))
	text := epubpack.Page(lg, t, "", "<main id=\"top\">\n"+body.String()+"</main>\n")
	nav := epubpack.Page(lg, t, "", navList(d))

	id := epubpack.Identifier([]byte(d.Text))
	var meta strings.Builder
	fmt.Fprintf(&meta, "<dc:identifier id=\"book-id\">%s</dc:identifier>\n<dc:title>%s</dc:title>\n<dc:language>%s</dc:language>\n", id, t, lg)
	if d.Meta.Author != nil && *d.Meta.Author != "" {
		fmt.Fprintf(&meta, "<dc:creator>%s</dc:creator>\n", esc(*d.Meta.Author))
	}
	fmt.Fprintf(&meta, "<meta property=\"dcterms:modified\">%s</meta>\n", modified.UTC().Format("2006-01-02T15:04:05Z"))
	var manifest strings.Builder
	manifest.WriteString("<item id=\"nav\" href=\"nav.xhtml\" media-type=\"application/xhtml+xml\" properties=\"nav\"/>\n")
	manifest.WriteString("<item id=\"text\" href=\"text.xhtml\" media-type=\"application/xhtml+xml\"/>\n")
	for i, im := range images {
		fmt.Fprintf(&manifest, "<item id=\"img-%d\" href=\"%s\" media-type=\"%s\"/>\n", i+1, esc(im.name), im.media)
	}
	opf := `<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="` + lg + `">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
` + meta.String() + `</metadata>
<manifest>
` + manifest.String() + `</manifest>
<spine>
<itemref idref="text"/>
</spine>
</package>
`
	book := []epubpack.File{{Name: "nav.xhtml", Data: []byte(nav)}, {Name: "text.xhtml", Data: []byte(text)}}
	for _, im := range images {
		book = append(book, epubpack.File{Name: im.name, Data: imageData[im.name]})
	}
	return epubpack.Pack(modified, opf, book)
}

// navList is the navigation document's table of contents: the headings as
// nested ordered lists linking to their ids (h-1, h-2, ... in order).
func navList(d *doc.Document) string {
	var b strings.Builder
	b.WriteString("<nav epub:type=\"toc\" id=\"toc\" role=\"doc-toc\">\n<h1>Contents</h1>\n")
	heads := d.MarkersOf(doc.Heading)
	if len(heads) == 0 {
		// To the text's start, not the file: a reader takes an entry for a
		// whole file as the file's title, a heading the text lacks.
		fmt.Fprintf(&b, "<ol>\n<li><a href=\"text.xhtml#top\">%s</a></li>\n</ol>\n</nav>\n", esc(title(d)))
		return b.String()
	}
	var stack []int // levels of the open lists
	for i, h := range heads {
		label := esc(strings.Join(strings.Fields(d.Slice(h.Start, h.End)), " "))
		if label == "" {
			label = fmt.Sprintf("Section %d", i+1)
		}
		switch {
		case len(stack) == 0:
			b.WriteString("<ol>\n")
			stack = append(stack, h.Level)
		case h.Level > stack[len(stack)-1]:
			b.WriteString("\n<ol>\n")
			stack = append(stack, h.Level)
		default:
			b.WriteString("</li>\n")
			for len(stack) > 1 && h.Level < stack[len(stack)-1] {
				stack = stack[:len(stack)-1]
				b.WriteString("</ol>\n</li>\n")
			}
		}
		fmt.Fprintf(&b, "<li><a href=\"text.xhtml#h-%d\">%s</a>", i+1, label)
	}
	b.WriteString("</li>\n")
	for len(stack) > 1 {
		stack = stack[:len(stack)-1]
		b.WriteString("</ol>\n</li>\n")
	}
	b.WriteString("</ol>\n</nav>\n")
	return b.String()
}
