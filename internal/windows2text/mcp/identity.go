package mcp

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"

	"textfirst/internal/windows2text/uitree"
)

// identities names every element of snap in a way that holds across
// snapshots: the backend's native id (AT-SPI bus name and path) when it has
// one, else the path of roles and names from the root.
func (s *Server) identities(snap *uitree.Snapshot) (byID map[string]*uitree.Element, idOf map[*uitree.Element]string) {
	byID, idOf = map[string]*uitree.Element{}, map[*uitree.Element]string{}
	if snap == nil || snap.Tree == nil || snap.Tree.Root == nil {
		return
	}
	ider, _ := s.backend.(uitree.Identifier)
	walkPaths(snap.Tree.Root, "", "/", func(el *uitree.Element, path string) {
		id := ""
		if ider != nil {
			id = ider.NativeID(el)
		}
		if id == "" {
			id = path
		}
		assignID(byID, idOf, el, id)
	})
	return
}

// walkPaths calls f with every element of the tree under root and its
// path: prefix and the root's role, NUL and name; for a child, its
// parent's path, sep, its role, NUL, name, "#" and its place among the
// siblings of that role and name (from 1).
func walkPaths(root *uitree.Element, prefix, sep string, f func(el *uitree.Element, path string)) {
	var walk func(el *uitree.Element, path string)
	walk = func(el *uitree.Element, path string) {
		f(el, path)
		seen := map[string]int{}
		for _, c := range el.Children {
			k := string(c.Role) + "\x00" + c.Name
			seen[k]++
			walk(c, path+sep+k+"#"+strconv.Itoa(seen[k]))
		}
	}
	walk(root, prefix+string(root.Role)+"\x00"+root.Name)
}

// assignID gives el the id id; of elements with the same id, byID keeps the
// first.
func assignID(byID map[string]*uitree.Element, idOf map[*uitree.Element]string, el *uitree.Element, id string) {
	if _, dup := byID[id]; !dup {
		byID[id] = el
	}
	idOf[el] = id
}

// findAgain finds in snap the element that old (of an earlier snapshot)
// was.
func (s *Server) findAgain(oldSnap *uitree.Snapshot, old *uitree.Element, snap *uitree.Snapshot) *uitree.Element {
	_, oldIDs := s.identities(oldSnap)
	byID, _ := s.identities(snap)
	return byID[oldIDs[old]]
}

// refSnapshot finds the remembered snapshot and element of ref.
func (s *Server) refElement(ref string) (*uitree.Snapshot, *uitree.Element, error) {
	if latest := s.rpc.Latest(); latest != nil {
		if el, ok := latest.Lookup(ref); ok {
			return latest, el, nil
		}
	}
	for _, snap := range s.history {
		if el, ok := snap.Lookup(ref); ok {
			return snap, el, nil
		}
	}
	// Resolve gives the protocol's own error for it.
	var refs uitree.Refs
	if latest := s.rpc.Latest(); latest != nil {
		_, err := refs.Resolve(ref)
		if uitree.CodeOf(err) == uitree.CodeInvalidParams {
			return nil, nil, err
		}
		return nil, nil, uitree.Errorf(uitree.CodeUnknownRef, "%s is not in the latest snapshot %s", ref, latest.ID)
	}
	_, err := refs.Resolve(ref)
	return nil, nil, err
}

// stableIDs gives every element of snap an id that stays the same across
// snapshots for as long as its application, role, name and path (the
// roles and names of its ancestors, and its place among siblings of the
// same role and name) stay the same: "k" and ten hex digits of a hash.
func stableIDs(snap *uitree.Snapshot) (idOf map[*uitree.Element]string, byID map[string]*uitree.Element) {
	idOf, byID = map[*uitree.Element]string{}, map[string]*uitree.Element{}
	if snap == nil || snap.Tree == nil || snap.Tree.Root == nil {
		return
	}
	walkPaths(snap.Tree.Root, snap.Tree.App+"\x01", "\x01", func(el *uitree.Element, path string) {
		sum := sha256.Sum256([]byte(path))
		assignID(byID, idOf, el, "k"+hex.EncodeToString(sum[:5]))
	})
	return
}
