package pdf

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"textfirst/internal/tw/load/labels"
)

// pdfDoc is an opened PDF: its pages in order and its document-level facts.
type pdfDoc struct {
	f       *file
	pages   []dict
	pageNum map[int]int // page object number -> page index
}

func open(data []byte, password string, given bool) (d *pdfDoc, err error) {
	f, err := newFile(data)
	if err != nil {
		return nil, err
	}
	if f.trailer["Encrypt"] != nil {
		if err := f.setupCrypt(password, given); err != nil {
			return nil, err
		}
	}
	d = &pdfDoc{f: f, pageNum: map[int]int{}}
	root := f.catalog()
	if root == nil {
		return nil, errors.New("damaged PDF: no document catalog")
	}
	seen := map[int]bool{}
	if err := d.walk(root["Pages"], seen, 0); err != nil {
		return nil, err
	}
	if len(d.pages) == 0 {
		// A page tree too damaged to follow: take every page object.
		for n := range f.xref {
			if pd, ok := f.resolve(ref{n, 0}).(dict); ok && pd["Type"] == name("Page") {
				d.pageNum[n] = len(d.pages)
				d.pages = append(d.pages, pd)
			}
		}
	}
	return d, nil
}

func (d *pdfDoc) walk(v any, seen map[int]bool, depth int) error {
	if depth > maxDepth {
		return fmt.Errorf("the page tree is nested too deeply: %w", ErrLimit)
	}
	r, isRef := v.(ref)
	if isRef {
		if seen[r.num] {
			return nil // a loop in the page tree: each node is read once
		}
		seen[r.num] = true
	}
	node := d.f.dictOf(v)
	if node == nil {
		return nil
	}
	kids, hasKids := d.f.resolve(node["Kids"]).(array)
	if node["Type"] == name("Pages") || (hasKids && node["Type"] != name("Page")) {
		for _, k := range kids {
			if err := d.walk(k, seen, depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	if len(d.pages) >= maxPages {
		return fmt.Errorf("more than %d pages: %w", maxPages, ErrLimit)
	}
	if isRef {
		d.pageNum[r.num] = len(d.pages)
	}
	d.pages = append(d.pages, node)
	return nil
}

func (d *pdfDoc) info(key name) string {
	in := d.f.dictOf(d.f.trailer["Info"])
	s, ok := d.f.stringOf(in[key])
	if !ok {
		return ""
	}
	return strings.Join(strings.Fields(textString(s)), " ")
}

func (d *pdfDoc) lang() string {
	s, _ := d.f.stringOf(d.f.catalog()["Lang"])
	return strings.TrimSpace(textString(s))
}

// labels gives each page its printed label from /PageLabels, else its number.
func (d *pdfDoc) labels() []string {
	out := make([]string, len(d.pages))
	for i := range out {
		out[i] = strconv.Itoa(i + 1)
	}
	pl := d.f.dictOf(d.f.catalog()["PageLabels"])
	if pl == nil {
		return out
	}
	var nums array
	d.numberTree(pl, &nums, 0)
	type rng struct {
		start  int
		style  name
		prefix string
		first  int
	}
	var rs []rng
	for i := 0; i+1 < len(nums); i += 2 {
		s, ok := d.f.numOf(nums[i])
		if !ok {
			continue
		}
		ld := d.f.dictOf(nums[i+1])
		r := rng{start: int(s), first: 1, style: d.f.nameOf(ld["S"])}
		if p, ok := d.f.stringOf(ld["P"]); ok {
			r.prefix = textString(p)
		}
		if st, ok := d.f.numOf(ld["St"]); ok && st >= 1 {
			r.first = int(st)
		}
		rs = append(rs, r)
	}
	for i := range out {
		var cur *rng
		for k := range rs {
			if rs[k].start <= i {
				cur = &rs[k]
			}
		}
		if cur == nil {
			continue
		}
		n := cur.first + i - cur.start
		var s string
		switch cur.style {
		case "D":
			s = strconv.Itoa(n)
		case "r":
			s = strings.ToLower(labels.Roman(n))
		case "R":
			s = labels.Roman(n)
		case "a":
			s = strings.ToLower(letters(n))
		case "A":
			s = letters(n)
		}
		out[i] = cur.prefix + s
		if out[i] == "" {
			out[i] = strconv.Itoa(i + 1)
		}
	}
	return out
}

func (d *pdfDoc) numberTree(node dict, out *array, depth int) {
	if depth > maxDepth || len(*out) > 2*maxPages {
		return
	}
	if n := d.f.arrayOf(node["Nums"]); n != nil {
		*out = append(*out, n...)
	}
	for _, k := range d.f.arrayOf(node["Kids"]) {
		if kd := d.f.dictOf(k); kd != nil {
			d.numberTree(kd, out, depth+1)
		}
	}
}

func letters(n int) string {
	if n <= 0 {
		return ""
	}
	c := string(rune('A' + (n-1)%26))
	return strings.Repeat(c, (n-1)/26+1)
}

// destination is a place in the document a bookmark or a link leads to: a
// page (from 0) and the top of the view there, -1 when it is not given.
type destination struct {
	page int
	y    float64
}

// bookmark is one outline entry with its target; its page is -1 when
// unknown.
type bookmark struct {
	title string
	level int
	destination
}

func (d *pdfDoc) outline() []bookmark {
	ol := d.f.dictOf(d.f.catalog()["Outlines"])
	if ol == nil {
		return nil
	}
	var out []bookmark
	seen := map[int]bool{}
	d.outlineItems(ol["First"], 1, seen, &out)
	return out
}

func (d *pdfDoc) outlineItems(v any, level int, seen map[int]bool, out *[]bookmark) {
	for v != nil && level <= maxDepth && len(*out) < 100000 {
		r, ok := v.(ref)
		if !ok || seen[r.num] {
			return
		}
		seen[r.num] = true
		it := d.f.dictOf(r)
		if it == nil {
			return
		}
		title, _ := d.f.stringOf(it["Title"])
		b := bookmark{title: strings.Join(strings.Fields(textString(title)), " "), level: level, destination: destination{page: -1, y: -1}}
		dest := d.f.resolve(it["Dest"])
		if dest == nil {
			if a := d.f.dictOf(it["A"]); a != nil && d.f.nameOf(a["S"]) == "GoTo" {
				dest = d.f.resolve(a["D"])
			}
		}
		if t, ok := d.destination(dest); ok {
			b.destination = t
		}
		if b.title != "" {
			*out = append(*out, b)
		}
		d.outlineItems(it["First"], level+1, seen, out)
		v = it["Next"]
	}
}

// destination reads a destination: an explicit one ([page /XYZ left top
// zoom], [page /FitH top], ...) or a named one.
func (d *pdfDoc) destination(dest any) (destination, bool) {
	da, ok := d.namedDest(dest).(array)
	if !ok || len(da) == 0 {
		return destination{}, false
	}
	t := destination{page: -1, y: -1}
	if pr, ok := da[0].(ref); ok {
		if p, ok := d.pageNum[pr.num]; ok {
			t.page = p
		}
	} else if n, ok := num(da[0]); ok && int(n) >= 0 && int(n) < len(d.pages) {
		t.page = int(n)
	}
	if t.page < 0 {
		return destination{}, false
	}
	if len(da) >= 4 && d.f.nameOf(da[1]) == "XYZ" {
		if y, ok := d.f.numOf(da[3]); ok {
			t.y = y
		}
	} else if len(da) >= 3 && (d.f.nameOf(da[1]) == "FitH" || d.f.nameOf(da[1]) == "FitBH") {
		if y, ok := d.f.numOf(da[2]); ok {
			t.y = y
		}
	}
	return t, true
}

// namedDest resolves a named destination (a name or a string) to its array.
func (d *pdfDoc) namedDest(dest any) any {
	var key string
	switch x := dest.(type) {
	case name:
		key = string(x)
		if dests := d.f.dictOf(d.f.catalog()["Dests"]); dests != nil {
			return d.destArray(dests[name(key)])
		}
		return nil
	case string:
		key = x
	default:
		return dest
	}
	names := d.f.dictOf(d.f.dictOf(d.f.catalog()["Names"])["Dests"])
	if v := d.nameTreeLookup(names, key, 0); v != nil {
		return d.destArray(v)
	}
	return nil
}

func (d *pdfDoc) destArray(v any) any {
	v = d.f.resolve(v)
	if dd, ok := v.(dict); ok {
		return d.f.resolve(dd["D"])
	}
	return v
}

func (d *pdfDoc) nameTreeLookup(node dict, key string, depth int) any {
	if node == nil || depth > maxDepth {
		return nil
	}
	ns := d.f.arrayOf(node["Names"])
	for i := 0; i+1 < len(ns); i += 2 {
		if s, _ := d.f.stringOf(ns[i]); s == key {
			return ns[i+1]
		}
	}
	for _, k := range d.f.arrayOf(node["Kids"]) {
		kd := d.f.dictOf(k)
		if lim := d.f.arrayOf(kd["Limits"]); len(lim) == 2 {
			lo, _ := d.f.stringOf(lim[0])
			hi, _ := d.f.stringOf(lim[1])
			if key < lo || key > hi {
				continue
			}
		}
		if v := d.nameTreeLookup(kd, key, depth+1); v != nil {
			return v
		}
	}
	return nil
}

// links reads a page's link annotations.
func (d *pdfDoc) links(pg dict) []linkAnnot {
	var out []linkAnnot
	for _, a := range d.f.arrayOf(pg["Annots"]) {
		ad := d.f.dictOf(a)
		if ad == nil || d.f.nameOf(ad["Subtype"]) != "Link" || len(out) >= 10000 {
			continue
		}
		r := d.f.arrayOf(ad["Rect"])
		if len(r) != 4 {
			continue
		}
		var v [4]float64
		for i := range 4 {
			v[i], _ = d.f.numOf(r[i])
		}
		l := linkAnnot{x0: min(v[0], v[2]), y0: min(v[1], v[3]), x1: max(v[0], v[2]), y1: max(v[1], v[3])}
		dest := d.f.resolve(ad["Dest"])
		if act := d.f.dictOf(ad["A"]); act != nil {
			switch d.f.nameOf(act["S"]) {
			case "URI":
				if u, ok := d.f.stringOf(act["URI"]); ok {
					l.ref = strings.TrimSpace(textString(u))
				}
			case "GoTo":
				dest = d.f.resolve(act["D"])
			}
		}
		if l.ref == "" && dest != nil {
			if t, ok := d.destination(dest); ok {
				l.ref = "#page=" + strconv.Itoa(t.page+1)
				l.dest = &t
			}
		}
		if l.ref != "" {
			out = append(out, l)
		}
	}
	return out
}
