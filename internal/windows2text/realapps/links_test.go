//go:build linux

package realapps

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"textfirst/internal/testkit"
)

// linksPage is a page of 5,000 links, one per list item.
const (
	linksPage  = "long.html?n=5000"
	linksCount = 5000
)

// TestChromiumFiveThousandLinks: on a page of 5,000 links, observe reads
// what is on screen without listing the whole list (Chromium takes 300 ms
// and more to answer GetChildren on 5,000 children, past the call timeout
// under load; the visible ones are found by index), every link is
// reachable by ref from a full snapshot (the list read by index in
// slices), and one near the end is brought into view.
func TestChromiumFiveThousandLinks(t *testing.T) {
	app, profile := startChromiumProfile(t, linksPage)
	pid := app.PID
	c := serve(t)
	waitForText(t, c, pid, "Link 1")
	obs := map[string]any{"scope": "process", "pid": pid, "maxDepth": 40, "maxTargets": 500}
	_, targets, _ := c.observe(obs)
	links := linkNumbers(targets)
	if len(links) < 10 || links[0] != 1 || links[len(links)-1] > 100 {
		t.Fatalf("observe of the top of the page shows links %v", links)
	}

	// observe of the window of 5,000 links against a window of 300 of
	// the same browser: what shows is the same, so the times should be
	// too (589 against 55 ms when the whole list was listed). Medians of
	// five, alternated.
	openChromiumWindow(t, profile, "long.html?n=300")
	var long, short string
	if !eventually(20*time.Second, func() bool {
		long, short = "", ""
		for _, w := range c.ok("windows", nil)["windows"].([]any) {
			m := w.(map[string]any)
			title, _ := m["title"].(string)
			switch {
			case strings.HasPrefix(title, "Long page, 5000 links"):
				long, _ = m["hwnd"].(string)
			case strings.HasPrefix(title, "Long page, 300 links"):
				short, _ = m["hwnd"].(string)
			}
		}
		return long != "" && short != "" && containsLine(c.ok("observe", map[string]any{"scope": "hwnd", "hwnd": short})["visible"], "Link 1")
	}) {
		t.Fatalf("the two windows did not show (5,000 links %q, 300 links %q)", long, short)
	}
	var longMS, shortMS []float64
	for range 5 {
		for _, w := range []struct {
			hwnd string
			ms   *[]float64
		}{{long, &longMS}, {short, &shortMS}} {
			start := time.Now()
			_, targets, _ := c.observe(map[string]any{"scope": "hwnd", "hwnd": w.hwnd, "maxDepth": 40, "maxTargets": 500})
			*w.ms = append(*w.ms, testkit.Millis(time.Since(start)))
			if len(linkNumbers(targets)) < 10 {
				t.Fatalf("observe of window %s shows links %v", w.hwnd, linkNumbers(targets))
			}
		}
	}
	t.Logf("observe of 5,000 links %.1f ms, of 300 links %.1f ms (medians)", testkit.Median(longMS), testkit.Median(shortMS))
	if testkit.Median(longMS) > 3*testkit.Median(shortMS) {
		t.Errorf("observe of 5,000 links (%.1f ms) costs more than three times observe of 300 (%.1f ms): hidden links are fetched", testkit.Median(longMS), testkit.Median(shortMS))
	}

	// Every link by ref from a full snapshot.
	start := time.Now()
	snap := c.ok("snapshot", map[string]any{"scope": "process", "pid": pid, "maxDepth": 40, "maxNodes": 30000, "visibleOnly": false})
	if snap["truncated"] == true {
		t.Fatal("the full snapshot was truncated")
	}
	if un, _ := snap["unresponsive"].([]any); len(un) > 0 {
		t.Fatalf("the full snapshot found Chromium unresponsive: %v", un)
	}
	t.Logf("the full snapshot of the page: %.0f ms", testkit.Millis(time.Since(start)))
	refs := map[string]string{}
	collectRefs(snap["root"].(map[string]any), refs)
	missing := 0
	for i := 1; i <= linksCount; i++ {
		if refs[fmt.Sprintf("Link %d", i)] == "" {
			missing++
		}
	}
	if missing > 0 {
		t.Fatalf("%d of %d links have no ref in the full snapshot", missing, linksCount)
	}
	c.ok("scroll_into_view", map[string]any{"ref": refs["Link 4990"]})
	if !eventually(5*time.Second, func() bool {
		_, targets, _ = c.observe(obs)
		return slices.Contains(linkNumbers(targets), 4990)
	}) {
		t.Errorf("Link 4990 is not on screen after scroll_into_view; observe shows links %v", linkNumbers(targets))
	}
	if !app.Alive() {
		t.Fatal("Chromium died")
	}
}

// BenchmarkBrowserLinks compares, in one run and for each browser,
// observe of the 5,000-link page through windows2text serve (timed from
// request to answer) with a pyatspi walk of the same page that reads only
// what is showing (a child not SHOWING is skipped after its states are
// read), and reports the size of observe's answer and how many answers
// said the browser did not answer. Run with -benchtime 1x: each figure is
// a median.
func BenchmarkBrowserLinks(b *testing.B) {
	for _, browser := range browsers {
		b.Run(browser.name, func(b *testing.B) {
			_, pid := browser.start(b, linksPage)
			c := serve(b)
			waitForText(b, c, pid, "Link 1")
			obs := map[string]any{"scope": "process", "pid": pid, "maxDepth": 40, "maxTargets": 500}
			for b.Loop() {
				ms, size, unresponsive := timeObserve(b, c, obs)
				pyNodes, pyMS := desk.PyatspiWalk(b, pid, 3, "showing")
				b.ReportMetric(testkit.Median(ms), "observe-ms")
				b.ReportMetric(float64(size), "observe-bytes")
				b.ReportMetric(float64(unresponsive), "unresponsive-answers")
				b.ReportMetric(testkit.Median(pyMS), "pyatspi-showing-ms")
				b.ReportMetric(float64(pyNodes), "pyatspi-elements")
				b.ReportMetric(testkit.Median(pyMS)/testkit.Median(ms), "speedup")
			}
		})
	}
}

// browsers are the browsers the benchmarks compare, each with the function
// that opens a local page in it.
var browsers = []struct {
	name  string
	start func(testing.TB, string) (interface{ Alive() bool }, int)
}{{"chromium", startChromium}, {"firefox-esr", startFirefox}}

// timeObserve asks for the observation obs once, then 15 times timed, and
// returns the times from request to answer, the size of the last answer,
// and how many of the timed answers list an application that did not
// answer.
func timeObserve(b *testing.B, c *client, obs map[string]any) (ms []float64, size, unresponsive int) {
	b.Helper()
	c.do("observe", obs)
	for range 15 {
		start := time.Now()
		r := c.do("observe", obs)
		ms = append(ms, testkit.Millis(time.Since(start)))
		if !r.OK {
			b.Fatalf("observe: %s", r.raw)
		}
		if un, _ := r.Result["unresponsive"].([]any); len(un) > 0 {
			unresponsive++
		}
		size = len(r.raw)
	}
	return ms, size, unresponsive
}

// linkNumbers lists the numbers of the "Link N" hyperlinks among targets.
func linkNumbers(targets []target) []int {
	var out []int
	for _, tg := range targets {
		var n int
		if _, err := fmt.Sscanf(tg.Label, `Hyperlink "Link %d"`, &n); err == nil {
			out = append(out, n)
		}
	}
	return out
}

// collectRefs maps the name of every element of a snapshot to its ref
// (the first one of that name).
func collectRefs(n map[string]any, out map[string]string) {
	if name, _ := n["name"].(string); name != "" && out[name] == "" {
		out[name], _ = n["ref"].(string)
	}
	kids, _ := n["children"].([]any)
	for _, k := range kids {
		collectRefs(k.(map[string]any), out)
	}
}

// BenchmarkBrowserObserve compares, in one run and for each browser,
// observe of the order form through windows2text serve (timed from
// request to answer) with a full pyatspi walk of the browser (every
// element of its windows, reading what windows2text reads), and reports
// the size of observe's answer. Run with -benchtime 1x.
func BenchmarkBrowserObserve(b *testing.B) {
	for _, browser := range browsers {
		b.Run(browser.name, func(b *testing.B) {
			_, pid := browser.start(b, "form.html")
			c := serve(b)
			waitForText(b, c, pid, "Nothing ordered")
			obs := map[string]any{"scope": "process", "pid": pid}
			for b.Loop() {
				ms, size, _ := timeObserve(b, c, obs)
				pyNodes, pyMS := desk.PyatspiWalk(b, pid, 3, "all")
				b.ReportMetric(testkit.Median(ms), "observe-ms")
				b.ReportMetric(float64(size), "observe-bytes")
				b.ReportMetric(testkit.Median(pyMS), "pyatspi-walk-ms")
				b.ReportMetric(float64(pyNodes), "pyatspi-elements")
				b.ReportMetric(testkit.Median(pyMS)/testkit.Median(ms), "speedup")
			}
		})
	}
}
