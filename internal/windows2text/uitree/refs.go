package uitree

import (
	"strconv"
	"strings"
	"sync"
)

// Snapshot is a published tree: every element has its reference, and the
// references resolve through Lookup until the next snapshot replaces it.
type Snapshot struct {
	ID   string // "sN"
	Tree *Tree
	// Nodes counts the elements in the tree.
	Nodes int
	byRef map[string]*Element
}

// Lookup returns the element of ref in this snapshot.
func (s *Snapshot) Lookup(ref string) (*Element, bool) {
	el, ok := s.byRef[ref]
	return el, ok
}

// Refs hands out snapshot IDs and keeps the latest snapshot. Publishing a
// new snapshot expires every reference of the previous one, so an old
// reference can never reach a different element. Safe for concurrent use.
type Refs struct {
	mu     sync.Mutex
	seq    int
	latest *Snapshot
}

// Publish numbers the tree's elements in document order (e1, e2, ...) under
// a new snapshot ID, makes it the latest, and returns it.
func (r *Refs) Publish(t *Tree) *Snapshot {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.seq++
	s := &Snapshot{ID: "s" + strconv.Itoa(r.seq), Tree: t, byRef: map[string]*Element{}}
	if t != nil && t.Root != nil {
		n := 0
		t.Root.Walk(func(el *Element, _ int) bool {
			n++
			el.Ref = s.ID + ":e" + strconv.Itoa(n)
			s.byRef[el.Ref] = el
			return true
		})
		s.Nodes = n
	}
	r.latest = s
	return s
}

// Latest returns the current snapshot, or nil before the first.
func (r *Refs) Latest() *Snapshot {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.latest
}

// Resolve finds ref in the latest snapshot. A reference that is not of the
// form sN:eM is invalid_params; one that is not in the latest snapshot
// (expired, or never handed out) is unknown_ref.
func (r *Refs) Resolve(ref string) (*Element, error) {
	if !validRef(ref) {
		return nil, Errorf(CodeInvalidParams, "ref must look like s1:e12, not %q", ref)
	}
	s := r.Latest()
	if s == nil {
		return nil, Errorf(CodeUnknownRef, "no snapshot has been taken, so %s is unknown", ref)
	}
	el, ok := s.Lookup(ref)
	if !ok {
		snap, _, _ := strings.Cut(ref, ":")
		if snap != s.ID {
			return nil, Errorf(CodeUnknownRef, "%s belongs to snapshot %s, which has been replaced by %s", ref, snap, s.ID)
		}
		return nil, Errorf(CodeUnknownRef, "%s is not in snapshot %s", ref, s.ID)
	}
	return el, nil
}

func validRef(ref string) bool {
	snap, el, ok := strings.Cut(ref, ":")
	return ok && digitsAfter(snap, "s") && digitsAfter(el, "e")
}

func digitsAfter(s, prefix string) bool {
	rest, ok := strings.CutPrefix(s, prefix)
	if !ok || rest == "" || len(rest) > 18 {
		return false
	}
	for _, c := range rest {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
