package load

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"image"
	"io"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"textfirst/internal/tw/doc"
)

// formatArchive is the format name of an archive read as a list of its
// members.
const formatArchive = "archive"

// ReasonNoMember is why archive!member fails when the member is missing.
const ReasonNoMember = "no such file in the archive"

// maxTarBytes bounds what is unpacked from a tar archive.
const maxTarBytes = maxUnzipped

func init() {
	// Registered here: loadArchive looks formats up in the registry.
	register(registration{Name: formatArchive, Extensions: []string{".zip", ".tar", ".tgz", ".gz"}, Load: loadArchive, Binary: true})
}

// archiveKind names the kind of archive a path is by its extension, or "".
func archiveKind(p string) string {
	low := strings.ToLower(p)
	switch {
	case strings.HasSuffix(low, ".zip"):
		return "zip"
	case strings.HasSuffix(low, ".tar.gz"), strings.HasSuffix(low, ".tgz"):
		return "tgz"
	case strings.HasSuffix(low, ".tar"):
		return "tar"
	}
	return ""
}

// archiveMember is a file in an archive.
type archiveMember struct {
	name string
	size int64
}

// archiveList lists the regular files of an archive.
func archiveList(kind string, data []byte) ([]archiveMember, error) {
	var out []archiveMember
	switch kind {
	case "zip":
		z, err := openZip(data)
		if err != nil {
			return nil, err
		}
		for _, f := range z.r.File {
			if !f.FileInfo().IsDir() {
				out = append(out, archiveMember{f.Name, int64(f.UncompressedSize64)})
			}
		}
	default:
		err := tarWalk(kind, data, func(h *tar.Header, _ io.Reader) (bool, error) {
			if h.Typeflag == tar.TypeReg {
				out = append(out, archiveMember{strings.TrimPrefix(h.Name, "./"), h.Size})
			}
			return false, nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// archiveRead returns the bytes of one member, found by the name
// archiveList lists it under; a name no member has exactly is matched
// cleaned ("a/./b.md" reads "a/b.md"). A member's name is a name inside
// the archive, never a path on disk: "../x" reads the member called "../x",
// not the member "x" nor a file beside the archive.
func archiveRead(kind string, data []byte, member string) ([]byte, error) {
	cleaned := cleanMemberName(member)
	if kind == "zip" {
		z, err := openZip(data)
		if err != nil {
			return nil, err
		}
		f := z.member(member, cleaned)
		if f == nil {
			return nil, &Error{Reason: ReasonNoMember}
		}
		return z.readFile(f)
	}
	found, err := tarRead(kind, data, func(name string) bool { return name == member })
	if err == nil && found == nil {
		found, err = tarRead(kind, data, func(name string) bool { return cleanMemberName(name) == cleaned })
	}
	if err != nil {
		return nil, err
	}
	if found == nil {
		return nil, &Error{Reason: ReasonNoMember}
	}
	return found, nil
}

// cleanMemberName is a member's name with "." and ".." resolved inside the
// archive, which is its own root: "../a/./b" is "a/b".
func cleanMemberName(name string) string {
	return strings.TrimPrefix(path.Clean("/"+name), "/")
}

// tarRead returns the bytes of the first regular file whose listed name
// (see archiveList) is wanted; nil when there is none.
func tarRead(kind string, data []byte, wanted func(name string) bool) ([]byte, error) {
	var found []byte
	err := tarWalk(kind, data, func(h *tar.Header, r io.Reader) (bool, error) {
		if h.Typeflag != tar.TypeReg || !wanted(strings.TrimPrefix(h.Name, "./")) {
			return false, nil
		}
		b, err := io.ReadAll(io.LimitReader(r, maxTarBytes+1))
		if err != nil {
			return true, &Error{Reason: reasonCorrupt + " (" + err.Error() + ")"}
		}
		if len(b) > maxTarBytes {
			return true, &Error{Reason: reasonZipBomb}
		}
		found = b
		return true, nil
	})
	return found, err
}

// tarWalk calls f for each header of a tar (or gzipped tar) archive until
// f says stop.
func tarWalk(kind string, data []byte, f func(*tar.Header, io.Reader) (bool, error)) error {
	var r io.Reader = bytes.NewReader(data)
	if kind == "tgz" {
		gz, err := gzip.NewReader(r)
		if err != nil {
			return &Error{Reason: reasonCorrupt + " (not gzip: " + err.Error() + ")"}
		}
		// The budget bounds what the decompressor may produce.
		r = io.LimitReader(gz, maxTarBytes+1<<20)
	}
	tr := tar.NewReader(r)
	for n := 0; ; n++ {
		if n > maxZipMembers {
			return &Error{Reason: reasonZipBomb}
		}
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			if n > 0 && errors.Is(err, io.ErrUnexpectedEOF) {
				return nil
			}
			return &Error{Reason: reasonCorrupt + " (" + err.Error() + ")"}
		}
		stop, err := f(h, tr)
		if err != nil || stop {
			return err
		}
	}
}

// loadArchive loads a ZIP or tar archive as the list of its readable members
// (those of a known document format or plain text), each a list item
// with a link to "archive!member" and its size.
func loadArchive(docPath string, data []byte) (*doc.Document, error) {
	kind := archiveKind(docPath)
	if kind == "" && strings.HasSuffix(strings.ToLower(docPath), ".gz") {
		// One file compressed by gzip (Debian's manuals.pdf.gz,
		// NEWS.gz, guide.tex.gz): the file it holds, named without .gz;
		// a tar inside is an archive.
		inner, err := gunzip(data)
		if err != nil {
			return nil, err
		}
		if !isTar(inner) {
			name := docPath[:len(docPath)-len(".gz")]
			return load(name, docPath, inner, Options{})
		}
		kind, data = "tar", inner
	}
	if kind == "" {
		kind = "zip"
		if !bytes.HasPrefix(data, []byte("PK")) {
			kind = "tar"
			if bytes.HasPrefix(data, []byte{0x1f, 0x8b}) {
				kind = "tgz"
			}
		}
	}
	if kind == "zip" {
		if z, err := openZip(data); err == nil {
			if files, entry, ok := daisyInZip(z, docPath); ok {
				d, _, err := loadDAISYBook(files, entry, docPath)
				return d, err
			}
		}
	}
	members, err := archiveList(kind, data)
	if err != nil {
		return nil, err
	}
	sort.Slice(members, func(i, j int) bool { return members[i].name < members[j].name })
	b := newBuilder(len(members) * 40).limitTo(len(data))
	b.heading(1, baseName(docPath))
	shown := 0
	lid := -1
	for _, m := range members {
		if !readableMember(m.name) {
			continue
		}
		if lid < 0 {
			lid = b.openMarker(doc.Marker{Kind: doc.List, Level: 1})
		}
		b.lineBreak()
		id := b.openMarker(doc.Marker{Kind: doc.ListItem, Level: 1})
		l := b.openMarker(doc.Marker{Kind: doc.Link, Reference: docPath + "!" + m.name})
		b.inlineText(m.name)
		b.closeMarker(l)
		b.inlineText(" (" + sizeText(int(m.size)) + ")")
		b.closeMarker(id)
		shown++
	}
	if lid >= 0 {
		b.closeMarker(lid)
	}
	b.paragraphBreak()
	p := b.openMarker(doc.Marker{Kind: doc.Paragraph})
	b.inlineText(strconv.Itoa(shown) + " readable of " + strconv.Itoa(len(members)) + " files.")
	b.closeMarker(p)
	text, markers := b.finish()
	return doc.New(text, doc.Meta{Title: baseName(docPath), Format: formatArchive, Path: docPath}, markers), nil
}

// textExtensions are extensions of plain text files worth listing.
var textExtensions = map[string]bool{".txt": true, ".text": true, ".log": true, ".rst": true, ".org": true, ".adoc": true, ".asciidoc": true, ".nfo": true, "": true}

func readableMember(name string) bool {
	if strings.HasSuffix(name, "/") || strings.HasPrefix(path.Base(name), ".") {
		return false
	}
	if r, ok := lookup(name); ok && r.Name != formatArchive {
		return true
	}
	return textExtensions[strings.ToLower(path.Ext(name))]
}

// splitArchivePath splits "dir/a.zip!inner/b.md" into the archive's path
// and the member's, when the part before a "!" is an existing archive.
func splitArchivePath(p string) (archive, member string, ok bool) {
	for i := strings.LastIndex(p, "!"); i > 0; i = strings.LastIndex(p[:i], "!") {
		a, m := p[:i], p[i+1:]
		if archiveKind(a) == "" || m == "" {
			continue
		}
		if st, err := os.Stat(a); err == nil && st.Mode().IsRegular() {
			return a, m, true
		}
	}
	return "", "", false
}

// AbsPath is filepath.Abs for a path that may name an archive's member
// ("books/a.zip!ch1.md"): only the archive's part is made absolute and
// cleaned, and the member's name is kept as it is, so that a member
// named "../../x" stays a name inside the archive instead of becoming
// the file x on disk. member says whether p names an archive's member.
func AbsPath(p string) (abs string, member bool, err error) {
	if archive, name, ok := splitArchivePath(p); ok {
		if _, err := os.Stat(p); err != nil {
			a, err := filepath.Abs(archive)
			if err != nil {
				return "", false, fmt.Errorf("load: %w", err)
			}
			return a + "!" + name, true, nil
		}
	}
	a, err := filepath.Abs(p)
	if err != nil {
		return "", false, fmt.Errorf("load: %w", err)
	}
	return a, false, nil
}

// readArchive reads the archive file at path whole, to read its members
// in memory; its errors are those of the document p: the reason the file
// cannot be read, or ReasonTooLarge when it is over MaxSize.
func readArchive(p, path string) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, &Error{Path: p, Reason: reasonOf(err)}
	}
	if st.Size() > MaxSize {
		return nil, &Error{Path: p, Reason: ReasonTooLarge}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, &Error{Path: p, Reason: reasonOf(err)}
	}
	return data, nil
}

// fileInArchive loads "archive!member".
func fileInArchive(p, archive, member string, o Options) (*doc.Document, error) {
	data, err := readArchive(p, archive)
	if err != nil {
		return nil, err
	}
	body, err := archiveRead(archiveKind(archive), data, member)
	if err != nil {
		var le *Error
		if errors.As(err, &le) {
			le.Path = p
			return nil, le
		}
		return nil, &Error{Path: p, Reason: err.Error()}
	}
	abs, err := filepath.Abs(archive)
	if err != nil {
		abs = archive
	}
	d, err := load(member, abs+"!"+member, body, o)
	if err != nil {
		var le *Error
		if errors.As(err, &le) {
			le.Path = p
		}
		return nil, err
	}
	return d, nil
}

// stdinDocument loads a document read from r (standard input): at most limit
// bytes (MaxSize when 0 or more), read as StdinBytes reads them with
// Options{Format: format}.
func stdinDocument(r io.Reader, limit int64, format string) (*doc.Document, error) {
	if limit <= 0 || limit > MaxSize {
		limit = MaxSize
	}
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, &Error{Path: "-", Reason: "cannot be read (" + strings.ToLower(err.Error()) + ")"}
	}
	if int64(len(data)) > limit {
		return nil, &Error{Path: "-", Reason: "too large (over " + sizeText(int(limit)) + ")"}
	}
	return StdinBytes(data, Options{Format: format})
}

// StdinBytes loads standard input's bytes: in o.Format (see
// InputExtension), else in the format found from the content: RTF, PDF,
// ZIP-based documents (EPUB, DOCX, ODF, XLSX, PPTX), images, HTML,
// Markdown (looksLikeMarkdown), else plain text. The document has no
// path; its title falls back to "standard input".
func StdinBytes(data []byte, o Options) (*doc.Document, error) {
	name := "stdin" + formatExtension(o.Format, data)
	o.Format = ""
	d, err := load(name, "", data, o)
	if err != nil {
		var le *Error
		if errors.As(err, &le) {
			le.Path = "-"
		}
		return nil, err
	}
	if d.Meta.Title == "" || d.Meta.Title == name {
		d.Meta.Title = StdinTitle
	}
	return d, nil
}

// StdinTitle is the title of a document read from standard input that
// gives none of its own.
const StdinTitle = "standard input"

// formatExtension picks the extension that selects the loader for
// standard input.
func formatExtension(format string, data []byte) string {
	if ext, ok := InputExtension(format); ok && format != "" {
		return ext
	}
	switch {
	case bytes.HasPrefix(data, []byte("{\\rtf")):
		return ".rtf"
	case bytes.HasPrefix(data, []byte("%PDF")):
		return ".pdf"
	case bytes.HasPrefix(data, []byte("PK\x03\x04")):
		if z, err := openZip(data); err == nil {
			switch {
			case z.has("META-INF/container.xml"):
				return ".epub"
			case z.has("word/document.xml"):
				return ".docx"
			case z.has("xl/workbook.xml"):
				return ".xlsx"
			case z.has("ppt/presentation.xml"):
				return ".pptx"
			case z.has("content.xml"):
				if mt, _ := z.read("mimetype", true); bytes.Contains(mt, []byte("presentation")) {
					return ".odp"
				} else if bytes.Contains(mt, []byte("spreadsheet")) {
					return ".ods"
				}
				return ".odt"
			}
		}
		return ".zip"
	}
	if _, kind, err := image.DecodeConfig(bytes.NewReader(data)); err == nil {
		// An image (the decoders are registered by the PDF package's
		// OCR): read through OCR.
		return "." + kind
	}
	head := bytes.ToLower(bytes.TrimSpace(data[:min(len(data), 512)]))
	if bytes.HasPrefix(head, []byte("<!doctype html")) || bytes.HasPrefix(head, []byte("<html")) {
		return ".html"
	}
	if looksLikeMarkdown(data) {
		return ".md"
	}
	return ".txt"
}

// gunzipRatio bounds what a gzip file may unpack to, as a multiple of its
// own size (text compresses to a tenth or so); gunzipFloor is allowed
// whatever the size.
const (
	gunzipRatio = 100
	gunzipFloor = 32 << 20
)

// gunzip decompresses a gzip file: at most gunzipRatio times its size
// (gunzipFloor for a small one) and maxTarBytes, else it is refused as a
// bomb.
func gunzip(data []byte) ([]byte, error) {
	gz, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, &Error{Reason: reasonCorrupt + " (not gzip: " + err.Error() + ")"}
	}
	limit := min(maxTarBytes, max(gunzipFloor, gunzipRatio*len(data)))
	out, err := io.ReadAll(io.LimitReader(gz, int64(limit)+1))
	if len(out) > limit {
		return nil, &Error{Reason: reasonZipBomb}
	}
	if err != nil {
		return nil, &Error{Reason: reasonCorrupt + " (" + err.Error() + ")"}
	}
	return out, nil
}

// isTar reports whether data begins with a POSIX (ustar) or GNU tar header.
func isTar(data []byte) bool {
	return len(data) >= 263 && bytes.Equal(data[257:262], []byte("ustar"))
}

// ArchiveMembers lists the members of the archive at p (zip, tar, tar.gz)
// that tw reads as documents, sorted by name; each opens as
// p + "!" + name. A file that is no archive, or is larger than MaxSize,
// is an error.
func ArchiveMembers(p string) ([]string, error) {
	kind := archiveKind(p)
	if kind == "" {
		return nil, &Error{Path: p, Reason: "not an archive"}
	}
	data, err := readArchive(p, p)
	if err != nil {
		return nil, err
	}
	members, err := archiveList(kind, data)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, m := range members {
		if readableMember(m.name) {
			names = append(names, m.name)
		}
	}
	sort.Strings(names)
	return names, nil
}

// IsArchive reports whether p names an archive by its extension (.zip,
// .tar, .tar.gz, .tgz).
func IsArchive(p string) bool { return archiveKind(p) != "" }
