package atspi

import (
	"slices"
	"strings"

	"github.com/godbus/dbus/v5"

	"textfirst/internal/windows2text/uitree"
)

// scrollIntoView brings the element inside the visible part of the scroll
// panes around it. Component.ScrollTo comes first; GTK3 answers false, so
// the workaround moves each enclosing scroll pane's scroll bars by the
// element's distance from the pane's edge (GTK's scroll bar values are
// pixels), innermost pane first.
func (a *actor) scrollIntoView() error {
	var ok bool
	// ATSPI_SCROLL_ANYWHERE.
	if err := a.call(a.h.obj, ifaceComponent+".ScrollTo", &ok, uint32(6)); err == nil && ok {
		return nil
	}
	panes, err := a.scrollPanes()
	if err != nil {
		return err
	}
	if len(panes) == 0 {
		return uitree.Errorf(uitree.CodeUnsupportedPattern, "%s is in no scroll pane and cannot be scrolled", a.el.Ref)
	}
	// GTK gives an element outside the visible part of its pane no
	// position at all: find it by paging through the innermost pane.
	if _, err := a.bounds(); uitree.CodeOf(err) == uitree.CodeNotClickable {
		if err := a.revealByPaging(panes[0]); err != nil {
			return err
		}
	}
	for _, p := range panes {
		el, err := a.bounds()
		if err != nil {
			return err
		}
		var pe extents
		if err := a.call(p, ifaceComponent+".GetExtents", &pe, uint32(0)); err != nil {
			return a.stale(err)
		}
		dy := distanceOutside(el.Y, el.Y+el.Height, int(pe.Y), int(pe.Y+pe.H))
		dx := distanceOutside(el.X, el.X+el.Width, int(pe.X), int(pe.X+pe.W))
		if dx == 0 && dy == 0 {
			continue
		}
		if err := a.moveScrollBars(p, float64(dx), float64(dy)); err != nil {
			return err
		}
	}
	return nil
}

// revealByPaging moves pane's scroll bars a page at a time, forward then
// backward from where they are, vertical first, until the element has a
// position on screen. A bar that did not reveal it is put back.
func (a *actor) revealByPaging(pane objRef) error {
	var pe extents
	if err := a.call(pane, ifaceComponent+".GetExtents", &pe, uint32(0)); err != nil {
		return a.stale(err)
	}
	bars, err := a.scrollBars(pane)
	if err != nil {
		return err
	}
	slices.SortStableFunc(bars, func(x, y scrollBar) int {
		if x.horizontal == y.horizontal {
			return 0
		}
		if y.horizontal {
			return -1
		}
		return 1
	})
	for _, bar := range bars {
		page := float64(pe.H) * 0.8
		if bar.horizontal {
			page = float64(pe.W) * 0.8
		}
		page = max(page, bar.vi.step, 1)
		for _, dir := range []float64{1, -1} {
			v := bar.vi.current
			for range 1000 {
				if (dir > 0 && v >= bar.vi.max) || (dir < 0 && v <= bar.vi.min) {
					break
				}
				v = min(bar.vi.max, max(bar.vi.min, v+dir*page))
				if err := a.setBar(bar.obj, v); err != nil {
					return err
				}
				if _, err := a.bounds(); err == nil {
					return nil
				}
			}
		}
		if err := a.setBar(bar.obj, bar.vi.current); err != nil {
			return err
		}
	}
	return uitree.Errorf(uitree.CodeActionFailed, "%s did not come into view at any scroll position of its pane", a.el.Ref)
}

// scrollBar is one scroll bar of a scroll pane.
type scrollBar struct {
	obj        objRef
	horizontal bool
	vi         valueInfo
}

// scrollBars lists pane's scroll bars that have a range.
func (a *actor) scrollBars(pane objRef) ([]scrollBar, error) {
	var kids []objRef
	if err := a.call(pane, ifaceAccessible+".GetChildren", &kids); err != nil {
		return nil, a.stale(err)
	}
	var bars []scrollBar
	for _, k := range kids {
		var role uint32
		var st []uint32
		if a.call(k, ifaceAccessible+".GetRole", &role) != nil || role != roleScrollBar || a.call(k, ifaceAccessible+".GetState", &st) != nil || len(st) == 0 {
			continue
		}
		var vi valueInfo
		if err := a.value(k, &vi); err != nil || !vi.ok {
			continue
		}
		bars = append(bars, scrollBar{obj: k, horizontal: stateSet(st[0]).has(stateHorizontal), vi: vi})
	}
	return bars, nil
}

func (a *actor) setBar(bar objRef, v float64) error {
	if err := a.call(bar, ifaceProperties+".Set", nil, ifaceValue, "CurrentValue", dbus.MakeVariant(v)); err != nil {
		return uitree.Errorf(uitree.CodeActionFailed, "the scroll bar refused value %g: %w", v, err)
	}
	return nil
}

// distanceOutside is how far the span [lo, hi) must move to lie within
// [vlo, vhi): negative up or left, positive down or right, its start first
// when it is longer than the view.
func distanceOutside(lo, hi, vlo, vhi int) int {
	switch {
	case lo < vlo:
		return lo - vlo
	case hi > vhi:
		return min(hi-vhi, lo-vlo)
	}
	return 0
}

// scrollPanes lists the scroll panes around the element, innermost first.
func (a *actor) scrollPanes() ([]objRef, error) {
	var panes []objRef
	cur := a.h.obj
	for range 64 {
		parent, err := a.parentOf(cur)
		if err != nil {
			return nil, a.stale(err)
		}
		if parent.Path == "" {
			break
		}
		var role uint32
		if a.call(parent, ifaceAccessible+".GetRole", &role) != nil {
			break
		}
		if role == roleScrollPane {
			panes = append(panes, parent)
		}
		if role == roleApplication {
			break
		}
		cur = parent
	}
	return panes, nil
}

// moveScrollBars adds dx and dy to the values of pane's horizontal and
// vertical scroll bars.
func (a *actor) moveScrollBars(pane objRef, dx, dy float64) error {
	bars, err := a.scrollBars(pane)
	if err != nil {
		return err
	}
	for _, bar := range bars {
		delta := dy
		if bar.horizontal {
			delta = dx
		}
		if delta == 0 {
			continue
		}
		if err := a.setBar(bar.obj, min(bar.vi.max, max(bar.vi.min, bar.vi.current+delta))); err != nil {
			return err
		}
	}
	return nil
}

// inView tells whether the element lies within every scroll pane around
// it, as scroll_into_view's read-back.
func (a *actor) inView() bool {
	el, err := a.bounds()
	if err != nil {
		return false
	}
	panes, err := a.scrollPanes()
	if err != nil {
		return false
	}
	for _, p := range panes {
		var pe extents
		if a.call(p, ifaceComponent+".GetExtents", &pe, uint32(0)) != nil {
			return false
		}
		if distanceOutside(el.Y, el.Y+el.Height, int(pe.Y), int(pe.Y+pe.H)) != 0 || distanceOutside(el.X, el.X+el.Width, int(pe.X), int(pe.X+pe.W)) != 0 {
			return false
		}
	}
	return true
}

// scroll moves a scroll pane's scroll bars by the protocol's amounts: a
// small step is one line or row, a large one a page (see scrollSteps).
func (a *actor) scroll(horizontal, vertical string) error {
	var kids []objRef
	if a.h.role != roleDocumentWeb && a.h.role != roleDocumentFrame {
		if err := a.call(a.h.obj, ifaceAccessible+".GetChildren", &kids); err != nil {
			return a.stale(err)
		}
	}
	var pe extents
	if err := a.call(a.h.obj, ifaceComponent+".GetExtents", &pe, uint32(0)); err != nil {
		return a.stale(err)
	}
	pane := uitree.Rect{X: int(pe.X), Y: int(pe.Y), Width: int(pe.W), Height: int(pe.H)}
	if a.h.role == roleDocumentWeb || a.h.role == roleDocumentFrame {
		if horizontal == "no_amount" && vertical == "no_amount" {
			return nil
		}
		return a.wheelScroll(pane, horizontal, vertical)
	}
	moved := false
	for _, k := range kids {
		var role uint32
		var st []uint32
		if a.call(k, ifaceAccessible+".GetRole", &role) != nil || role != roleScrollBar || a.call(k, ifaceAccessible+".GetState", &st) != nil || len(st) == 0 {
			continue
		}
		amount := vertical
		if stateSet(st[0]).has(stateHorizontal) {
			amount = horizontal
		}
		if amount == "no_amount" {
			continue
		}
		var vi valueInfo
		if err := a.value(k, &vi); err != nil || !vi.ok {
			continue
		}
		horizontal := stateSet(st[0]).has(stateHorizontal)
		line, page := scrollSteps(vi, pane, horizontal)
		delta := map[string]float64{"small_increment": line, "small_decrement": -line, "large_increment": page, "large_decrement": -page}[amount]
		target := min(vi.max, max(vi.min, vi.current+delta))
		if err := a.call(k, ifaceProperties+".Set", nil, ifaceValue, "CurrentValue", dbus.MakeVariant(target)); err != nil {
			return uitree.Errorf(uitree.CodeActionFailed, "the scroll bar refused value %g: %w", target, err)
		}
		moved = true
	}
	if !moved && (horizontal != "no_amount" || vertical != "no_amount") {
		return uitree.Errorf(uitree.CodeUnsupportedPattern, "%s has no scroll bar in the asked direction", a.el.Ref)
	}
	return nil
}

// wheelClicks is how many wheel clicks each amount turns: one for a line
// (browsers scroll a few lines per click), five for a page.
var wheelClicks = map[string]int{"small_increment": 1, "small_decrement": 1, "large_increment": 5, "large_decrement": 5}

// wheelScroll scrolls a web document, which shows no scroll bars to
// AT-SPI, with the mouse wheel over its centre.
func (a *actor) wheelScroll(pane uitree.Rect, horizontal, vertical string) error {
	if pane.Empty() {
		return uitree.Errorf(uitree.CodeNotClickable, "%s has no bounds to turn the wheel over", a.el.Ref)
	}
	x, y := pane.Center()
	if err := a.b.input.activate(a.run.conn.pid, x, y); err != nil {
		return err
	}
	for _, turn := range []struct {
		amount   string
		up, down byte
	}{{vertical, 4, 5}, {horizontal, 6, 7}} {
		n := wheelClicks[turn.amount]
		if n == 0 {
			continue
		}
		button := turn.down
		if strings.HasSuffix(turn.amount, "decrement") {
			button = turn.up
		}
		if err := a.b.input.wheel(x, y, button, n); err != nil {
			return err
		}
	}
	return nil
}

// scrollSteps gives a scroll bar's line and page, in its own units. GTK's
// scroll bars count pixels: a page is the pane's height (or width) less a
// line, so that the last line stays in sight; a line is the bar's own
// increment when it has a sensible one, else a tenth of a page. Without
// the pane's size, a page is a tenth of the range.
func scrollSteps(vi valueInfo, pane uitree.Rect, horizontal bool) (line, page float64) {
	span := vi.max - vi.min
	view := float64(pane.Height)
	if horizontal {
		view = float64(pane.Width)
	}
	if view <= 0 {
		view = span / 10
	}
	line = vi.step
	if line <= 0 || line >= view/2 {
		line = max(view/10, 1)
	}
	page = max(view-line, line)
	return line, page
}
