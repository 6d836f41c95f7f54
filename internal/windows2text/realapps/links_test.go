//go:build linux

package realapps

import (
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"

	"testing"
	"time"

	"textfirst/internal/windows2text/desktoptest"
)

// linksPage is a page of 5,000 links, one per list item.
const (
	linksPage  = "long.html?n=5000"
	linksCount = 5000
)

// TestChromiumFiveThousandLinks: on a page of 5,000 links, observe reads
// what is on screen without listing the whole list (Chromium takes 300 ms
// and more to answer GetChildren on 5,000 children; the visible ones are
// found by index), every link is reachable by ref from a full snapshot,
// and one near the end is brought into view.
func TestChromiumFiveThousandLinks(t *testing.T) {
	app, pid := startChromium(t, linksPage)
	c := serve(t)
	waitForText(t, c, pid, "Link 1")
	obs := map[string]any{"scope": "process", "pid": pid, "maxDepth": 40, "maxTargets": 500}
	_, targets, _ := c.observe(obs)
	links := linkNumbers(targets)
	if len(links) < 10 || links[0] != 1 || links[len(links)-1] > 100 {
		t.Fatalf("observe of the top of the page shows links %v", links)
	}

	// Observe against a snapshot that must list the whole list (cut by
	// maxNodes right after it): observe paid that price too before the
	// visible links were found by index. Medians of five, alternated.
	var observeMS, listMS []float64
	for range 5 {
		start := time.Now()
		c.observe(obs)
		observeMS = append(observeMS, millis(time.Since(start)))
		start = time.Now()
		c.ok("snapshot", map[string]any{"scope": "process", "pid": pid, "maxDepth": 40, "maxNodes": 200, "visibleOnly": false})
		listMS = append(listMS, millis(time.Since(start)))
	}
	t.Logf("observe %.1f ms, a snapshot that lists the 5,000 list items %.1f ms (medians)", median(observeMS), median(listMS))
	if median(observeMS)*2 > median(listMS) {
		t.Errorf("observe (%.1f ms) costs more than half a snapshot that lists all 5,000 links (%.1f ms): hidden links are fetched", median(observeMS), median(listMS))
	}

	// Every link by ref from a full snapshot.
	snap := c.ok("snapshot", map[string]any{"scope": "process", "pid": pid, "maxDepth": 40, "maxNodes": 30000, "visibleOnly": false})
	if snap["truncated"] == true {
		t.Fatal("the full snapshot was truncated")
	}
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

// BenchmarkChromiumLinks compares, in one run, observe of the 5,000-link
// page through windows2text serve (timed from request to answer) with a
// pyatspi walk of the same page that reads only what is showing (a child
// not SHOWING is skipped after its states are read), and reports the size
// of observe's answer. Run with -benchtime 1x: each figure is a median.
func BenchmarkChromiumLinks(b *testing.B) {
	_, pid := startChromium(b, linksPage)
	c := serve(b)
	waitForText(b, c, pid, "Link 1")
	obs := map[string]any{"scope": "process", "pid": pid, "maxDepth": 40, "maxTargets": 500}
	for b.Loop() {
		var ms []float64
		size := 0
		c.do("observe", obs)
		for range 15 {
			start := time.Now()
			r := c.do("observe", obs)
			ms = append(ms, millis(time.Since(start)))
			if !r.OK {
				b.Fatalf("observe: %s", r.raw)
			}
			size = len(r.raw)
		}
		pyNodes, pyMS := pyatspiWalk(b, pid, 3, "showing")
		b.ReportMetric(median(ms), "observe-ms")
		b.ReportMetric(float64(size), "observe-bytes")
		b.ReportMetric(median(pyMS), "pyatspi-showing-ms")
		b.ReportMetric(float64(pyNodes), "pyatspi-elements")
		b.ReportMetric(median(pyMS)/median(ms), "speedup")
	}
}

// pyatspiWalk runs the benchmark's pyatspi walker (bench/windows2text)
// on the application with pid.
func pyatspiWalk(tb testing.TB, pid, iterations int, mode string) (nodes int, ms []float64) {
	tb.Helper()
	script := filepath.Join(desktoptest.Root(), "bench", "windows2text", "pyatspi_walk.py")
	cmd := exec.Command("/usr/bin/python3", script, fmt.Sprint(pid), fmt.Sprint(iterations), mode)
	cmd.Env = desk.Env
	out, err := cmd.Output()
	if err != nil {
		tb.Fatalf("pyatspi walk: %v (%s)", err, out)
	}
	var res struct {
		Nodes int
		MS    []float64
	}
	if err := json.Unmarshal(out, &res); err != nil {
		tb.Fatalf("pyatspi output %q: %v", out, err)
	}
	return res.Nodes, res.MS
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

func millis(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	return s[len(s)/2]
}

// BenchmarkBrowserObserve compares, in one run and for each browser,
// observe of the order form through windows2text serve (timed from
// request to answer) with a full pyatspi walk of the browser (every
// element of its windows, reading what windows2text reads), and reports
// the size of observe's answer. Run with -benchtime 1x.
func BenchmarkBrowserObserve(b *testing.B) {
	for _, browser := range []struct {
		name  string
		start func(testing.TB, string) (interface{ Alive() bool }, int)
	}{{"chromium", startChromium}, {"firefox-esr", startFirefox}} {
		b.Run(browser.name, func(b *testing.B) {
			_, pid := browser.start(b, "form.html")
			c := serve(b)
			waitForText(b, c, pid, "Nothing ordered")
			obs := map[string]any{"scope": "process", "pid": pid}
			for b.Loop() {
				var ms []float64
				size := 0
				c.do("observe", obs)
				for range 15 {
					start := time.Now()
					r := c.do("observe", obs)
					ms = append(ms, millis(time.Since(start)))
					if !r.OK {
						b.Fatalf("observe: %s", r.raw)
					}
					size = len(r.raw)
				}
				pyNodes, pyMS := pyatspiWalk(b, pid, 3, "all")
				b.ReportMetric(median(ms), "observe-ms")
				b.ReportMetric(float64(size), "observe-bytes")
				b.ReportMetric(median(pyMS), "pyatspi-walk-ms")
				b.ReportMetric(float64(pyNodes), "pyatspi-elements")
				b.ReportMetric(median(pyMS)/median(ms), "speedup")
			}
		})
	}
}
