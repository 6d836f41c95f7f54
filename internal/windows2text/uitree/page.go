package uitree

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// An observation within a budget. The lines of an observation are put in
// one order: the focused target first, then the other targets in reading
// order, then the context lines. A page takes lines in that order for as
// long as they fit in the budget (always at least one, so that paging ends)
// and says how many are left; its cursor continues with the next line of
// the same snapshot.

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
	Lines []Line
	// Start is the position of the first line in the whole order; Next
	// that of the first line left out (len of the order when none is).
	Start, Next int
	// RestTargets and RestContext count the lines after this page.
	RestTargets, RestContext int
}

// Paginate takes lines from start while the running cost stays within
// budget (less fixed, the page's own overhead); cost gives each line's
// bytes. The page always holds at least one line when any is left.
func Paginate(lines []Line, start, budget, fixed int, cost func(Line) int) Page {
	p := Page{Start: start, Next: start}
	used := fixed
	for i := start; i < len(lines); i++ {
		c := cost(lines[i])
		if used+c > budget && i > start {
			break
		}
		used += c
		p.Lines = append(p.Lines, lines[i])
		p.Next = i + 1
	}
	for _, l := range lines[p.Next:] {
		if l.Target != nil {
			p.RestTargets++
		} else {
			p.RestContext++
		}
	}
	return p
}

// Cursor is where a page stops: the snapshot, the next line, and the
// observation's limits, so that the next page projects the same lines.
type Cursor struct {
	SnapshotID string
	Next       int
	MaxTargets int
	MaxText    int
}

// String writes the cursor as "s4/40/100/2000".
func (c Cursor) String() string {
	return fmt.Sprintf("%s/%d/%d/%d", c.SnapshotID, c.Next, c.MaxTargets, c.MaxText)
}

// ParseCursor reads a cursor that String wrote; its error is invalid_params.
func ParseCursor(s string) (Cursor, error) {
	parts := strings.Split(s, "/")
	bad := Errorf(CodeInvalidParams, "cursor must be one that observe returned, like \"s4/40/100/2000\", not %q", s)
	if len(parts) != 4 || !digitsAfter(parts[0], "s") {
		return Cursor{}, bad
	}
	var n [3]int
	for i, p := range parts[1:] {
		v, err := strconv.Atoi(p)
		if err != nil || v < 0 || len(p) > 9 {
			return Cursor{}, bad
		}
		n[i] = v
	}
	if n[1] < 1 || n[2] < 1 {
		return Cursor{}, bad
	}
	return Cursor{SnapshotID: parts[0], Next: n[0], MaxTargets: n[1], MaxText: n[2]}, nil
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
	for i, a := range l.Target.Actions {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(string(a))
	}
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

// TextCost is a line's bytes in a text page, its newline included (and the
// context mark for the first context line, counted on every context line
// to stay on the safe side).
func TextCost(snap *Snapshot, maxText int) func(Line) int {
	return func(l Line) int {
		n := len(TextLine(snap, l, maxText)) + 1
		if l.Target == nil {
			n += len(contextMark) + 1
		}
		return n
	}
}

// JSONCost is a line's bytes in a JSON page: a target's label in visible
// and its entry in targets, a context line in context, with commas.
func JSONCost(l Line) int {
	if l.Target == nil {
		b, _ := json.Marshal(l.Context)
		return len(b) + 1
	}
	lb, _ := json.Marshal(l.Target.Label)
	tb, _ := json.Marshal(l.Target)
	return len(lb) + len(tb) + 2
}
