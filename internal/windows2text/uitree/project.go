package uitree

import (
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
	var walk func(el *Element, ownerName string)
	walk = func(el *Element, ownerName string) {
		// An element off screen is left out, but not its children: a
		// container without bounds, or not showing while its children
		// are, still holds what is on screen.
		switch {
		case el.States.Offscreen:
		case el.Actions != 0:
			if len(obs.Targets) < maxTargets {
				label := Label(el, maxText)
				obs.Targets = append(obs.Targets, Target{Index: len(obs.Visible), Ref: el.Ref, Label: label, Actions: el.Actions.List()})
				obs.Visible = append(obs.Visible, label)
			} else {
				obs.OmittedTargets++
			}
			ownerName = el.Name
		case (el.Name != "" || el.Value != "") && !(el.Value == "" && el.Name == ownerName) && el != root:
			if len(obs.Context) < maxTargets {
				line := describe(el, maxText)
				if !el.States.Enabled {
					line += " [disabled]"
				}
				obs.Context = append(obs.Context, line)
			} else {
				obs.OmittedContext++
			}
			if el.Name != "" {
				ownerName = el.Name
			}
		}
		for _, c := range el.Children {
			walk(c, ownerName)
		}
	}
	walk(root, "")
	return obs
}

// describe renders role, name and value: `Text "Settings saved"`.
func describe(el *Element, maxText int) string {
	var b strings.Builder
	b.WriteString(string(el.Role))
	if el.Name != "" {
		b.WriteString(" ")
		b.WriteString(quote(Truncate(el.Name, maxText)))
	}
	if el.Value != "" {
		b.WriteString(" value=")
		b.WriteString(quote(Truncate(el.Value, maxText)))
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
	for i, a := range el.Actions.List() {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(string(a))
	}
	if st := labelStates(el.States); len(st) > 0 {
		b.WriteString("; states=")
		b.WriteString(strings.Join(st, ","))
	}
	b.WriteString("]")
	return b.String()
}

func labelStates(s States) []string {
	var out []string
	if !s.Enabled {
		out = append(out, "disabled")
	}
	if s.Focused {
		out = append(out, "focused")
	}
	if s.Checked {
		out = append(out, "checked")
	}
	if s.Expanded {
		out = append(out, "expanded")
	}
	if s.Selected {
		out = append(out, "selected")
	}
	if s.ReadOnly {
		out = append(out, "read-only")
	}
	if s.Protected {
		out = append(out, "protected")
	}
	return out
}

// quote writes s in double quotes, escaping only what would break a line
// or the quoting, so that non-ASCII text stays readable.
func quote(s string) string {
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
			if r < 0x20 || r == 0x7f {
				b.WriteString(`\x`)
				b.WriteString(strconv.FormatInt(int64(r)|0x100, 16)[1:])
				continue
			}
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
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
			for i, a := range el.Actions.List() {
				if i > 0 {
					b.WriteByte(',')
				}
				b.WriteString(string(a))
			}
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
