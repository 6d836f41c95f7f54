package ndjson

import (
	"context"

	"textfirst/internal/windows2text/uitree"
)

// Observations within a budget: observe's optional parameters format,
// maxBytes, maxTokens and cursor. Without them observe is unchanged.
//
//   - format "json" (the default) keeps the protocol's shape; "text" answers
//     {"snapshotId","app","window","format":"text","text",...} where text
//     has one line per target or context line (uitree.FormatText).
//   - maxBytes (at least uitree.MinBudget), or maxTokens (four bytes each),
//     bounds the result, filled as fully as whole lines allow: targets (the
//     focused one first, then reading order) and context lines, the
//     context in proportion to its size (uitree.Paginate). What is left is
//     counted in omittedTargets and omittedContext, and "cursor" continues
//     both from there.
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
	un := snap.Tree.Unresponsive
	if un == nil {
		un = []uitree.Unresponsive{}
	}
	r := pageResult{SnapshotID: obs.SnapshotID, App: obs.App, Window: obs.Window, Truncated: snap.Tree.Truncated, Unresponsive: un}
	if includeTree {
		r.Tree = snap.Tree.Root
	}
	if format == uitree.FormatText {
		r.Format = uitree.FormatText
	}
	if budget == 0 {
		return renderPage(r, snap, obs, c, uitree.Paginate(lines, c.Next, int(^uint(0)>>2), 0, uitree.JSONCosts))
	}
	// The fixed part is the page without lines at its longest: every line
	// counted as left, the cursor at the end of both streams.
	split := len(obs.Targets)
	longest := renderPage(r, snap, obs, c, uitree.Page{Next: uitree.Position{Target: split, Context: len(lines) - split}, RestTargets: split, RestContext: len(lines) - split})
	fixed := uitree.JSONLen(longest)
	costs := uitree.JSONCosts
	if format == uitree.FormatText {
		costs = uitree.TextCosts(snap, c.MaxText, textLen)
	}
	// The costs are exact but for the counts and the cursor, which the
	// fixed part takes at their longest: the room a page leaves unused
	// for them is searched for the most lines that still fit.
	page := uitree.Paginate(lines, c.Next, budget, fixed, costs)
	res := renderPage(r, snap, obs, c, page)
	lo, hi := 0, budget-uitree.JSONLen(res)
	for lo < hi {
		extra := (lo + hi + 1) / 2
		more := uitree.Paginate(lines, c.Next, budget, fixed-extra, costs)
		if len(more.Lines) == len(page.Lines) {
			lo = extra
			continue
		}
		if moreRes := renderPage(r, snap, obs, c, more); uitree.JSONLen(moreRes) <= budget {
			page, res, lo = more, moreRes, extra
		} else {
			hi = extra - 1
		}
	}
	return res
}

// renderPage fills r with page: its lines, the counts of what is left and
// the cursor to it.
func renderPage(r pageResult, snap *uitree.Snapshot, obs uitree.Observation, c uitree.Cursor, page uitree.Page) pageResult {
	r.OmittedTargets = page.RestTargets + obs.OmittedTargets
	r.OmittedContext = page.RestContext + obs.OmittedContext
	if !page.Done() {
		r.Cursor = uitree.Cursor{SnapshotID: snap.ID, Next: page.Next, MaxTargets: c.MaxTargets, MaxText: c.MaxText}.String()
	}
	if r.Format == uitree.FormatText {
		text := uitree.RenderText(snap, obs, page, c.MaxText, r.Cursor)
		r.Text = &text
		return r
	}
	r.Visible, r.Context, r.Targets = []string{}, []string{}, []uitree.Target{}
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

// textLen is the bytes a piece of a text page takes inside the JSON
// string that carries it, without the quotes.
func textLen(s string) int { return uitree.JSONLen(s) - 2 }
