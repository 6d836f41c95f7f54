package ndjson

import (
	"context"
	"encoding/json"

	"textfirst/internal/windows2text/uitree"
)

// Observations within a budget: observe's optional parameters format,
// maxBytes, maxTokens and cursor. Without them observe is unchanged.
//
//   - format "json" (the default) keeps the protocol's shape; "text" answers
//     {"snapshotId","app","window","format":"text","text",...} where text
//     has one line per target or context line (uitree.FormatText).
//   - maxBytes (at least uitree.MinBudget), or maxTokens (four bytes each),
//     bounds the result: the focused target first, then the targets in
//     reading order, then the context lines, as many as fit. What is left
//     is counted in omittedTargets and omittedContext, and "cursor"
//     continues from there.
//   - cursor continues the observation of the latest snapshot where the
//     previous page stopped, without capturing again; with it, only
//     format, maxBytes and maxTokens may be given.

// PageParams are observe's budget parameters.
type PageParams struct {
	Format    *string `json:"format"`
	MaxBytes  *int    `json:"maxBytes"`
	MaxTokens *int    `json:"maxTokens"`
	Cursor    *string `json:"cursor"`
}

func (p PageParams) set() bool {
	return p.Format != nil || p.MaxBytes != nil || p.MaxTokens != nil || p.Cursor != nil
}

// LimitMaxBytes is the largest budget accepted.
const LimitMaxBytes = 1 << 26

// budget returns the format and the byte budget (0: none).
func (p PageParams) budget() (uitree.Format, int, error) {
	f := uitree.FormatJSON
	if p.Format != nil {
		f = uitree.Format(*p.Format)
		if f != uitree.FormatJSON && f != uitree.FormatText {
			return f, 0, uitree.Errorf(uitree.CodeInvalidParams, "format must be json or text, not %q", *p.Format)
		}
	}
	if p.MaxBytes != nil && p.MaxTokens != nil {
		return f, 0, uitree.Errorf(uitree.CodeInvalidParams, "give maxBytes or maxTokens, not both")
	}
	n := 0
	switch {
	case p.MaxBytes != nil:
		n = *p.MaxBytes
		if n < uitree.MinBudget || n > LimitMaxBytes {
			return f, 0, uitree.Errorf(uitree.CodeInvalidParams, "maxBytes must be between %d and %d, not %d", uitree.MinBudget, LimitMaxBytes, n)
		}
	case p.MaxTokens != nil:
		t := *p.MaxTokens
		if t < uitree.MinBudget/4 || t > LimitMaxBytes/4 {
			return f, 0, uitree.Errorf(uitree.CodeInvalidParams, "maxTokens must be between %d and %d, not %d", uitree.MinBudget/4, LimitMaxBytes/4, t)
		}
		n = t * 4
	}
	return f, n, nil
}

// pageResult is observe's result with budget parameters.
type pageResult struct {
	SnapshotID     string                `json:"snapshotId"`
	App            string                `json:"app"`
	Window         string                `json:"window,omitempty"`
	Format         uitree.Format         `json:"format,omitempty"`
	Text           *string               `json:"text,omitempty"`
	Visible        []string              `json:"visible,omitzero"`
	Context        []string              `json:"context,omitzero"`
	Targets        []uitree.Target       `json:"targets,omitzero"`
	OmittedTargets int                   `json:"omittedTargets,omitempty"`
	OmittedContext int                   `json:"omittedContext,omitempty"`
	Cursor         string                `json:"cursor,omitempty"`
	Truncated      bool                  `json:"truncated"`
	Unresponsive   []uitree.Unresponsive `json:"unresponsive"`
	Tree           *uitree.Element       `json:"tree,omitempty"`
}

func (s *Server) observePage(ctx context.Context, op ObserveParams) (any, error) {
	format, budget, err := op.PageParams.budget()
	if err != nil {
		return nil, err
	}
	var snap *uitree.Snapshot
	var c uitree.Cursor
	includeTree := op.IncludeTree != nil && *op.IncludeTree
	if op.Cursor != nil {
		sp := op.SnapshotParams
		if sp.Scope != nil || sp.View != nil || sp.MaxDepth != nil || sp.MaxNodes != nil || sp.MaxText != nil || sp.VisibleOnly != nil || sp.PID != nil || sp.Hwnd != nil || op.MaxTargets != nil || op.IncludeTree != nil {
			return nil, uitree.Errorf(uitree.CodeInvalidParams, "cursor continues an observation: give only cursor, format and maxBytes or maxTokens")
		}
		if c, err = uitree.ParseCursor(*op.Cursor); err != nil {
			return nil, err
		}
		snap = s.refs.Latest()
		if snap == nil || snap.ID != c.SnapshotID {
			return nil, uitree.Errorf(uitree.CodeInvalidParams, "cursor %s belongs to snapshot %s, which is no longer the latest; observe again", *op.Cursor, c.SnapshotID)
		}
	} else {
		req, maxTargets, err := op.Request()
		if err != nil {
			return nil, err
		}
		if snap, err = s.take(ctx, req); err != nil {
			return nil, err
		}
		c = uitree.Cursor{SnapshotID: snap.ID, MaxTargets: maxTargets, MaxText: req.MaxText}
	}
	return PageResult(snap, c, format, budget, includeTree), nil
}

// PageResult is the wire form of one page of the observation of snap that
// starts at c.Next (budget 0: every line left).
func PageResult(snap *uitree.Snapshot, c uitree.Cursor, format uitree.Format, budget int, includeTree bool) any {
	obs := uitree.Observe(snap, c.MaxTargets, c.MaxText)
	lines := uitree.Lines(snap, obs)
	start := min(c.Next, len(lines))
	un := snap.Tree.Unresponsive
	if un == nil {
		un = []uitree.Unresponsive{}
	}
	r := pageResult{SnapshotID: obs.SnapshotID, App: obs.App, Window: obs.Window, Truncated: snap.Tree.Truncated, Unresponsive: un}
	if includeTree {
		r.Tree = snap.Tree.Root
	}
	if budget == 0 {
		budget = int(^uint(0) >> 2)
	}
	// A cursor is at most this long: the fixed part counts it.
	cursorRoom := len(`,"cursor":""`) + len(uitree.Cursor{SnapshotID: snap.ID, Next: len(lines), MaxTargets: c.MaxTargets, MaxText: c.MaxText}.String())
	var page uitree.Page
	if format == uitree.FormatText {
		r.Format = uitree.FormatText
		empty := ""
		r.Text = &empty
		fixed := jsonLen(r) + len(uitree.TextHeader(obs)) + 1 + 2*cursorRoom + 64
		page = uitree.Paginate(lines, start, budget, fixed, textCostJSON(uitree.TextCost(snap, c.MaxText)))
	} else {
		r.Visible, r.Context, r.Targets = []string{}, []string{}, []uitree.Target{}
		fixed := jsonLen(r) + cursorRoom + len(`,"omittedTargets":,"omittedContext":`) + 20
		page = uitree.Paginate(lines, start, budget, fixed, uitree.JSONCost)
	}
	r.OmittedTargets = page.RestTargets + obs.OmittedTargets
	r.OmittedContext = page.RestContext + obs.OmittedContext
	cursor := ""
	if page.Next < len(lines) {
		cursor = uitree.Cursor{SnapshotID: snap.ID, Next: page.Next, MaxTargets: c.MaxTargets, MaxText: c.MaxText}.String()
	}
	r.Cursor = cursor
	if format == uitree.FormatText {
		text := uitree.RenderText(snap, obs, page, c.MaxText, cursor)
		r.Text = &text
		return r
	}
	for _, l := range page.Lines {
		if l.Target != nil {
			t := *l.Target
			t.Index = len(r.Visible)
			r.Visible = append(r.Visible, t.Label)
			r.Targets = append(r.Targets, t)
		} else {
			r.Context = append(r.Context, l.Context)
		}
	}
	return r
}

// textCostJSON is a text line's cost once the text is a JSON string:
// quotes and backslashes double.
func textCostJSON(cost func(uitree.Line) int) func(uitree.Line) int {
	return func(l uitree.Line) int {
		return cost(l) + escapes(l) + 1
	}
}

func escapes(l uitree.Line) int {
	s := l.Context
	if l.Target != nil {
		s = l.Target.Label
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '"' || s[i] == '\\' || s[i] < 0x20 {
			n += 5
		}
	}
	return n
}

func jsonLen(v any) int {
	b, _ := json.Marshal(v)
	return len(b)
}
