package mcp

import (
	"context"
	"fmt"
	"slices"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"textfirst/internal/windows2text/uitree"
)

// ChangesArgs are changes' parameters.
type ChangesArgs struct {
	Since string `json:"since,omitempty" jsonschema:"the snapshot id to compare with, like s4 (default: the latest)"`
	SnapshotArgs
}

// Change is one difference between two snapshots. Ref is the element's ref
// in the new snapshot (empty for a removed one).
type Change struct {
	Kind   string   `json:"kind"` // added, removed, renamed, value, states, focus, window
	Ref    string   `json:"ref,omitempty"`
	Role   string   `json:"role,omitempty"`
	Name   string   `json:"name,omitempty"`
	Was    string   `json:"was,omitempty"`
	Now    string   `json:"now,omitempty"`
	Gained []string `json:"gained,omitempty"`
	Lost   []string `json:"lost,omitempty"`
}

type changesResult struct {
	Since      string   `json:"since"`
	SnapshotID string   `json:"snapshotId"`
	Changes    []Change `json:"changes"`
	// Events counts the accessibility events received between the two
	// snapshots, by type (only when the events are followed).
	Events map[string]int `json:"events,omitempty"`
}

func (s *Server) changes(ctx context.Context, in ChangesArgs) (*sdk.CallToolResult, any, error) {
	since := in.Since
	if since == "" {
		latest := s.rpc.Latest()
		if latest == nil {
			return nil, nil, uitree.Errorf(uitree.CodeInvalidParams, "changes needs since, or an earlier observe or snapshot")
		}
		since = latest.ID
	}
	old := s.snapshotByID(since)
	if old == nil {
		return nil, nil, uitree.Errorf(uitree.CodeInvalidParams, "since must be one of the last %d snapshots, not %q", historySize, since)
	}
	args := in.SnapshotArgs
	if args.VisibleOnly == nil {
		t := true
		args.VisibleOnly = &t
	}
	if _, err := s.call(ctx, "snapshot", args); err != nil {
		return nil, nil, err
	}
	snap := s.rpc.Latest()
	res := changesResult{Since: old.ID, SnapshotID: snap.ID, Changes: s.diff(old, snap)}
	if s.events != nil {
		res.Events = map[string]int{}
		for _, ev := range s.eventsBetween(old, snap) {
			res.Events[ev.Type]++
		}
	}
	return textResult(changesText(res)), res, nil
}

// eventsBetween returns the events received between two remembered
// snapshots (as far as the log still holds them).
func (s *Server) eventsBetween(a, b *uitree.Snapshot) []uitree.Event {
	from, to := s.seqOf[a], s.seqOf[b]
	evs, _, _ := s.events.since(from)
	n := int(to - from)
	if n < len(evs) {
		evs = evs[:max(0, n)]
	}
	return evs
}

// diff lists what changed from a to b among the elements on screen that
// say something (a name, a value or an action).
func (s *Server) diff(a, b *uitree.Snapshot) []Change {
	aByID, aIDs := s.identities(a)
	bByID, bIDs := s.identities(b)
	var out []Change
	var aFocus, bFocus *uitree.Element
	shown := func(el *uitree.Element) bool {
		return !el.States.Offscreen && (el.Name != "" || el.Value != "" || el.Actions != 0)
	}
	order := func(snap *uitree.Snapshot, fn func(*uitree.Element)) {
		snap.Tree.Root.Walk(func(el *uitree.Element, _ int) bool { fn(el); return true })
	}
	if a.Tree.Root.Role == uitree.RoleWindow && b.Tree.Root.Role == uitree.RoleWindow && aIDs[a.Tree.Root] != bIDs[b.Tree.Root] {
		out = append(out, Change{Kind: "window", Ref: b.Tree.Root.Ref, Role: string(b.Tree.Root.Role), Name: b.Tree.Root.Name, Was: a.Tree.Root.Name, Now: b.Tree.Root.Name})
	}
	order(a, func(el *uitree.Element) {
		if el.States.Focused && !el.States.Offscreen {
			aFocus = el
		}
		if !shown(el) {
			return
		}
		if nb, ok := bByID[aIDs[el]]; !ok || !shown(nb) {
			out = append(out, Change{Kind: "removed", Role: string(el.Role), Name: el.Name})
		}
	})
	order(b, func(el *uitree.Element) {
		if el.States.Focused && !el.States.Offscreen {
			bFocus = el
		}
		if !shown(el) {
			return
		}
		na, ok := aByID[bIDs[el]]
		if !ok || !shown(na) {
			out = append(out, Change{Kind: "added", Ref: el.Ref, Role: string(el.Role), Name: el.Name, Now: el.Value})
			return
		}
		if na.Name != el.Name {
			out = append(out, Change{Kind: "renamed", Ref: el.Ref, Role: string(el.Role), Name: el.Name, Was: na.Name, Now: el.Name})
		}
		if na.Value != el.Value {
			out = append(out, Change{Kind: "value", Ref: el.Ref, Role: string(el.Role), Name: el.Name, Was: na.Value, Now: el.Value})
		}
		sa, sb := stateNames(na.States), stateNames(el.States)
		gained, lost := minus(sb, sa), minus(sa, sb)
		if len(gained)+len(lost) > 0 {
			out = append(out, Change{Kind: "states", Ref: el.Ref, Role: string(el.Role), Name: el.Name, Gained: gained, Lost: lost})
		}
	})
	if (aFocus == nil) != (bFocus == nil) || (aFocus != nil && aIDs[aFocus] != bIDs[bFocus]) {
		c := Change{Kind: "focus"}
		if aFocus != nil {
			c.Was = string(aFocus.Role) + " " + uitree.Quote(aFocus.Name)
		}
		if bFocus != nil {
			c.Ref, c.Role, c.Name, c.Now = bFocus.Ref, string(bFocus.Role), bFocus.Name, string(bFocus.Role)+" "+uitree.Quote(bFocus.Name)
		}
		out = append(out, c)
	}
	if out == nil {
		out = []Change{}
	}
	return out
}

// stateNames are the states a change reports (focus has its own kind).
func stateNames(st uitree.States) []string {
	st.Focused, st.Offscreen = false, false
	return st.List()
}

func minus(a, b []string) []string {
	var out []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}

// changesText writes one line per change:
//
//	s3 → s5
//	+ s5:e14 Button "OK"
//	- Button "Cancel"
//	~ s5:e9 Edit "Name" value "Ada" → "Grace"
//	~ s5:e10 CheckBox "Bold" +checked
//	focus Edit "Name" → Button "Save"
func changesText(r changesResult) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s → %s: %d changes\n", r.Since, r.SnapshotID, len(r.Changes))
	for _, c := range r.Changes {
		who := strings.TrimSpace(c.Ref + " " + c.Role + " " + uitree.Quote(c.Name))
		switch c.Kind {
		case "added":
			fmt.Fprintf(&b, "+ %s", who)
			if c.Now != "" {
				b.WriteString(" value=" + uitree.Quote(c.Now))
			}
		case "removed":
			fmt.Fprintf(&b, "- %s", who)
		case "renamed":
			fmt.Fprintf(&b, "~ %s renamed from %s", who, uitree.Quote(c.Was))
		case "value":
			fmt.Fprintf(&b, "~ %s value %s → %s", who, uitree.Quote(c.Was), uitree.Quote(c.Now))
		case "states":
			fmt.Fprintf(&b, "~ %s", who)
			for _, g := range c.Gained {
				b.WriteString(" +" + g)
			}
			for _, l := range c.Lost {
				b.WriteString(" -" + l)
			}
		case "focus":
			fmt.Fprintf(&b, "focus %s → %s", orNone(c.Was), orNone(c.Now))
			if c.Ref != "" {
				b.WriteString(" (" + c.Ref + ")")
			}
		case "window":
			fmt.Fprintf(&b, "window %s → %s (%s)", uitree.Quote(c.Was), uitree.Quote(c.Now), c.Ref)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
