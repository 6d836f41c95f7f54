//go:build linux

package realapps

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestPDFViewerTurnsPages: an agent turns evince to another page through
// its page number entry and reads that page's words. evince marks the page
// shown SHOWING but, once it has scrolled, answers its extents in the
// document's coordinates, far below the view: the page must be read as on
// screen all the same, and the pages scrolled away must not.
func TestPDFViewerTurnsPages(t *testing.T) {
	abs, err := filepath.Abs(filepath.Join("testdata", "ledger.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	app, c, obs := serveApp(t, nil, "evince", abs)
	waitForText(t, c, app.PID, "Chapter one opens the ledger")
	_, targets, _ := c.observe(obs)
	entry := find(t, targets, `Edit "page-label-entry"`)
	if res := c.ok("type_text", map[string]any{"ref": entry.Ref, "text": "5\n", "clear": true}); res["verified"] != true {
		t.Fatalf("type_text 5 into the page entry: %v", res)
	}
	waitForText(t, c, app.PID, "Chapter five pays the crew")
	_, _, visible := c.observe(obs)
	if all := strings.Join(visible, "\n"); strings.Contains(all, "Chapter one opens the ledger") {
		t.Errorf("page 1 still reads as shown on page 5:\n%s", all)
	}
}
