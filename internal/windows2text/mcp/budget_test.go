//go:build linux

package mcp_test

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"textfirst/internal/windows2text/desktoptest"
	"textfirst/internal/windows2text/ndjson"
)

var (
	factoryOnce sync.Once
	factory     *desktoptest.App
	factoryErr  error
)

// widgetFactory starts gtk3-widget-factory once for the package.
func widgetFactory(t *testing.T) *desktoptest.App {
	t.Helper()
	factoryOnce.Do(func() { factory, factoryErr = desk.StartProgram("gtk3-widget-factory") })
	if factoryErr != nil {
		t.Fatal(factoryErr)
	}
	return factory
}

var refRE = regexp.MustCompile(`(?m)^(s\d+:e\d+) `)

// TestTextThirdOfJSON: on gtk3-widget-factory the text form keeps every
// target of the JSON form and is at most a third of its size.
func TestTextThirdOfJSON(t *testing.T) {
	app := widgetFactory(t)
	c := connect(t)
	scope := map[string]any{"scope": "process", "pid": app.PID}
	_, full := c.ok("observe", scope)
	raw, _ := json.Marshal(full)
	var want []string
	for _, tg := range full["targets"].([]any) {
		want = append(want, tg.(map[string]any)["label"].(string))
	}
	args := map[string]any{"scope": "process", "pid": app.PID, "format": "text"}
	text, _ := c.ok("observe", args)
	got := refRE.FindAllStringSubmatch(text, -1)
	t.Logf("widget-factory: json %d bytes, %d targets, %d context; text %d bytes, %d targets", len(raw), len(want), len(full["context"].([]any)), len(text), len(got))
	if len(got) != len(want) || len(want) < 20 {
		t.Errorf("text has %d targets, json %d", len(got), len(want))
	}
	// Every target's description is in the text (refs differ: a new snapshot).
	for _, l := range want {
		desc := l[:strings.Index(l, " [ref=")]
		if !strings.Contains(text, " "+desc+" ") {
			t.Errorf("text lacks %s", desc)
		}
	}
	if len(text)*3 > len(raw) {
		t.Errorf("text is %d bytes, more than a third of json's %d", len(text), len(raw))
	}
	// Today's answer of "windows2text serve", as one NDJSON line.
	line, _ := ndjson.NewServer(backend, "test").Handle(context.Background(), []byte(fmt.Sprintf(`{"id":1,"method":"observe","params":{"scope":"process","pid":%d}}`, app.PID)))
	t.Logf("widget-factory: the NDJSON observe line is %d bytes", len(line))
	if len(text)*3 > len(line) {
		t.Errorf("text is %d bytes, more than a third of the NDJSON line's %d", len(text), len(line))
	}
}

// page is one observe answer under a budget.
type page struct {
	targets, context   []string
	cursor             string
	omittedT, omittedC int
	size               int
	// targetCost and contextCost are the bytes of the page's first target
	// and first context line (0 when it has none).
	targetCost, contextCost int
}

func readPage(t *testing.T, format, text string, m map[string]any) page {
	t.Helper()
	p := page{}
	if c, ok := m["cursor"].(string); ok {
		p.cursor = c
	}
	if n, ok := m["omittedTargets"].(float64); ok {
		p.omittedT = int(n)
	}
	if n, ok := m["omittedContext"].(float64); ok {
		p.omittedC = int(n)
	}
	if format == "text" {
		raw, _ := json.Marshal(m)
		p.size = len(text) + len(raw)
		lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")[1:]
		inContext := false
		for _, l := range lines {
			switch {
			case l == "--":
				inContext = true
			case strings.HasPrefix(l, "… "):
			case inContext:
				if len(p.context) == 0 {
					p.contextCost = len(l) + 1
				}
				p.context = append(p.context, l)
			default:
				if len(p.targets) == 0 {
					p.targetCost = len(l) + 1
				}
				p.targets = append(p.targets, l)
			}
		}
		return p
	}
	raw, _ := json.Marshal(m)
	p.size = len(raw)
	for _, tg := range m["targets"].([]any) {
		label := tg.(map[string]any)["label"].(string)
		if len(p.targets) == 0 {
			b, _ := json.Marshal(tg)
			lb, _ := json.Marshal(label)
			p.targetCost = len(b) + len(lb) + 2
		}
		p.targets = append(p.targets, label)
	}
	for _, l := range m["context"].([]any) {
		if len(p.context) == 0 {
			b, _ := json.Marshal(l)
			p.contextCost = len(b) + 1
		}
		p.context = append(p.context, l.(string))
	}
	return p
}

// TestBudgetPages pages through gtk3-widget-factory's observation under a
// budget in both formats. The rules, one check each:
//   - every page stays within maxBytes (but for one line longer than the
//     budget, alone on its page);
//   - every page but the last is filled to at least 90% of maxBytes, or
//     the next line of each stream would not have fit;
//   - paging loses no line and repeats none: the pages hold exactly the
//     targets and context lines of the whole observation, each stream in
//     its order;
//   - the first page has context lines (kept in proportion, not last);
//   - omittedTargets and omittedContext count exactly what later pages hold;
//   - the last page has no cursor;
//   - a cursor of a replaced snapshot is invalid_params.
func TestBudgetPages(t *testing.T) {
	app := widgetFactory(t)
	for _, format := range []string{"json", "text"} {
		t.Run(format, func(t *testing.T) {
			c := connect(t)
			budget := 1500
			_, full := c.ok("observe", map[string]any{"scope": "process", "pid": app.PID})
			var wantT, wantC []string
			for _, tg := range full["targets"].([]any) {
				wantT = append(wantT, tg.(map[string]any)["label"].(string))
			}
			for _, l := range full["context"].([]any) {
				wantC = append(wantC, l.(string))
			}
			args := map[string]any{"scope": "process", "pid": app.PID, "format": format, "maxBytes": budget}
			var pages []page
			for len(pages) < 100 {
				text, m := c.ok("observe", args)
				p := readPage(t, format, text, m)
				pages = append(pages, p)
				if p.cursor == "" {
					break
				}
				args = map[string]any{"cursor": p.cursor, "format": format, "maxBytes": budget}
			}
			var gotT, gotC []string
			filled := 0
			for i, p := range pages {
				// Only a page of one line longer than the budget may exceed it.
				if p.size > budget && len(p.targets)+len(p.context) > 1 {
					t.Errorf("page %d is %d bytes, over %d", i, p.size, budget)
				}
				gotT = append(gotT, p.targets...)
				gotC = append(gotC, p.context...)
				var restT, restC int
				for _, q := range pages[i+1:] {
					restT += len(q.targets)
					restC += len(q.context)
				}
				if p.omittedT != restT || p.omittedC != restC {
					t.Errorf("page %d says %d+%d left, later pages hold %d+%d", i, p.omittedT, p.omittedC, restT, restC)
				}
				// Every page but the last is filled to 90% of its budget,
				// unless the next line of each stream would not fit.
				if i < len(pages)-1 && p.size*10 < budget*9 {
					next := pages[i+1]
					if (next.targetCost > 0 && p.size+next.targetCost <= budget) || (next.contextCost > 0 && p.size+next.contextCost <= budget) {
						t.Errorf("page %d is %d bytes, under 90%% of %d, and the next page's first line (%d or %d bytes) would have fit", i, p.size, budget, next.targetCost, next.contextCost)
					}
				}
				filled += p.size
			}
			t.Logf("%s: %d pages of at most %d bytes for %d targets and %d context lines, %d%% full on average", format, len(pages), budget, len(wantT), len(wantC), filled*100/(len(pages)*budget))
			if len(pages) < 3 {
				t.Errorf("only %d pages", len(pages))
			}
			// The context (status bars, messages: often the answer) is not
			// left to the last pages: the first page has its share.
			if len(wantC) > 0 && len(pages[0].context) == 0 {
				t.Errorf("the first page has no context line")
			}
			if format == "json" {
				// The same labels (the refs are of the same snapshot's
				// numbering, taken again).
				strip := func(ls []string) []string {
					var out []string
					for _, l := range ls {
						out = append(out, regexp.MustCompile(`ref=s\d+:`).ReplaceAllString(l, "ref="))
					}
					return out
				}
				if !slices.Equal(strip(gotT), strip(wantT)) {
					t.Errorf("paged targets differ:\n%q\nwant\n%q", gotT, wantT)
				}
			} else if len(gotT) != len(wantT) {
				t.Errorf("paged %d targets, want %d", len(gotT), len(wantT))
			}
			if !slices.Equal(gotC, wantC) {
				t.Errorf("paged context differs: %d lines, want %d", len(gotC), len(wantC))
			}
			// A new observation replaces the snapshot: the old cursor fails.
			c.ok("observe", map[string]any{"scope": "process", "pid": app.PID, "maxTargets": 1})
			c.fails("invalid_params", "observe", map[string]any{"cursor": pages[0].cursor, "format": format, "maxBytes": budget})
		})
	}
}

// TestBudgetFocusedFirst: the focused target comes first on the first
// page, before targets that precede it in reading order.
func TestBudgetFocusedFirst(t *testing.T) {
	defer mainApp.Command("reset")
	c := connect(t)
	text, _ := c.ok("observe", map[string]any{"format": "text"})
	c.ok("focus", map[string]any{"ref": refOf(t, text, `Edit "Name"`)})
	text, m := c.ok("observe", map[string]any{"format": "text", "maxBytes": 400})
	p := readPage(t, "text", text, m)
	if len(p.targets) == 0 || !strings.Contains(p.targets[0], `Edit "Name"`) || !strings.HasSuffix(p.targets[0], "[focused]") {
		t.Errorf("first line is not the focused entry:\n%s", text)
	}
	if p.cursor == "" || len(text) > 400 {
		t.Errorf("a 400-byte page of %d bytes, cursor %q", len(text), p.cursor)
	}
}
