// Package docxreview writes a review of a Word document back into the
// document: tracked changes accepted or rejected, and new comments. It
// edits the package in place: parts it does not change are copied as
// they are (compressed data and all), and in a part it changes only the
// elements a decision or a comment names are touched, so everything else
// stays as Word or LibreOffice wrote it.
package docxreview

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// Update is what to write into a package.
type Update struct {
	Decisions []Decision
	Comments  []Comment
}

// Report says what Apply did.
type Report struct {
	// Decided counts the decisions whose change was found and written;
	// Missing the others (their change is not in the file).
	Decided, Missing int
	// CommentIDs are the Word ids given to the new comments, in order.
	CommentIDs []string
	// Unplaced counts the new comments whose text was not found in the
	// document; they are put on its first words.
	Unplaced int
}

// maxPart is the largest part read, uncompressed.
const maxPart = 256 << 20

// The package parts and the relationship and content types comments need.
const (
	contentTypes = "[Content_Types].xml"
	commentsType = "application/vnd.openxmlformats-officedocument.wordprocessingml.comments+xml"
	commentsRel  = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments"
	officeDocRel = "/officeDocument"
	wordMainNS   = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
)

// ErrNotWord is the error of a package that is not a Word document.
var ErrNotWord = errors.New("not a Word document")

// Apply returns pkg (a .docx file's bytes) with u written into it.
func Apply(pkg []byte, u Update) ([]byte, Report, error) {
	var rep Report
	zr, err := zip.NewReader(bytes.NewReader(pkg), int64(len(pkg)))
	if err != nil {
		return nil, rep, fmt.Errorf("%w: %v", ErrNotWord, err)
	}
	p := &parts{zr: zr, changed: map[string]string{}}
	main := p.mainPart()
	if !p.has(main) {
		return nil, rep, fmt.Errorf("%w: it has no %s", ErrNotWord, main)
	}
	if err := p.decide(u.Decisions, &rep); err != nil {
		return nil, rep, err
	}
	if len(u.Comments) > 0 {
		if err := p.comment(main, u.Comments, &rep); err != nil {
			return nil, rep, err
		}
	}
	out, err := p.write()
	return out, rep, err
}

// parts reads a package's parts and keeps those changed or added.
type parts struct {
	zr      *zip.Reader
	changed map[string]string
	added   []string
}

func (p *parts) file(name string) *zip.File {
	for _, f := range p.zr.File {
		if f.Name == name {
			return f
		}
	}
	return nil
}

func (p *parts) has(name string) bool {
	_, ok := p.changed[name]
	return ok || p.file(name) != nil
}

// get is a part's text now; ok is false when the package has none.
func (p *parts) get(name string) (string, bool, error) {
	if s, ok := p.changed[name]; ok {
		return s, true, nil
	}
	f := p.file(name)
	if f == nil {
		return "", false, nil
	}
	if f.UncompressedSize64 > maxPart {
		return "", true, fmt.Errorf("%s is too large to edit", name)
	}
	r, err := f.Open()
	if err != nil {
		return "", true, fmt.Errorf("%s: %w", name, err)
	}
	defer r.Close()
	data, err := io.ReadAll(io.LimitReader(r, maxPart+1))
	if err != nil {
		return "", true, fmt.Errorf("%s: %w", name, err)
	}
	if len(data) > maxPart {
		return "", true, fmt.Errorf("%s is too large to edit", name)
	}
	return string(data), true, nil
}

func (p *parts) set(name, text string) {
	if !p.has(name) {
		p.added = append(p.added, name)
	}
	p.changed[name] = text
}

// mainPart is the main document part the package's relationships name,
// else word/document.xml.
func (p *parts) mainPart() string {
	rels, ok, err := p.get("_rels/.rels")
	if !ok || err != nil {
		return "word/document.xml"
	}
	t, err := parseTree(rels)
	if err != nil {
		return "word/document.xml"
	}
	for i, e := range t.elems {
		if e.local != "Relationship" {
			continue
		}
		if typ, _ := t.attr(i, "Type"); strings.HasSuffix(typ, officeDocRel) {
			if target, ok := t.attr(i, "Target"); ok {
				return strings.TrimPrefix(path.Clean("/"+target), "/")
			}
		}
	}
	return "word/document.xml"
}

// decide writes the decisions into their parts.
func (p *parts) decide(decisions []Decision, rep *Report) error {
	byPart := map[string]map[string]bool{}
	var order []string
	main := p.mainPart()
	for _, d := range decisions {
		part := d.Part
		if part == "" {
			part = main
		}
		if byPart[part] == nil {
			byPart[part] = map[string]bool{}
			order = append(order, part)
		}
		byPart[part][d.key()] = d.Accept
	}
	for _, name := range order {
		decided := byPart[name]
		src, ok, err := p.get(name)
		if err != nil {
			return err
		}
		found := map[string]bool{}
		if ok {
			out, err := decide(src, decided, found)
			if err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			if out != src {
				p.set(name, out)
			}
		}
		rep.Decided += len(found)
		rep.Missing += len(decided) - len(found)
	}
	return nil
}

// comment adds the new comments: each anchored in the main part on its
// text, and written to the comments part, made (with its relationship and
// content type) when the package has none.
func (p *parts) comment(main string, comments []Comment, rep *Report) error {
	src, _, err := p.get(main)
	if err != nil {
		return err
	}
	t, err := parseTree(src)
	if err != nil {
		return fmt.Errorf("%s: %w", main, err)
	}
	prefix := prefixOf(t.elems[0].name)
	commentsPart, hasPart, err := p.commentsPart(main)
	if err != nil {
		return err
	}
	var ct *tree
	csrc := ""
	if hasPart {
		if csrc, _, err = p.get(commentsPart); err != nil {
			return err
		}
		if ct, err = parseTree(csrc); err != nil {
			return fmt.Errorf("%s: %w", commentsPart, err)
		}
	}
	next := nextCommentID(t, ct)
	m := visibleText(t)
	var edits []edit
	var added strings.Builder
	for _, c := range comments {
		id := strconv.Itoa(next)
		next++
		start, end, ok := m.find(c.Anchor, c.Occurrence)
		if !ok {
			rep.Unplaced++
			start, end, ok = m.firstWords()
		}
		if ok {
			edits = append(edits, placement(t, m, start, end, id, prefix)...)
		} else if body := firstParagraph(t); body >= 0 {
			edits = append(edits, placementInEmpty(t, body, id, prefix)...)
		}
		cprefix := prefix
		if ct != nil {
			cprefix = prefixOf(ct.elems[0].name)
		}
		added.WriteString(commentXML(c, id, cprefix))
		rep.CommentIDs = append(rep.CommentIDs, id)
	}
	p.set(main, applyEdits(src, edits))
	if ct == nil {
		csrc = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n" +
			`<w:comments xmlns:w="` + wordMainNS + `">` + added.String() + `</w:comments>`
	} else {
		root := ct.elems[0]
		if root.open == root.end {
			// <w:comments/>: open it.
			csrc = csrc[:root.start] + strings.TrimSuffix(csrc[root.start:root.open], "/>") + ">" +
				added.String() + "</" + root.name + ">" + csrc[root.end:]
		} else {
			csrc = csrc[:root.close] + added.String() + csrc[root.close:]
		}
	}
	p.set(commentsPart, csrc)
	return nil
}

// firstWords is the first word of the visible text, for a comment whose
// text was not found.
func (m *textMap) firstWords() (start, end int, ok bool) {
	text := m.text.String()
	start = len(text) - len(strings.TrimLeft(text, " "))
	end = strings.IndexByte(text[start:], ' ')
	if end < 0 {
		end = len(text)
	} else {
		end += start
	}
	return start, end, start < end
}

// firstParagraph is the index of the main part's first w:p, or -1.
func firstParagraph(t *tree) int {
	for i, e := range t.elems {
		if e.local == "p" {
			return i
		}
	}
	return -1
}

// placementInEmpty anchors comment id at the end of paragraph p, for a
// document with no text.
func placementInEmpty(t *tree, p int, id, prefix string) []edit {
	e := t.elems[p]
	q := func(local string) string { return qualify(prefix, local) }
	markup := "<" + q("commentRangeStart") + " " + q("id") + `="` + id + `"/><` + q("commentRangeEnd") + " " + q("id") + `="` + id + `"/><` +
		q("r") + "><" + q("commentReference") + " " + q("id") + `="` + id + `"/></` + q("r") + ">"
	if e.open == e.end {
		return []edit{{start: e.start, end: e.end, text: "<" + e.name + ">" + markup + "</" + e.name + ">"}}
	}
	return []edit{{start: e.close, end: e.close, text: markup}}
}

// commentsPart is the name of the comments part of main: the one its
// relationships name, else a new word/comments.xml beside main, whose
// relationship and content type are added (exists is false then).
func (p *parts) commentsPart(main string) (name string, exists bool, err error) {
	dir := path.Dir(main)
	relsName := path.Join(dir, "_rels", path.Base(main)+".rels")
	rels, hasRels, err := p.get(relsName)
	if err != nil {
		return "", false, err
	}
	var rt *tree
	if hasRels {
		if rt, err = parseTree(rels); err != nil {
			return "", false, fmt.Errorf("%s: %w", relsName, err)
		}
		for i, e := range rt.elems {
			if typ, _ := rt.attr(i, "Type"); e.local == "Relationship" && typ == commentsRel {
				target, _ := rt.attr(i, "Target")
				name = strings.TrimPrefix(path.Clean(path.Join("/"+dir, target)), "/")
				if p.has(name) {
					return name, true, nil
				}
				return name, false, p.addContentType(name)
			}
		}
	}
	name = path.Join(dir, "comments.xml")
	if p.has(name) {
		// There but not related: relate it.
		exists = true
	}
	used := map[string]bool{}
	if rt != nil {
		for i, e := range rt.elems {
			if id, ok := rt.attr(i, "Id"); ok && e.local == "Relationship" {
				used[id] = true
			}
		}
	}
	rid := "rId1"
	for n := 1; used[rid]; n++ {
		rid = "rId" + strconv.Itoa(n)
	}
	rel := `<Relationship Id="` + rid + `" Type="` + commentsRel + `" Target="comments.xml"/>`
	if rt == nil {
		rels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n" +
			`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` + rel + `</Relationships>`
	} else if root := rt.elems[0]; root.open == root.end {
		rels = rels[:root.start] + strings.TrimSuffix(rels[root.start:root.open], "/>") + ">" + rel + "</" + root.name + ">" + rels[root.end:]
	} else {
		rels = rels[:root.close] + rel + rels[root.close:]
	}
	p.set(relsName, rels)
	if exists {
		return name, true, nil
	}
	return name, false, p.addContentType(name)
}

// addContentType declares part name a comments part.
func (p *parts) addContentType(name string) error {
	src, ok, err := p.get(contentTypes)
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("%w: it has no %s", ErrNotWord, contentTypes)
	}
	t, err := parseTree(src)
	if err != nil {
		return fmt.Errorf("%s: %w", contentTypes, err)
	}
	for i, e := range t.elems {
		if pn, _ := t.attr(i, "PartName"); e.local == "Override" && strings.EqualFold(pn, "/"+name) {
			return nil
		}
	}
	root := t.elems[0]
	o := `<Override PartName="/` + escape(name) + `" ContentType="` + commentsType + `"/>`
	if root.open == root.end {
		return fmt.Errorf("%s: %w", contentTypes, errNotXML)
	}
	p.set(contentTypes, src[:root.close]+o+src[root.close:])
	return nil
}

// write is the package with the parts changed and added.
func (p *parts) write() ([]byte, error) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range p.zr.File {
		text, ok := p.changed[f.Name]
		if !ok {
			if err := zw.Copy(f); err != nil {
				return nil, err
			}
			continue
		}
		h := f.FileHeader
		h.Method = zip.Deflate
		h.CompressedSize64, h.UncompressedSize64, h.CRC32 = 0, 0, 0
		h.Extra = nil
		w, err := zw.CreateHeader(&h)
		if err != nil {
			return nil, err
		}
		if _, err := io.WriteString(w, text); err != nil {
			return nil, err
		}
	}
	for _, name := range p.added {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate})
		if err != nil {
			return nil, err
		}
		if _, err := io.WriteString(w, p.changed[name]); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// BackupPath is the free name beside path where a copy of the original
// is kept before the review is first written into it: "report.docx" gives
// "report-original.docx", then "report-original-2.docx" and so on.
func BackupPath(path string) string {
	dir, base := filepath.Split(path)
	ext := filepath.Ext(base)
	stem := strings.TrimSuffix(base, ext)
	for n := 1; ; n++ {
		name := stem + "-original" + ext
		if n > 1 {
			name = stem + "-original-" + strconv.Itoa(n) + ext
		}
		p := filepath.Join(dir, name)
		if _, err := os.Lstat(p); errors.Is(err, os.ErrNotExist) {
			return p
		}
	}
}
