package mcp

import (
	"context"
	"regexp"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"textfirst/internal/lazyregexp"
	"textfirst/internal/windows2text/uitree"
)

// textRef is the ref at the start of a text observation's target line.
var textRef = lazyregexp.New(`(?m)^(s\d+:e\d+) `)

// withStableIDs adds the stable id of every target of an observation: a
// "stableIds" object (ref to id) beside it, and " #id" after the ref of
// each text line.
func (s *Server) withStableIDs(out *sdk.CallToolResult, m map[string]any) (*sdk.CallToolResult, any, error) {
	snap := s.rpc.Latest()
	idOf, _ := stableIDs(snap)
	ids := map[string]string{}
	add := func(ref string) string {
		if el, ok := snap.Lookup(ref); ok {
			ids[ref] = idOf[el]
			return idOf[el]
		}
		return ""
	}
	if targets, ok := m["targets"].([]any); ok {
		for _, tg := range targets {
			if tg, ok := tg.(map[string]any); ok {
				if ref, ok := tg["ref"].(string); ok {
					add(ref)
				}
			}
		}
	}
	if out != nil {
		for _, c := range out.Content {
			if tc, ok := c.(*sdk.TextContent); ok {
				tc.Text = textRef.ReplaceAllStringFunc(tc.Text, func(line string) string {
					ref := line[:len(line)-1]
					if id := add(ref); id != "" {
						return ref + " #" + id + " "
					}
					return line
				})
			}
		}
	}
	m["stableIds"] = ids
	return out, m, nil
}

// ResolveArgs are resolve's parameters.
type ResolveArgs struct {
	ID string `json:"id" jsonschema:"a stable id from observe with stableIds, like k1a2b3c4d5e"`
}

type resolveResult struct {
	ID         string `json:"id"`
	SnapshotID string `json:"snapshotId"`
	Ref        string `json:"ref"`
	Label      string `json:"label"`
}

func (s *Server) resolve(_ context.Context, in ResolveArgs) (*sdk.CallToolResult, any, error) {
	if !regexp.MustCompile(`^k[0-9a-f]{10}$`).MatchString(in.ID) {
		return nil, nil, uitree.Errorf(uitree.CodeInvalidParams, "id must be a stable id like k1a2b3c4d5e, not %q", in.ID)
	}
	snap := s.rpc.Latest()
	if snap == nil {
		return nil, nil, uitree.Errorf(uitree.CodeUnknownRef, "no snapshot has been taken, so %s is unknown", in.ID)
	}
	_, byID := stableIDs(snap)
	el, ok := byID[in.ID]
	if !ok {
		return nil, nil, uitree.Errorf(uitree.CodeUnknownRef, "%s is gone: no element of snapshot %s has its application, role, name and path", in.ID, snap.ID)
	}
	r := resolveResult{ID: in.ID, SnapshotID: snap.ID, Ref: el.Ref, Label: uitree.Label(el, 200)}
	return textResult(in.ID + " is " + r.Label), r, nil
}
