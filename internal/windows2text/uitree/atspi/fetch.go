package atspi

import (
	"math"
	"strconv"
	"strings"

	"textfirst/internal/windows2text/uitree"
)

// chunkSize is how many elements one batch asks about.
const chunkSize = 16

type extents struct{ X, Y, W, H int32 }

// pendingNode holds one node's call slots and what the first round learned.
type pendingNode struct {
	n                         *node
	iRole, iState, iIfaces    int
	iName, iCount, iExt       int
	iChildren, iActions       int
	iValue                    [4]int
	iText, iNCols, iCharCount int
	// text is the element's text, once read.
	text   string
	textOK bool
	// ifaces are the interface bits, from the call or the cache.
	ifaces int
	// iRelations asks who labels an unnamed control; the label's name is
	// read in a third round.
	iRelations int
	h          *handle
	el         *uitree.Element
	childArea  uitree.Area
	virtual    bool
	// byIndex is set for a long list whose visible children are found by
	// index (visibleRange) instead of being listed whole.
	byIndex bool
	// ownText is set for an unnamed text container whose text is read to
	// name it.
	ownText bool
	// sliced is set for a list too long for one GetChildren.
	sliced bool
	// closedMenu is set for a menu of a menu bar, or a submenu, that is
	// not open, in a visible-only walk: none of its items shows, and they
	// are not read.
	closedMenu bool
	// deferChildren is set when how a cached node's children are read
	// waits for its extents; fetchChildren when they are then asked for
	// at once.
	deferChildren, fetchChildren bool
	// cached is what the application's item cache says of the node, when
	// the node is taken from it; second is the batch of its second round.
	cached *cachedElement
	second *batch
	// partial is what the cache says of a node whose children it lacks:
	// all but its child count.
	partial *cachedElement
	// label is the name of the label of an unnamed control, once read.
	label   string
	labelOK bool
}

// fetchChunk reads a chunk of nodes, makes their child nodes, gives back
// its slot and prefetches the children. Whatever happens, it marks every
// node of the chunk done.
func (w *walker) fetchChunk(nodes []*node) {
	// The caller took a slot of w.sem for this chunk.
	released := false
	release := func() {
		if !released {
			released = true
			<-w.sem
		}
	}
	defer func() {
		release()
		for _, n := range nodes {
			close(n.done)
		}
	}()
	w.readChunk(nodes)
	for _, n := range nodes {
		w.expand(n)
	}
	release()
	w.prefetch(nodes)
}

// readChunk reads nodes of one application in rounds: first what needs no
// knowledge of a node (role, states, interfaces, name and child count,
// extents), then what its interfaces offer (children, actions, value,
// text, who labels it), then the names of labels. Every call of a round is
// in flight at once. A node the application's item cache describes needs
// no first round: its extents and second-round calls go out together.
func (w *walker) readChunk(nodes []*node) {
	app := nodes[0].app
	if app.dead() {
		return
	}
	cache := w.itemCache(app)
	if app.dead() {
		return
	}
	ps := make([]pendingNode, len(nodes))
	b := app.batch(5 * len(nodes))
	for i, n := range nodes {
		p := &ps[i]
		p.n = n
		p.iExt = -1
		if c, ok := cache.lookup(n.obj.Path); ok && c.childCount >= 0 {
			if ahead, ok := app.ahead[n.obj.Path]; ok && ahead.n.hidden == n.hidden && !n.inGrid {
				// Asked already: the same calls as below.
				*p = *ahead
				p.n = n
				w.describe(p, c.role, c.states, c.interfaces, c.name, c.childCount)
				continue
			}
			if !n.hidden && c.interfaces&hasComponent != 0 {
				p.iExt = b.call(n.obj, ifaceComponent+".GetExtents", uint32(0))
			}
			p.cached, p.second = c, b
			if w.describe(p, c.role, c.states, c.interfaces, c.name, c.childCount) {
				w.queueSecond(b, p)
			}
			continue
		}
		if c, ok := cache.lookup(n.obj.Path); ok {
			p.partial = c
		}
		w.queueFirst(b, p)
	}
	b.wait()
	if app.dead() {
		return
	}
	b2 := app.batch(3 * len(nodes))
	for i := range ps {
		p := &ps[i]
		switch {
		case p.cached == nil:
			w.firstRound(b, b2, p)
		case p.el != nil:
			w.place(p.second, p)
		}
	}
	b2.wait()
	if app.dead() {
		return
	}
	pending := make([]*pendingNode, len(ps))
	for i := range ps {
		pending[i] = &ps[i]
	}
	w.thirdRound(app, pending)
	for i := range ps {
		if ps[i].el != nil {
			w.secondRound(ps[i].second, &ps[i])
			if ps[i].cached != nil {
				w.cached.Add(1)
				if w.req.VisibleOnly && ps[i].n.fate != uitree.Drop {
					app.conn.cacheShown.Add(1)
				}
			} else {
				w.walked.Add(1)
			}
		}
	}
}

// queueFirst queues a node's first round: what needs no knowledge of it.
func (w *walker) queueFirst(b *batch, p *pendingNode) {
	n := p.n
	// A grid's cell has no children: hundreds of them are read.
	p.iCount = -1
	if !n.inGrid {
		p.iCount = b.call(n.obj, ifaceProperties+".Get", ifaceAccessible, "ChildCount")
	}
	if !n.hidden {
		p.iExt = b.call(n.obj, ifaceComponent+".GetExtents", uint32(0))
	}
	if p.partial != nil {
		// The cache knows the rest.
		return
	}
	p.iRole = b.call(n.obj, ifaceAccessible+".GetRole")
	p.iState = b.call(n.obj, ifaceAccessible+".GetState")
	// An object's interfaces are fixed for its lifetime, and AT-SPI
	// never reuses an object path: ask once per connection.
	p.iIfaces, p.ifaces = -1, -1
	if bits, ok := n.app.conn.interfaces(n.obj.Path); ok {
		p.ifaces = bits
	} else {
		p.iIfaces = b.call(n.obj, ifaceAccessible+".GetInterfaces")
	}
	// Property by property: Qt 5's bridge crashes on
	// Properties.GetAll, and one property that fails makes GetAll
	// abort Chromium.
	p.iName = b.call(n.obj, ifaceProperties+".Get", ifaceAccessible, "Name")
}

// thirdRound reads, for unnamed controls, the names of their labels, and
// the text of elements whose text did not come whole in the second round.
func (w *walker) thirdRound(app *appRun, ps []*pendingNode) {
	var b3 *batch
	labels := map[int]int{}
	for i := range ps {
		p := ps[i]
		if p.el == nil || p.iRelations < 0 {
			continue
		}
		var rels []relation
		if p.second.store(p.iRelations, &rels) != nil {
			continue
		}
		for _, r := range rels {
			if r.Type == relationLabelledBy && len(r.Targets) > 0 {
				if b3 == nil {
					b3 = app.batch(2 * len(ps))
				}
				labels[i] = b3.call(r.Targets[0], ifaceProperties+".Get", ifaceAccessible, "Name")
				break
			}
		}
	}
	texts := map[int]int{}
	for i := range ps {
		p := ps[i]
		if p.el == nil || p.iText < 0 {
			continue
		}
		var text string
		if p.second.store(p.iText, &text) == nil && text != "" {
			p.text, p.textOK = text, true
			continue
		}
		var count variantValue
		if p.iCharCount < 0 || p.second.store(p.iCharCount, &count) != nil {
			continue
		}
		if c, ok := count.v.(int32); ok && c > 0 {
			if b3 == nil {
				b3 = app.batch(2 * len(ps))
			}
			texts[i] = b3.call(p.n.obj, ifaceText+".GetText", int32(0), min(c, int32(w.req.MaxText+1)))
		} else if ok {
			p.textOK = true // empty
		}
	}
	if b3 == nil {
		return
	}
	b3.wait()
	for i, slot := range texts {
		var text string
		if b3.store(slot, &text) == nil {
			ps[i].text, ps[i].textOK = text, true
		}
	}
	for i, slot := range labels {
		var v variantValue
		if b3.store(slot, &v) == nil {
			name, _ := v.v.(string)
			ps[i].label, ps[i].labelOK = uitree.Truncate(strings.TrimRight(strings.TrimSpace(name), ":"), w.req.MaxText), true
		}
	}
}

// labelledRole reports whether an unnamed element of role takes its name
// from the label that labels it (an entry after "City:").
func labelledRole(role uint32) bool {
	switch role {
	case roleText, roleEntry, rolePasswordText, roleSpinButton, roleSlider, roleComboBox, roleCheckBox, roleToggleButton, roleList, roleTable, roleTreeTable, roleTree, roleListBox:
		return true
	}
	return false
}

// firstRound decodes a node's first answers and queues its second round.
func (w *walker) firstRound(b, b2 *batch, p *pendingNode) {
	n := p.n
	var count variantValue
	if p.iCount >= 0 {
		_ = b.store(p.iCount, &count)
	}
	childCount, _ := count.v.(int32)
	if c := p.partial; c != nil {
		if w.describe(p, c.role, c.states, c.interfaces, c.name, int(childCount)) {
			p.second = b2
			w.place(b, p)
			w.queueSecond(b2, p)
		}
		return
	}
	var role uint32
	var st []uint32
	var name variantValue
	if b.store(p.iRole, &role) != nil || b.store(p.iState, &st) != nil {
		return
	}
	// A name or child count that cannot be read is empty, not fatal.
	_ = b.store(p.iName, &name)
	nameStr, _ := name.v.(string)
	if p.iIfaces >= 0 {
		var ifaces []string
		if b.store(p.iIfaces, &ifaces) != nil {
			return
		}
		p.ifaces = 0
		for _, name := range ifaces {
			p.ifaces |= interfaceBits[name]
		}
		n.app.conn.rememberInterfaces(n.obj.Path, p.ifaces)
	}
	if !w.describe(p, role, statesOf(st), p.ifaces, nameStr, int(childCount)) {
		return
	}
	p.second = b2
	w.place(b, p)
	w.queueSecond(b2, p)
}

// describe makes a node's element from its role, states, interfaces, name
// and child count; it reports false for a stale element.
func (w *walker) describe(p *pendingNode, role uint32, states stateSet, ifaces int, name string, childCount int) bool {
	if states == 0 || states.has(stateDefunct) {
		// A destroyed widget answers with an empty state set (GTK) or
		// DEFUNCT (Gecko): stale.
		return false
	}
	h := &handle{obj: p.n.obj, role: role, states: states, interfaces: ifaces}
	el := &uitree.Element{Handle: h}
	info := roleInfo{native: "unknown", uia: uitree.RoleCustom}
	if int(role) < len(roles) {
		info = roles[role]
	}
	el.Role, el.NativeRole = info.uia, info.native
	// GTK pads menu item names with spaces (room for the accelerator).
	el.Name = uitree.Truncate(strings.TrimSpace(name), w.req.MaxText)
	p.n.childCount = max(0, childCount)
	setStates(el, h)
	p.h, p.el = h, el
	return true
}

// place decodes a node's extents and decides what area its children may
// show in.
func (w *walker) place(b *batch, p *pendingNode) {
	n, el, h := p.n, p.el, p.h
	var ext extents
	if h.interfaces&hasComponent != 0 && p.iExt >= 0 && b.store(p.iExt, &ext) == nil && ext.X != math.MinInt32 && ext.W > 0 && ext.H > 0 {
		el.Bounds = uitree.Rect{X: int(ext.X), Y: int(ext.Y), Width: int(ext.W), Height: int(ext.H)}
	}
	showing := shown(h.states, n.app.conn.visibleShown.Load())
	area := n.area
	if popupRole(h.role) {
		// Menus, popups and dropdown lists are windows of their own:
		// their parent's rectangle does not clip them.
		area = uitree.Area{}
	}
	p.childArea = uitree.Clip(el, showing, area)
	if h.role == rolePage && showing && el.States.Offscreen && !el.Bounds.Empty() && area.Known {
		// A document's page that says it shows is on screen, whatever
		// its extents: evince gives them in the document's coordinates
		// once it has scrolled (the page shown at the top of the view
		// answers 1,500 pixels below it). It is taken to fill what its
		// parent shows of it.
		el.Bounds, el.States.Offscreen = area.Rect, false
		p.childArea = area
	}
	if selectedPage(h) {
		// A notebook's page sits under its tab, whose bounds are the
		// tab's label: the page does not show within them.
		p.childArea = area
	}
	if popupRole(h.role) && h.role == roleMenu {
		// A browser's dropdown list reports the rectangle of its
		// select, not of its items: a menu does not clip them.
		p.childArea = uitree.Area{}
	}
	if p.cached != nil {
		w.cachedChildren(p)
	}
}

// cachedChildren decides, once a cached node's area is known, how its
// children are read when queueSecond left them (see deferChildren): by
// index within the visible area, in slices, or all at once.
func (w *walker) cachedChildren(p *pendingNode) {
	if !p.deferChildren {
		return
	}
	p.byIndex = p.childArea.Known
	p.sliced = !p.byIndex && p.n.childCount > sliceAbove
	p.fetchChildren = !p.byIndex && !p.sliced
}

// queueSecond queues what a node's interfaces offer: children, actions,
// value, text and who labels it.
func (w *walker) queueSecond(b2 *batch, p *pendingNode) {
	n, h, el, role := p.n, p.h, p.el, p.h.role
	states := h.states
	p.virtual = states.has(stateManagesDescendants) && n.childCount > virtualizeAbove
	p.iChildren, p.iActions, p.iText, p.iNCols, p.iRelations, p.iCharCount = -1, -1, -1, -1, -1, -1
	p.iValue[0] = -1
	if el.Name == "" && labelledRole(role) {
		p.iRelations = b2.call(n.obj, ifaceAccessible+".GetRelationSet")
	}
	// A cached node's calls go out before its extents are read: whether
	// a long list is read by index within the visible area is decided
	// once they are (cachedChildren).
	p.closedMenu = closedMenu(w.req, n, h)
	p.deferChildren = p.cached != nil && w.req.VisibleOnly && !p.virtual && n.childCount > bisectAbove && !p.closedMenu
	if !p.deferChildren && !p.closedMenu {
		// A long list of children laid out top to bottom (a page of
		// 5,000 links) is not asked for whole when only what shows is
		// wanted: Chromium takes 300 ms and more to answer GetChildren
		// on 5,000 children, while the few on screen are found by
		// index and extents.
		p.byIndex = w.req.VisibleOnly && !p.virtual && n.childCount > bisectAbove && p.childArea.Known
		// A very long list is read by index in slices too: one
		// GetChildren of thousands can outlast the call timeout on a
		// loaded machine, and the application would count as not
		// answering.
		p.sliced = !p.virtual && !p.byIndex && n.childCount > sliceAbove
		if n.childCount > 0 && !p.virtual && !p.byIndex && !p.sliced {
			p.iChildren = b2.call(n.obj, ifaceAccessible+".GetChildren")
		}
	}
	if h.interfaces&hasAction != 0 {
		p.iActions = b2.call(n.obj, ifaceAction+".GetActions")
	}
	// A Value is a range only where the role is one: LibreOffice gives
	// its buttons and menus a Value of 0 to 1 that is their pressed
	// state, and a grid cell's Value is its number, 0 when empty (its
	// text says what it shows).
	if h.interfaces&hasValue != 0 && rangeRole(role) && !n.inGrid {
		p.iValue = queueValue(b2, n.obj, false)
	}
	w.queueText(b2, p, role)
	h.gridCell = n.inGrid
	if p.virtual && h.interfaces&hasTable != 0 {
		p.iNCols = b2.call(n.obj, ifaceProperties+".Get", ifaceTable, "NColumns")
	}
}

// queueText asks, in the second round, for the text of an element whose
// words are its Text: an edit field's or document's value, an unnamed text
// container's name, a named region's value, a grid cell's value.
func (w *walker) queueText(b2 *batch, p *pendingNode, role uint32) {
	// Gecko exposes no text leaves: a paragraph's words are its Text, not
	// a child's name. An unnamed text container's text names it.
	p.ownText = p.h.interfaces&hasText != 0 && p.el.Name == "" && textContainer(role)
	// A named region's words are not its name (a status region labelled
	// "Result"): they are its value.
	if p.h.interfaces&hasText != 0 && (wantsText(role) || p.ownText || (p.el.Name != "" && (regionRole(role) || p.n.inGrid))) {
		if p.n.inGrid {
			// LibreOffice's cells fail an end past their text and
			// answer -1, "to the end": one call for each of hundreds.
			p.iText = b2.call(p.n.obj, ifaceText+".GetText", int32(0), int32(-1))
		} else {
			p.iText = b2.call(p.n.obj, ifaceText+".GetText", int32(0), int32(w.req.MaxText+1))
			// Qt answers nothing for an end past the text: its length
			// lets a third round ask again within it.
			p.iCharCount = b2.call(p.n.obj, ifaceProperties+".Get", ifaceText, "CharacterCount")
		}
	}
}

// secondRound decodes a node's second answers and completes its element.
func (w *walker) secondRound(b *batch, p *pendingNode) {
	n, el, h := p.n, p.el, p.h
	if p.labelOK {
		el.Name = p.label
	}
	if p.iChildren >= 0 {
		var kids []objRef
		if b.store(p.iChildren, &kids) == nil {
			n.childRefs = kids
		}
		n.omitted = max(0, n.childCount-len(n.childRefs))
	}
	nActions := 0
	if p.iActions >= 0 {
		var acts []actionInfo
		if b.store(p.iActions, &acts) == nil {
			nActions = len(acts)
			for _, a := range acts {
				h.actionKeys = append(h.actionKeys, a.Name)
			}
		}
	}
	var value valueInfo
	if p.iValue[0] >= 0 {
		value = storeValue(b, p.iValue)
	}
	if p.ownText {
		n.text = p.text
	} else if p.textOK && !el.States.Protected && (wantsText(h.role) || strings.Join(strings.Fields(p.text), " ") != el.Name) {
		el.Value = uitree.Truncate(p.text, w.req.MaxText)
	}
	if value.ok && el.Value == "" && !el.States.Protected {
		el.Value = strconv.FormatFloat(value.current, 'g', -1, 64)
	}
	el.Actions = deriveActions(el, h, nActions, value)
	// A pane's own scroll bars do not scroll with its content.
	if n.inScroll && el.Actions != 0 && h.role != roleScrollBar {
		el.Actions = el.Actions.Add(uitree.ActionScrollIntoView)
	}
	n.el = el
	n.ok = true
	n.fate = uitree.FateIn(w.req.View, el)
	if w.req.VisibleOnly && emptyCell(n, el) {
		n.fate = uitree.Drop
	}
	if n.fate == uitree.Hoist && p.ownText && saysSomething(p.text) {
		// An unnamed container whose words are its own (a live region's
		// section) is named by them when assembled: it is not looked
		// through.
		n.fate = uitree.Keep
	}
	if n.fate != uitree.Drop && w.req.VisibleOnly && el.States.Offscreen {
		n.fate = uitree.Drop
		// A visible container with no geometry of its own (a GTK
		// notebook page: mousepad's editor is under one) is looked
		// through: its children may be on screen. Closed menus are not,
		// nor is what GTK 4 hides, laid out at zero size (its pages have
		// no geometry: they are looked through).
		zeroSized := n.app.conn.visibleShown.Load() && h.interfaces&hasComponent != 0
		if el.Bounds.Empty() && !n.hidden && h.states.has(stateVisible) && n.childCount > 0 && !zeroSized &&
			h.role != roleMenu && h.role != roleMenuItem && el.Role != uitree.RoleWindow {
			n.fate = uitree.Hoist
		}
		// A selected tab scrolled out of its tab strip still shows its
		// page.
		if selectedPage(h) && !n.hidden && n.childCount > 0 {
			n.fate = uitree.Hoist
		}
	}
	// From here on, area is what the node leaves visible to its children.
	n.area = p.childArea
	if p.sliced && n.fate != uitree.Drop {
		// No more children than the snapshot can still hold.
		n.childRefs = w.childrenByIndex(n, min(n.childCount, w.req.MaxNodes))
		n.omitted = max(0, n.childCount-len(n.childRefs))
	}
	if p.fetchChildren && n.fate != uitree.Drop {
		n.childRefs = w.children(n)
		n.omitted = max(0, n.childCount-len(n.childRefs))
	}
	if p.byIndex && n.fate != uitree.Drop {
		// Only the children in the visible area are fetched; when they
		// do not look laid out in order, all of them are.
		if refs, ok := w.visibleRange(n, p.childArea.Rect); ok {
			n.childRefs = refs
		} else if n.childCount > sliceAbove {
			n.childRefs = w.childrenByIndex(n, min(n.childCount, w.req.MaxNodes))
		} else {
			n.childRefs = w.children(n)
		}
		n.omitted = max(0, n.childCount-len(n.childRefs))
	}
	if p.virtual {
		n.omitted = n.childCount
		if !el.States.Offscreen {
			ncols := 1
			if p.iNCols >= 0 {
				var v variantValue
				if b.store(p.iNCols, &v) == nil {
					if c, ok := v.v.(int32); ok && c > 0 {
						ncols = int(c)
					}
				}
			}
			if ncols > wideGridAbove {
				n.grid = true
				// Empty cells a visible-only walk leaves out are not
				// omitted (no more than any child it drops).
				var left int
				n.childRefs, left = w.visibleCells(n, p.childArea, ncols)
				n.omitted = max(0, n.childCount-len(n.childRefs)-left)
			} else {
				n.childRefs = w.visibleRows(n, p.childArea, ncols)
				n.omitted = max(0, n.childCount-len(n.childRefs))
			}
		}
	}
}

// children asks for n's children, in a round trip of their own.
func (w *walker) children(n *node) []objRef {
	b := n.app.batch(1)
	slot := b.call(n.obj, ifaceAccessible+".GetChildren")
	b.wait()
	var kids []objRef
	if b.store(slot, &kids) != nil {
		return nil
	}
	return kids
}

// closedMenu reports a menu of a menu bar, or a submenu, that is not open
// (neither SELECTED nor EXPANDED), in a visible-only walk: its items do not
// show, and reading them is most of the cost of a big application's
// observation (LibreOffice Calc's two menu bars hold over a thousand
// elements, closed).
func closedMenu(req uitree.Request, n *node, h *handle) bool {
	return req.VisibleOnly && n.underMenu && h.role == roleMenu && !h.states.has(stateSelected) && !h.states.has(stateExpanded)
}

// selectedPage reports the tab of the page a notebook shows: GTK puts the
// page's content under its page tab, and the page is on screen when the tab
// is selected, whatever the bounds of the tab's label.
func selectedPage(h *handle) bool {
	return h.role == rolePageTab && h.states.has(stateSelected) && h.states.has(stateVisible)
}

// textContainer reports roles whose text, when they have no name, is what
// they say: Gecko puts a paragraph's words in its Text interface and has
// no text leaves for them, where Chromium has "static" children; status,
// log and live regions, notifications and a PDF viewer's pages (evince)
// keep their words there too.
func textContainer(role uint32) bool {
	switch role {
	case roleParagraph, roleHeading, roleSection, roleCaption, roleStatic, roleLabel, roleListItem,
		roleTableCell, roleBlockQuote, roleStatusBar, rolePage, roleComment, roleNotification, roleInfoBar,
		roleDefinition, roleLog, roleMarquee, roleTimer, roleDescValue, roleFootnote:
		return true
	}
	return false
}

// rangeRole reports roles whose Value interface is a range a client may
// read and set.
func rangeRole(role uint32) bool {
	switch role {
	case roleSlider, roleSpinButton, roleScrollBar, roleDial, roleProgressBar, roleLevelBar, roleRating, roleSplitPane:
		return true
	}
	return false
}

// regionRole reports roles whose words, kept in the Text interface, say
// something their name does not: status and log regions, notifications,
// a viewer's pages.
func regionRole(role uint32) bool {
	switch role {
	case roleStatusBar, roleLog, roleNotification, roleInfoBar, roleTimer, roleMarquee, rolePage:
		return true
	}
	return false
}

// saysSomething reports whether a text container's own text has words of
// its own, beyond the placeholders of its embedded children.
func saysSomething(text string) bool {
	return strings.Trim(text, " \t\n\r"+string(objectReplacement)) != ""
}

// wantsText reports whether a role's text is its value (edit fields and
// documents); a label's text is already its name.
func wantsText(role uint32) bool {
	switch role {
	case roleText, roleEntry, rolePasswordText, roleTerminal, roleDocumentFrame, roleDocumentText, roleDocumentWeb, roleSpinButton, roleComboBox:
		return role != rolePasswordText
	}
	return false
}

type valueInfo struct {
	ok                      bool
	min, max, current, step float64
}

// valueProps are the Value properties read, in valueInfo's order.
var valueProps = [4]string{"MinimumValue", "MaximumValue", "CurrentValue", "MinimumIncrement"}

// queueValue asks for a Value's properties one by one: never with
// Properties.GetAll, which crashes Qt 5 and, when one property fails,
// aborts Chromium. The step (MinimumIncrement) is asked only with step:
// a snapshot has no use for it, an action does.
func queueValue(b *batch, obj objRef, step bool) [4]int {
	slots := [4]int{-1, -1, -1, -1}
	for i, name := range valueProps {
		if i < 3 || step {
			slots[i] = b.call(obj, ifaceProperties+".Get", ifaceValue, name)
		}
	}
	return slots
}

// storeValue decodes what queueValue asked; the value is ok when minimum,
// maximum and current value were read.
func storeValue(b *batch, slots [4]int) valueInfo {
	var f [4]float64
	var got [4]bool
	for i, s := range slots {
		var v variantValue
		if s >= 0 && b.store(s, &v) == nil {
			f[i], got[i] = toFloat(v.v)
		}
	}
	return valueInfo{ok: got[0] && got[1] && got[2], min: f[0], max: f[1], current: f[2], step: f[3]}
}

func toFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case int32:
		return float64(x), true
	case uint32:
		return float64(x), true
	}
	return 0, false
}
