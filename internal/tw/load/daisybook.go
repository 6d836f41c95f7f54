package load

import (
	"errors"
	"io/fs"
	"math"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"textfirst/internal/tw/doc"
)

// A DAISY talking book (DAISY 2.02 or DAISY 3, ANSI/NISO Z39.86) is a set
// of files: a navigation file (ncc.html in 2.02; the package .opf and its
// NCX in 3), SMIL files that pair each phrase of the text with a clip of
// the recorded narration, the text (XHTML in 2.02, DTBook XML in 3) and the
// audio. A book is opened as its folder, a ZIP of it, or its ncc.html or
// .opf file. See daisy2.go and daisy3.go for the two navigation files;
// this file holds what both share: the book's files, its SMIL, and the
// clips of its narration.

// formatDAISY is the format name of DAISY books.
const formatDAISY = "daisy"

// Meta.Properties keys of a DAISY book.
const (
	// PropertyMissingAudio lists the audio files the SMIL names that the
	// book does not hold, joined with ", ".
	PropertyMissingAudio = "missing_audio"
	// PropertyBookAudio is "yes" when the book has a recorded narration.
	PropertyBookAudio = "book_audio"
)

// maxDAISYFiles bounds the SMIL and content files one book may read.
const maxDAISYFiles = 20000

// reasonOutsideBook is why a book whose files point out of it is refused.
const reasonOutsideBook = "refused: a file of the book points outside it"

// bookFiles are the files of one book, by slash-separated paths relative
// to the book's folder (its root).
type bookFiles interface {
	// read returns a file's bytes, or (nil, nil) when the book does not
	// hold it.
	read(name string) ([]byte, error)
	// has reports whether the book holds name.
	has(name string) bool
	// locate is where a player finds name: a path on disk, or
	// "archive!member".
	locate(name string) string
}

// dirBook is a book in a folder on disk.
type dirBook struct{ root string }

func (d dirBook) file(name string) string {
	return filepath.Join(d.root, filepath.FromSlash(name))
}

func (d dirBook) read(name string) ([]byte, error) {
	if !fs.ValidPath(name) {
		return nil, nil
	}
	p := d.file(name)
	st, err := os.Stat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, &Error{Reason: name + ": " + reasonOf(err)}
	}
	if !st.Mode().IsRegular() {
		return nil, &Error{Reason: name + ": " + ReasonNotRegular}
	}
	if st.Size() > MaxSize {
		return nil, &Error{Reason: name + ": " + ReasonTooLarge}
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, &Error{Reason: name + ": " + reasonOf(err)}
	}
	return data, nil
}

func (d dirBook) has(name string) bool {
	if !fs.ValidPath(name) {
		return false
	}
	st, err := os.Stat(d.file(name))
	return err == nil && st.Mode().IsRegular()
}

func (d dirBook) locate(name string) string { return d.file(name) }

// zipBook is a book in a ZIP archive, under the folder dir of it.
type zipBook struct {
	z       *zipDoc
	dir     string
	archive string
}

func (z zipBook) read(name string) ([]byte, error) { return z.z.read(path.Join(z.dir, name), true) }
func (z zipBook) has(name string) bool             { return z.z.has(path.Join(z.dir, name)) }
func (z zipBook) locate(name string) string        { return z.archive + "!" + path.Join(z.dir, name) }

// mapBook is a book held in memory (fuzzing, tests).
type mapBook map[string][]byte

func (m mapBook) read(name string) ([]byte, error) { return m[name], nil }
func (m mapBook) has(name string) bool             { _, ok := m[name]; return ok }
func (m mapBook) locate(name string) string        { return name }

// bookPath resolves ref, written in the book's file from, to a path in the
// book. A reference out of the book (a URL, an absolute path, one that
// climbs above the root) is an error naming both.
func bookPath(from, ref string) (string, error) {
	clean := strings.TrimSpace(ref)
	if i := strings.IndexByte(clean, '#'); i >= 0 {
		clean = clean[:i]
	}
	if clean == "" {
		return from, nil
	}
	clean = urlUnescape(clean)
	if hasScheme(clean) || strings.HasPrefix(clean, "/") || strings.HasPrefix(clean, `\`) || filepath.IsAbs(clean) {
		return "", outsideBook(from, ref)
	}
	p := path.Join(path.Dir(from), clean)
	if p == ".." || strings.HasPrefix(p, "../") || !fs.ValidPath(p) {
		return "", outsideBook(from, ref)
	}
	return p, nil
}

func outsideBook(from, ref string) error {
	return &Error{Reason: reasonOutsideBook + " (" + from + " names " + strconv.Quote(ref) + ")"}
}

// bookTarget is a place in the book a reference names: "file#fragment",
// or "file" for the start of a file.
func bookTarget(from, ref string) (string, error) {
	p, err := bookPath(from, ref)
	if err != nil {
		return "", err
	}
	if _, frag, ok := strings.Cut(ref, "#"); ok && frag != "" {
		return p + "#" + urlUnescape(frag), nil
	}
	return p, nil
}

// audioClip is a stretch of a recording: the file (a path in the book) and
// its start and end in it (End 0: to the end of the file).
type audioClip struct {
	src        string
	begin, end time.Duration
}

// smilPar is one phrase of a SMIL file: the place of its text in the book
// ("" when the book has no text), and the clips that say it, in order.
type smilPar struct {
	text  string
	clips []audioClip
}

// smilFile is one parsed SMIL file: its phrases in order, and the phrase
// each id of the file (of a par, a text or an audio element) names.
type smilFile struct {
	pars []smilPar
	ids  map[string]int
}

// parseSMIL reads a SMIL file (SMIL 1.0 of DAISY 2.02 or SMIL 2.0 of DAISY
// 3). Each par is a phrase; text and audio outside a par are phrases of
// their own. A src out of the book refuses the book.
func parseSMIL(name string, data []byte) (*smilFile, error) {
	root, err := parseXML(decode(data))
	if err != nil {
		return nil, err
	}
	s := &smilFile{ids: map[string]int{}}
	var walk func(n *xnode, depth int) error
	walk = func(n *xnode, depth int) error {
		if depth > maxXMLDepth {
			return nil
		}
		var err error
		n.elements(func(c *xnode) {
			if err != nil {
				return
			}
			switch strings.ToLower(c.name) {
			case "par", "text", "audio":
				s.pars = append(s.pars, smilPar{})
				err = s.phrase(name, c, len(s.pars)-1)
			default:
				err = walk(c, depth+1)
			}
		})
		return err
	}
	if err := walk(root, 0); err != nil {
		return nil, err
	}
	return s, nil
}

// phrase fills the phrase i from the element n and what it holds.
func (s *smilFile) phrase(name string, n *xnode, i int) error {
	var err error
	var visit func(x *xnode, depth int)
	visit = func(x *xnode, depth int) {
		if err != nil || depth > maxXMLDepth {
			return
		}
		if id := x.attr("id"); id != "" {
			if _, dup := s.ids[id]; !dup {
				s.ids[id] = i
			}
		}
		switch strings.ToLower(x.name) {
		case "text":
			if src := x.attr("src"); src != "" && s.pars[i].text == "" {
				s.pars[i].text, err = bookTarget(name, src)
			}
		case "audio":
			src := x.attr("src")
			if src == "" {
				break
			}
			var p string
			if p, err = bookPath(name, src); err != nil {
				return
			}
			s.pars[i].clips = append(s.pars[i].clips, audioClip{
				src:   p,
				begin: smilClock(firstNonEmpty(x.attr("clipBegin"), x.attr("clip-begin"))),
				end:   smilClock(firstNonEmpty(x.attr("clipEnd"), x.attr("clip-end"))),
			})
		}
		x.elements(func(c *xnode) { visit(c, depth+1) })
	}
	visit(n, 0)
	return err
}

// smilClock reads a SMIL clock value: "npt=12.5s" (SMIL 1.0), "0:01:02.5",
// "01:02.5", "12.5s", "1.5min", "1h", "500ms" or "12.5" (seconds). What
// it cannot read is 0.
func smilClock(v string) time.Duration {
	v = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(v), "npt="))
	if v == "" {
		return 0
	}
	seconds := func(s string) float64 {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || f < 0 || f > 1e7 {
			return 0
		}
		return f
	}
	var total float64
	switch {
	case strings.Contains(v, ":"):
		for _, part := range strings.Split(v, ":") {
			total = total*60 + seconds(part)
		}
	case strings.HasSuffix(v, "ms"):
		total = seconds(strings.TrimSuffix(v, "ms")) / 1000
	case strings.HasSuffix(v, "min"):
		total = seconds(strings.TrimSuffix(v, "min")) * 60
	case strings.HasSuffix(v, "h"):
		total = seconds(strings.TrimSuffix(v, "h")) * 3600
	case strings.HasSuffix(v, "s"):
		total = seconds(strings.TrimSuffix(v, "s"))
	default:
		total = seconds(v)
	}
	return time.Duration(math.Round(total*1e6)) * time.Microsecond
}

// smilSet is the SMIL of a book: its files in reading order, parsed once.
type smilSet struct {
	files bookFiles
	order []string
	byKey map[string]*smilFile
}

// smil returns the parsed SMIL file name, reading it the first time; a
// missing or unreadable file is nil.
func (ss *smilSet) smil(name string) (*smilFile, error) {
	if f, ok := ss.byKey[name]; ok {
		return f, nil
	}
	if ss.byKey == nil {
		ss.byKey = map[string]*smilFile{}
	}
	if len(ss.order) >= maxDAISYFiles {
		return nil, &Error{Reason: "refused: too many SMIL files (over 20000)"}
	}
	ss.order = append(ss.order, name)
	data, err := ss.files.read(name)
	if err != nil || data == nil {
		ss.byKey[name] = nil
		return nil, err
	}
	f, err := parseSMIL(name, data)
	if err != nil {
		var le *Error
		if errors.As(err, &le) && strings.HasPrefix(le.Reason, reasonOutsideBook) {
			return nil, err
		}
		f = nil // a broken SMIL file: its phrases are lost, not the book
	}
	ss.byKey[name] = f
	return f, nil
}

// resolve finds the phrase a navigation entry's href names ("x.smil#id",
// or a SMIL file's first phrase): the SMIL file and the phrase's index, or
// ok false.
func (ss *smilSet) resolve(from, href string) (name string, par int, ok bool, err error) {
	target, err := bookTarget(from, href)
	if err != nil {
		return "", 0, false, err
	}
	file, frag, _ := strings.Cut(target, "#")
	if !isSMILName(file) {
		return "", 0, false, nil
	}
	f, err := ss.smil(file)
	if err != nil || f == nil || len(f.pars) == 0 {
		return "", 0, false, err
	}
	i, found := f.ids[frag]
	if !found {
		i = 0
	}
	return file, i, true, nil
}

// textOf is the text place a navigation entry's href leads to: through
// its SMIL phrase, or the href itself when it names a content file.
func (ss *smilSet) textOf(from, href string) (string, error) {
	name, i, ok, err := ss.resolve(from, href)
	if err != nil {
		return "", err
	}
	if !ok {
		return bookTarget(from, href)
	}
	return ss.byKey[name].pars[i].text, nil
}

// contentOrder lists the content files the phrases show, in the order
// their first phrase comes.
func (ss *smilSet) contentOrder() []string {
	var order []string
	seen := map[string]bool{}
	for _, name := range ss.order {
		f := ss.byKey[name]
		if f == nil {
			continue
		}
		for _, p := range f.pars {
			file, _, _ := strings.Cut(p.text, "#")
			if file != "" && !seen[file] && len(order) < maxDAISYFiles {
				seen[file] = true
				order = append(order, file)
			}
		}
	}
	return order
}

func isSMILName(name string) bool {
	return strings.HasSuffix(strings.ToLower(name), ".smil") || strings.HasSuffix(strings.ToLower(name), ".smi")
}

// BookClip is one clip of a book's recorded narration and the range of the
// canonical text it says: [Start, End) in code points. Audio is where the
// recording is (a path on disk, or "archive!member"); Begin and End are the
// clip's place in it (ClipEnd 0: to the end of the file).
type BookClip struct {
	Start, End int
	Audio      string
	Begin      time.Duration
	ClipEnd    time.Duration
}

// BookAudio is the recorded narration of a DAISY book: its clips in
// reading order, and the audio files the book names but does not hold.
type BookAudio struct {
	Clips   []BookClip
	Missing []string
}

// daisyClips places the phrases of the SMIL on the text: each phrase says
// the text from its place (place gives the offset of a text target) to the
// place of the next phrase that starts later, or to the end of the text.
// Phrases without text take the place of the entry that names them or the
// last phrase before them. Phrases whose audio is missing are dropped (the
// clips before them end where they start) and their files listed.
func daisyClips(ss *smilSet, textLen int, place func(target string) (int, bool), navPlace map[string]int) *BookAudio {
	out := &BookAudio{}
	missing := map[string]bool{}
	checked := map[string]bool{}
	var starts []int // of every phrase
	last := 0
	for _, name := range ss.order {
		f := ss.byKey[name]
		if f == nil {
			continue
		}
		for i, p := range f.pars {
			at, ok := place(p.text)
			if n, isNav := navPlace[name+"#"+strconv.Itoa(i)]; isNav {
				at, ok = n, true
			}
			if !ok {
				at = last
			}
			last = at
			starts = append(starts, at)
			for _, c := range p.clips {
				if _, done := checked[c.src]; !done {
					checked[c.src] = ss.files.has(c.src)
				}
				if !checked[c.src] {
					missing[c.src] = true
					continue
				}
				out.Clips = append(out.Clips, BookClip{Start: at, Audio: ss.files.locate(c.src), Begin: c.begin, ClipEnd: c.end})
			}
		}
	}
	// Each clip ends where the next later-starting phrase begins, one
	// whose audio is missing included.
	sort.Ints(starts)
	for i := range out.Clips {
		k := sort.SearchInts(starts, out.Clips[i].Start+1)
		out.Clips[i].End = textLen
		if k < len(starts) {
			out.Clips[i].End = starts[k]
		}
	}
	for m := range missing {
		out.Missing = append(out.Missing, m)
	}
	sort.Strings(out.Missing)
	return out
}

// noteBookAudio records in meta whether the book is narrated and which of
// its audio files are missing.
func noteBookAudio(meta *doc.Meta, a *BookAudio) {
	if len(a.Clips) == 0 && len(a.Missing) == 0 {
		return
	}
	if meta.Properties == nil {
		meta.Properties = map[string]string{}
	}
	if len(a.Clips) > 0 {
		meta.Properties[PropertyBookAudio] = "yes"
	}
	if len(a.Missing) > 0 {
		meta.Properties[PropertyMissingAudio] = strings.Join(a.Missing, ", ")
	}
}

// daisyEntry picks a book's navigation file among the names of the files
// of its folder: ncc.html (DAISY 2.02, any case), else a .opf package
// (DAISY 3); "" when there is neither.
func daisyEntry(names []string) string {
	opf := ""
	for _, n := range names {
		low := strings.ToLower(n)
		switch {
		case low == "ncc.html" || low == "ncc.htm":
			return n
		case strings.HasSuffix(low, ".opf") && opf == "":
			opf = n
		}
	}
	return opf
}

// isDAISYEntry reports whether a file opened directly is a book's
// navigation file: ncc.html, or a .opf package.
func isDAISYEntry(name string) bool {
	return daisyEntry([]string{filepath.Base(name)}) != ""
}

// readEntry reads a book's navigation file, which must be there.
func readEntry(files bookFiles, name string) ([]byte, error) {
	data, err := files.read(name)
	if err == nil && data == nil {
		err = &Error{Reason: ReasonNoSuchFile + " (" + name + ")"}
	}
	return data, err
}

// loadDAISYBook loads the book whose navigation file is entry: a DAISY 3
// package (.opf) or a DAISY 2.02 NCC. A builder past the document budget
// is an error like any other.
func loadDAISYBook(files bookFiles, entry, docPath string) (d *doc.Document, audio *BookAudio, err error) {
	defer func() {
		if p := recover(); p != nil {
			d, audio, err = nil, nil, panicError(docPath, p, "cannot be read (internal error: %v)")
		}
	}()
	if strings.HasSuffix(strings.ToLower(entry), ".opf") {
		return loadDAISY3(files, entry, docPath)
	}
	return loadDAISY2(files, entry, docPath)
}

// openDAISY loads path as a DAISY book when it is one: a folder holding a
// book's navigation file, or that file itself. ok is false for anything
// else.
func openDAISY(path string, st fs.FileInfo) (d *doc.Document, audio *BookAudio, ok bool, err error) {
	abs, aerr := filepath.Abs(path)
	if aerr != nil {
		abs = path
	}
	var files bookFiles
	entry := ""
	switch {
	case st.IsDir():
		list, rerr := os.ReadDir(path)
		if rerr != nil {
			return nil, nil, false, nil
		}
		names := make([]string, 0, len(list))
		for _, e := range list {
			if e.Type().IsRegular() {
				names = append(names, e.Name())
			}
		}
		if entry = daisyEntry(names); entry == "" {
			return nil, nil, false, nil
		}
		files = dirBook{root: path}
	case st.Mode().IsRegular() && isDAISYEntry(path):
		entry = filepath.Base(path)
		files = dirBook{root: filepath.Dir(path)}
	default:
		return nil, nil, false, nil
	}
	d, audio, err = loadDAISYBook(files, entry, abs)
	if err != nil {
		return nil, nil, true, bookError(path, err)
	}
	return d, audio, true, nil
}

// daisyInZip finds a book's navigation file in a ZIP archive (the one
// nearest the archive's root): the book's files and its entry.
func daisyInZip(z *zipDoc, archive string) (bookFiles, string, bool) {
	best := ""
	for _, f := range z.r.File {
		if isDAISYEntry(f.Name) && (best == "" || strings.Count(f.Name, "/") < strings.Count(best, "/")) {
			best = strings.TrimPrefix(f.Name, "/")
		}
	}
	if best == "" {
		return nil, "", false
	}
	dir := path.Dir(best)
	if dir == "." {
		dir = ""
	}
	return zipBook{z: z, dir: dir, archive: archive}, path.Base(best), true
}

// bookError is err as an *Error of the book at path.
func bookError(path string, err error) error {
	var le *Error
	if errors.As(err, &le) {
		return &Error{Path: path, Reason: le.Reason, Cause: le.Cause}
	}
	return &Error{Path: path, Reason: err.Error(), Cause: err}
}

// BookNarration returns the recorded narration of the DAISY book at path
// (its folder, its ncc.html or .opf, or a ZIP of it), with each clip's
// range of the text File loads from the same path. A book without audio
// has no clips; a path that is not a DAISY book is an error.
func BookNarration(path string) (*BookAudio, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, &Error{Path: path, Reason: reasonOf(err)}
	}
	if _, audio, ok, err := openDAISY(path, st); ok {
		return audio, err
	}
	if archiveKind(path) == "zip" && st.Mode().IsRegular() && st.Size() <= MaxSize {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, &Error{Path: path, Reason: reasonOf(err)}
		}
		z, err := openZip(data)
		if err != nil {
			return nil, bookError(path, err)
		}
		if files, entry, ok := daisyInZip(z, path); ok {
			abs, _ := filepath.Abs(path)
			_, audio, err := loadDAISYBook(files, entry, abs)
			if err != nil {
				return nil, bookError(path, err)
			}
			return audio, nil
		}
	}
	return nil, &Error{Path: path, Reason: "not a DAISY book"}
}

// ReadBookAudio returns the bytes of an audio file of a book in a ZIP, as
// BookClip.Audio locates it ("archive!member"). ok is false for a file on
// disk (a player opens it itself).
func ReadBookAudio(loc string) (data []byte, ok bool, err error) {
	if _, err := os.Stat(loc); err == nil {
		return nil, false, nil
	}
	archive, member, found := splitArchivePath(loc)
	if !found {
		return nil, false, &Error{Path: loc, Reason: ReasonNoSuchFile}
	}
	whole, err := readArchive(loc, archive)
	if err != nil {
		return nil, true, err
	}
	data, err = archiveRead("zip", whole, member)
	if err != nil {
		return nil, true, bookError(loc, err)
	}
	return data, true, nil
}

// IsBook reports whether the folder at path is a DAISY book (it holds a
// book's ncc.html or .opf), which File opens like a document.
func IsBook(path string) bool {
	list, err := os.ReadDir(path)
	if err != nil {
		return false
	}
	for _, e := range list {
		if e.Type().IsRegular() && isDAISYEntry(e.Name()) {
			return true
		}
	}
	return false
}
