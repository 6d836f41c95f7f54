package load

import (
	"archive/zip"
	"bytes"
	"errors"
	"io"
	"path"
	"strings"
)

// Limits on what is unpacked from a ZIP-based document (EPUB, DOCX, ODT,
// XLSX, PPTX, archives): the total of all members read, and how much a
// member may grow over its compressed size once it is large. A zip bomb
// hits one of them and is refused instead of filling memory.
const (
	maxUnzipped     = 512 << 20
	maxZipRatio     = 200
	ratioFreeSize   = 4 << 20
	maxZipMembers   = 200000
	reasonCorrupt   = "corrupt or truncated file"
	reasonZipBomb   = "refused: it unpacks to too much data (a zip bomb?)"
	reasonEncrypted = "encrypted (DRM-protected), cannot be read"
)

// zipDoc is an opened ZIP container with a budget for what it unpacks.
type zipDoc struct {
	r      *zip.Reader
	files  map[string]*zip.File
	folded map[string]*zip.File
	budget int64
}

func openZip(data []byte) (*zipDoc, error) {
	r, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, &Error{Reason: reasonCorrupt + " (not a readable ZIP archive: " + zipErr(err) + ")"}
	}
	if len(r.File) > maxZipMembers {
		return nil, &Error{Reason: reasonZipBomb}
	}
	z := &zipDoc{r: r, files: make(map[string]*zip.File, len(r.File)), folded: map[string]*zip.File{}, budget: maxUnzipped}
	for _, f := range r.File {
		name := strings.TrimPrefix(f.Name, "/")
		if _, ok := z.files[name]; !ok {
			z.files[name] = f
		}
		low := strings.ToLower(name)
		if _, ok := z.folded[low]; !ok {
			z.folded[low] = f
		}
	}
	return z, nil
}

func zipErr(err error) string {
	s := err.Error()
	s = strings.TrimPrefix(s, "zip: ")
	return s
}

// has reports whether the archive holds name.
func (z *zipDoc) has(name string) bool { return z.file(name) != nil }

func (z *zipDoc) file(name string) *zip.File {
	name = strings.TrimPrefix(name, "/")
	if f, ok := z.files[name]; ok {
		return f
	}
	return z.folded[strings.ToLower(name)]
}

// read returns a member's bytes; a missing member is (nil, nil) when
// optional, an error otherwise.
func (z *zipDoc) read(name string, optional bool) ([]byte, error) {
	f := z.file(name)
	if f == nil {
		if optional {
			return nil, nil
		}
		return nil, &Error{Reason: reasonCorrupt + " (" + name + " is missing)"}
	}
	return z.readFile(f)
}

// member finds an archive's member by the name it has in the archive,
// else by its cleaned name (see cleanMemberName); nil when neither is
// there.
func (z *zipDoc) member(name, cleaned string) *zip.File {
	for _, f := range z.r.File {
		if f.Name == name {
			return f
		}
	}
	return z.files[cleaned]
}

// readFile returns the bytes of f, within the budget.
func (z *zipDoc) readFile(f *zip.File) ([]byte, error) {
	name := f.Name
	if f.Flags&0x1 != 0 {
		return nil, &Error{Reason: reasonEncrypted}
	}
	if int64(f.UncompressedSize64) > z.budget || f.UncompressedSize64 > ratioFreeSize && f.UncompressedSize64 > maxZipRatio*max(f.CompressedSize64, 1) {
		return nil, &Error{Reason: reasonZipBomb}
	}
	rc, err := f.Open()
	if err != nil {
		return nil, &Error{Reason: reasonCorrupt + " (" + name + ": " + zipErr(err) + ")"}
	}
	defer rc.Close()
	// The sizes in the header may lie: read at most one byte more than
	// the budget allows and check the ratio on what really came out.
	var buf bytes.Buffer
	buf.Grow(int(min(f.UncompressedSize64, 64<<20)))
	n, err := io.Copy(&buf, io.LimitReader(rc, z.budget+1))
	if err != nil && !errors.Is(err, zip.ErrChecksum) {
		return nil, &Error{Reason: reasonCorrupt + " (" + name + ": " + zipErr(err) + ")"}
	}
	if err != nil {
		return nil, &Error{Reason: reasonCorrupt + " (" + name + ": checksum error)"}
	}
	if n > z.budget || n > ratioFreeSize && uint64(n) > maxZipRatio*max(f.CompressedSize64, 1) {
		return nil, &Error{Reason: reasonZipBomb}
	}
	z.budget -= n
	return buf.Bytes(), nil
}

// resolvePath joins a relative reference to the folder of base (both
// archive paths) and cleans it: "OEBPS/text/ch1.xhtml" + "../img/a.png" is
// "OEBPS/img/a.png". The reference is URL-unescaped first.
func resolvePath(base, ref string) string {
	ref = urlUnescape(ref)
	if strings.HasPrefix(ref, "/") {
		return strings.TrimPrefix(path.Clean(ref), "/")
	}
	p := path.Join(path.Dir(base), ref)
	p = strings.TrimPrefix(path.Clean("/"+p), "/")
	return p
}

// urlUnescape decodes %XX escapes, leaving malformed ones as they are.
func urlUnescape(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			b.WriteByte(unhex(s[i+1])<<4 | unhex(s[i+2]))
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// readXML reads and parses the member name, which must be there.
func (z *zipDoc) readXML(name string) ([]byte, *xnode, error) {
	data, err := z.read(name, false)
	if err != nil {
		return nil, nil, err
	}
	root, err := parseXML(data)
	if err != nil {
		return nil, nil, err
	}
	return data, root, nil
}

// optionalXML parses the member name; nil when it is missing, cannot be
// read or is not usable XML.
func (z *zipDoc) optionalXML(name string) *xnode {
	data, _ := z.read(name, true)
	if data == nil {
		return nil
	}
	root, err := parseXML(data)
	if err != nil {
		return nil
	}
	return root
}
