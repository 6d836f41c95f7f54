package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"textfirst/internal/windows2text/uitree"
)

func marshal(v any) ([]byte, error) { return json.Marshal(v) }

// eventLog keeps the events of the backend's subscription with sequence
// numbers and wakes every waiter at each one.
type eventLog struct {
	sub    uitree.Subscription
	mu     sync.Mutex
	seq    int64
	recent []uitree.Event // the latest events; recent[len-1] has number seq
	wake   chan struct{}  // closed at the next event
	closed bool
}

const recentEvents = 8192

func startEventLog(ctx context.Context, src uitree.EventSource) (*eventLog, error) {
	sub, err := src.Subscribe(ctx)
	if err != nil {
		return nil, err
	}
	l := &eventLog{sub: sub, wake: make(chan struct{})}
	go l.loop()
	return l, nil
}

func (l *eventLog) loop() {
	for ev := range l.sub.Events() {
		l.mu.Lock()
		l.seq++
		l.recent = append(l.recent, ev)
		if len(l.recent) > recentEvents {
			l.recent = append(l.recent[:0], l.recent[len(l.recent)-recentEvents/2:]...)
		}
		close(l.wake)
		l.wake = make(chan struct{})
		l.mu.Unlock()
	}
	l.mu.Lock()
	l.closed = true
	close(l.wake)
	l.mu.Unlock()
}

// since returns the events after number seq (those still kept), the
// latest number, and a channel closed at the next event.
func (l *eventLog) since(seq int64) ([]uitree.Event, int64, <-chan struct{}) {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := int(l.seq - seq)
	if n > len(l.recent) {
		n = len(l.recent)
	}
	var evs []uitree.Event
	if n > 0 {
		evs = append(evs, l.recent[len(l.recent)-n:]...)
	}
	wake := l.wake
	if l.closed {
		wake = nil
	}
	return evs, l.seq, wake
}

// eventsOf returns the server's event log, subscribing at the first need.
func (s *Server) eventsOf(ctx context.Context) (*eventLog, error) {
	if s.events != nil {
		return s.events, nil
	}
	src, ok := s.backend.(uitree.EventSource)
	if !ok {
		return nil, uitree.Errorf(uitree.CodeUnsupportedPattern, "this build's backend reports no accessibility events")
	}
	l, err := startEventLog(ctx, src)
	if err != nil {
		return nil, uitree.Errorf(uitree.CodeInternalError, "subscribing to accessibility events: %w", err)
	}
	s.events = l
	return l, nil
}

func (s *Server) closeEvents() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.events != nil {
		s.events.sub.Close()
		s.events = nil
	}
}

// WaitArgs are wait's parameters.
type WaitArgs struct {
	For       string `json:"for" jsonschema:"the condition: appear (an element with role and/or name is on screen), disappear (none is), window_open (a window with title is listed), window_close (none is), change (the value, name or states of ref differ from its snapshot, as changes would say, even when the application changed it before the wait began) or quiet (no accessibility event for quietMs)"`
	Role      string `json:"role,omitempty" jsonschema:"appear/disappear: the element's role, e.g. Button"`
	Name      string `json:"name,omitempty" jsonschema:"appear/disappear: the element's name (case, quote and dash styles do not matter: Don't matches Don’t)"`
	Title     string `json:"title,omitempty" jsonschema:"window_open/window_close: the window's title (case, quote and dash styles do not matter)"`
	Match     string `json:"match,omitempty" jsonschema:"how name and title match: equal (the default) or contains (a part of the name or title); either way case, quote and dash styles do not matter"`
	Ref       string `json:"ref,omitempty" jsonschema:"change: the element's ref"`
	QuietMs   *int   `json:"quietMs,omitempty" jsonschema:"quiet: how long without events counts as quiet (default 200 ms)"`
	TimeoutMs *int   `json:"timeoutMs,omitempty" jsonschema:"give up after this long, 0 to 60000 ms (default 5000); the answer never comes later"`
	Scope     string `json:"scope,omitempty" jsonschema:"appear/disappear: where to look, foreground (default) or desktop; quiet: the foreground window's application (default) or every application (desktop)"`
}

// waitResult is wait's structured answer.
type waitResult struct {
	Met       bool   `json:"met"`
	For       string `json:"for"`
	ElapsedMs int64  `json:"elapsedMs"`
	// Events counts the accessibility events received while waiting.
	Events int `json:"events"`
	// Ref and Label are the element that appeared (its snapshot's refs are
	// the current ones).
	Ref        string `json:"ref,omitempty"`
	Label      string `json:"label,omitempty"`
	SnapshotID string `json:"snapshotId,omitempty"`
	// Event is the event that met a change condition.
	Event string `json:"event,omitempty"`
}

// check is one evaluation of a condition: met, and what to report.
type check func(ctx context.Context, evs []uitree.Event) (bool, error)

// condition is what wait waits for: check met (nil: no check), or quiet,
// a time without events of quietApp (its bus name; empty: of every
// application).
type condition struct {
	check    check
	quiet    time.Duration
	quietApp string
}

func (s *Server) wait(ctx context.Context, in WaitArgs) (*sdk.CallToolResult, any, error) {
	start := time.Now()
	timeout := 5000
	if in.TimeoutMs != nil {
		timeout = *in.TimeoutMs
	}
	if timeout < 0 || timeout > 60000 {
		return nil, nil, uitree.Errorf(uitree.CodeInvalidParams, "timeoutMs must be between 0 and 60000, not %d", timeout)
	}
	// A margin (a tenth, at least 10 ms) for a late timer on a busy
	// machine and the answer's way back: it never comes later than
	// timeoutMs.
	bound := time.Duration(timeout) * time.Millisecond
	deadline := start.Add(max(0, bound-max(10*time.Millisecond, bound/10)))
	log, err := s.eventsOf(ctx)
	if err != nil {
		return nil, nil, err
	}
	res := waitResult{For: in.For}
	_, seq, _ := log.since(1 << 62)
	cond, err := s.condition(ctx, in, &res)
	if err != nil {
		return nil, nil, err
	}
	dctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	if err := await(dctx, log, seq, cond, &res, start); err != nil {
		return nil, nil, err
	}
	res.ElapsedMs = time.Since(start).Milliseconds()
	return textResult(waitText(res, timeout)), res, nil
}

// condition checks in's parameters and makes its condition; checks
// record in res what met them.
func (s *Server) condition(ctx context.Context, in WaitArgs, res *waitResult) (condition, error) {
	if in.Match != "" && in.Match != "equal" && in.Match != "contains" {
		return condition{}, uitree.Errorf(uitree.CodeInvalidParams, "match must be equal or contains, not %q", in.Match)
	}
	var chk check
	var err error
	switch in.For {
	case "appear", "disappear":
		chk, err = s.appearCheck(in, res)
	case "window_open", "window_close":
		chk, err = s.windowCheck(in)
	case "change":
		chk, err = s.changeCheck(in, res)
	case "quiet":
		return s.quietCondition(ctx, in)
	default:
		err = uitree.Errorf(uitree.CodeInvalidParams, "for must be appear, disappear, window_open, window_close, change or quiet, not %q", in.For)
	}
	return condition{check: chk}, err
}

// appearCheck is met when an element with in's role and name is on
// screen (appear) or none is (disappear).
func (s *Server) appearCheck(in WaitArgs, res *waitResult) (check, error) {
	if in.Role == "" && in.Name == "" {
		return nil, uitree.Errorf(uitree.CodeInvalidParams, "%s needs role or name", in.For)
	}
	scope := in.Scope
	if scope == "" {
		scope = "foreground"
	}
	if scope != "foreground" && scope != "desktop" {
		return nil, uitree.Errorf(uitree.CodeInvalidParams, "scope must be foreground or desktop, not %q", scope)
	}
	want := in.For == "appear"
	req := uitree.DefaultRequest()
	req.Scope, req.VisibleOnly = uitree.Scope(scope), true
	if err := req.Normalize(); err != nil {
		return nil, err
	}
	desc, _ := s.backend.(uitree.Describer)
	return func(ctx context.Context, evs []uitree.Event) (bool, error) {
		// The fast way: read the elements the events name. Only
		// events that can show a whole subtree need a snapshot.
		if want && desc != nil && len(evs) > 0 {
			label, structural := describedMatch(ctx, desc, evs, in)
			if label != "" {
				res.Label = label
				return true, nil
			}
			if !structural {
				return false, nil
			}
		}
		// Checked without publishing: the refs the client holds stay
		// valid unless an element appeared, whose snapshot becomes the
		// latest so that its ref can be used.
		tree, err := s.backend.Snapshot(ctx, req)
		if err != nil {
			return false, err
		}
		el := findElement(tree, uitree.Role(in.Role), in.Name, in.Match)
		if el != nil && want {
			snap := s.rpc.Publish(tree)
			s.remember()
			res.SnapshotID = snap.ID
			res.Ref, res.Label = el.Ref, uitree.Label(el, 200)
		}
		return (el != nil) == want, nil
	}, nil
}

// describedMatch reads the elements evs name, and returns the label of
// the first showing one with in's role and name ("" for none), and
// whether an event can have shown a whole subtree (a snapshot is then
// needed to know).
func describedMatch(ctx context.Context, desc uitree.Describer, evs []uitree.Event, in WaitArgs) (label string, structural bool) {
	seen := map[string]bool{}
	for _, ev := range evs {
		if strings.HasPrefix(ev.Type, "object:children-changed") ||
			strings.HasPrefix(ev.Type, "object:state-changed:showing") ||
			strings.HasPrefix(ev.Type, "object:state-changed:visible") ||
			strings.HasPrefix(ev.Type, "window:") {
			structural = true
		}
		for _, id := range []string{ev.Source, ev.Child} {
			if id == "" || seen[id] {
				continue
			}
			seen[id] = true
			d, err := desc.Describe(ctx, id)
			if err == nil && d.Showing && (in.Role == "" || d.Role == uitree.Role(in.Role)) && (in.Name == "" || textMatches(d.Name, in.Name, in.Match)) {
				return string(d.Role) + " " + uitree.Quote(d.Name), structural
			}
		}
	}
	return "", structural
}

// windowCheck is met when a window titled in.Title is listed
// (window_open) or none is (window_close).
func (s *Server) windowCheck(in WaitArgs) (check, error) {
	if in.Title == "" {
		return nil, uitree.Errorf(uitree.CodeInvalidParams, "%s needs title", in.For)
	}
	want := in.For == "window_open"
	return func(ctx context.Context, _ []uitree.Event) (bool, error) {
		list, err := s.backend.Windows(ctx, uitree.LimitMaxNodes)
		if err != nil {
			return false, err
		}
		found := false
		for _, w := range list.Windows {
			found = found || textMatches(w.Title, in.Title, in.Match)
		}
		return found == want, nil
	}, nil
}

// changeCheck is met when the element in.Ref differs from what its
// snapshot recorded, as changes would report it: at the start and after
// events that changed other elements, a fresh look at the window (so a
// change made before the wait began counts, and one announced by a child
// or a replaced text) finds it renamed, with another value or other
// states; while waiting, an event from the element itself that changes
// its value, text, name or states.
func (s *Server) changeCheck(in WaitArgs, res *waitResult) (check, error) {
	if in.Ref == "" {
		return nil, uitree.Errorf(uitree.CodeInvalidParams, "change needs ref")
	}
	snap, el, err := s.refElement(in.Ref)
	if err != nil {
		return nil, err
	}
	id := ""
	if ider, ok := s.backend.(uitree.Identifier); ok {
		id = ider.NativeID(el)
	}
	if id == "" {
		return nil, uitree.Errorf(uitree.CodeUnsupportedPattern, "this build's backend cannot follow %s by its events", in.Ref)
	}
	req := uitree.DefaultRequest()
	req.VisibleOnly = true
	first := true
	return func(ctx context.Context, evs []uitree.Event) (bool, error) {
		look := first
		first = false
		for _, ev := range evs {
			if !changesElement(ev.Type) {
				continue
			}
			if ev.Source == id {
				res.Event = ev.Type
				return true, nil
			}
			look = true
		}
		if !look {
			return false, nil
		}
		// Checked without publishing: the client's refs stay valid.
		tree, err := s.backend.Snapshot(ctx, req)
		if err != nil || tree == nil || tree.Root == nil {
			return false, err
		}
		now := s.findAgain(snap, el, &uitree.Snapshot{Tree: tree})
		if now == nil {
			return false, nil
		}
		switch {
		case now.Name != el.Name:
			res.Event = "renamed"
		case now.Value != el.Value:
			res.Event = "value"
		case !slices.Equal(stateNames(now.States), stateNames(el.States)):
			res.Event = "states"
		default:
			return false, nil
		}
		return true, nil
	}, nil
}

// quietCondition is in.QuietMs without events of the foreground window's
// application, or of any application with scope desktop.
func (s *Server) quietCondition(ctx context.Context, in WaitArgs) (condition, error) {
	q := 200
	if in.QuietMs != nil {
		q = *in.QuietMs
	}
	if q < 1 || q > 60000 {
		return condition{}, uitree.Errorf(uitree.CodeInvalidParams, "quietMs must be between 1 and 60000, not %d", q)
	}
	cond := condition{quiet: time.Duration(q) * time.Millisecond}
	if in.Scope != "desktop" {
		// The foreground window's application: other applications'
		// animations do not keep it from being quiet.
		list, err := s.backend.Windows(ctx, uitree.LimitMaxNodes)
		if err != nil {
			return condition{}, err
		}
		for _, w := range list.Windows {
			if w.Active {
				cond.quietApp, _, _ = strings.Cut(w.ID, "/")
			}
		}
	}
	return cond, nil
}

// await runs cond's check at once and after each batch of events from
// number seq on, until it is met, cond.quiet passes without events, or
// ctx ends. It counts the events in res and sets res.Met.
func await(ctx context.Context, log *eventLog, seq int64, cond condition, res *waitResult, start time.Time) error {
	var pending []uitree.Event
	first := true
	lastEvent := start
	for ctx.Err() == nil {
		if cond.check != nil && (first || len(pending) > 0) {
			ok, err := cond.check(ctx, pending)
			if err != nil && ctx.Err() == nil {
				return err
			}
			if ok && err == nil {
				res.Met = true
				return nil
			}
		}
		first = false
		pending = pending[:0]
		var evs []uitree.Event
		var wake <-chan struct{}
		evs, seq, wake = log.since(seq)
		if len(evs) > 0 {
			res.Events += len(evs)
			pending = append(pending, evs...)
			for _, ev := range evs {
				if cond.quietApp == "" || ev.App == cond.quietApp {
					lastEvent = time.Now()
				}
			}
			continue
		}
		// Other applications' events wake the loop too: quiet is checked
		// at each wake, not only when its timer fires.
		if cond.quiet > 0 && time.Since(lastEvent) >= cond.quiet {
			res.Met = true
			return nil
		}
		if wake == nil {
			return uitree.Errorf(uitree.CodeInternalError, "the accessibility event connection was lost")
		}
		var quietC <-chan time.Time
		var quietT *time.Timer
		if cond.quiet > 0 {
			quietT = time.NewTimer(time.Until(lastEvent.Add(cond.quiet)))
			quietC = quietT.C
		}
		woken := false
		select {
		case <-wake:
			woken = true
		case <-quietC:
			res.Met = true
		case <-ctx.Done():
		}
		if quietT != nil {
			quietT.Stop()
		}
		if !woken {
			return nil
		}
	}
	return nil
}

// waitText is wait's answer for the model.
func waitText(res waitResult, timeout int) string {
	text := fmt.Sprintf("%s: met after %d ms", res.For, res.ElapsedMs)
	if !res.Met {
		text = fmt.Sprintf("%s: not met within %d ms", res.For, timeout)
	}
	if res.Label != "" {
		text += ": " + res.Label
	}
	if res.Event != "" {
		text += " (" + res.Event + ")"
	}
	return text
}

// changesElement reports whether an event of that type means that its
// source's value, text, name or states changed.
func changesElement(typ string) bool {
	for _, p := range []string{"object:state-changed", "object:text-changed", "object:property-change:accessible-value",
		"object:property-change:accessible-name", "object:selection-changed"} {
		if strings.HasPrefix(typ, p) {
			return true
		}
	}
	return false
}

// findElement finds the first on-screen element with the role (if given)
// and the name (if given, compared as textMatches does).
func findElement(tree *uitree.Tree, role uitree.Role, name, match string) *uitree.Element {
	var found *uitree.Element
	if tree == nil || tree.Root == nil {
		return nil
	}
	tree.Root.Walk(func(el *uitree.Element, _ int) bool {
		if found != nil || el.States.Offscreen {
			return false
		}
		if (role == "" || el.Role == role) && (name == "" || textMatches(el.Name, name, match)) {
			found = el
			return false
		}
		return true
	})
	return found
}

// textMatches compares a name or title with the one asked for: equal, or
// containing it with match "contains", after uitree.FoldText either way.
func textMatches(s, want, match string) bool {
	if match == "contains" {
		return uitree.ContainsText(s, want)
	}
	return uitree.SameText(s, want)
}
