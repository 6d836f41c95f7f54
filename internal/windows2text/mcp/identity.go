package mcp

import (
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
	var walk func(el *uitree.Element, path string)
	walk = func(el *uitree.Element, path string) {
		id := ""
		if ider != nil {
			id = ider.NativeID(el)
		}
		if id == "" {
			id = path
		}
		if _, dup := byID[id]; !dup {
			byID[id] = el
		}
		idOf[el] = id
		seen := map[string]int{}
		for _, c := range el.Children {
			k := string(c.Role) + "\x00" + c.Name
			seen[k]++
			walk(c, path+"/"+k+"#"+strconv.Itoa(seen[k]))
		}
	}
	walk(snap.Tree.Root, string(snap.Tree.Root.Role)+"\x00"+snap.Tree.Root.Name)
	return
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
