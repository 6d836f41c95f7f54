package atspi

import (
	"math"

	"textfirst/internal/windows2text/uitree"
)

// bisectAbove is the number of children above which visibleOnly looks for
// the visible ones by bisection instead of fetching them all.
const bisectAbove = 64

// visibleRange finds the children of n that overlap area vertically,
// assuming they are laid out top to bottom in order, and returns them with
// a margin of a few children on each side. It searches by index
// (GetChildAtIndex and GetExtents), probing several children per round
// trip, so a list of 5,000 takes a handful of round trips. ok is false when
// the children do not look ordered or an extent cannot be read.
func (w *walker) visibleRange(n *node, area uitree.Rect) (refs []objRef, ok bool) {
	count := n.childCount
	type probe struct {
		ref objRef
		ext extents
	}
	cache := map[int]probe{}
	// fetch reads the refs, then the extents, of the children at
	// indexes not read yet: two round trips for all of them.
	fetch := func(indexes []int) bool {
		var want []int
		for _, i := range indexes {
			if _, done := cache[i]; !done {
				want = append(want, i)
			}
		}
		if len(want) == 0 {
			return true
		}
		b := n.app.batch(len(want))
		slots := make([]int, len(want))
		for k, i := range want {
			slots[k] = b.call(n.obj, ifaceAccessible+".GetChildAtIndex", int32(i))
		}
		b.wait()
		got := make([]objRef, len(want))
		for k := range want {
			if b.store(slots[k], &got[k]) != nil || got[k].Path == "" || got[k].Path == nullPath {
				return false
			}
		}
		b = n.app.batch(len(want))
		for k := range want {
			slots[k] = b.call(got[k], ifaceComponent+".GetExtents", uint32(0))
		}
		b.wait()
		for k, i := range want {
			var e extents
			if b.store(slots[k], &e) != nil || e.X == math.MinInt32 || e.H <= 0 {
				return false
			}
			cache[i] = probe{got[k], e}
		}
		return true
	}
	// search returns the first index in [a, z) for which below is false,
	// assuming below holds for a prefix of the range.
	search := func(a, z int, below func(extents) bool) (int, bool) {
		const probes = 8
		for z-a > 0 {
			var idx []int
			step := max(1, (z-a)/(probes+1))
			for i := a + step - 1; i < z && len(idx) < probes; i += step {
				idx = append(idx, i)
			}
			if !fetch(idx) {
				return 0, false
			}
			na, nz := a, z
			for _, i := range idx {
				if below(cache[i].ext) {
					na = i + 1
				} else {
					nz = i
					break
				}
			}
			a, z = na, nz
		}
		return a, true
	}
	if !fetch([]int{0, count - 1}) {
		return nil, false
	}
	first, last := cache[0].ext, cache[count-1].ext
	if last.Y < first.Y+first.H {
		return nil, false
	}
	top, bottom := int32(area.Y), int32(area.Y+area.Height)
	lo, ok1 := search(0, count, func(e extents) bool { return e.Y+e.H <= top })
	if !ok1 {
		return nil, false
	}
	hi, ok2 := search(lo, count, func(e extents) bool { return e.Y < bottom })
	if !ok2 {
		return nil, false
	}
	const margin = 2
	lo, hi = max(0, lo-margin), min(count, hi+margin)
	var rest []int
	for i := lo; i < hi; i++ {
		rest = append(rest, i)
	}
	// The refs in the range not read by the search.
	b := n.app.batch(len(rest))
	slots := map[int]int{}
	for _, i := range rest {
		if _, done := cache[i]; !done {
			slots[i] = b.call(n.obj, ifaceAccessible+".GetChildAtIndex", int32(i))
		}
	}
	b.wait()
	for _, i := range rest {
		if pr, done := cache[i]; done {
			refs = append(refs, pr.ref)
			continue
		}
		var r objRef
		if b.store(slots[i], &r) == nil && r.Path != "" && r.Path != nullPath {
			refs = append(refs, r)
		}
	}
	return refs, true
}

// sliceAbove is the child count above which children are read by index,
// sliceSize at a time, instead of with one GetChildren.
const (
	sliceAbove = 1000
	sliceSize  = 250
)

// childrenByIndex reads the first count children of n by index, a slice
// of calls at a time. It stops at the first child that cannot be read.
func (w *walker) childrenByIndex(n *node, count int) []objRef {
	var out []objRef
	for start := 0; start < count; start += sliceSize {
		end := min(count, start+sliceSize)
		b := n.app.batch(end - start)
		slots := make([]int, 0, end-start)
		for i := start; i < end; i++ {
			slots = append(slots, b.call(n.obj, ifaceAccessible+".GetChildAtIndex", int32(i)))
		}
		b.wait()
		for _, slot := range slots {
			var r objRef
			if b.store(slot, &r) != nil || r.Path == "" || r.Path == nullPath {
				return out
			}
			out = append(out, r)
		}
	}
	return out
}

// visibleRows finds the children of a virtualized container that are on
// screen by asking what lies at the top and at the bottom of its visible
// area, and returns the children between them (whole rows of ncols cells).
func (w *walker) visibleRows(n *node, area uitree.Area, ncols int) []objRef {
	lo, hi, ok := w.edgeIndexes(n, area, false)
	if !ok {
		return nil
	}
	if lo > hi {
		lo, hi = hi, lo
	}
	// Whole rows: from the first cell of the top row to the last of the
	// bottom row.
	lo -= lo % int32(ncols)
	hi += int32(ncols) - 1 - hi%int32(ncols)
	hi = min(hi, int32(n.childCount-1))
	// Tables put their column headers first; they stay on screen.
	var indexes []int32
	if ncols > 1 || n.el.Handle.(*handle).interfaces&hasTable != 0 {
		for i := int32(0); i < int32(ncols) && i < lo; i++ {
			indexes = append(indexes, i)
		}
	}
	for i := lo; i <= hi; i++ {
		indexes = append(indexes, i)
	}
	return childrenAt(n, indexes)
}

// childrenAt reads n's children at indexes, in one batch, leaving out
// those that cannot be read.
func childrenAt(n *node, indexes []int32) []objRef {
	b := n.app.batch(len(indexes))
	slots := make([]int, 0, len(indexes))
	for _, i := range indexes {
		slots = append(slots, b.call(n.obj, ifaceAccessible+".GetChildAtIndex", i))
	}
	return b.refs(slots)
}

// edgeIndexes finds the indexes of the children of n at the top left of
// its visible area and at its bottom, left or (right set) right: ok is
// false when none is found there.
func (w *walker) edgeIndexes(n *node, area uitree.Area, right bool) (top, bottom int32, ok bool) {
	r := n.el.Bounds
	if area.Known {
		r = area.Rect
	}
	if r.Empty() {
		return 0, 0, false
	}
	inset := min(8, r.Width/2)
	xBottom := r.X + inset
	if right {
		xBottom = r.X + r.Width - 1 - inset
	}
	first, last := w.edgeHits(n, r, r.X+inset, xBottom)
	if first.Path == "" {
		return 0, 0, false
	}
	b := n.app.batch(2)
	i0 := b.call(first, ifaceAccessible+".GetIndexInParent")
	i1 := b.call(last, ifaceAccessible+".GetIndexInParent")
	b.wait()
	if b.store(i0, &top) != nil || b.store(i1, &bottom) != nil || top < 0 || bottom < 0 {
		return 0, 0, false
	}
	return top, bottom, true
}

// edgeHits asks what child of n lies near the top of r (at column xTop)
// and near its bottom (at column xBottom), probing a few points from each
// edge: padding or a grid line can leave the very first pixel without a
// cell, and GTK's column headers answer nothing at all, hence the steps.
// When only one edge has a child, it stands for both; first.Path is empty
// when neither has.
func (w *walker) edgeHits(n *node, r uitree.Rect, xTop, xBottom int) (first, last objRef) {
	tops := []int{2, 6, 12, 20, 28, 36, 48, 64, 80}
	bottoms := []int{3, 8, 16, 26, 40, 60}
	b := n.app.batch(len(tops) + len(bottoms))
	var slots []int
	for _, dy := range tops {
		slots = append(slots, b.call(n.obj, ifaceComponent+".GetAccessibleAtPoint", int32(xTop), int32(r.Y+min(dy, r.Height-1)), uint32(0)))
	}
	for _, dy := range bottoms {
		slots = append(slots, b.call(n.obj, ifaceComponent+".GetAccessibleAtPoint", int32(xBottom), int32(r.Y+max(0, r.Height-dy)), uint32(0)))
	}
	b.wait()
	hit := func(slot int) objRef {
		var h objRef
		if b.store(slot, &h) == nil && h.Path != "" && h.Path != nullPath && h.Path != n.obj.Path {
			return h
		}
		return objRef{}
	}
	for _, s := range slots[:len(tops)] {
		if first = hit(s); first.Path != "" {
			break
		}
	}
	for _, s := range slots[len(tops):] {
		if last = hit(s); last.Path != "" {
			break
		}
	}
	if first.Path == "" {
		first = last
	}
	if last.Path == "" {
		last = first
	}
	return first, last
}
