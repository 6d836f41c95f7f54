package rpc_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCitationsOverRPC: over the real tw serve, import_references asks
// its file and imports Debian's xampl.bib (texlive-base); insert_citation
// lists the library, choose asks the place (citation_locator) and answer
// inserts the citation; check_citations counts it.
func TestCitationsOverRPC(t *testing.T) {
	const xampl = "/usr/share/texlive/texmf-dist/bibtex/bib/base/xampl.bib"
	if _, err := os.Stat(xampl); err != nil {
		t.Fatalf("%v: install texlive-base (scripts/deps-tw.sh)", err)
	}
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	writeFile(t, filepath.Join(dir, "essay.md"), "Knuth wrote it.\n")
	calls := []string{
		request(1, "action", `{"id":"import_references"}`),
		request(2, "answer", `{"text":"`+xampl+`"}`),
		request(3, "action", `{"id":"toggle_edit_mode"}`),
		request(4, "action", `{"id":"insert_citation"}`),
		request(5, "choose", `{"index":0}`),
		request(6, "answer", `{"text":"3-5"}`),
		request(7, "action", `{"id":"check_citations"}`),
		request(8, "shutdown", ""), request(9, "exit", ""),
	}
	out, _ := runTw(t, dir, []string{"TEXTWEAVER_HOME=" + home}, strings.Join(calls, "\n")+"\n", "serve", "--stdio", "--no-speech", "--open", "essay.md")
	results := resultsByID(t, out)
	type effect struct {
		Type   string
		Params struct {
			Purpose, Title string
			Items          []string
		}
	}
	var r [8]struct {
		Status  string
		Effects []effect
	}
	for i := 1; i <= 7; i++ {
		if err := json.Unmarshal(results[string(rune('0'+i))], &r[i]); err != nil {
			t.Fatalf("result %d: %v\n%s", i, err, out)
		}
	}
	if len(r[1].Effects) != 1 || r[1].Effects[0].Params.Purpose != "import_references" {
		t.Errorf("import_references: %+v", r[1])
	}
	if r[2].Status != "Imported 36 new references from xampl.bib." {
		t.Errorf("answer: %q", r[2].Status)
	}
	list := r[4].Effects
	if len(list) != 1 || list[0].Type != "list" || list[0].Params.Title != "Insert citation" || len(list[0].Params.Items) != 36 {
		t.Fatalf("insert_citation: %+v", r[4])
	}
	if len(r[5].Effects) != 1 || r[5].Effects[0].Params.Purpose != "citation_locator" {
		t.Errorf("choose: %+v", r[5])
	}
	if !strings.HasPrefix(r[6].Status, "Inserted citation of ") || !strings.HasSuffix(r[6].Status, ", pp. 3-5.") {
		t.Errorf("answer the place: %q", r[6].Status)
	}
	if r[7].Status != "1 citation found. Every key is in the library." {
		t.Errorf("check_citations: %q", r[7].Status)
	}
}
