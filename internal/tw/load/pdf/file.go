package pdf

import (
	"bytes"
	"compress/flate"
	"compress/zlib"
	"encoding/ascii85"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"
	"sync/atomic"

	"textfirst/internal/lazyregexp"
)

// Limits. A document beyond them is refused with a clear error rather than
// exhausting memory or time.
const (
	maxStreamSize   = 256 << 20 // decoded size of one stream
	maxTotalDecoded = 1 << 30   // decoded bytes of all streams together
	maxPages        = 100000
	maxObjects      = 10_000_000
)

// A stream's decoded size is also bounded by the file's size: at most
// streamPerFileByte times it, never under minStreamLimit (which holds a
// page of any real file of that size, a raw scan included). Decoding
// costs about twice the decoded size at its peak, so a small file whose
// stream inflates a thousandfold is refused within about a hundred MB.
const (
	minStreamLimit    = 32 << 20
	streamPerFileByte = 64
)

// streamLimit is the largest decoded stream of a file of size bytes.
func streamLimit(size int) int {
	return min(maxStreamSize, max(minStreamLimit, streamPerFileByte*size))
}

// ErrLimit is wrapped by errors for documents beyond the loader's limits.
var ErrLimit = errors.New("beyond the PDF loader's limits")

type xrefEntry struct {
	off    int64 // byte offset, or the object stream's number when inStm
	inStm  bool
	idx    int // index inside the object stream
	gen    int
	exists bool
}

// file is a parsed PDF file: its bytes, cross-reference table and trailer.
type file struct {
	data    []byte
	xref    map[int]xrefEntry
	trailer dict
	cache   map[int]any
	objStm  map[int]*objStream
	crypt   *decrypter
	decoded *atomic.Int64 // bytes decoded, shared with the file's forks
	// maxStream bounds one decoded stream, and a page's contents
	// (streamLimit of the file's size).
	maxStream int
	busy      map[int]bool // objects being resolved (loop guard)
}

type objStream struct {
	data []byte
	offs map[int]int // object number -> offset in data
}

func newFile(data []byte) (*file, error) {
	f := &file{data: data, xref: map[int]xrefEntry{}, cache: map[int]any{}, objStm: map[int]*objStream{}, busy: map[int]bool{},
		maxStream: streamLimit(len(data)), decoded: new(atomic.Int64)}
	if !bytes.Contains(data[:min(len(data), 1024)], []byte("%PDF-")) {
		return nil, errors.New("not a PDF file (no %PDF- header)")
	}
	if err := f.readXrefChain(); err != nil || f.catalog() == nil {
		// A broken or missing cross-reference table: find the objects
		// by scanning the file.
		f.xref = map[int]xrefEntry{}
		f.cache = map[int]any{}
		f.objStm = map[int]*objStream{}
		if err := f.rebuild(); err != nil {
			return nil, err
		}
	}
	return f, nil
}

// fork is a file reading the same bytes with the same cross-reference
// table, trailer and decryption, and its own objects: a file and its
// forks may each be used by one goroutine at a time. Together they decode
// at most maxTotalDecoded bytes.
func (f *file) fork() *file {
	return &file{data: f.data, xref: f.xref, trailer: f.trailer, cache: map[int]any{}, objStm: map[int]*objStream{},
		crypt: f.crypt, decoded: f.decoded, maxStream: f.maxStream, busy: map[int]bool{}}
}

func (f *file) catalog() dict {
	d, _ := f.resolve(f.trailer["Root"]).(dict)
	if d == nil {
		return nil
	}
	return d
}

var startxrefRe = lazyregexp.New(`startxref\s+(\d+)`)

func (f *file) readXrefChain() error {
	tail := f.data[max(0, len(f.data)-2048):]
	ms := startxrefRe.FindAllSubmatch(tail, -1)
	if ms == nil {
		return errors.New("no startxref")
	}
	off, _ := strconv.ParseInt(string(ms[len(ms)-1][1]), 10, 64)
	seen := map[int64]bool{}
	first := true
	for off > 0 || first {
		if seen[off] || off < 0 || off >= int64(len(f.data)) || len(seen) > 1000 {
			if first {
				return errors.New("bad startxref")
			}
			break
		}
		seen[off] = true
		tr, err := f.readXref(off)
		if err != nil {
			if first {
				return err
			}
			break
		}
		if first {
			f.trailer = tr
		}
		first = false
		// A hybrid file's XRefStm holds the rest.
		if x, ok := tr["XRefStm"].(int64); ok && !seen[x] && x > 0 && x < int64(len(f.data)) {
			seen[x] = true
			f.readXref(x)
		}
		p, ok := tr["Prev"].(int64)
		if !ok {
			break
		}
		off = p
	}
	if f.trailer == nil || f.trailer["Root"] == nil {
		return errors.New("no trailer")
	}
	return nil
}

// set records an entry unless a newer section already did.
func (f *file) set(n int, e xrefEntry) {
	if _, ok := f.xref[n]; !ok && len(f.xref) < maxObjects {
		f.xref[n] = e
	}
}

func (f *file) readXref(off int64) (dict, error) {
	l := &lexer{b: f.data, pos: int(off)}
	l.skipSpace()
	if bytes.HasPrefix(f.data[l.pos:], []byte("xref")) {
		l.pos += 4
		for {
			t := l.token()
			if t == keyword("trailer") {
				v, err := l.object(0)
				if err != nil {
					return nil, err
				}
				d, ok := v.(dict)
				if !ok {
					return nil, errors.New("bad trailer")
				}
				return d, nil
			}
			start, ok1 := t.(int64)
			count, ok2 := l.token().(int64)
			if !ok1 || !ok2 || count < 0 || count > maxObjects {
				return nil, errors.New("bad xref section")
			}
			for i := int64(0); i < count; i++ {
				o, ok1 := l.token().(int64)
				g, ok2 := l.token().(int64)
				k := l.token()
				if !ok1 || !ok2 {
					return nil, errors.New("bad xref entry")
				}
				n := int(start + i)
				if k == keyword("n") {
					f.set(n, xrefEntry{off: o, gen: int(g), exists: true})
				} else {
					f.set(n, xrefEntry{})
				}
			}
		}
	}
	// An xref stream.
	n, g, v, err := f.readIndirectAt(int(off))
	if err != nil {
		return nil, err
	}
	s, ok := v.(*stream)
	if !ok || s.dict["Type"] != name("XRef") {
		return nil, errors.New("no xref at startxref")
	}
	s.ref = ref{n, g}
	data, err := f.decode(s, false)
	if err != nil {
		return nil, err
	}
	wa, _ := s.dict["W"].(array)
	if len(wa) < 3 {
		return nil, errors.New("bad xref stream")
	}
	var w [3]int
	for i := range 3 {
		x, _ := wa[i].(int64)
		if x < 0 || x > 8 {
			return nil, errors.New("bad xref stream widths")
		}
		w[i] = int(x)
	}
	size, _ := s.dict["Size"].(int64)
	index, _ := s.dict["Index"].(array)
	if index == nil {
		index = array{int64(0), size}
	}
	rec := w[0] + w[1] + w[2]
	if rec == 0 {
		return nil, errors.New("bad xref stream widths")
	}
	p := 0
	for i := 0; i+1 < len(index); i += 2 {
		start, _ := index[i].(int64)
		count, _ := index[i+1].(int64)
		for j := int64(0); j < count && p+rec <= len(data); j++ {
			field := func(k, from int) int64 {
				var x int64
				for _, c := range data[from : from+w[k]] {
					x = x<<8 | int64(c)
				}
				return x
			}
			t := int64(1)
			if w[0] > 0 {
				t = field(0, p)
			}
			a, b := field(1, p+w[0]), field(2, p+w[0]+w[1])
			p += rec
			num := int(start + j)
			switch t {
			case 1:
				f.set(num, xrefEntry{off: a, gen: int(b), exists: true})
			case 2:
				f.set(num, xrefEntry{off: a, idx: int(b), inStm: true, exists: true})
			default:
				f.set(num, xrefEntry{})
			}
		}
	}
	return s.dict, nil
}

var objRe = lazyregexp.New(`(?m)(\d{1,10})[ \t\r\n\f\x00]+(\d{1,5})[ \t\r\n\f\x00]+obj\b`)

// rebuild finds every "n g obj" in the file (the last one of a number wins,
// as an incremental update would) and takes the trailer from the last
// "trailer" dictionary, or makes one from the catalog it finds.
func (f *file) rebuild() error {
	for _, m := range objRe.FindAllSubmatchIndex(f.data, -1) {
		if m[0] > 0 && !isSpace(f.data[m[0]-1]) && !isDelim(f.data[m[0]-1]) {
			continue
		}
		n, _ := strconv.Atoi(string(f.data[m[2]:m[3]]))
		g, _ := strconv.Atoi(string(f.data[m[4]:m[5]]))
		if len(f.xref) >= maxObjects {
			return fmt.Errorf("too many objects: %w", ErrLimit)
		}
		f.xref[n] = xrefEntry{off: int64(m[0]), gen: g, exists: true}
	}
	f.trailer = dict{}
	if i := bytes.LastIndex(f.data, []byte("trailer")); i >= 0 {
		l := &lexer{b: f.data, pos: i + 7}
		if v, err := l.object(0); err == nil {
			if d, ok := v.(dict); ok {
				f.trailer = d
			}
		}
	}
	if f.catalog() == nil {
		f.findCatalog()
	}
	if f.catalog() == nil {
		return errors.New("damaged PDF: no document catalog found")
	}
	return nil
}

// findCatalog sets the trailer's Root (and Info, when it has none) of a
// file whose trailer lost them, by looking at every object once, objects
// inside object streams included, keeping none of them parsed (see peek).
func (f *file) findCatalog() {
	nums := make([]int, 0, len(f.xref))
	for n := range f.xref {
		nums = append(nums, n)
	}
	root, info := -1, -1
	// nums grows as object streams give their objects.
	for i := 0; i < len(nums); i++ {
		n := nums[i]
		switch v := f.peek(n).(type) {
		case *stream:
			if v.dict["Type"] != name("ObjStm") {
				continue
			}
			if os := f.loadObjStm(n); os != nil {
				for k := range os.offs {
					if _, ok := f.xref[k]; !ok {
						f.xref[k] = xrefEntry{off: int64(n), inStm: true, exists: true}
						nums = append(nums, k)
					}
				}
			}
		case dict:
			if _, pages := v["Pages"]; root < 0 && pages && v["Type"] == name("Catalog") {
				root = n
			}
			if info < 0 && v["Producer"] != nil && v["Type"] == nil {
				info = n
			}
		}
	}
	if root >= 0 {
		f.trailer["Root"] = ref{root, 0}
	}
	if info >= 0 && f.trailer["Info"] == nil {
		f.trailer["Info"] = ref{info, 0}
	}
}

// readIndirectAt reads "n g obj ... endobj" at off.
func (f *file) readIndirectAt(off int) (int, int, any, error) {
	if off < 0 || off >= len(f.data) {
		return 0, 0, nil, errors.New("object offset outside the file")
	}
	l := &lexer{b: f.data, pos: off}
	n, ok1 := l.token().(int64)
	g, ok2 := l.token().(int64)
	if !ok1 || !ok2 || l.token() != keyword("obj") {
		return 0, 0, nil, errors.New("no object at offset")
	}
	v, err := l.object(0)
	if err != nil {
		return 0, 0, nil, err
	}
	if d, ok := v.(dict); ok {
		save := l.pos
		if l.token() == keyword("stream") {
			// The data starts after the end of line.
			p := l.pos
			if p < len(f.data) && f.data[p] == '\r' {
				p++
			}
			if p < len(f.data) && f.data[p] == '\n' {
				p++
			}
			length := -1
			switch x := d["Length"].(type) {
			case int64:
				length = int(x)
			case ref:
				if x.num != int(n) {
					if li, ok := f.resolve(x).(int64); ok {
						length = int(li)
					}
				}
			}
			end := -1
			if length >= 0 && p+length <= len(f.data) {
				rest := f.data[p+length:]
				k := 0
				for k < len(rest) && k < 4 && isSpace(rest[k]) {
					k++
				}
				if bytes.HasPrefix(rest[k:], []byte("endstream")) {
					end = p + length
				}
			}
			if end < 0 {
				i := bytes.Index(f.data[p:], []byte("endstream"))
				if i < 0 {
					end = len(f.data)
				} else {
					end = p + i
					for end > p && (f.data[end-1] == '\n' || f.data[end-1] == '\r') {
						end--
						if length >= 0 && end-p <= length {
							break
						}
					}
				}
			}
			return int(n), int(g), &stream{dict: d, raw: f.data[p:end], ref: ref{int(n), int(g)}}, nil
		}
		l.pos = save
	}
	return int(n), int(g), v, nil
}

// resolve follows references (at most a few levels; a loop gives nil).
func (f *file) resolve(v any) any {
	for range 8 {
		r, ok := v.(ref)
		if !ok {
			return v
		}
		v = f.object(r.num)
	}
	return nil
}

// peek is object n, read without keeping it: the repair of a damaged file
// looks at every object once, and keeping them all parsed cost about eight
// times the file's size. An object already kept is given as it is.
func (f *file) peek(n int) any {
	if v, ok := f.cache[n]; ok {
		return v
	}
	v := f.object(n)
	delete(f.cache, n)
	return v
}

func (f *file) object(n int) any {
	if v, ok := f.cache[n]; ok {
		return v
	}
	if f.busy[n] {
		return nil // a loop: an object whose value depends on itself
	}
	f.busy[n] = true
	defer delete(f.busy, n)
	e, ok := f.xref[n]
	var v any
	if ok && e.exists {
		if e.inStm {
			if os := f.loadObjStm(int(e.off)); os != nil {
				if off, ok := os.offs[n]; ok {
					l := &lexer{b: os.data, pos: off}
					v, _ = l.object(0)
					if _, isKw := v.(keyword); isKw {
						v = nil
					}
				}
			}
		} else {
			_, _, obj, err := f.readIndirectAt(int(e.off))
			if err == nil {
				v = obj
				if _, isKw := v.(keyword); isKw {
					v = nil
				}
				if f.crypt != nil {
					v = f.crypt.decryptObject(v, ref{n, e.gen}, 0)
				}
			}
		}
	}
	f.cache[n] = v
	return v
}

func (f *file) loadObjStm(n int) *objStream {
	if os, ok := f.objStm[n]; ok {
		return os
	}
	f.objStm[n] = nil
	s, ok := f.resolve(ref{n, 0}).(*stream)
	if !ok {
		return nil
	}
	data, err := f.decode(s, true)
	if err != nil {
		return nil
	}
	count, _ := s.dict["N"].(int64)
	first, _ := s.dict["First"].(int64)
	if count < 0 || count > 1_000_000 || first < 0 || first > int64(len(data)) {
		return nil
	}
	os := &objStream{data: data, offs: map[int]int{}}
	l := &lexer{b: data[:first]}
	for range count {
		on, ok1 := l.token().(int64)
		oo, ok2 := l.token().(int64)
		if !ok1 || !ok2 {
			break
		}
		if int(first+oo) < len(data) && oo >= 0 {
			os.offs[int(on)] = int(first + oo)
		}
	}
	f.objStm[n] = os
	return os
}

// dictOf returns v (resolved) as a dictionary; a stream gives its dict.
func (f *file) dictOf(v any) dict {
	switch x := f.resolve(v).(type) {
	case dict:
		return x
	case *stream:
		return x.dict
	}
	return nil
}

func (f *file) arrayOf(v any) array {
	a, _ := f.resolve(v).(array)
	return a
}

func (f *file) numOf(v any) (float64, bool) { return num(f.resolve(v)) }

func (f *file) nameOf(v any) name {
	n, _ := f.resolve(v).(name)
	return n
}

func (f *file) stringOf(v any) (string, bool) {
	s, ok := f.resolve(v).(string)
	return s, ok
}

// decode returns a stream's data with its filters applied (decrypted
// first). Image filters (DCT, JPX, CCITT, JBIG2) are left in place.
func (f *file) decode(s *stream, decrypt bool) ([]byte, error) {
	data := s.raw
	if decrypt && f.crypt != nil && s.dict["Type"] != name("XRef") {
		data = f.crypt.decryptStream(s, s.ref)
	}
	filters := f.resolve(s.dict["Filter"])
	parms := f.resolve(s.dict["DecodeParms"])
	var fl []name
	var ps []dict
	switch x := filters.(type) {
	case name:
		fl = []name{x}
		ps = []dict{f.dictOf(parms)}
	case array:
		pa, _ := parms.(array)
		for i, v := range x {
			fl = append(fl, f.nameOf(v))
			var p dict
			if i < len(pa) {
				p = f.dictOf(pa[i])
			}
			ps = append(ps, p)
		}
	}
	var err error
	for i, name := range fl {
		switch name {
		case "FlateDecode", "Fl":
			data, err = inflate(data, f.maxStream)
			if err == nil {
				data, err = predict(data, ps[i])
			}
		case "ASCIIHexDecode", "AHx":
			l := &lexer{b: append(append([]byte{'<'}, data...), '>')}
			data = []byte(l.hexString())
		case "ASCII85Decode", "A85":
			data, err = a85(data)
		case "LZWDecode", "LZW":
			early := true
			if ps[i] != nil {
				if e, ok := ps[i]["EarlyChange"].(int64); ok && e == 0 {
					early = false
				}
			}
			data, err = lzwDecode(data, early)
			if err == nil {
				data, err = predict(data, ps[i])
			}
		case "RunLengthDecode", "RL":
			data = runLength(data)
		case "Crypt":
		default:
			// An image codec: give the data as it is.
			return data, nil
		}
		if err != nil {
			return nil, err
		}
		if len(data) > f.maxStream {
			return nil, fmt.Errorf("a stream decodes to more than %d MB: %w", f.maxStream>>20, ErrLimit)
		}
	}
	if f.decoded.Add(int64(len(data))) > maxTotalDecoded {
		return nil, fmt.Errorf("streams decode to more than %d MB: %w", maxTotalDecoded>>20, ErrLimit)
	}
	return data, nil
}

// decodeUntil is decode for a stream of which only the start is needed:
// its data up to the first occurrence of stop past its first byte (the
// whole data when there is none). A stream whose one filter is
// FlateDecode, without parameters, is inflated only that far; any other
// is decoded whole.
func (f *file) decodeUntil(s *stream, stop []byte) ([]byte, error) {
	filter := f.resolve(s.dict["Filter"])
	if a, ok := filter.(array); ok && len(a) == 1 {
		filter = f.resolve(a[0])
	}
	if (filter != name("FlateDecode") && filter != name("Fl")) || f.resolve(s.dict["DecodeParms"]) != nil {
		return f.decode(s, true)
	}
	data := s.raw
	if f.crypt != nil && s.dict["Type"] != name("XRef") {
		data = f.crypt.decryptStream(s, s.ref)
	}
	data, err := inflateUntil(data, f.maxStream, stop)
	if err != nil {
		return nil, err
	}
	if f.decoded.Add(int64(len(data))) > maxTotalDecoded {
		return nil, fmt.Errorf("streams decode to more than %d MB: %w", maxTotalDecoded>>20, ErrLimit)
	}
	return data, nil
}

// inflate decodes zlib data, keeping what it could read from a damaged or
// truncated stream; more than limit bytes out is an error.
func inflate(data []byte, limit int) ([]byte, error) {
	return inflateUntil(data, limit, nil)
}

// inflateUntil is inflate that stops, when stop is not nil, once the first
// occurrence of stop in what it decoded lies past its first byte: what it
// gives then starts with the data's bytes up to that occurrence.
func inflateUntil(data []byte, limit int, stop []byte) ([]byte, error) {
	out, started, err := inflateWith(&zlibReaders, data, limit+1, stop)
	if !started {
		// No zlib header: raw deflate data.
		out, _, err = inflateWith(&flateReaders, data, limit+1, stop)
	}
	if len(out) > limit {
		return nil, fmt.Errorf("a stream decodes to more than %d MB: %w", limit>>20, ErrLimit)
	}
	if err != nil && len(out) == 0 && len(data) > 2 {
		// Some writers leave out the zlib header.
		out, _, _ = inflateWith(&flateReaders, data, limit, stop)
	}
	return out, nil
}

// zlibReaders and flateReaders keep decompressors between streams: each
// holds a 32 KB window and Huffman tables that a new one allocates again.
var (
	zlibReaders  sync.Pool // of zlib readers (io.ReadCloser and zlib.Resetter)
	flateReaders sync.Pool // of flate readers (io.ReadCloser and flate.Resetter)
)

// inflateWith reads at most atMost bytes of data decompressed by a reader
// of pool (zlibReaders or flateReaders), with what it read before an
// error, stopping early as readAtMost does. started is false when a zlib
// header could not be read.
func inflateWith(pool *sync.Pool, data []byte, atMost int, stop []byte) (out []byte, started bool, err error) {
	br := bytes.NewReader(data)
	r, _ := pool.Get().(io.ReadCloser)
	switch {
	case pool == &flateReaders && r == nil:
		r = flate.NewReader(br)
	case pool == &flateReaders:
		err = r.(flate.Resetter).Reset(br, nil)
	case r == nil:
		r, err = zlib.NewReader(br)
	default:
		err = r.(zlib.Resetter).Reset(br, nil)
	}
	if r == nil {
		return nil, false, err
	}
	defer pool.Put(r)
	if err != nil {
		return nil, false, err
	}
	hint := min(4*len(data), 4<<20)
	if stop != nil {
		hint = min(hint, 16<<10) // a start is wanted, often a few KB
	}
	out, err = readAtMost(r, hint, atMost, stop)
	return out, true, err
}

// readAtMost reads r to its end or to atMost bytes, starting with room
// for hint bytes (grown as needed), and gives what it read with the error
// that stopped it (nil at the end). With stop not nil, it also ends once
// the first occurrence of stop in what it read lies past the first byte.
func readAtMost(r io.Reader, hint, atMost int, stop []byte) ([]byte, error) {
	out := make([]byte, 0, min(max(hint, 512), atMost))
	searched := 0 // stop does not start before it
	for len(out) < atMost {
		if len(out) == cap(out) {
			out = append(out, 0)[:len(out)]
		}
		n, err := r.Read(out[len(out):min(cap(out), atMost)])
		out = out[:len(out)+n]
		if stop != nil {
			if i := bytes.Index(out[searched:], stop); i >= 0 {
				if searched+i > 0 {
					return out, nil
				}
				stop = nil // first at the start: all of it is needed
			}
			searched = max(0, len(out)-len(stop)+1)
		}
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
	}
	return out, nil
}

func a85(data []byte) ([]byte, error) {
	data = bytes.TrimSpace(data)
	if bytes.HasPrefix(data, []byte("<~")) {
		data = data[2:]
	}
	if i := bytes.Index(data, []byte("~>")); i >= 0 {
		data = data[:i]
	}
	out := make([]byte, len(data))
	n, _, err := ascii85.Decode(out, data, true)
	if err != nil {
		return out[:n], nil
	}
	return out[:n], nil
}

func runLength(data []byte) []byte {
	var out []byte
	for i := 0; i < len(data); {
		n := int(data[i])
		i++
		switch {
		case n < 128:
			end := min(i+n+1, len(data))
			out = append(out, data[i:end]...)
			i = end
		case n > 128:
			if i < len(data) {
				for range 257 - n {
					out = append(out, data[i])
				}
			}
			i++
		default:
			return out
		}
		if len(out) > maxStreamSize {
			return out
		}
	}
	return out
}

// predict undoes a PNG or TIFF predictor.
func predict(data []byte, p dict) ([]byte, error) {
	if p == nil {
		return data, nil
	}
	pred, _ := p["Predictor"].(int64)
	if pred < 2 {
		return data, nil
	}
	colors, bpc, cols := int64(1), int64(8), int64(1)
	if v, ok := p["Colors"].(int64); ok && v > 0 && v < 64 {
		colors = v
	}
	if v, ok := p["BitsPerComponent"].(int64); ok && v > 0 && v <= 16 {
		bpc = v
	}
	if v, ok := p["Columns"].(int64); ok && v > 0 && v < 1<<20 {
		cols = v
	}
	bpp := int(max(1, (colors*bpc+7)/8))
	rowLen := int((colors*bpc*cols + 7) / 8)
	if pred == 2 {
		if bpc != 8 {
			return data, nil
		}
		for r := 0; r+rowLen <= len(data); r += rowLen {
			for i := bpp; i < rowLen; i++ {
				data[r+i] += data[r+i-bpp]
			}
		}
		return data, nil
	}
	out := make([]byte, 0, len(data))
	prev := make([]byte, rowLen)
	for r := 0; r+rowLen+1 <= len(data); r += rowLen + 1 {
		t := data[r]
		row := append([]byte(nil), data[r+1:r+1+rowLen]...)
		for i := range row {
			var a, b, c byte
			if i >= bpp {
				a = row[i-bpp]
				c = prev[i-bpp]
			}
			b = prev[i]
			switch t {
			case 1:
				row[i] += a
			case 2:
				row[i] += b
			case 3:
				row[i] += byte((int(a) + int(b)) / 2)
			case 4:
				pa, pb, pc := abs(int(b)-int(c)), abs(int(a)-int(c)), abs(int(a)+int(b)-2*int(c))
				switch {
				case pa <= pb && pa <= pc:
					row[i] += a
				case pb <= pc:
					row[i] += b
				default:
					row[i] += c
				}
			}
		}
		out = append(out, row...)
		prev = row
	}
	return out, nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// lzwDecode decodes PDF's LZW (MSB first, 9 to 12 bits).
func lzwDecode(data []byte, early bool) ([]byte, error) {
	var out []byte
	table := make([][]byte, 4096)
	for i := range 256 {
		table[i] = []byte{byte(i)}
	}
	next, width := 258, 9
	var bitBuf uint32
	bits := 0
	var prev []byte
	e := 0
	if early {
		e = 1
	}
	for _, c := range data {
		bitBuf = bitBuf<<8 | uint32(c)
		bits += 8
		for bits >= width {
			code := int(bitBuf>>(bits-width)) & (1<<width - 1)
			bits -= width
			switch {
			case code == 256:
				next, width, prev = 258, 9, nil
				continue
			case code == 257:
				return out, nil
			}
			var entry []byte
			if code < next && table[code] != nil {
				entry = table[code]
			} else if code == next && prev != nil {
				entry = append(append([]byte(nil), prev...), prev[0])
			} else {
				return out, nil
			}
			out = append(out, entry...)
			if len(out) > maxStreamSize {
				return out, nil
			}
			if prev != nil && next < 4096 {
				table[next] = append(append([]byte(nil), prev...), entry[0])
				next++
			}
			prev = entry
			if next+e >= 1<<width && width < 12 {
				width++
			}
		}
	}
	return out, nil
}
