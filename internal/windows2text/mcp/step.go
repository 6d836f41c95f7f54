package mcp

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"textfirst/internal/windows2text/uitree"
)

// StepArgs are step's parameters.
type StepArgs struct {
	Action   string         `json:"action,omitempty" jsonschema:"the action to plan: invoke, set_value, set_range, focus, toggle, select, expand, collapse, scroll_into_view, scroll, click, type_text or key; without it step only observes"`
	Ref      string         `json:"ref,omitempty" jsonschema:"the target's ref from an earlier observation; it is found again in step's own new observation"`
	Target   string         `json:"target,omitempty" jsonschema:"instead of ref: the target as observe lines show it, role and quoted name, e.g. Button \"Save\" (the first match in reading order)"`
	Args     map[string]any `json:"args,omitempty" jsonschema:"the action's other parameters: value, text, clear, key, focus, button, count, horizontal, vertical, waitMs"`
	Act      bool           `json:"act,omitempty" jsonschema:"perform the action; without it nothing is done and the plan is returned"`
	Format   string         `json:"format,omitempty" jsonschema:"format of the observations: json (default) or text"`
	MaxBytes *int           `json:"maxBytes,omitempty" jsonschema:"budget of each observation in bytes"`
}

// stepResult is step's structured answer. Acting, it holds the plan, the
// action's result and the observation after; planning, the observation
// before and the plan.
type stepResult struct {
	Acted  bool           `json:"acted"`
	Plan   *plan          `json:"plan,omitempty"`
	Before map[string]any `json:"before,omitempty"`
	Result any            `json:"result,omitempty"`
	After  map[string]any `json:"after,omitempty"`
}

type plan struct {
	Action string         `json:"action"`
	Ref    string         `json:"ref"`
	Label  string         `json:"label"`
	Args   map[string]any `json:"args,omitempty"`
}

func (p *plan) String() string {
	s := fmt.Sprintf("%s %s", p.Action, p.Label)
	for _, k := range slices.Sorted(maps.Keys(p.Args)) {
		s += fmt.Sprintf(" %s=%v", k, p.Args[k])
	}
	return s
}

func (s *Server) step(ctx context.Context, in StepArgs) (*sdk.CallToolResult, any, error) {
	if in.Action != "" && !slices.Contains(uitree.AllActions, uitree.Action(in.Action)) {
		return nil, nil, uitree.Errorf(uitree.CodeInvalidParams, "action must be one of the protocol's actions, not %q", in.Action)
	}
	if in.Action != "" && (in.Ref == "") == (in.Target == "") {
		return nil, nil, uitree.Errorf(uitree.CodeInvalidParams, "step needs ref or target (one of them) with action")
	}
	if in.Action == "" && (in.Ref != "" || in.Target != "" || in.Act) {
		return nil, nil, uitree.Errorf(uitree.CodeInvalidParams, "step needs action with ref, target or act")
	}
	// The target of a ref, remembered before the new observation.
	var oldSnap *uitree.Snapshot
	var old *uitree.Element
	if in.Ref != "" {
		var err error
		if oldSnap, old, err = s.refElement(in.Ref); err != nil {
			return nil, nil, err
		}
	}
	oargs := ObserveArgs{Format: in.Format, MaxBytes: in.MaxBytes}
	res, err := s.call(ctx, "observe", oargs)
	if err != nil {
		return nil, nil, err
	}
	beforeRes, before, err := observeResult(res)
	if err != nil {
		return nil, nil, err
	}
	out := stepResult{}
	if in.Action == "" {
		out.Before = before.(map[string]any)
		return withText(beforeRes, before), out, nil
	}
	snap := s.rpc.Latest()
	var el *uitree.Element
	if old != nil {
		if el = s.findAgain(oldSnap, old, snap); el == nil {
			return nil, nil, uitree.Errorf(uitree.CodeUnknownRef, "%s (%s %q) is not in the new snapshot %s", in.Ref, old.Role, old.Name, snap.ID)
		}
	} else if el = findTarget(snap, in.Target); el == nil {
		return nil, nil, uitree.Errorf(uitree.CodeUnknownRef, "no target %s in snapshot %s", in.Target, snap.ID)
	}
	p := &plan{Action: in.Action, Ref: el.Ref, Label: uitree.Label(el, 200), Args: in.Args}
	out.Plan = p
	if !in.Act {
		if !el.Actions.Has(uitree.Action(in.Action)) {
			return nil, nil, uitree.Errorf(uitree.CodeUnsupportedPattern, "%s %s does not support %s", el.Role, el.Ref, in.Action)
		}
		out.Before = before.(map[string]any)
		text := "would " + p.String() + " (act:true performs it)\n" + contentText(beforeRes, before)
		return textResult(text), out, nil
	}
	params := map[string]any{}
	maps.Copy(params, in.Args)
	params["ref"] = el.Ref
	ares, err := s.call(ctx, in.Action, params)
	if err != nil {
		return nil, nil, err
	}
	out.Acted, out.Result = true, ares
	res, err = s.call(ctx, "observe", oargs)
	if err != nil {
		return nil, nil, err
	}
	afterRes, after, err := observeResult(res)
	if err != nil {
		return nil, nil, err
	}
	out.After = after.(map[string]any)
	text := "did " + p.String() + ": " + actionText(ares) + "\n" + contentText(afterRes, after)
	return textResult(text), out, nil
}

// findTarget finds the first on-screen element with actions whose role and
// name read as target (`Button "Save"`), value aside.
func findTarget(snap *uitree.Snapshot, target string) *uitree.Element {
	var found *uitree.Element
	snap.Tree.Root.Walk(func(el *uitree.Element, _ int) bool {
		if found != nil || el.States.Offscreen {
			return false
		}
		if el.Actions != 0 {
			label := uitree.Label(el, 0)
			desc := label[:strings.Index(label, " [ref=")]
			named := string(el.Role) + ` "` + el.Name + `"`
			if desc == target || named == target {
				found = el
				return false
			}
		}
		return true
	})
	return found
}

// contentText is the model's text of an observation: the text format's
// text, or the JSON of the result.
func contentText(res *sdk.CallToolResult, structured any) string {
	if res != nil {
		for _, c := range res.Content {
			if t, ok := c.(*sdk.TextContent); ok {
				return t.Text
			}
		}
	}
	b, _ := marshal(structured)
	return string(b)
}

func withText(res *sdk.CallToolResult, structured any) *sdk.CallToolResult {
	return textResult(contentText(res, structured))
}
