package uitree

import (
	"sort"
	"strconv"
	"strings"
)

// Target maps one line of an observation's visible list back to its
// element. Index is the line's position in the visible list.
type Target struct {
	Index   int      `json:"index"`
	Ref     string   `json:"ref"`
	Label   string   `json:"label"`
	Actions []Action `json:"actions"`
}

// Observation is the agent-facing projection of a snapshot: the actionable
// elements on screen as labelled lines, in document order, and the
// non-actionable text around them.
type Observation struct {
	SnapshotID string
	App        string
	// Window is the title of the snapshot's window, when it is one.
	Window  string
	Visible []string
	Context []string
	Targets []Target
	// OmittedTargets and OmittedContext count lines cut by maxTargets.
	OmittedTargets int
	OmittedContext int
}

// Observe projects snap into an Observation. Only elements on screen take
// part. Actionable ones (with at least one action) become targets, at most
// maxTargets of them; the others with a name or value become context lines
// (also at most maxTargets), except text that merely repeats the name of the
// control or captioned container it sits in. Names and values are cut to maxText characters. The
// result depends only on the tree, so the same UI gives the same lines.
func Observe(snap *Snapshot, maxTargets, maxText int) Observation {
	obs := Observation{SnapshotID: snap.ID, Visible: []string{}, Context: []string{}, Targets: []Target{}}
	if snap.Tree == nil || snap.Tree.Root == nil {
		return obs
	}
	obs.App = snap.Tree.App
	root := snap.Tree.Root
	if root.Role == RoleWindow {
		obs.Window = Truncate(root.Name, maxText)
	}
	// ownerName is the name of the nearest ancestor that became a line: a
	// label inside a button, or a frame's own caption, repeats it.
	var targets, context []lineEntry
	win := 0
	var walk func(el *Element, ownerName string, list *Element)
	walk = func(el *Element, ownerName string, list *Element) {
		if el.Role == RoleWindow && el != root {
			win++
		}
		// An element off screen is left out, but not its children: a
		// container without bounds, or not showing while its children
		// are, still holds what is on screen.
		switch {
		case el.States.Offscreen:
		case el.Actions != 0:
			targets = append(targets, lineEntry{el: el, win: win, list: list})
			ownerName = el.Name
		case (el.Name != "" || el.Value != "") && !(el.Value == "" && el.Name == ownerName) && el != root:
			context = append(context, lineEntry{el: el, win: win})
			if el.Name != "" {
				ownerName = el.Name
			}
		}
		if listRoles[el.Role] {
			list = el
		}
		for _, c := range el.Children {
			walk(c, ownerName, list)
		}
	}
	walk(root, "", nil)
	targets, obs.OmittedTargets = fitTargets(targets, maxTargets)
	readingOrder(targets)
	readingOrder(context)
	for _, t := range targets {
		label := Label(t.el, maxText)
		obs.Targets = append(obs.Targets, Target{Index: len(obs.Visible), Ref: t.el.Ref, Label: label, Actions: t.el.Actions.List()})
		obs.Visible = append(obs.Visible, label)
	}
	for i, c := range context {
		if i >= maxTargets {
			obs.OmittedContext = len(context) - maxTargets
			break
		}
		line := describe(c.el, maxText)
		if !c.el.States.Enabled {
			line += " [disabled]"
		}
		obs.Context = append(obs.Context, line)
	}
	return obs
}

// listRoles are containers of many like items: their items share what is
// left of maxTargets, so that a long list does not crowd out the buttons
// around it.
var listRoles = map[Role]bool{RoleList: true, RoleDataGrid: true, RoleTable: true, RoleTree: true}

// lineEntry is one line of an observation before it is ordered.
type lineEntry struct {
	el *Element
	// win counts the windows met before the element: lines are ordered
	// within their window.
	win int
	// list is the list the element is an item of, if any.
	list *Element
}

// fitTargets keeps at most max targets, in tree order. When there are more,
// they are kept by rank: the focused items of lists first (a sheet's
// current cell), then the cells of grids and tables that hold a value (up
// to half of what is left: what an agent entered is what it reads back),
// then the targets outside lists, and the lists share the rest equally,
// each keeping its first items; a list's share left unused goes to the
// others.
func fitTargets(all []lineEntry, max int) ([]lineEntry, int) {
	if len(all) <= max {
		return all, 0
	}
	var focused, filled, others int
	for _, t := range all {
		switch {
		case t.list == nil:
			others++
		case t.el.States.Focused:
			focused++
		case filledCell(t):
			filled++
		}
	}
	keepFocused := min(focused, max)
	keepFilled := min(filled, (max-keepFocused)/2)
	keepOthers := min(others, max-keepFocused-keepFilled)
	// The items of lists not kept above share what is left.
	perList := map[*Element]int{}
	var lists []*Element
	seenFilled := 0
	for _, t := range all {
		if !listed(t) {
			continue
		}
		if filledCell(t) {
			seenFilled++
			if seenFilled <= keepFilled {
				continue
			}
		}
		if _, ok := perList[t.list]; !ok {
			lists = append(lists, t.list)
		}
		perList[t.list]++
	}
	room := max - keepFocused - keepFilled - keepOthers
	quota := map[*Element]int{}
	// Share room among the lists: the smallest first, so what a small
	// list does not need goes to the bigger ones.
	pending := append([]*Element(nil), lists...)
	sort.SliceStable(pending, func(i, j int) bool { return perList[pending[i]] < perList[pending[j]] })
	for i, l := range pending {
		share := room / (len(pending) - i)
		quota[l] = min(perList[l], share)
		room -= quota[l]
	}
	var out []lineEntry
	kept := map[*Element]int{}
	for _, t := range all {
		keep := false
		switch {
		case t.list == nil:
			keep = keepOthers > 0
			keepOthers--
		case t.el.States.Focused:
			keep = keepFocused > 0
			keepFocused--
		case filledCell(t) && keepFilled > 0:
			keep = true
			keepFilled--
		default:
			keep = kept[t.list] < quota[t.list]
			kept[t.list]++
		}
		if keep {
			out = append(out, t)
		}
	}
	return out, len(all) - len(out)
}

// filledCell reports an item of a grid or table that holds a value: a
// sheet's cell with content.
func filledCell(t lineEntry) bool {
	return t.list != nil && t.el.Value != "" && (t.list.Role == RoleDataGrid || t.list.Role == RoleTable)
}

// listed reports a target that shares its list's quota: an item of a list
// that has not the focus (the focused item, a sheet's current cell, is
// kept as the targets outside lists are).
func listed(t lineEntry) bool { return t.list != nil && !t.el.States.Focused }

// readingOrder sorts lines as a reader meets them within each window: top
// to bottom, and left to right within a row. A row is the lines whose top
// lies above the middle of the row's first line. The sort is stable: lines
// without bounds keep their place relative to the line before them.
func readingOrder(lines []lineEntry) {
	// Group by window, keeping the windows in tree order.
	sort.SliceStable(lines, func(i, j int) bool { return lines[i].win < lines[j].win })
	for start := 0; start < len(lines); {
		end := start
		for end < len(lines) && lines[end].win == lines[start].win {
			end++
		}
		orderWindow(lines[start:end])
		start = end
	}
}

// rowHeight bounds the height a line gives its row, in pixels.
const rowHeight = 32

func orderWindow(lines []lineEntry) {
	sort.SliceStable(lines, func(i, j int) bool { return lines[i].el.Bounds.Y < lines[j].el.Bounds.Y })
	for start := 0; start < len(lines); {
		first := lines[start].el.Bounds
		// A tall element (a side pane) does not make a tall row.
		mid := first.Y + max(min(first.Height, rowHeight)/2, 1)
		end := start + 1
		for end < len(lines) && lines[end].el.Bounds.Y < mid {
			end++
		}
		row := lines[start:end]
		sort.SliceStable(row, func(i, j int) bool { return row[i].el.Bounds.X < row[j].el.Bounds.X })
		start = end
	}
}

// describe renders role, name and value: `Text "Settings saved"`.
func describe(el *Element, maxText int) string {
	var b strings.Builder
	b.WriteString(string(el.Role))
	if el.Name != "" {
		b.WriteString(" ")
		b.WriteString(Quote(Truncate(el.Name, maxText)))
	}
	if el.Value != "" {
		b.WriteString(" value=")
		b.WriteString(Quote(Truncate(el.Value, maxText)))
	}
	return b.String()
}

// Label renders an element as one line of an observation:
//
//	Button "Save" [ref=s1:e12; actions=invoke,click]
//	Edit "Name" value="Ada" [ref=s1:e9; actions=set_value,focus,click,type_text,key; states=focused]
//
// The bracket always starts with ref and actions; states lists the states a
// reader must know (focused, checked, expanded, selected, read-only,
// disabled) and is left out when there are none.
func Label(el *Element, maxText int) string {
	var b strings.Builder
	b.WriteString(describe(el, maxText))
	b.WriteString(" [ref=")
	b.WriteString(el.Ref)
	b.WriteString("; actions=")
	b.WriteString(JoinActions(el.Actions.List(), ","))
	if st := labelStates(el.States); len(st) > 0 {
		b.WriteString("; states=")
		b.WriteString(strings.Join(st, ","))
	}
	b.WriteString("]")
	return b.String()
}

// labelStates names the states a label shows: "disabled" rather than
// "enabled", and not "offscreen".
func labelStates(s States) []string {
	var out []string
	for _, st := range []struct {
		on   bool
		name string
	}{{!s.Enabled, "disabled"}, {s.Focused, "focused"}, {s.Checked, "checked"}, {s.Expanded, "expanded"},
		{s.Selected, "selected"}, {s.ReadOnly, "read-only"}, {s.Protected, "protected"}} {
		if st.on {
			out = append(out, st.name)
		}
	}
	return out
}

// Quote writes s in double quotes as labels show names and values,
// escaping only what would break a line, the quoting or a terminal, or
// reorder the text around it, so that non-ASCII text stays readable:
// control characters (C0, DEL and C1) as \xNN, line and paragraph
// separators and bidirectional controls as \uNNNN.
func Quote(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		default:
			if r < 0x20 || (r >= 0x7f && r <= 0x9f) {
				b.WriteString(`\x`)
				b.WriteString(strconv.FormatInt(int64(r)|0x100, 16)[1:])
				continue
			}
			if reordersOrBreaks(r) {
				b.WriteString(`\u`)
				b.WriteString(strconv.FormatInt(int64(r)|0x10000, 16)[1:])
				continue
			}
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// reordersOrBreaks reports the invisible characters that break a line
// (U+2028, U+2029) or change the order text is shown in (the
// bidirectional marks, embeddings, overrides and isolates).
func reordersOrBreaks(r rune) bool {
	switch {
	case r == 0x061c, r == 0x200e, r == 0x200f, r == 0x2028, r == 0x2029:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

// Text renders the snapshot as an indented tree, one element per line in the
// label format, for people reading the CLI's output. Omitted children show
// as a "… N more" line.
func Text(snap *Snapshot, maxText int) string {
	var b strings.Builder
	if snap.Tree == nil || snap.Tree.Root == nil {
		return ""
	}
	var walk func(el *Element, depth int)
	walk = func(el *Element, depth int) {
		indent := strings.Repeat("  ", depth)
		b.WriteString(indent)
		b.WriteString(describe(el, maxText))
		b.WriteString(" [ref=")
		b.WriteString(el.Ref)
		if el.Actions != 0 {
			b.WriteString("; actions=")
			b.WriteString(JoinActions(el.Actions.List(), ","))
		}
		st := labelStates(el.States)
		if el.States.Offscreen {
			st = append(st, "offscreen")
		}
		if len(st) > 0 {
			b.WriteString("; states=")
			b.WriteString(strings.Join(st, ","))
		}
		b.WriteString("]\n")
		for _, c := range el.Children {
			walk(c, depth+1)
		}
		if el.OmittedChildren > 0 {
			b.WriteString(indent)
			b.WriteString("  … ")
			b.WriteString(strconv.Itoa(el.OmittedChildren))
			b.WriteString(" more\n")
		}
	}
	walk(snap.Tree.Root, 0)
	return b.String()
}
