package ndjson

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"textfirst/internal/windows2text/uitree"
)

type method func(s *Server, ctx context.Context, params json.RawMessage) (any, error)

// methods is the protocol's method table.
var methods map[string]method

func init() {
	methods = map[string]method{
		"ping":     (*Server).ping,
		"windows":  (*Server).windows,
		"snapshot": (*Server).snapshot,
		"observe":  (*Server).observe,
		"shutdown": (*Server).shutdown,
	}
	for _, a := range uitree.AllActions {
		methods[string(a)] = func(s *Server, ctx context.Context, p json.RawMessage) (any, error) {
			return s.act(ctx, a, p)
		}
	}
}

// MethodNames lists the supported methods: observation methods first, then
// the actions in canonical order, then shutdown.
func MethodNames() []string {
	out := []string{"ping", "windows", "snapshot", "observe"}
	for _, a := range uitree.AllActions {
		out = append(out, string(a))
	}
	return append(out, "shutdown")
}

type noParams struct{}

// pingResult is the result of ping.
type pingResult struct {
	Version         string   `json:"version"`
	ProtocolVersion int      `json:"protocolVersion"`
	SnapshotID      *string  `json:"snapshotId"`
	Methods         []string `json:"methods"`
}

func (s *Server) ping(_ context.Context, p json.RawMessage) (any, error) {
	if err := DecodeParams(p, &noParams{}); err != nil {
		return nil, err
	}
	var snap *string
	if latest := s.refs.Latest(); latest != nil {
		snap = &latest.ID
	}
	names := MethodNames()
	if len(s.extraNames) > 0 {
		// The added methods go before shutdown.
		names = slices.Insert(names, len(names)-1, s.extraNames...)
	}
	return pingResult{Version: s.version, ProtocolVersion: ProtocolVersion, SnapshotID: snap, Methods: names}, nil
}

func (s *Server) shutdown(_ context.Context, p json.RawMessage) (any, error) {
	if err := DecodeParams(p, &noParams{}); err != nil {
		return nil, err
	}
	return map[string]any{}, nil
}

type windowsParams struct {
	MaxNodes *int `json:"maxNodes"`
}

func (s *Server) windows(ctx context.Context, p json.RawMessage) (any, error) {
	var wp windowsParams
	if err := DecodeParams(p, &wp); err != nil {
		return nil, err
	}
	max := uitree.DefaultMaxWindows
	if wp.MaxNodes != nil {
		if *wp.MaxNodes < 1 || *wp.MaxNodes > uitree.LimitMaxNodes {
			return nil, uitree.Errorf(uitree.CodeInvalidParams, "maxNodes must be between 1 and %d, not %d", uitree.LimitMaxNodes, *wp.MaxNodes)
		}
		max = *wp.MaxNodes
	}
	list, err := s.backend.Windows(ctx, max)
	if err != nil {
		return nil, err
	}
	return list, nil
}

// SnapshotParams are the parameters of snapshot (and of observe, which adds
// its own). They match the CLI's options.
type SnapshotParams struct {
	Scope       *string         `json:"scope"`
	View        *string         `json:"view"`
	MaxDepth    *int            `json:"maxDepth"`
	MaxNodes    *int            `json:"maxNodes"`
	MaxText     *int            `json:"maxText"`
	VisibleOnly *bool           `json:"visibleOnly"`
	PID         *int            `json:"pid"`
	Hwnd        json.RawMessage `json:"hwnd"`
}

// Request turns the parameters into a normalized uitree.Request.
func (p SnapshotParams) Request(defaultVisibleOnly bool) (uitree.Request, error) {
	r := uitree.DefaultRequest()
	r.VisibleOnly = defaultVisibleOnly
	if p.Scope != nil {
		r.Scope = uitree.Scope(*p.Scope)
		if *p.Scope == "" {
			return r, uitree.Errorf(uitree.CodeInvalidParams, "scope must not be empty")
		}
	}
	if p.View != nil {
		r.View = uitree.View(*p.View)
		if *p.View == "" {
			return r, uitree.Errorf(uitree.CodeInvalidParams, "view must not be empty")
		}
	}
	if p.MaxDepth != nil {
		r.MaxDepth = *p.MaxDepth
	}
	for _, lim := range []struct {
		name string
		v    *int
		dst  *int
	}{{"maxNodes", p.MaxNodes, &r.MaxNodes}, {"maxText", p.MaxText, &r.MaxText}} {
		if lim.v != nil {
			if *lim.v < 1 {
				return r, uitree.Errorf(uitree.CodeInvalidParams, "%s must be at least 1, not %d", lim.name, *lim.v)
			}
			*lim.dst = *lim.v
		}
	}
	if p.VisibleOnly != nil {
		r.VisibleOnly = *p.VisibleOnly
	}
	if p.PID != nil {
		if r.Scope != uitree.ScopeProcess {
			return r, uitree.Errorf(uitree.CodeInvalidParams, "pid is only used with scope process")
		}
		r.PID = *p.PID
	}
	if p.Hwnd != nil && string(p.Hwnd) != "null" {
		if r.Scope != uitree.ScopeHwnd {
			return r, uitree.Errorf(uitree.CodeInvalidParams, "hwnd is only used with scope hwnd")
		}
		id, err := windowID(p.Hwnd)
		if err != nil {
			return r, err
		}
		r.WindowID = id
	}
	return r, r.Normalize()
}

// windowID accepts a window id as windows gives it: a string, or a number
// (Windows' HWNDs).
func windowID(raw json.RawMessage) (string, error) {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s, nil
	}
	var n json.Number
	if json.Unmarshal(raw, &n) == nil {
		if _, err := strconv.ParseUint(n.String(), 10, 64); err == nil {
			return n.String(), nil
		}
	}
	return "", uitree.Errorf(uitree.CodeInvalidParams, "hwnd must be a window id from windows (a string or a whole number)")
}

// snapshotResult is the result of snapshot.
type snapshotResult struct {
	SnapshotID   string                `json:"snapshotId"`
	Scope        uitree.Scope          `json:"scope"`
	View         uitree.View           `json:"view"`
	App          string                `json:"app"`
	NodeCount    int                   `json:"nodeCount"`
	Truncated    bool                  `json:"truncated"`
	Unresponsive []uitree.Unresponsive `json:"unresponsive"`
	Root         *uitree.Element       `json:"root"`
}

// take captures and publishes a snapshot.
func (s *Server) take(ctx context.Context, req uitree.Request) (*uitree.Snapshot, error) {
	tree, err := s.backend.Snapshot(ctx, req)
	if err != nil {
		return nil, err
	}
	return s.refs.Publish(tree), nil
}

func (s *Server) snapshot(ctx context.Context, p json.RawMessage) (any, error) {
	var sp SnapshotParams
	if err := DecodeParams(p, &sp); err != nil {
		return nil, err
	}
	req, err := sp.Request(false)
	if err != nil {
		return nil, err
	}
	snap, err := s.take(ctx, req)
	if err != nil {
		return nil, err
	}
	return SnapshotResult(snap, req), nil
}

// SnapshotResult is the wire form of a published snapshot.
func SnapshotResult(snap *uitree.Snapshot, req uitree.Request) any {
	un := snap.Tree.Unresponsive
	if un == nil {
		un = []uitree.Unresponsive{}
	}
	return snapshotResult{
		SnapshotID: snap.ID, Scope: req.Scope, View: req.View, App: snap.Tree.App,
		NodeCount: snap.Nodes, Truncated: snap.Tree.Truncated, Unresponsive: un, Root: snap.Tree.Root,
	}
}

// ObserveParams are the parameters of observe.
type ObserveParams struct {
	SnapshotParams
	MaxTargets  *int  `json:"maxTargets"`
	IncludeTree *bool `json:"includeTree"`
	// The budget's parameters (page.go); without them observe answers as
	// the protocol says.
	PageParams
}

// Observed is observe's result as the protocol answers it.
type Observed struct {
	SnapshotID     string                `json:"snapshotId"`
	App            string                `json:"app"`
	Window         string                `json:"window,omitempty"`
	Visible        []string              `json:"visible"`
	Context        []string              `json:"context"`
	Targets        []uitree.Target       `json:"targets"`
	OmittedTargets int                   `json:"omittedTargets,omitempty"`
	OmittedContext int                   `json:"omittedContext,omitempty"`
	Truncated      bool                  `json:"truncated"`
	Unresponsive   []uitree.Unresponsive `json:"unresponsive"`
	Tree           *uitree.Element       `json:"tree,omitempty"`
}

func (s *Server) observe(ctx context.Context, p json.RawMessage) (any, error) {
	var op ObserveParams
	if err := DecodeParams(p, &op); err != nil {
		return nil, err
	}
	if op.PageParams.set() {
		return s.observePage(ctx, op)
	}
	req, maxTargets, err := op.Request()
	if err != nil {
		return nil, err
	}
	snap, err := s.take(ctx, req)
	if err != nil {
		return nil, err
	}
	return ObserveResult(snap, req, maxTargets, op.IncludeTree != nil && *op.IncludeTree), nil
}

// Request returns the snapshot request and maxTargets of observe. The
// observation shows what is on screen, so visibleOnly defaults to true.
func (op ObserveParams) Request() (uitree.Request, int, error) {
	req, err := op.SnapshotParams.Request(true)
	if err != nil {
		return req, 0, err
	}
	maxTargets := uitree.DefaultMaxTargets
	if op.MaxTargets != nil {
		if *op.MaxTargets < 1 || *op.MaxTargets > uitree.LimitMaxTargets {
			return req, 0, uitree.Errorf(uitree.CodeInvalidParams, "maxTargets must be between 1 and %d, not %d", uitree.LimitMaxTargets, *op.MaxTargets)
		}
		maxTargets = *op.MaxTargets
	}
	return req, maxTargets, nil
}

// ObserveResult is the wire form of an observation of snap.
func ObserveResult(snap *uitree.Snapshot, req uitree.Request, maxTargets int, includeTree bool) Observed {
	obs := uitree.Observe(snap, maxTargets, req.MaxText)
	un := snap.Tree.Unresponsive
	if un == nil {
		un = []uitree.Unresponsive{}
	}
	r := Observed{
		SnapshotID: obs.SnapshotID, App: obs.App, Window: obs.Window, Visible: obs.Visible,
		Context: obs.Context, Targets: obs.Targets, OmittedTargets: obs.OmittedTargets,
		OmittedContext: obs.OmittedContext, Truncated: snap.Tree.Truncated, Unresponsive: un,
	}
	if includeTree {
		r.Tree = snap.Tree.Root
	}
	return r
}

// actionParams holds every action's parameters; act checks which apply.
type actionParams struct {
	Ref        *string          `json:"ref"`
	WaitMs     *int             `json:"waitMs"`
	Value      *json.RawMessage `json:"value"`
	Horizontal *string          `json:"horizontal"`
	Vertical   *string          `json:"vertical"`
	Button     *string          `json:"button"`
	Count      *int             `json:"count"`
	Text       *string          `json:"text"`
	Clear      *bool            `json:"clear"`
	Key        *string          `json:"key"`
	Focus      *bool            `json:"focus"`
}

// allowedParams lists each action's parameters besides ref and waitMs.
var allowedParams = map[uitree.Action][]string{
	uitree.ActionSetValue: {"value"},
	uitree.ActionSetRange: {"value"},
	uitree.ActionScroll:   {"horizontal", "vertical"},
	uitree.ActionClick:    {"button", "count"},
	uitree.ActionTypeText: {"text", "clear"},
	uitree.ActionKey:      {"key", "focus"},
}

var scrollAmounts = []string{"no_amount", "small_increment", "small_decrement", "large_increment", "large_decrement"}

// act validates an action's parameters, resolves its reference, checks
// that the element supports it, and hands it to the backend.
func (s *Server) act(ctx context.Context, a uitree.Action, p json.RawMessage) (any, error) {
	var ap actionParams
	if err := DecodeParams(p, &ap); err != nil {
		return nil, err
	}
	ar, err := actionRequest(a, p, ap)
	if err != nil {
		return nil, err
	}
	el, err := s.refs.Resolve(*ap.Ref)
	if err != nil {
		return nil, err
	}
	if !el.Actions.Has(a) {
		switch {
		case (a == uitree.ActionSetValue || a == uitree.ActionSetRange || a == uitree.ActionTypeText) && el.States.ReadOnly:
			return nil, uitree.Errorf(uitree.CodeReadOnly, "%s %s is read-only", el.Role, el.Ref)
		case a == uitree.ActionClick && !uitree.Clickable(el):
			return nil, uitree.Errorf(uitree.CodeNotClickable, "%s %s has no clickable point or usable bounds", el.Role, el.Ref)
		}
		return nil, uitree.Errorf(uitree.CodeUnsupportedPattern, "%s %s does not support %s (it supports: %s)", el.Role, el.Ref, a, actionList(el))
	}
	actor, ok := s.backend.(uitree.Actor)
	if !ok {
		return nil, uitree.Errorf(uitree.CodeUnsupportedPattern, "%s is not implemented by this build's backend", a)
	}
	res, err := actor.Act(ctx, el, ar)
	if err != nil {
		return nil, err
	}
	return actionResult{Ref: el.Ref, Action: a, ActionResult: res}, nil
}

// actionResult is the result of an action method.
type actionResult struct {
	Ref    string        `json:"ref"`
	Action uitree.Action `json:"action"`
	uitree.ActionResult
}

func actionList(el *uitree.Element) string {
	if el.Actions == 0 {
		return "nothing"
	}
	return uitree.JoinActions(el.Actions.List(), ", ")
}

// actionRequest checks the parameters of action a.
func actionRequest(a uitree.Action, raw json.RawMessage, ap actionParams) (uitree.ActionRequest, error) {
	ar := uitree.ActionRequest{Action: a, WaitMs: 100}
	bad := func(format string, args ...any) (uitree.ActionRequest, error) {
		return ar, uitree.Errorf(uitree.CodeInvalidParams, format, args...)
	}
	// Parameters of other actions are mistakes, not silently ignored.
	var present map[string]json.RawMessage
	_ = json.Unmarshal(raw, &present)
	for name := range present {
		if name == "ref" || name == "waitMs" || slices.Contains(allowedParams[a], name) {
			continue
		}
		return bad("%s takes no parameter %q", a, name)
	}
	if ap.Ref == nil || *ap.Ref == "" {
		return bad("%s needs ref (from the latest snapshot)", a)
	}
	if ap.WaitMs != nil {
		if *ap.WaitMs < 0 || *ap.WaitMs > 5000 {
			return bad("waitMs must be between 0 and 5000, not %d", *ap.WaitMs)
		}
		ar.WaitMs = *ap.WaitMs
	}
	switch a {
	case uitree.ActionSetValue:
		if ap.Value == nil || json.Unmarshal(*ap.Value, &ar.Value) != nil {
			return bad("set_value needs value, a string")
		}
	case uitree.ActionSetRange:
		if ap.Value == nil || json.Unmarshal(*ap.Value, &ar.RangeValue) != nil {
			return bad("set_range needs value, a number")
		}
	case uitree.ActionScroll:
		ar.Horizontal, ar.Vertical = "no_amount", "no_amount"
		if ap.Horizontal != nil {
			ar.Horizontal = *ap.Horizontal
		}
		if ap.Vertical != nil {
			ar.Vertical = *ap.Vertical
		}
		for _, v := range []string{ar.Horizontal, ar.Vertical} {
			if !slices.Contains(scrollAmounts, v) {
				return bad("scroll amounts must be one of %s, not %q", strings.Join(scrollAmounts, ", "), v)
			}
		}
	case uitree.ActionClick:
		ar.Button, ar.Count = "left", 1
		if ap.Button != nil {
			ar.Button = *ap.Button
		}
		if ar.Button != "left" && ar.Button != "right" && ar.Button != "middle" {
			return bad("button must be left, right or middle, not %q", ar.Button)
		}
		if ap.Count != nil {
			ar.Count = *ap.Count
		}
		if ar.Count < 1 || ar.Count > 3 {
			return bad("count must be 1, 2 or 3, not %d", ar.Count)
		}
	case uitree.ActionTypeText:
		if ap.Text == nil {
			return bad("type_text needs text")
		}
		ar.Text = *ap.Text
		ar.Clear = ap.Clear != nil && *ap.Clear
	case uitree.ActionKey:
		if ap.Key == nil {
			return bad("key needs key, e.g. \"CTRL+SHIFT+P\"")
		}
		if _, err := uitree.ParseChord(*ap.Key); err != nil {
			return ar, err
		}
		ar.Key = *ap.Key
		ar.Focus = ap.Focus == nil || *ap.Focus
	}
	return ar, nil
}
