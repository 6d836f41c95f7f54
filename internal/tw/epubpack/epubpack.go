// Package epubpack writes the container of an EPUB 3 book: the mimetype
// entry first and stored, META-INF/container.xml pointing at
// EPUB/package.opf, then the book's files under EPUB/. The exporters
// (an EPUB of a document, a read-along book) write the files; this
// package packs them.
package epubpack

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"fmt"
	"time"
)

// File is a file of the book, named under EPUB/. Stored files are not
// compressed again (audio, images that are compressed already).
type File struct {
	Name   string
	Data   []byte
	Stored bool
}

const container = `<?xml version="1.0" encoding="utf-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles>
<rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/>
</rootfiles>
</container>
`

// Pack writes the book: the package document opf and files, each dated
// modified.
func Pack(modified time.Time, opf string, files []File) ([]byte, error) {
	var buf bytes.Buffer
	z := zip.NewWriter(&buf)
	add := func(h *zip.FileHeader, data []byte) error {
		w, err := z.CreateHeader(h)
		if err == nil {
			_, err = w.Write(data)
		}
		return err
	}
	// The mimetype first, stored, with no extra field, as EPUB requires.
	if err := add(&zip.FileHeader{Name: "mimetype", Method: zip.Store}, []byte("application/epub+zip")); err != nil {
		return nil, err
	}
	if err := add(&zip.FileHeader{Name: "META-INF/container.xml", Method: zip.Deflate, Modified: modified}, []byte(container)); err != nil {
		return nil, err
	}
	for _, f := range append([]File{{Name: "package.opf", Data: []byte(opf)}}, files...) {
		method := zip.Deflate
		if f.Stored {
			method = zip.Store
		}
		if err := add(&zip.FileHeader{Name: "EPUB/" + f.Name, Method: method, Modified: modified}, f.Data); err != nil {
			return nil, err
		}
	}
	if err := z.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Identifier is a book's dc:identifier made from seed: a name-based UUID
// URN, the same for the same seed.
func Identifier(seed []byte) string {
	sum := sha256.Sum256(seed)
	h := fmt.Sprintf("%x", sum[:16])
	return "urn:uuid:" + h[0:8] + "-" + h[8:12] + "-5" + h[13:16] + "-8" + h[17:20] + "-" + h[20:32]
}

// Page is a content document of a book: an XHTML page in the language
// lang with the title title (both escaped already), extraHead (whole lines)
// in its head after the title, and content as its body.
func Page(lang, title, extraHead, content string) string {
	return `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="` + lang + `" xml:lang="` + lang + `">
<head>
<meta charset="utf-8"/>
<title>` + title + `</title>
` + extraHead + `</head>
<body>
` + content + `</body>
</html>
`
}
