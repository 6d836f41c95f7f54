package atspi

import (
	"math"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"textfirst/internal/windows2text/uitree"
)

// AT-SPI state bits (AtspiStateType) the backend reads.
const (
	stateActive             = 1
	stateChecked            = 4
	stateDefunct            = 6
	stateEditable           = 7
	stateEnabled            = 8
	stateExpandable         = 9
	stateExpanded           = 10
	stateFocusable          = 11
	stateFocused            = 12
	stateHorizontal         = 14
	statePressed            = 20
	stateSelectable         = 22
	stateSelected           = 23
	stateSensitive          = 24
	stateShowing            = 25
	stateVisible            = 30
	stateManagesDescendants = 31
	stateIndeterminate      = 32
	stateCheckable          = 41
	stateReadOnly           = 43
)

// stateSet is AT-SPI's 64-bit state set.
type stateSet uint64

func (s stateSet) has(bit uint) bool { return s&(1<<bit) != 0 }

// Interface bits, from GetInterfaces.
const (
	hasAction = 1 << iota
	hasComponent
	hasEditableText
	hasSelection
	hasTable
	hasText
	hasValue
)

var interfaceBits = map[string]int{
	ifaceAction: hasAction, ifaceComponent: hasComponent, ifaceEditableText: hasEditableText,
	ifaceSelection: hasSelection, ifaceTable: hasTable, ifaceText: hasText, ifaceValue: hasValue,
}

// virtualizeAbove is the child count above which a container that manages
// its descendants is read by hit-testing its visible rows instead of being
// walked: asking a GTK tree view for thousands of cells takes seconds.
const virtualizeAbove = 100

// handle is what an Element's Handle holds on this backend.
type handle struct {
	obj        objRef
	role       uint32
	states     stateSet
	interfaces int
	actionKeys []string // Action.GetName of each action index
}

func (h *handle) showing() bool { return h.states.has(stateShowing) && h.states.has(stateVisible) }

// node is one accessible during a walk.
type node struct {
	app   *appRun
	obj   objRef
	depth int // depth the element would have in the view
	area  uitree.Area
	// hidden is set when an ancestor is not showing: the node cannot be
	// on screen, so its extents are not asked for.
	hidden bool
	// inScroll is set when an ancestor is a scroll pane or a web
	// document: the node can be scrolled into view.
	inScroll bool

	// started is set by whoever fetches the node; done is closed when the
	// fetch has ended, successfully (ok) or not.
	started atomic.Bool
	done    chan struct{}

	// Results of the fetch.
	ok         bool
	el         *uitree.Element
	fate       uitree.Fate
	childCount int
	childRefs  []objRef
	// omitted counts children known to exist but not fetched.
	omitted  int
	children []*node
	// text is an unnamed text container's own text (see textContainer).
	text string

	// Decided by the walk, level by level.
	// processed is set when the walk reached the node before maxNodes
	// stopped it; included when the node counts against maxNodes.
	processed bool
	included  bool
}

func newNode(app *appRun, obj objRef, depth int) *node {
	return &node{app: app, obj: obj, depth: depth, done: make(chan struct{})}
}

// walker reads a tree. Which elements a snapshot holds is decided breadth
// first, level by level and in order, so maxNodes cuts the same elements
// whatever the timing. Fetching runs ahead of those decisions: when a batch
// of elements has been read, their children are fetched at once
// (prefetched) instead of waiting for the rest of their level, so the
// application is never idle between levels. Prefetching stops at a budget
// of elements; what it did not reach, the level loop fetches itself.
type walker struct {
	req       uitree.Request
	parallel  int
	count     int
	truncated bool

	sem      chan struct{} // bounds the chunks in flight
	budget   atomic.Int64  // elements prefetching may still start
	inflight sync.WaitGroup
}

func newWalker(req uitree.Request, parallel int) *walker {
	w := &walker{req: req, parallel: parallel, sem: make(chan struct{}, parallel)}
	w.budget.Store(int64(2*req.MaxNodes + 64))
	return w
}

// walk fetches the trees under roots and decides which elements are in the
// snapshot.
func (w *walker) walk(roots []*node) {
	defer w.inflight.Wait()
	level := roots
	stop := false
	for len(level) > 0 && !stop {
		var next []*node
		// A wide level is fetched in slices no larger than what maxNodes
		// can still take, so a flat list of thousands is not read whole
		// to keep a few hundred of it.
		for i := 0; i < len(level) && !stop; {
			end := min(len(level), i+max(w.req.MaxNodes-w.count, 0)+chunkSize)
			w.fetchLevel(level[i:end])
			for _, n := range level[i:end] {
				if !n.ok || n.fate == uitree.Drop || stop {
					continue
				}
				if n.fate == uitree.Keep {
					if w.count >= w.req.MaxNodes {
						w.truncated = true
						stop = true
						continue
					}
					w.count++
					n.included = true
				}
				n.processed = true
				next = append(next, n.children...)
			}
			i = end
		}
		level = next
	}
}

// expand makes the child nodes of a fetched node, or counts the children
// as omitted when they lie below maxDepth.
func (w *walker) expand(n *node) {
	if !n.ok || n.fate == uitree.Drop {
		return
	}
	childDepth := n.depth
	if n.fate == uitree.Keep {
		childDepth = n.depth + 1
	}
	if childDepth > w.req.MaxDepth {
		n.omitted += len(n.childRefs)
		return
	}
	// Children of an invisible element are hidden; those of one merely
	// not showing (a GTK notebook page, a container without geometry)
	// may still show and are looked at.
	hidden := n.hidden || !n.el.Handle.(*handle).states.has(stateVisible)
	for _, c := range n.childRefs {
		child := newNode(n.app, c, childDepth)
		child.area, child.hidden = n.area, hidden
		switch n.el.Handle.(*handle).role {
		case roleScrollPane, roleDocumentWeb, roleDocumentFrame:
			child.inScroll = true
		default:
			child.inScroll = n.inScroll
		}
		n.children = append(n.children, child)
	}
}

// fetchLevel makes sure every node of a level has been fetched: it fetches
// those no prefetch has started and waits for the others.
func (w *walker) fetchLevel(level []*node) {
	var wg sync.WaitGroup
	for _, chunk := range chunks(level) {
		chunk = claim(chunk)
		if len(chunk) == 0 {
			continue
		}
		wg.Add(1)
		w.sem <- struct{}{}
		go func() {
			defer wg.Done()
			w.fetchChunk(chunk)
		}()
	}
	wg.Wait()
	for _, n := range level {
		<-n.done
	}
}

// chunks groups nodes by application, keeping their order, and cuts the
// groups into chunks: one chunk is one write of all its calls and one wait,
// so the application answers a burst at a time instead of waking per
// element.
func chunks(nodes []*node) [][]*node {
	var groups [][]*node
	index := map[*appRun]int{}
	for _, n := range nodes {
		i, ok := index[n.app]
		if !ok {
			i = len(groups)
			index[n.app] = i
			groups = append(groups, nil)
		}
		groups[i] = append(groups[i], n)
	}
	var out [][]*node
	for _, g := range groups {
		for start := 0; start < len(g); start += chunkSize {
			out = append(out, g[start:min(start+chunkSize, len(g))])
		}
	}
	return out
}

// claim keeps the nodes of chunk that nobody has started fetching, and
// marks them started.
func claim(chunk []*node) []*node {
	var out []*node
	for _, n := range chunk {
		if n.started.CompareAndSwap(false, true) {
			out = append(out, n)
		}
	}
	return out
}

// prefetch starts fetching the children of a fetched chunk, if the budget
// and a free slot allow; it never waits.
func (w *walker) prefetch(parents []*node) {
	var kids []*node
	for _, n := range parents {
		kids = append(kids, n.children...)
	}
	for _, chunk := range chunks(kids) {
		if w.budget.Add(-int64(len(chunk))) < 0 {
			return
		}
		select {
		case w.sem <- struct{}{}:
		default:
			return
		}
		chunk = claim(chunk)
		if len(chunk) == 0 {
			<-w.sem
			continue
		}
		w.inflight.Add(1)
		go func() {
			defer w.inflight.Done()
			w.fetchChunk(chunk)
		}()
	}
}

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
// in flight at once.
func (w *walker) readChunk(nodes []*node) {
	app := nodes[0].app
	if app.dead() {
		return
	}
	ps := make([]pendingNode, len(nodes))
	b := app.batch(5 * len(nodes))
	for i, n := range nodes {
		p := &ps[i]
		p.n = n
		p.iRole = b.call(n.obj, ifaceAccessible+".GetRole")
		p.iState = b.call(n.obj, ifaceAccessible+".GetState")
		// An object's interfaces are fixed for its lifetime, and AT-SPI
		// never reuses an object path: ask once per connection.
		p.iIfaces, p.ifaces = -1, -1
		if bits, ok := app.conn.interfaces(n.obj.Path); ok {
			p.ifaces = bits
		} else {
			p.iIfaces = b.call(n.obj, ifaceAccessible+".GetInterfaces")
		}
		// Property by property: Qt 5's bridge crashes on
		// Properties.GetAll, and one property that fails makes GetAll
		// abort Chromium.
		p.iName = b.call(n.obj, ifaceProperties+".Get", ifaceAccessible, "Name")
		p.iCount = b.call(n.obj, ifaceProperties+".Get", ifaceAccessible, "ChildCount")
		p.iExt = -1
		if !n.hidden {
			p.iExt = b.call(n.obj, ifaceComponent+".GetExtents", uint32(0))
		}
	}
	b.wait()
	if app.dead() {
		return
	}
	b2 := app.batch(3 * len(nodes))
	for i := range ps {
		w.firstRound(b, b2, &ps[i])
	}
	b2.wait()
	if app.dead() {
		return
	}
	// Third round, for unnamed controls only: the names of their labels.
	var b3 *batch
	labels := map[int]int{}
	for i := range ps {
		p := &ps[i]
		if p.el == nil || p.iRelations < 0 {
			continue
		}
		var rels []relation
		if b2.store(p.iRelations, &rels) != nil {
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
		p := &ps[i]
		if p.el == nil || p.iText < 0 {
			continue
		}
		var text string
		if b2.store(p.iText, &text) == nil && text != "" {
			p.text, p.textOK = text, true
			continue
		}
		var count variantValue
		if b2.store(p.iCharCount, &count) != nil {
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
	if b3 != nil {
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
				ps[i].el.Name = uitree.Truncate(strings.TrimRight(strings.TrimSpace(name), ":"), w.req.MaxText)
			}
		}
	}
	for i := range ps {
		if ps[i].el != nil {
			w.secondRound(b2, &ps[i])
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
	var role uint32
	var st []uint32
	var name, count variantValue
	if b.store(p.iRole, &role) != nil || b.store(p.iState, &st) != nil {
		return
	}
	// A name or child count that cannot be read is empty, not fatal.
	_ = b.store(p.iName, &name)
	_ = b.store(p.iCount, &count)
	nameStr, _ := name.v.(string)
	childCount, _ := count.v.(int32)
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
	var states stateSet
	if len(st) > 0 {
		states = stateSet(st[0])
	}
	if len(st) > 1 {
		states |= stateSet(st[1]) << 32
	}
	if states == 0 || states.has(stateDefunct) {
		// A destroyed widget answers with an empty state set (GTK) or
		// DEFUNCT (Gecko): stale.
		return
	}
	h := &handle{obj: n.obj, role: role, states: states, interfaces: p.ifaces}
	el := &uitree.Element{Handle: h}
	info := roleInfo{native: "unknown", uia: uitree.RoleCustom}
	if int(role) < len(roles) {
		info = roles[role]
	}
	el.Role, el.NativeRole = info.uia, info.native
	// GTK pads menu item names with spaces (room for the accelerator).
	el.Name = uitree.Truncate(strings.TrimSpace(nameStr), w.req.MaxText)
	n.childCount = max(0, int(childCount))
	var ext extents
	if h.interfaces&hasComponent != 0 && p.iExt >= 0 && b.store(p.iExt, &ext) == nil && ext.X != math.MinInt32 && ext.W > 0 && ext.H > 0 {
		el.Bounds = uitree.Rect{X: int(ext.X), Y: int(ext.Y), Width: int(ext.W), Height: int(ext.H)}
	}
	setStates(el, h)
	showing := states.has(stateShowing) && states.has(stateVisible)
	area := n.area
	if popupRole(role) {
		// Menus, popups and dropdown lists are windows of their own:
		// their parent's rectangle does not clip them.
		area = uitree.Area{}
	}
	p.childArea = uitree.Clip(el, showing, area)
	if popupRole(role) && role == roleMenu {
		// A browser's dropdown list reports the rectangle of its
		// select, not of its items: a menu does not clip them.
		p.childArea = uitree.Area{}
	}
	p.h, p.el = h, el

	p.virtual = states.has(stateManagesDescendants) && n.childCount > virtualizeAbove
	p.iChildren, p.iActions, p.iText, p.iNCols, p.iRelations, p.iCharCount = -1, -1, -1, -1, -1, -1
	p.iValue[0] = -1
	if el.Name == "" && labelledRole(role) {
		p.iRelations = b2.call(n.obj, ifaceAccessible+".GetRelationSet")
	}
	// A long list of children laid out top to bottom (a page of 5,000
	// links) is not asked for whole when only what shows is wanted:
	// Chromium takes 300 ms and more to answer GetChildren on 5,000
	// children, while the few on screen are found by index and extents.
	p.byIndex = w.req.VisibleOnly && !p.virtual && n.childCount > bisectAbove && p.childArea.Known
	// A very long list is read by index in slices too: one GetChildren
	// of thousands can outlast the call timeout on a loaded machine,
	// and the application would count as not answering.
	p.sliced = !p.virtual && !p.byIndex && n.childCount > sliceAbove
	if n.childCount > 0 && !p.virtual && !p.byIndex && !p.sliced {
		p.iChildren = b2.call(n.obj, ifaceAccessible+".GetChildren")
	}
	if h.interfaces&hasAction != 0 {
		p.iActions = b2.call(n.obj, ifaceAction+".GetActions")
	}
	if h.interfaces&hasValue != 0 {
		p.iValue = queueValue(b2, n.obj)
	}
	// Gecko exposes no text leaves: a paragraph's words are its Text, not
	// a child's name. An unnamed text container's text names it.
	p.ownText = h.interfaces&hasText != 0 && el.Name == "" && textContainer(role)
	if h.interfaces&hasText != 0 && (wantsText(role) || p.ownText) {
		p.iText = b2.call(n.obj, ifaceText+".GetText", int32(0), int32(w.req.MaxText+1))
		// Qt answers nothing for an end past the text: its length lets
		// a third round ask again within it.
		p.iCharCount = b2.call(n.obj, ifaceProperties+".Get", ifaceText, "CharacterCount")
	}
	if p.virtual && h.interfaces&hasTable != 0 {
		p.iNCols = b2.call(n.obj, ifaceProperties+".Get", ifaceTable, "NColumns")
	}
}

// secondRound decodes a node's second answers and completes its element.
func (w *walker) secondRound(b *batch, p *pendingNode) {
	n, el, h := p.n, p.el, p.h
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
	} else if p.textOK && !el.States.Protected {
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
	if n.fate != uitree.Drop && w.req.VisibleOnly && el.States.Offscreen {
		n.fate = uitree.Drop
		// A visible container with no geometry of its own (a GTK
		// notebook page: mousepad's editor is under one) is looked
		// through: its children may be on screen. Closed menus are not.
		if el.Bounds.Empty() && !n.hidden && h.states.has(stateVisible) && n.childCount > 0 &&
			h.role != roleMenu && h.role != roleMenuItem && el.Role != uitree.RoleWindow {
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
	if p.byIndex && n.fate != uitree.Drop {
		// Only the children in the visible area are fetched; when they
		// do not look laid out in order, all of them are.
		if refs, ok := w.visibleRange(n, p.childArea.Rect); ok {
			n.childRefs = refs
		} else if n.childCount > sliceAbove {
			n.childRefs = w.childrenByIndex(n, min(n.childCount, w.req.MaxNodes))
		} else {
			b := n.app.batch(1)
			slot := b.call(n.obj, ifaceAccessible+".GetChildren")
			b.wait()
			var kids []objRef
			if b.store(slot, &kids) == nil {
				n.childRefs = kids
			}
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
			n.childRefs = w.visibleRows(n, p.childArea, ncols)
			n.omitted = max(0, n.childCount-len(n.childRefs))
		}
	}
}

// textContainer reports roles whose text, when they have no name, is what
// they say: Gecko puts a paragraph's words in its Text interface and has
// no text leaves for them, where Chromium has "static" children.
func textContainer(role uint32) bool {
	switch role {
	case roleParagraph, roleHeading, roleSection, roleCaption, roleStatic, roleLabel, roleListItem,
		roleTableCell, roleBlockQuote:
		return true
	}
	return false
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
// aborts Chromium.
func queueValue(b *batch, obj objRef) [4]int {
	var slots [4]int
	for i, name := range valueProps {
		slots[i] = b.call(obj, ifaceProperties+".Get", ifaceValue, name)
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
		if b.store(s, &v) == nil {
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

// setStates maps AT-SPI states onto the protocol's.
func setStates(el *uitree.Element, h *handle) {
	s := h.states
	el.States.Enabled = s.has(stateEnabled) || s.has(stateSensitive)
	el.States.Focused = s.has(stateFocused)
	el.States.Checked = s.has(stateChecked) || (h.role == roleToggleButton && s.has(statePressed) && !s.has(stateExpandable))
	el.States.Expanded = s.has(stateExpanded)
	el.States.Selected = s.has(stateSelected)
	el.States.Protected = h.role == rolePasswordText
	el.States.ReadOnly = s.has(stateReadOnly) ||
		(h.interfaces&hasText != 0 && isEditRole(h.role) && !s.has(stateEditable))
}

func isEditRole(role uint32) bool {
	switch role {
	case roleText, roleEntry, rolePasswordText, roleSpinButton:
		return true
	}
	return false
}

// popupRole reports roles whose elements are windows of their own on
// screen, outside their parent's rectangle.
func popupRole(role uint32) bool {
	switch role {
	case roleMenu, roleWindow, roleDialog, roleAlert, roleToolTip:
		return true
	}
	return false
}

// passiveRole reports roles that show or arrange content: an action on
// them (a browser's generic "click") does not make them buttons.
func passiveRole(r uitree.Role) bool {
	switch r {
	case uitree.RolePane, uitree.RoleGroup, uitree.RoleText, uitree.RoleDocument, uitree.RoleWindow,
		uitree.RoleToolBar, uitree.RoleCustom, uitree.RoleStatusBar, uitree.RoleTitleBar, uitree.RoleSeparator,
		uitree.RoleDataGrid, uitree.RoleTable, uitree.RoleList, uitree.RoleTree, uitree.RoleMenuBar,
		uitree.RoleTab, uitree.RoleHeader, uitree.RoleImage, uitree.RoleToolTip:
		return true
	}
	return false
}

// listOfChoices reports an unnamed menu that opens nothing and takes no
// focus: the list of a select (Gecko shows it inside the closed select),
// or a popup's frame. Its items are the targets, not the list.
func listOfChoices(el *uitree.Element, h *handle) bool {
	return h.role == roleMenu && el.Name == "" && !h.states.has(stateExpandable) && !h.states.has(stateFocusable)
}

// nonInvokeActions are action names (lower case) that do not invoke
// anything: Qt's focus and range steps.
var nonInvokeActions = map[string]bool{"setfocus": true, "increase": true, "decrease": true}

// invocableActions counts the actions that invoke something.
func invocableActions(keys []string) int {
	n := 0
	for _, k := range keys {
		if !nonInvokeActions[strings.ToLower(k)] {
			n++
		}
	}
	return n
}

// deriveActions names what a client can do with el, as protocol methods.
func deriveActions(el *uitree.Element, h *handle, nActions int, value valueInfo) uitree.ActionSet {
	var a uitree.ActionSet
	s := h.states
	enabled := el.States.Enabled
	toggleRole := false
	switch h.role {
	case roleCheckBox, roleCheckMenuItem, roleToggleButton:
		toggleRole = !s.has(stateExpandable)
	}
	// What the actions say when their names are read: Qt offers
	// "SetFocus" (and "Increase"/"Decrease" on ranges) that invoke nothing;
	// Chromium offers a generic "click" on every node, which is no reason
	// to call a pane, a paragraph or a document invocable.
	invocable := invocableActions(h.actionKeys) > 0 && !passiveRole(el.Role) && !listOfChoices(el, h)
	if nActions > 0 && enabled {
		switch {
		case toggleRole:
			a = a.Add(uitree.ActionToggle)
		case h.role == roleRadioButton || h.role == roleRadioMenuItem:
			a = a.Add(uitree.ActionSelect)
		case h.role == roleComboBox || s.has(stateExpandable):
			a = a.Add(uitree.ActionExpand).Add(uitree.ActionCollapse)
		case h.role == roleTableCell || h.role == roleListItem || h.role == roleTreeItem:
			// Row activation is the double click of a list, not invoke.
		case isEditRole(h.role):
			// An entry's "activate" is pressing Enter in it: key covers it.
		case invocable:
			a = a.Add(uitree.ActionInvoke)
		}
	}
	// A toggle button may be a push button that stays up (galculator's
	// keys): it can be invoked as well as toggled.
	if h.role == roleToggleButton && a.Has(uitree.ActionToggle) {
		a = a.Add(uitree.ActionInvoke)
	}
	if s.has(stateExpandable) && (h.role == roleTableCell || h.role == roleTreeItem) {
		a = a.Add(uitree.ActionExpand).Add(uitree.ActionCollapse)
	}
	// Chromium's text fields have no EditableText; typing needs none.
	editable := (h.interfaces&hasEditableText != 0 || (isEditRole(h.role) && s.has(stateFocusable))) &&
		s.has(stateEditable) && !s.has(stateReadOnly)
	if editable && enabled {
		a = a.Add(uitree.ActionSetValue).Add(uitree.ActionTypeText)
	}
	if value.ok && value.max > value.min && enabled && h.role != roleProgressBar && h.role != roleLevelBar && !s.has(stateReadOnly) {
		a = a.Add(uitree.ActionSetRange)
	}
	if s.has(stateSelectable) && enabled {
		a = a.Add(uitree.ActionSelect)
		switch h.role {
		case roleTableCell, roleListItem, roleTreeItem, rolePageTab:
			if h.role != rolePageTab {
				a = a.Add(uitree.ActionScrollIntoView)
			}
		}
	}
	// A web document scrolls by the mouse wheel: it has no scroll bars
	// in its accessibility tree.
	if h.role == roleScrollPane || ((h.role == roleDocumentWeb || h.role == roleDocumentFrame) && h.interfaces&hasComponent != 0) {
		a = a.Add(uitree.ActionScroll)
	}
	// Keys and the focus for every element that can take the focus.
	if s.has(stateFocusable) && enabled && h.interfaces&hasComponent != 0 {
		a = a.Add(uitree.ActionFocus).Add(uitree.ActionKey)
		// Typing reaches more than text fields: a list's or tree's
		// type-ahead search, a combo box, a browser's document.
		switch el.Role {
		case uitree.RoleList, uitree.RoleDataGrid, uitree.RoleTable, uitree.RoleTree, uitree.RoleComboBox,
			uitree.RoleDocument, uitree.RoleSpinner, uitree.RoleEdit:
			if !el.States.ReadOnly {
				a = a.Add(uitree.ActionTypeText)
			}
		}
	}
	if editable && enabled {
		a = a.Add(uitree.ActionFocus).Add(uitree.ActionKey)
	}
	if a != 0 && uitree.Clickable(el) {
		a = a.Add(uitree.ActionClick)
	}
	return a
}

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
			if b.store(slots[k], &got[k]) != nil || got[k].Path == "" || got[k].Path == "/org/a11y/atspi/null" {
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
		if b.store(slots[i], &r) == nil && r.Path != "" && r.Path != "/org/a11y/atspi/null" {
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
			if b.store(slot, &r) != nil || r.Path == "" || r.Path == "/org/a11y/atspi/null" {
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
	r := n.el.Bounds
	if area.Known {
		r = area.Rect
	}
	if r.Empty() {
		return nil
	}
	x := r.X + min(8, r.Width/2)
	// Probe a few points from each edge: padding or a grid line can
	// leave the very first pixel without a cell.
	// Column headers answer nothing at all in GTK, hence the steps.
	var probes []int
	tops := []int{2, 6, 12, 20, 28, 36, 48, 64, 80}
	bottoms := []int{3, 8, 16, 26, 40, 60}
	for _, dy := range tops {
		probes = append(probes, r.Y+min(dy, r.Height-1))
	}
	for _, dy := range bottoms {
		probes = append(probes, r.Y+max(0, r.Height-dy))
	}
	b := n.app.batch(len(probes))
	slots := make([]int, len(probes))
	for i, y := range probes {
		slots[i] = b.call(n.obj, ifaceComponent+".GetAccessibleAtPoint", int32(x), int32(y), uint32(0))
	}
	b.wait()
	hits := make([]objRef, len(probes))
	for i := range probes {
		var hit objRef
		if b.store(slots[i], &hit) == nil && hit.Path != "" && hit.Path != "/org/a11y/atspi/null" && hit.Path != n.obj.Path {
			hits[i] = hit
		}
	}
	first, last := objRef{}, objRef{}
	for _, h := range hits[:len(tops)] {
		if h.Path != "" {
			first = h
			break
		}
	}
	for _, h := range hits[len(tops):] {
		if h.Path != "" {
			last = h
			break
		}
	}
	if first.Path == "" && last.Path == "" {
		return nil
	}
	if first.Path == "" {
		first = last
	}
	if last.Path == "" {
		last = first
	}
	b = n.app.batch(2)
	i0 := b.call(first, ifaceAccessible+".GetIndexInParent")
	i1 := b.call(last, ifaceAccessible+".GetIndexInParent")
	b.wait()
	var lo, hi int32
	if b.store(i0, &lo) != nil || b.store(i1, &hi) != nil || lo < 0 || hi < 0 {
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
	b = n.app.batch(len(indexes))
	slots = slots[:0]
	for _, i := range indexes {
		slots = append(slots, b.call(n.obj, ifaceAccessible+".GetChildAtIndex", i))
	}
	b.wait()
	var out []objRef
	for _, s := range slots {
		var c objRef
		if b.store(s, &c) == nil && c.Path != "" {
			out = append(out, c)
		}
	}
	return out
}

// assemble builds the element tree under n in document order: the kept
// children of hoisted nodes take those nodes' places.
func assemble(n *node, maxText int) *uitree.Element {
	el := n.el
	if strings.ContainsRune(el.Value, objectReplacement) {
		el.Value = replaceEmbedded(el.Value, n.children)
	}
	if el.Role == uitree.RoleComboBox && el.Value == "" {
		// Gecko's select has no text: its chosen option is the selected
		// item of its list.
		el.Value = uitree.Truncate(selectedName(n, 3), maxText)
	}
	if el.Name == "" && n.text != "" {
		el.Name = uitree.Truncate(ownText(n), maxText)
	}
	if el.Name == "" && el.Actions != 0 && nameFromLabels(el.Role) {
		el.Name = uitree.Truncate(strings.Join(labelNames(n, 4, nil), " "), maxText)
	}
	el.OmittedChildren = n.omitted
	el.Children = gather(n, el, maxText)
	return el
}

// ownText is what an unnamed text container says, with its embedded
// objects' text in place of their placeholders, spaces collapsed; empty
// when its children say it already (Chromium's static text children, or a
// label beside its field).
func ownText(n *node) string {
	text := n.text
	// Only placeholders: the children say it all themselves.
	if strings.Trim(text, " \t\n\r"+string(objectReplacement)) == "" {
		return ""
	}
	if strings.Count(text, string(objectReplacement)) == len(n.children) {
		text = replaceEmbedded(text, n.children)
	} else {
		// Some children were not read (a long list cut to what shows):
		// placeholders cannot be matched to them.
		text = strings.ReplaceAll(text, string(objectReplacement), " ")
	}
	text = strings.Join(strings.Fields(text), " ")
	for _, c := range n.children {
		if !c.ok || c.el == nil {
			continue
		}
		// Chromium's text leaves, or one child that says it all.
		if c.el.NativeRole == "static" || (c.el.Role == uitree.RoleText && c.el.Name == text) {
			return ""
		}
	}
	return text
}

// selectedName is the name of the first selected element under n, depth
// levels down.
func selectedName(n *node, depth int) string {
	for _, c := range n.children {
		if !c.ok || c.el == nil {
			continue
		}
		if c.el.States.Selected && c.el.Name != "" {
			return c.el.Name
		}
		if depth > 1 {
			if s := selectedName(c, depth-1); s != "" {
				return s
			}
		}
	}
	return ""
}

// nameFromLabels reports roles whose unnamed elements take their name from
// the labels inside them (GTK's file chooser Places rows: an icon and a
// label in a list row).
func nameFromLabels(r uitree.Role) bool {
	switch r {
	case uitree.RoleListItem, uitree.RoleDataItem, uitree.RoleTreeItem, uitree.RoleMenuItem, uitree.RoleButton,
		uitree.RoleTabItem, uitree.RoleHyperlink, uitree.RoleCheckBox, uitree.RoleRadioButton:
		return true
	}
	return false
}

// labelNames collects the names of the texts on screen under n, in order,
// depth levels down.
func labelNames(n *node, depth int, out []string) []string {
	for _, c := range n.children {
		if !c.ok || c.el == nil || c.el.States.Offscreen {
			continue
		}
		if c.el.Role == uitree.RoleText && c.el.Name != "" {
			out = append(out, c.el.Name)
			continue
		}
		if depth > 1 {
			out = labelNames(c, depth-1, out)
		}
	}
	return out
}

// objectReplacement is U+FFFC, which stands in a text for each embedded
// object (a child element: a link, a select's list).
const objectReplacement = '\uFFFC'

// replaceEmbedded puts the text of each embedded object in place of its
// placeholder: the i-th placeholder is the i-th child. A child not read, or
// without text, leaves nothing.
func replaceEmbedded(text string, kids []*node) string {
	var b strings.Builder
	i := 0
	for _, r := range text {
		if r != objectReplacement {
			b.WriteRune(r)
			continue
		}
		if i < len(kids) {
			b.WriteString(embeddedText(kids[i], 3))
		}
		i++
	}
	return b.String()
}

// embeddedText is what an embedded object shows: its name, its own text,
// or the name of its selected child (a select's chosen option).
func embeddedText(n *node, depth int) string {
	if !n.ok || n.el == nil {
		return ""
	}
	if n.el.Name != "" {
		return n.el.Name
	}
	if n.el.Value != "" {
		return replaceEmbedded(n.el.Value, n.children)
	}
	if depth == 0 {
		return ""
	}
	for _, c := range n.children {
		if c.ok && c.el != nil && c.el.States.Selected {
			return embeddedText(c, depth-1)
		}
	}
	return ""
}

// gather collects the elements that go directly under owner from n's
// children, looking through hoisted nodes.
func gather(n *node, owner *uitree.Element, maxText int) []*uitree.Element {
	var out []*uitree.Element
	for _, c := range n.children {
		switch {
		case c.included:
			out = append(out, assemble(c, maxText))
		case c.processed && c.fate == uitree.Hoist:
			owner.OmittedChildren += c.omitted
			out = append(out, gather(c, owner, maxText)...)
		case c.ok && c.fate == uitree.Drop:
			// Left out by the view or visibleOnly: not "omitted".
		case c.started.Load() && !c.ok && !c.app.dead() && isClosed(c.done):
			// Vanished between the parent's answer and ours.
		default:
			// Not reached: maxNodes, or an application that stopped
			// answering.
			owner.OmittedChildren++
		}
	}
	return out
}

func isClosed(ch chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}
