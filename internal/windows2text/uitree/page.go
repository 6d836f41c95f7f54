package uitree

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// An observation within a budget. The lines of an observation form two
// streams: the targets (the focused one first, then the others in reading
// order) and the context lines. A page takes the next lines of both
// streams, the context in proportion to its bytes, until the budget is
// full (always at least one line, so that paging ends), writes its targets
// before its context lines, and says how many are left; its cursor
// continues both streams of the same snapshot where the page stopped.

// Format is how an observation is written.
type Format string

// The observation formats.
const (
	// FormatJSON is the protocol's observe result: visible, context and
	// targets.
	FormatJSON Format = "json"
	// FormatText is one line per target or context line, nothing repeated:
	//
	//	s4 window "Settings" app "settings"
	//	s4:e12 Button "Save" invoke,click
	//	s4:e9 Edit "Name" value="Ada" set_value,focus,click,type_text,key [focused]
	//	--
	//	Text "Settings saved"
	FormatText Format = "text"
)

// MinBudget is the smallest maxBytes a page accepts.
const MinBudget = 256

// Line is one line of an observation: a target or a context line.
type Line struct {
	// Target is set for a target; Context for a context line.
	Target  *Target
	Context string
	// Focused marks the focused target.
	Focused bool
}

// Lines puts the observation's lines in page order: the focused target,
// the other targets in reading order, then the context lines.
func Lines(snap *Snapshot, obs Observation) []Line {
	out := make([]Line, 0, len(obs.Targets)+len(obs.Context))
	focused := -1
	for i := range obs.Targets {
		if el, ok := snap.Lookup(obs.Targets[i].Ref); ok && el.States.Focused {
			focused = i
			out = append(out, Line{Target: &obs.Targets[i], Focused: true})
			break
		}
	}
	for i := range obs.Targets {
		if i != focused {
			out = append(out, Line{Target: &obs.Targets[i]})
		}
	}
	for _, c := range obs.Context {
		out = append(out, Line{Context: c})
	}
	return out
}

// Page is one page of an observation's lines.
type Page struct {
	// Lines are the page's targets, then its context lines.
	Lines []Line
	// Start is where the page begins in the observation's two streams;
	// Next where the following page begins (the stream's length when
	// nothing of it is left).
	Start, Next Position
	// RestTargets and RestContext count the lines after this page.
	RestTargets, RestContext int
}

// Position is a place in an observation's two streams of lines: the
// index of the next target line and of the next context line.
type Position struct{ Target, Context int }

// Costs give the bytes a line takes on a page: Line for the line itself,
// ContextMark once for a page that has context lines (the text format's
// "--" line).
type Costs struct {
	Line        func(Line) int
	ContextMark int
}

// minContextShare is the least part of a page's room kept for context
// lines while both streams have lines left: a status bar or a message is
// often the answer an agent looks for, so targets never crowd it out.
const minContextShare = 4 // a quarter

// Paginate fills a page of budget bytes (less fixed, the page's own
// overhead) from the two streams at start: targets in page order and
// context lines in theirs. While both have lines left, the context
// lines get a share of the room in proportion to their bytes (at least a
// quarter of it, or all they need); a stream that runs out or whose next
// line does not fit leaves its room to the other, so a page is filled up
// to its last line. The page holds at least one line when any is left.
func Paginate(lines []Line, start Position, budget, fixed int, costs Costs) Page {
	split := len(lines)
	for i, l := range lines {
		if l.Target == nil {
			split = i
			break
		}
	}
	targets, context := lines[:split], lines[split:]
	start.Target = min(max(start.Target, 0), len(targets))
	start.Context = min(max(start.Context, 0), len(context))
	p := Page{Start: start, Next: start}
	room := budget - fixed

	sum := func(ls []Line) int {
		n := 0
		for _, l := range ls {
			n += costs.Line(l)
		}
		return n
	}
	restT, restC := sum(targets[start.Target:]), sum(context[start.Context:])
	if restC > 0 {
		restC += costs.ContextMark
	}
	if restT+restC <= room {
		p.Lines = append(slices.Clone(targets[start.Target:]), context[start.Context:]...)
		p.Next = Position{Target: len(targets), Context: len(context)}
		return p
	}
	contextRoom := restC
	if restT > 0 && restC > 0 {
		share := room * restC / (restT + restC)
		contextRoom = min(restC, max(share, room/minContextShare))
	}

	// Lines are taken one at a time from the stream furthest behind its
	// share (the least bytes taken for its weight, counting the line),
	// among the streams whose next line still fits.
	weightT, weightC := room-contextRoom, contextRoom
	used, usedT, usedC := 0, 0, 0
	var tl, cl []Line
	for {
		costT, costC := -1, -1
		if p.Next.Target < len(targets) {
			costT = costs.Line(targets[p.Next.Target])
		}
		if p.Next.Context < len(context) {
			costC = costs.Line(context[p.Next.Context])
			if len(cl) == 0 {
				costC += costs.ContextMark
			}
		}
		fitsT := costT >= 0 && used+costT <= room
		fitsC := costC >= 0 && used+costC <= room
		if !fitsT && !fitsC {
			break
		}
		// (usedT+costT)/weightT <= (usedC+costC)/weightC, without division.
		if fitsT && (!fitsC || (usedT+costT)*max(weightC, 1) <= (usedC+costC)*max(weightT, 1)) {
			used, usedT = used+costT, usedT+costT
			tl = append(tl, targets[p.Next.Target])
			p.Next.Target++
		} else {
			used, usedC = used+costC, usedC+costC
			cl = append(cl, context[p.Next.Context])
			p.Next.Context++
		}
	}
	if len(tl) == 0 && len(cl) == 0 {
		switch {
		case p.Next.Target < len(targets):
			tl = append(tl, targets[p.Next.Target])
			p.Next.Target++
		case p.Next.Context < len(context):
			cl = append(cl, context[p.Next.Context])
			p.Next.Context++
		}
	}
	p.Lines = append(tl, cl...)
	p.RestTargets = len(targets) - p.Next.Target
	p.RestContext = len(context) - p.Next.Context
	return p
}

// Done reports whether the page is the observation's last.
func (p Page) Done() bool { return p.RestTargets == 0 && p.RestContext == 0 }

// Cursor is where a page stops: the snapshot, the next position, and the
// observation's limits, so that the next page projects the same lines.
type Cursor struct {
	SnapshotID string
	Next       Position
	MaxTargets int
	MaxText    int
}

// String writes the cursor as "s4/40.3/100/2000": snapshot s4, target
// line 40 and context line 3 next, at most 100 targets and 2000
// characters of text. A context position of 0 is left out
// ("s4/40/100/2000").
func (c Cursor) String() string {
	next := strconv.Itoa(c.Next.Target)
	if c.Next.Context > 0 {
		next += "." + strconv.Itoa(c.Next.Context)
	}
	return fmt.Sprintf("%s/%s/%d/%d", c.SnapshotID, next, c.MaxTargets, c.MaxText)
}

// ParseCursor reads a cursor that String wrote; its error is invalid_params.
func ParseCursor(s string) (Cursor, error) {
	parts := strings.Split(s, "/")
	bad := Errorf(CodeInvalidParams, "cursor must be one that observe returned, like \"s4/40.3/100/2000\", not %q", s)
	if len(parts) != 4 || !digitsAfter(parts[0], "s") {
		return Cursor{}, bad
	}
	count := func(p string) (int, bool) {
		v, err := strconv.Atoi(p)
		return v, err == nil && v >= 0 && len(p) <= 9 && p[0] != '+'
	}
	var next Position
	target, context, dotted := strings.Cut(parts[1], ".")
	var ok bool
	if next.Target, ok = count(target); !ok {
		return Cursor{}, bad
	}
	if dotted {
		if next.Context, ok = count(context); !ok || next.Context == 0 {
			return Cursor{}, bad
		}
	}
	maxTargets, ok1 := count(parts[2])
	maxText, ok2 := count(parts[3])
	if !ok1 || !ok2 || maxTargets < 1 || maxText < 1 {
		return Cursor{}, bad
	}
	return Cursor{SnapshotID: parts[0], Next: next, MaxTargets: maxTargets, MaxText: maxText}, nil
}

// TextHeader is the first line of a text observation.
func TextHeader(obs Observation) string {
	var b strings.Builder
	b.WriteString(obs.SnapshotID)
	if obs.Window != "" {
		b.WriteString(" window ")
		b.WriteString(Quote(obs.Window))
	}
	if obs.App != "" {
		b.WriteString(" app ")
		b.WriteString(Quote(obs.App))
	}
	return b.String()
}

// TextLine writes one line of a text observation: a target as its ref,
// description, actions and states; a context line as it is.
func TextLine(snap *Snapshot, l Line, maxText int) string {
	if l.Target == nil {
		return l.Context
	}
	el, ok := snap.Lookup(l.Target.Ref)
	if !ok {
		return l.Target.Label
	}
	var b strings.Builder
	b.WriteString(el.Ref)
	b.WriteByte(' ')
	b.WriteString(describe(el, maxText))
	b.WriteByte(' ')
	b.WriteString(JoinActions(l.Target.Actions, ","))
	if st := labelStates(el.States); len(st) > 0 {
		b.WriteString(" [")
		b.WriteString(strings.Join(st, ","))
		b.WriteByte(']')
	}
	return b.String()
}

// contextMark separates the targets from the context lines in a text page.
const contextMark = "--"

// RenderText writes a page as text: the header, the page's targets, the
// context mark and the page's context lines, and a closing line that
// counts what is left and gives the cursor.
func RenderText(snap *Snapshot, obs Observation, p Page, maxText int, cursor string) string {
	var b strings.Builder
	b.WriteString(TextHeader(obs))
	b.WriteByte('\n')
	mark := false
	for _, l := range p.Lines {
		if l.Target == nil && !mark {
			b.WriteString(contextMark)
			b.WriteByte('\n')
			mark = true
		}
		b.WriteString(TextLine(snap, l, maxText))
		b.WriteByte('\n')
	}
	b.WriteString(TextTrailer(obs, p, cursor))
	return b.String()
}

// TextTrailer is the closing line of a text page: empty when nothing is
// left, else the counts of lines left and the cursor.
func TextTrailer(obs Observation, p Page, cursor string) string {
	rt, rc := p.RestTargets+obs.OmittedTargets, p.RestContext+obs.OmittedContext
	if rt == 0 && rc == 0 {
		return ""
	}
	s := fmt.Sprintf("… %d more targets, %d more context lines", rt, rc)
	if cursor != "" {
		s += "; cursor " + cursor
	} else {
		s += " (past maxTargets)"
	}
	return s + "\n"
}

// TextCosts are the bytes of a text page's lines, each with its newline,
// as measure counts them once sent (len for the bare text).
func TextCosts(snap *Snapshot, maxText int, measure func(string) int) Costs {
	return Costs{
		Line:        func(l Line) int { return measure(TextLine(snap, l, maxText) + "\n") },
		ContextMark: measure(contextMark + "\n"),
	}
}

// JSONCosts are the bytes of a JSON page's lines: a target's label in
// visible and its entry in targets, a context line in context, with their
// commas.
var JSONCosts = Costs{Line: jsonCost}

// jsonCost is one line's bytes in a JSON page.
func jsonCost(l Line) int {
	if l.Target == nil {
		return JSONLen(l.Context) + 1
	}
	return JSONLen(l.Target.Label) + JSONLen(l.Target) + 2
}

// JSONLen is the length of v in JSON as the protocol writes it: HTML
// characters are not escaped.
func JSONLen(v any) int {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if enc.Encode(v) != nil {
		return 0
	}
	return b.Len() - 1 // Encode's newline
}
