//go:build linux

package realapps

import (
	"path/filepath"
	"testing"
)

// TestBrowserStatusRegionText: a page's status region, live region and log
// keep their words only in the Text interface (Gecko gives a status <p> no
// name and no text leaves); observe shows them as context before and after
// the button that changes them.
func TestBrowserStatusRegionText(t *testing.T) {
	for _, b := range []struct {
		name  string
		start func(testing.TB, string) (interface{ Alive() bool }, int)
	}{
		{"Firefox", startFirefox},
		{"Chromium", startChromium},
	} {
		t.Run(b.name, func(t *testing.T) {
			_, pid := b.start(t, "status.html")
			c := serve(t)
			waitForText(t, c, pid, "Upload waiting")
			for _, text := range []string{"Nothing saved yet", "First entry of the log", `"Result" value="No total"`} {
				waitForText(t, c, pid, text)
			}
			obs := map[string]any{"scope": "process", "pid": pid, "maxDepth": 40}
			_, targets, _ := c.observe(obs)
			c.ok("invoke", map[string]any{"ref": find(t, targets, `Button "Save"`).Ref})
			waitForText(t, c, pid, "Saved 3 files")
			waitForText(t, c, pid, "Upload finished at 42%")
			waitForText(t, c, pid, `"Result" value="Total 318"`)
		})
	}
}

// TestPDFViewerPageText: evince keeps a page's words in the Text interface
// of an unnamed "page" with no children; observe shows them.
func TestPDFViewerPageText(t *testing.T) {
	abs, err := filepath.Abs(filepath.Join("testdata", "invoice.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	app := start(t, nil, "evince", abs)
	c := serve(t)
	waitForText(t, c, app.PID, "Invoice 2047 total 318 euros Paid by bank transfer")
}
