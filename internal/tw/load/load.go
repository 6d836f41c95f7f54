// Package load turns files into documents, with the canonical text and
// markers the original textweaver produces: plain text, Markdown, HTML,
// EPUB, DOCX, OpenDocument (ODT, ODP, ODS), RTF, XLSX, PPTX, CSV and TSV,
// JSON, EML, LaTeX, DAISY talking books (a book's folder, its ncc.html or
// .opf, or a ZIP of it; see daisybook.go), and archives (a ZIP or tar
// lists its readable members; "archive.zip!member" loads one). The PDF loader lives in its own
// package, with the OCR that also reads images (PNG, JPEG, TIFF, GIF, BMP,
// WebP).
//
// File reads a file and refuses what is not a document (a missing file, a
// folder, a binary file, a corrupt or encrypted one); Bytes picks a loader
// by extension without any I/O; StdinBytes loads standard input's bytes,
// its format told from its content. Formats are a registry (name,
// extensions, loader): register adds one. ZIP-based formats go to their
// loader before any binary check.
//
// The canonical text follows one shape for every structured format: blocks
// are separated by one blank line; headings, list items and table rows are
// lines of their own; inline white space is collapsed; the text neither
// starts nor ends with a separator. Plain text is kept as written (with its
// final newline), only normalized: byte order mark dropped, line endings
// turned into "\n".
package load

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"unicode/utf16"
	"unicode/utf8"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/load/pdf"
)

// Reasons a file is refused, as Error.Reason gives them.
const (
	ReasonNoSuchFile = "no such file"
	ReasonFolder     = "is a folder"
	ReasonPermission = "permission denied"
	ReasonBinary     = "binary file, not a document"
	ReasonNotRegular = "not a regular file"
	ReasonTooLarge   = "too large (over 1 GiB)"
	ReasonEndless    = "not a regular file (its size says 0, but it goes on past 64 MiB)"
	// A document past the budget of what a load may build: a part used
	// many times, expanded each time.
	ReasonTooMuchText    = "produces more than 256 MB of text"
	ReasonTooManyMarkers = "produces more than 4 million headings, links and other marks"
	// A small file past the budget its size allows (see budgetFor).
	ReasonTextOutgrowsFile   = "produces far more text than a file of its size holds"
	ReasonMarkersOutgrowFile = "produces far more headings, links and other marks than a file of its size holds"
)

// MaxSize is the largest file loaded. Offsets in the document index are 32
// bits, and a reader has no use for a bigger text.
const MaxSize = 1 << 30

// sniffSize is how much of the start of a file is checked for binary data.
const sniffSize = 8 << 10

// Error says why a file could not be loaded. Reason is a short lowercase
// phrase a caller can put in its own sentence ("no such file", "is a
// folder", "permission denied", "binary file, not a document", ...).
type Error struct {
	Path   string
	Reason string
	// Cause is the loader's own error, when there was one: errors.Is finds
	// doc.ErrPasswordRequired through it, so the reader knows to ask.
	Cause error
}

func (e *Error) Error() string { return e.Path + ": " + e.Reason }

// Unwrap returns the loader's error.
func (e *Error) Unwrap() error { return e.Cause }

// Is lets errors.Is(err, fs.ErrNotExist) and fs.ErrPermission work.
func (e *Error) Is(target error) bool {
	switch target {
	case fs.ErrNotExist:
		return e.Reason == ReasonNoSuchFile
	case fs.ErrPermission:
		return e.Reason == ReasonPermission
	}
	return false
}

// Formats.
const (
	FormatText     = "text"
	formatMarkdown = "markdown"
	formatHTML     = "html"
)

// registration is one format in the registry: its name (Meta.Format), the
// file extensions that select it (lowercase, with the dot), its loader, and
// whether its files are containers of binary data (ZIP, PDF, ...) that the
// binary-file check must not refuse.
type registration struct {
	Name       string
	Extensions []string
	Load       doc.LoaderFunc
	Binary     bool
	// LoadWith loads with Options (a password, progress) for formats that
	// use them; nil loads with Load.
	LoadWith func(path string, data []byte, o Options) (*doc.Document, error)
}

// Options are what a person adds to loading a file: the password of an
// encrypted document, and a way to hear about long work.
type Options struct {
	// Password opens an encrypted document (nil: none given).
	Password *string
	// Progress is told before each step of long work, such as recognising
	// scanned pages: done of total steps so far, and what the steps are
	// ("page" of OCR).
	Progress func(done, total int, step string)
	// Format reads the document in this input format (see
	// InputExtension) whatever its name says; "" goes by the name.
	Format string
	// BrailleTable is the liblouis table a .brf file is read in
	// ("en-ueb-g1.ctb"); "" is braille.DefaultTable.
	BrailleTable string
	// NoOCR leaves scanned pages unread; OCRLanguage is their language as
	// Tesseract's codes ("fra", "deu+eng"), "" the document's own.
	NoOCR       bool
	OCRLanguage string
	// Revisions is how tracked changes are read (reading.revisions, auto
	// decided by the caller): RevisionsFinal ("" too) reads the final text,
	// RevisionsMarked writes each change in the text where it is.
	Revisions string
	// Math is how formulas are written into the text (the zero value:
	// in words, at normal verbosity).
	Math MathText
}

// loadPDF is the PDF loader with Options.
func loadPDF(path string, data []byte, o Options) (*doc.Document, error) {
	po := pdf.Options{NoOCR: o.NoOCR, Language: o.OCRLanguage}
	if o.Progress != nil {
		po.Recognising = func(done, total int) { o.Progress(done, total, "page") }
	}
	password := ""
	if o.Password != nil {
		password = *o.Password
	}
	return pdf.LoadOptions(path, data, password, po)
}

// registry lists the formats by extension; anything else is plain text. A
// new format is one more line here (or a register call from an init of
// this package, for a loader that itself looks formats up).
var registry = []registration{
	{Name: formatMarkdown, Extensions: []string{".md", ".markdown", ".mdown", ".mkd"}, Load: loadMarkdown},
	{Name: formatHTML, Extensions: []string{".html", ".htm", ".xhtml"}, Load: loadHTML},
	{Name: formatEPUB, Extensions: []string{".epub"}, Load: loadEPUB, Binary: true},
	{Name: formatODT, Extensions: []string{".odt", ".ott"}, Load: loadODF, Binary: true, LoadWith: loadODFWith},
	{Name: formatODP, Extensions: []string{".odp", ".otp"}, Load: loadODF, Binary: true},
	{Name: formatODS, Extensions: []string{".ods", ".ots"}, Load: loadODF, Binary: true},
	{Name: formatCSV, Extensions: []string{".csv"}, Load: loadCSV},
	{Name: formatTSV, Extensions: []string{".tsv", ".tab"}, Load: loadTSV},
	{Name: formatJSON, Extensions: []string{".json", ".geojson", ".ipynb"}, Load: loadJSON},
	{Name: formatEML, Extensions: []string{".eml", ".mht", ".mhtml"}, Load: loadEML},
	{Name: formatLaTeX, Extensions: []string{".tex", ".latex", ".ltx"}, Load: loadLaTeX},
	{Name: formatRTF, Extensions: []string{".rtf"}, Load: loadRTF, LoadWith: loadRTFWith},
	{Name: formatXLSX, Extensions: []string{".xlsx", ".xlsm"}, Load: loadXLSX, Binary: true},
	{Name: formatPPTX, Extensions: []string{".pptx", ".pptm"}, Load: loadPPTX, Binary: true},
	{Name: formatDOCX, Extensions: []string{".docx", ".docm", ".dotx"}, Load: loadDOCX, Binary: true, LoadWith: loadDOCXWith},
	{Name: pdf.Format, Extensions: []string{".pdf"}, Load: pdf.Load, Binary: true, LoadWith: loadPDF},
	// Images are read through OCR (Tesseract), as scanned PDF pages are.
	{Name: formatImage, Extensions: pdf.ImageExtensions, Load: pdf.LoadImage, Binary: true},
}

// formatImage is an image read through OCR.
const formatImage = "image"

// register adds a format to the registry (call it from init). A later
// registration of an extension wins over an earlier one.
func register(r registration) { registry = append(registry, r) }

// lookup finds the registered format of path by its extension.
func lookup(path string) (registration, bool) {
	ext := strings.ToLower(filepath.Ext(path))
	for i := len(registry) - 1; i >= 0; i-- {
		for _, e := range registry[i].Extensions {
			if e == ext {
				return registry[i], true
			}
		}
	}
	return registration{}, false
}

// FormatOf names the loader Bytes uses for path: the registered format of
// its extension, or "text" for .txt and every other extension.
func FormatOf(path string) string {
	if r, ok := lookup(path); ok {
		return r.Name
	}
	return FormatText
}

// loaderFor returns the loader of a format.
func loaderFor(format string) doc.LoaderFunc {
	for i := len(registry) - 1; i >= 0; i-- {
		if registry[i].Name == format {
			return registry[i].Load
		}
	}
	return loadText
}

// File reads and loads the file at path. Meta.Path is the absolute path.
// An http:// or https:// address is fetched (see loadURL). Errors are *Error
// values.
func File(path string) (*doc.Document, error) {
	return FileOptions(path, Options{})
}

// FileWithPassword is File for an encrypted document: the loader of its
// format opens it with password. A format that is never encrypted loads
// as File loads it.
func FileWithPassword(path, password string) (*doc.Document, error) {
	return FileOptions(path, Options{Password: &password})
}

// FileOptions is File with Options.
func FileOptions(path string, o Options) (*doc.Document, error) {
	if doc.IsWebAddress(path) {
		return loadURL(path)
	}
	st, err := os.Stat(path)
	if err != nil {
		if archive, member, ok := splitArchivePath(path); ok {
			return fileInArchive(path, archive, member, o)
		}
		return nil, &Error{Path: path, Reason: reasonOf(err)}
	}
	if d, _, ok, err := openDAISY(path, st); ok {
		return d, err
	}
	switch {
	case st.IsDir():
		return nil, &Error{Path: path, Reason: ReasonFolder}
	case !st.Mode().IsRegular():
		// A pipe or device could block forever or never end.
		return nil, &Error{Path: path, Reason: ReasonNotRegular}
	case st.Size() > MaxSize:
		return nil, &Error{Path: path, Reason: ReasonTooLarge}
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, &Error{Path: path, Reason: reasonOf(err)}
	}
	binary := isBinary
	if r, ok := pick(path, o); ok && r.Binary {
		// A ZIP or PDF container: its loader judges it.
		binary = func([]byte) bool { return false }
	}
	data, reason := readDocument(f, st.Size(), binary)
	f.Close()
	if reason != "" {
		return nil, &Error{Path: path, Reason: reason}
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	return load(path, abs, data, o)
}

// Bytes loads data as the file at path would be loaded, choosing the loader
// by extension. It does no I/O; path only names the document (title
// fallback, Meta.Path). Binary data is refused with an *Error.
func Bytes(path string, data []byte) (*doc.Document, error) {
	return load(path, path, data, Options{})
}

// BytesOptions is Bytes with Options, such as how tracked changes are
// read (Options.Revisions).
func BytesOptions(path string, data []byte, o Options) (*doc.Document, error) {
	return load(path, path, data, o)
}

// pick is the loader of path: the one o.Format names (--from), else the
// one of path's extension.
func pick(path string, o Options) (registration, bool) {
	if ext, known := InputExtension(o.Format); known && o.Format != "" {
		return lookup("x" + ext)
	}
	return lookup(path)
}

// load picks the loader of path and runs it on data, naming the document
// docPath. Formats of binary containers (ZIP, PDF) go to their loader
// before any binary check; the others refuse binary data. A loader's
// failure becomes an *Error with the loader's reason.
func load(path, docPath string, data []byte, o Options) (*doc.Document, error) {
	r, ok := pick(path, o)
	if !ok {
		r = registration{Name: FormatText, Load: loadText}
	}
	if r.Binary {
		if len(data) > MaxSize {
			return nil, &Error{Path: path, Reason: ReasonTooLarge}
		}
	} else if reason := refuse(data); reason != "" {
		return nil, &Error{Path: path, Reason: reason}
	}
	loader := r.Load
	if r.LoadWith != nil {
		loader = func(p string, b []byte) (*doc.Document, error) { return r.LoadWith(p, b, o) }
	}
	d, err := safeLoad(loader, docPath, data)
	if err != nil {
		var le *Error
		if errors.As(err, &le) {
			le.Path = path
			return nil, le
		}
		return nil, &Error{Path: path, Reason: err.Error(), Cause: err}
	}
	return rewriteMath(d, o.Math), nil
}

// safeLoad runs a loader, turning a panic (a bug met by odd input) into an
// error: a bad file must never bring the program down. A builder past the
// document budget panics with its *Error, returned as it is.
func safeLoad(f doc.LoaderFunc, path string, data []byte) (d *doc.Document, err error) {
	defer func() {
		if p := recover(); p != nil {
			d, err = nil, panicError(path, p, "cannot be read (internal error: %v)")
		}
	}()
	return f(path, data)
}

// panicError is the error of a loader that panicked with p: the *Error of
// a builder past the budget, else one whose reason is format with p.
func panicError(path string, p any, format string) *Error {
	if le, ok := p.(*Error); ok {
		return &Error{Path: path, Reason: le.Reason}
	}
	return &Error{Path: path, Reason: fmt.Sprintf(format, p)}
}

// maxUnsized caps a file whose size the file system gives as 0 but that
// has content (a /proc file): such a file may never end.
const maxUnsized = 64 << 20

// readDocument reads a file of the given size (as Stat gives it) with
// bounded work: the first bytes are checked for binary data before any
// more is read (a sparse file of zeros costs 8 KiB, not its size), and
// reading stops past MaxSize, or past maxUnsized when the size says 0.
// binary decides on the first bytes (a format known by its first bytes,
// such as a zip-based one, is let through there). It returns the bytes,
// or why the file is refused.
func readDocument(r io.Reader, size int64, binary func(head []byte) bool) ([]byte, string) {
	limit := int64(MaxSize)
	if size <= 0 {
		limit = maxUnsized
	}
	// One character past the window, so that isBinary sees whether the
	// window cuts the last one in two.
	head := make([]byte, sniffSize+utf8.UTFMax)
	n, err := io.ReadFull(r, head)
	head = head[:n]
	switch {
	case err != nil && err != io.EOF && err != io.ErrUnexpectedEOF:
		return nil, reasonOf(err)
	case binary(head):
		return nil, ReasonBinary
	case err != nil:
		return head, "" // the whole file
	}
	buf := make([]byte, n, min(max(size, int64(n)), limit)+1)
	copy(buf, head)
	rest := io.LimitReader(r, limit+1-int64(n))
	for int64(len(buf)) <= limit {
		if len(buf) == cap(buf) {
			// Doubling: a file that says nothing of its size costs at
			// most twice the limit in allocations.
			grown := make([]byte, len(buf), min(2*int64(cap(buf)), limit+1))
			copy(grown, buf)
			buf = grown
		}
		m, err := rest.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+m]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, reasonOf(err)
		}
	}
	if int64(len(buf)) > limit {
		if size <= 0 {
			return nil, ReasonEndless
		}
		return nil, ReasonTooLarge
	}
	return buf, ""
}

// reasonOf turns an error of the file system into a Reason.
func reasonOf(err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, syscall.ENOTDIR):
		return ReasonNoSuchFile
	case errors.Is(err, fs.ErrPermission):
		return ReasonPermission
	case errors.Is(err, syscall.EISDIR):
		return ReasonFolder
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return "cannot be read (" + strings.ToLower(err.Error()) + ")"
}

// refuse returns why data is not a document, or "".
func refuse(data []byte) string {
	if len(data) > MaxSize {
		return ReasonTooLarge
	}
	if isBinary(data) {
		return ReasonBinary
	}
	return ""
}

// isBinary looks at the start of data: a NUL byte, invalid UTF-8 or many
// control characters mean it is not text. UTF-16 with a byte order mark is
// text.
func isBinary(data []byte) bool {
	if hasUTF16BOM(data) {
		return false
	}
	w := data
	if len(w) > sniffSize {
		w = w[:sniffSize]
		// The window may cut the last character in two.
		for k := 1; k <= utf8.UTFMax-1 && k <= len(w); k++ {
			if utf8.RuneStart(w[len(w)-k]) {
				if !utf8.FullRune(w[len(w)-k:]) {
					w = w[:len(w)-k]
				}
				break
			}
		}
	}
	if bytes.IndexByte(w, 0) >= 0 || !utf8.Valid(w) {
		return true
	}
	controls := 0
	for _, c := range w {
		if c < 0x20 && !strings.ContainsRune("\t\n\r\f\v\b\x1b", rune(c)) {
			controls++
		}
	}
	return controls*10 > len(w)
}

func hasUTF16BOM(data []byte) bool {
	return len(data) >= 2 && (data[0] == 0xFF && data[1] == 0xFE || data[0] == 0xFE && data[1] == 0xFF)
}

// decode returns data as clean UTF-8 text: UTF-16 (with a byte order mark)
// converted, a UTF-8 byte order mark dropped, invalid bytes and NUL replaced
// by U+FFFD, and line endings turned into "\n". The result may share memory
// with data; neither is changed afterwards.
func decode(data []byte) []byte {
	if hasUTF16BOM(data) {
		data = utf16ToUTF8(data)
	}
	data = bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF"))
	if !utf8.Valid(data) {
		data = bytes.ToValidUTF8(data, []byte("\uFFFD"))
	}
	if bytes.IndexByte(data, 0) >= 0 {
		data = bytes.ReplaceAll(data, []byte{0}, []byte("\uFFFD"))
	}
	if bytes.IndexByte(data, '\r') >= 0 {
		data = bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
		data = bytes.ReplaceAll(data, []byte("\r"), []byte("\n"))
	}
	return data
}

func utf16ToUTF8(data []byte) []byte {
	big := data[0] == 0xFE
	data = data[2:]
	units := make([]uint16, len(data)/2)
	for i := range units {
		if big {
			units[i] = uint16(data[2*i])<<8 | uint16(data[2*i+1])
		} else {
			units[i] = uint16(data[2*i+1])<<8 | uint16(data[2*i])
		}
	}
	out := make([]byte, 0, len(data)+len(data)/2)
	for _, r := range utf16.Decode(units) {
		out = utf8.AppendRune(out, r)
	}
	if len(data)%2 == 1 {
		out = utf8.AppendRune(out, utf8.RuneError)
	}
	return out
}

// baseName is the title of last resort: the file name.
func baseName(path string) string {
	if path == "" {
		return ""
	}
	return filepath.Base(path)
}

// loadText loads plain text: the text as written (normalized by decode), no
// markers, the file name as title.
func loadText(path string, data []byte) (*doc.Document, error) {
	return doc.New(string(decode(data)), doc.Meta{
		Title:  baseName(path),
		Format: FormatText,
		Path:   path,
	}, nil), nil
}

// collapseSpace joins the words of s with single spaces.
func collapseSpace(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// strPtr returns a pointer to s, or nil when s is empty.
func strPtr(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
