package atspi

import (
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

// statesOf is the state set GetState answered as st: its first word holds
// the states 0 to 31, its second 32 to 63; a word it lacks is empty.
func statesOf(st []uint32) stateSet {
	var s stateSet
	for i, word := range st[:min(len(st), 2)] {
		s |= stateSet(word) << (32 * i)
	}
	return s
}

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
	// gridCell is set for a cell of a spreadsheet-like grid: a value is
	// typed into it and committed with Enter, and read back from its text.
	gridCell bool
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
	// inGrid is set for a cell of a grid read cell by cell (see
	// visibleCells): its text is its value; grid is set on the grid.
	inGrid, grid bool
	// underMenu is set for a child of a menu bar or a menu: when it is a
	// menu itself, its items show only while it is open.
	underMenu bool

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

	// menus are the places of the menus met (see duplicateMenu); only
	// the level loop uses it.
	menus map[menuPlace]bool

	// roots are where the walk starts.
	roots []*node
	// cached and walked count the elements read from item caches and
	// call by call.
	cached, walked atomic.Int64

	sem      chan struct{} // bounds the chunks in flight
	budget   atomic.Int64  // elements prefetching may still start
	inflight sync.WaitGroup
}

func newWalker(req uitree.Request, parallel int) *walker {
	w := &walker{req: req, parallel: parallel, sem: make(chan struct{}, parallel)}
	w.restart()
	return w
}

// restart readies the walker for a walk from scratch: what an earlier
// walk kept is forgotten, and prefetching has its whole budget again.
func (w *walker) restart() {
	w.count, w.truncated, w.menus = 0, false, nil
	w.budget.Store(int64(2*w.req.MaxNodes + 64))
}

// walk fetches the trees under roots and decides which elements are in the
// snapshot.
func (w *walker) walk(roots []*node) {
	defer w.inflight.Wait()
	w.roots = roots
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
				if w.duplicateMenu(n) {
					n.fate = uitree.Drop
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
		child.area, child.hidden, child.inGrid = n.area, hidden, n.grid
		role := n.el.Handle.(*handle).role
		child.underMenu = role == roleMenuBar || role == roleMenu
		switch role {
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

// menuPlace is the row a menu of an application shows on, and its name.
type menuPlace struct {
	app  *appRun
	name string
	y    int
}

// duplicateMenu reports a menu or menu item with the name of one met
// before on the same row of the same application: LibreOffice's GTK front
// end shows its menus in a GTK menu bar and exposes its own menu bar (of
// no height, its menus a little narrower) on the same row, and every menu
// would be listed twice. The first met, in walk order, is kept.
func (w *walker) duplicateMenu(n *node) bool {
	h, ok := n.el.Handle.(*handle)
	if !ok || (h.role != roleMenu && h.role != roleMenuItem) || n.el.Name == "" || n.el.Bounds.Empty() {
		return false
	}
	place := menuPlace{app: n.app, name: n.el.Name, y: n.el.Bounds.Y}
	if w.menus[place] {
		return true
	}
	if w.menus == nil {
		w.menus = map[menuPlace]bool{}
	}
	w.menus[place] = true
	return false
}

func isClosed(ch chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}
