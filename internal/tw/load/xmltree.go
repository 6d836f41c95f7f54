package load

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strings"
)

// xnode is an element of a parsed XML part (DOCX, ODF, OPF, ...). Names
// are local names (space holds the prefix as written); attributes are
// found by local name or by "prefix:local". Text children are nodes with
// an empty name.
type xnode struct {
	name     string
	space    string
	attrs    []xml.Attr
	children []*xnode
	text     string
}

// maxXMLDepth bounds nesting: deeper elements are not made nodes, their
// text goes to the deepest node kept.
const maxXMLDepth = 1024

// parseXML reads an XML document into a tree. Malformed XML is an error
// (a corrupt document), unless enough was read to be useful: then what was
// read is returned.
func parseXML(data []byte) (*xnode, error) {
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = false
	dec.AutoClose = xml.HTMLAutoClose
	dec.Entity = xml.HTMLEntity
	dec.CharsetReader = func(label string, in io.Reader) (io.Reader, error) {
		// Office and EPUB parts are UTF-8 (or UTF-16, which the decoder
		// cannot read either way); read other labels as UTF-8.
		return in, nil
	}
	root := &xnode{}
	stack := []*xnode{root}
	skipped := 0
	// Text split by comments, CDATA sections or processing instructions is
	// one text node: its pieces gather in text until the tree changes, so
	// each byte is copied a bounded number of times.
	var text []byte
	var textNode *xnode
	flush := func() {
		if textNode != nil {
			textNode.text = string(text)
			textNode, text = nil, text[:0]
		}
	}
	for {
		tok, err := dec.RawToken()
		if err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			if len(root.children) > 0 {
				break
			}
			return nil, &Error{Reason: reasonCorrupt + " (bad XML: " + err.Error() + ")"}
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if len(stack) > maxXMLDepth {
				skipped++
				continue
			}
			flush()
			n := &xnode{name: t.Name.Local, space: t.Name.Space, attrs: t.Attr}
			top := stack[len(stack)-1]
			top.children = append(top.children, n)
			stack = append(stack, n)
		case xml.EndElement:
			if skipped > 0 {
				skipped--
				continue
			}
			if len(stack) > 1 {
				flush()
				stack = stack[:len(stack)-1]
			}
		case xml.CharData:
			if textNode == nil {
				top := stack[len(stack)-1]
				if k := len(top.children); k > 0 && top.children[k-1].name == "" {
					textNode = top.children[k-1]
					text = append(text[:0], textNode.text...)
				} else {
					textNode = &xnode{}
					top.children = append(top.children, textNode)
				}
			}
			text = append(text, t...)
		}
	}
	flush()
	for _, ch := range root.children {
		if ch.name != "" {
			return ch, nil
		}
	}
	return nil, &Error{Reason: reasonCorrupt + " (empty XML part)"}
}

// attr returns the value of the attribute with this local name (or
// "prefix:local" raw name), or "".
func (n *xnode) attr(key string) string {
	v, _ := n.attrOK(key)
	return v
}

func (n *xnode) attrOK(key string) (string, bool) {
	if n == nil {
		return "", false
	}
	prefix, local, hasPrefix := strings.Cut(key, ":")
	if !hasPrefix {
		local, prefix = prefix, ""
	}
	for _, a := range n.attrs {
		if a.Name.Local != local {
			continue
		}
		if prefix == "" || a.Name.Space == prefix {
			return a.Value, true
		}
	}
	return "", false
}

// child returns the first child element with this local name.
func (n *xnode) child(name string) *xnode {
	if n == nil {
		return nil
	}
	for _, c := range n.children {
		if c.name == name {
			return c
		}
	}
	return nil
}

// elements calls f for each child element.
func (n *xnode) elements(f func(*xnode)) {
	if n == nil {
		return
	}
	for _, c := range n.children {
		if c.name != "" {
			f(c)
		}
	}
}

// find returns the first descendant (depth first) with this local name.
func (n *xnode) find(name string) *xnode {
	if n == nil {
		return nil
	}
	for _, c := range n.children {
		if c.name == name {
			return c
		}
		if f := c.find(name); f != nil {
			return f
		}
	}
	return nil
}

// findAll calls f for each descendant with this local name, not looking
// inside a match.
func (n *xnode) findAll(name string, f func(*xnode)) {
	if n == nil {
		return
	}
	for _, c := range n.children {
		if c.name == name {
			f(c)
		} else if c.name != "" {
			c.findAll(name, f)
		}
	}
}

// textOf is all the text inside n.
func (n *xnode) textOf() string {
	if n == nil {
		return ""
	}
	if n.name == "" {
		return n.text
	}
	var b strings.Builder
	var walk func(*xnode)
	walk = func(x *xnode) {
		for _, c := range x.children {
			if c.name == "" {
				b.WriteString(c.text)
			} else {
				walk(c)
			}
		}
	}
	walk(n)
	return b.String()
}
