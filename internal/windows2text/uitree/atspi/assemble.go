package atspi

import (
	"strings"

	"textfirst/internal/windows2text/uitree"
)

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
	if !saysSomething(text) {
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
