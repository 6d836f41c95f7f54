//go:build windows && (amd64 || arm64)

package uia

import (
	"fmt"
	"unsafe"

	"golang.org/x/sys/windows"

	"textfirst/internal/windows2text/uitree"
)

// newCacheRequest makes the CacheRequest of a snapshot: every property of
// readProps, for the element itself. nil when UI Automation makes none.
func (b *Backend) newCacheRequest() com {
	cr, err := b.uia.getObj(slotCreateCacheRequest, "cache request")
	if err != nil || cr.nil() {
		return com{}
	}
	for _, id := range readProps {
		if int32(cr.call(slotCacheAddProperty, uintptr(id))) < 0 {
			cr.release()
			return com{}
		}
	}
	cr.call(slotCachePutTreeScope, treeScopeElement)
	return cr
}

// fetch reads readProps of o: in one round trip through the snapshot's
// CacheRequest (BuildUpdatedCache), or property by property when there is
// none or it fails. Name, control type and bounds come from their typed
// getters when the properties did not (Wine answers those getters only).
func (b *Backend) fetch(o com, fromSubtree bool) props {
	p := props{}
	done := false
	if fromSubtree {
		// o came out of a subtree cache: its properties are in it.
		for _, id := range readProps {
			if v := o.propertyAt(slotGetCachedPropertyValueEx, id); v != nil {
				p[id] = v
			}
		}
		done = true
		b.cached++
	}
	if !done && !b.cache.nil() {
		if c, err := o.getObj(slotBuildUpdatedCache, "cache", uintptr(b.cache.p)); err == nil && !c.nil() {
			for _, id := range readProps {
				if v := c.propertyAt(slotGetCachedPropertyValueEx, id); v != nil {
					p[id] = v
				}
			}
			c.release()
			done = true
			b.cached++
		}
	}
	if !done {
		for _, id := range readProps {
			if v := o.property(id); v != nil {
				p[id] = v
			}
		}
		b.live++
	}
	if _, ok := p[propControlType]; !ok {
		p[propControlType] = o.getInt(slotCurrentControlType)
	}
	if s, ok := p[propName].(string); !ok || s == "" {
		p[propName] = o.getString(slotCurrentName)
	}
	if _, ok := p[propBoundingRectangle].([]float64); !ok {
		r := bounds(o)
		p[propBoundingRectangle] = []float64{float64(r.X), float64(r.Y), float64(r.Width), float64(r.Height)}
	}
	return p
}

// viewCondition is the condition of view's tree (nil when UI Automation
// gives none).
func (b *Backend) viewCondition(view uitree.View) com {
	slot := map[uitree.View]int{uitree.ViewControl: slotControlViewCondition, uitree.ViewContent: slotContentViewCondition,
		uitree.ViewRaw: slotRawViewCondition}[view]
	c, err := b.uia.getObj(slot, "view condition")
	if err != nil {
		return com{}
	}
	return c
}

// cacheMode is how a walk reads an element through UI Automation's cache.
type cacheMode int

const (
	// cacheNone: element by element (walker or child windows, one
	// Element-scope cache request each), the fallback.
	cacheNone cacheMode = iota
	// cacheSubtree: one BuildUpdatedCache for the top element's whole
	// subtree; every element's properties and children are cached.
	cacheSubtree
	// cacheLevels: one BuildUpdatedCache (Element|Children) per element
	// that is expanded: its children come with their properties.
	cacheLevels
)

// cacheRequest makes a CacheRequest of readProps with scope and, when
// view is set, the view's condition as its tree filter.
func (b *Backend) cacheRequest(scope uintptr, view uitree.View) (com, error) {
	cr, err := b.uia.getObj(slotCreateCacheRequest, "cache request")
	if err != nil || cr.nil() {
		return com{}, uitree.Errorf(uitree.CodeUnsupportedPattern, "no cache request: %v", err)
	}
	for _, id := range readProps {
		if err := hrError(uint32(cr.call(slotCacheAddProperty, uintptr(id))), fmt.Sprintf("AddProperty(%d)", id)); err != nil {
			cr.release()
			return com{}, err
		}
	}
	if err := hrError(uint32(cr.call(slotCachePutTreeScope, scope)), fmt.Sprintf("put_TreeScope(%d)", scope)); err != nil {
		cr.release()
		return com{}, err
	}
	if view != "" {
		if cond := b.viewCondition(view); !cond.nil() {
			err := hrError(uint32(cr.call(slotCachePutTreeFilter, uintptr(cond.p))), "put_TreeFilter")
			cond.release()
			if err != nil {
				cr.release()
				return com{}, err
			}
		}
	}
	return cr, nil
}

// subtreeCache reads top through one CacheRequest per subtree: first one
// BuildUpdatedCache call with TreeScope_Subtree (every element's
// properties and children at once: one round trip to the provider per
// top-level element instead of one per element), else TreeScope
// Element|Children, one call per element expanded, whose children come
// with their properties (b.levels keeps that request for the walk). The
// returned element (to be released) carries the cache. cacheNone when UI
// Automation can do neither (see subtreeCacheUsable; Wine 10 answers
// put_TreeScope beyond Element with E_NOTIMPL): the walk then reads
// element by element.
func (b *Backend) subtreeCache(top com, view uitree.View) (com, cacheMode) {
	for _, mode := range []cacheMode{cacheSubtree, cacheLevels} {
		scope := uintptr(treeScopeSubtree)
		if mode == cacheLevels {
			scope = treeScopeElement | treeScopeChildren
		}
		cr, err := b.cacheRequest(scope, view)
		if err != nil {
			debugf("subtree cache, mode %d: %v", mode, err)
			continue
		}
		c, berr := top.getObj(slotBuildUpdatedCache, "subtree cache", uintptr(cr.p))
		if berr == nil && c.nil() {
			berr = uitree.Errorf(uitree.CodeUnsupportedPattern, "no subtree cache")
		}
		var kids []com
		var kerr error
		windowsKids := 0
		if berr == nil {
			kids, kerr = cachedChildren(c)
			if kerr == nil && len(kids) == 0 {
				if hwnd := windows.HWND(uintptr(uint32(c.getInt(slotCurrentNativeWindow)))); hwnd != 0 {
					windowsKids = len(childWindows(hwnd))
				}
			}
		}
		for _, k := range kids {
			k.release()
		}
		ok := subtreeCacheUsable(berr, kerr, len(kids), windowsKids)
		debugf("subtree cache, mode %d: build %v, children %d (%v), child windows %d: usable %v", mode, berr, len(kids), kerr, windowsKids, ok)
		if !ok {
			c.release()
			cr.release()
			continue
		}
		if mode == cacheLevels {
			if b.levels.nil() {
				b.levels = cr
			} else {
				cr.release()
			}
		} else {
			cr.release()
		}
		b.subtrees++
		return c, mode
	}
	return com{}, cacheNone
}

// cachedKids lists the children of a node read through a cache: from its
// own cache when it holds them (a subtree cache, or the top element of
// cacheLevels), else from one BuildUpdatedCache(Element|Children) call.
func (b *Backend) cachedKids(n *node) []com {
	if n.mode == cacheSubtree || n.kidsInCache {
		kids, _ := cachedChildren(n.obj)
		return kids
	}
	c, err := n.obj.getObj(slotBuildUpdatedCache, "children cache", uintptr(b.levels.p))
	if err != nil || c.nil() {
		return nil
	}
	defer c.release()
	kids, _ := cachedChildren(c)
	return kids
}

// cachedChildren lists an element's children from its subtree cache (each
// to be released).
func cachedChildren(c com) ([]com, error) {
	arr, err := c.getObj(slotGetCachedChildren, "cached children")
	if err != nil || arr.nil() {
		// S_OK with no array: no children.
		return nil, err
	}
	defer arr.release()
	var n int32
	if err := hrError(uint32(arr.call(slotArrayLength, uintptr(unsafe.Pointer(&n)))), "cached children"); err != nil {
		return nil, err
	}
	out := make([]com, 0, n)
	for i := range n {
		if e, err := arr.getObj(slotArrayGetElement, "cached child", uintptr(i)); err == nil && !e.nil() {
			out = append(out, e)
		}
	}
	return out, nil
}

// realizeItems realizes the first count items of a virtualized container
// (ItemContainer.FindItemByProperty item after item, then
// VirtualizedItem.Realize on each that has the pattern) and returns them
// (each to be released). An item without VirtualizedItem is realized
// already.
func (b *Backend) realizeItems(o com, count int) []com {
	p, err := o.getObj(slotGetCurrentPattern, "pattern", patternItemContainer)
	if err != nil || p.nil() {
		return nil
	}
	defer p.release()
	var empty variant
	var out []com
	prev := com{}
	for len(out) < count {
		item, err := p.getObj(slotFindItemByProperty, "item", uintptr(prev.p), 0, uintptr(unsafe.Pointer(&empty)))
		if err != nil || item.nil() {
			break
		}
		if v, err := item.getObj(slotGetCurrentPattern, "pattern", patternVirtualizedItem); err == nil && !v.nil() {
			hr := v.call(slotRealize)
			v.release()
			debugf("realize: %#x", uint32(hr))
		}
		out = append(out, item)
		prev = item
	}
	return out
}

// itemCount counts a container's items through its ItemContainer pattern,
// realized or not (FindItemByProperty with no property, item after item,
// at most maxItemCount); -1 without the pattern.
func (b *Backend) itemCount(o com) int {
	p, err := o.getObj(slotGetCurrentPattern, "pattern", patternItemContainer)
	if err != nil || p.nil() {
		return -1
	}
	defer p.release()
	var empty variant // VT_EMPTY, passed by reference on both 64-bit ABIs
	n := 0
	var prev com
	for n < maxItemCount {
		item, err := p.getObj(slotFindItemByProperty, "item", uintptr(prev.p), 0, uintptr(unsafe.Pointer(&empty)))
		prev.release()
		if err != nil || item.nil() {
			break
		}
		prev = item
		n++
	}
	prev.release()
	return n
}

// gridRows is the Grid pattern's row count, -1 when there is none.
func (b *Backend) gridRows(o com) int {
	if avail, _ := o.property(propIsGridPatternAvail).(bool); !avail {
		return -1
	}
	if r, ok := o.property(propGridRowCount).(int32); ok {
		return int(r)
	}
	return -1
}
