package rpc_test

import (
	"encoding/json"
	"strings"
	"testing"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/speech"
)

// pythonPolicy is Debian's Python Policy manual (package python3), an
// HTML manual of 49 headings.
const pythonPolicy = "/usr/share/doc/python3/python-policy.html"

// TestReadingPassHeadingsReadsOnlyHeadings: over JSON-RPC, with real
// espeak-ng, reading a real manual in the headings pass gives position
// notifications inside its headings only, and for every heading; the
// first-sentences pass reads more than the headings and less than the
// whole text.
func TestReadingPassHeadingsReadsOnlyHeadings(t *testing.T) {
	d, err := load.File(pythonPolicy)
	if err != nil {
		t.Fatalf("%v (Debian package python3)", err)
	}
	headings := d.MarkersOf(doc.Heading)
	if len(headings) < 20 {
		t.Fatalf("the manual has %d headings", len(headings))
	}
	inHeading := func(start, end int) int {
		for i, h := range headings {
			if start >= h.Start && end <= h.End {
				return i
			}
		}
		return -1
	}
	words := map[string]int{}
	for _, pass := range []struct {
		presses int
		named   string
	}{{2, "Reading pass: headings only."}, {1, "Reading pass: first sentences with headings."}} {
		sp, _, err := speech.Open(speech.Options{Backend: "espeak", Sink: "clock", Speed: 100})
		if err != nil {
			t.Fatal(err)
		}
		s := startServer(t, serverOptions{speaker: sp})
		t.Cleanup(sp.Close)
		s.result("open", `{"path":`+jsonString(pythonPolicy)+`}`)
		var said []string
		for range pass.presses {
			_, notes := s.result("action", `{"id":"reading_pass"}`)
			said = announcements(notes)
		}
		if len(said) == 0 || said[len(said)-1] != pass.named {
			t.Fatalf("reading_pass said %q, want %q", said, pass.named)
		}
		s.result("read", `{"what":"document"}`)
		heard := map[int]bool{}
		outside := 0
		n := 0
		for {
			m := s.next()
			if m.Method == "playback" && strings.Contains(string(m.Params), `"stopped"`) {
				break
			}
			if m.Method != "position" {
				continue
			}
			var p struct{ Start, End int }
			if err := json.Unmarshal(m.Params, &p); err != nil {
				t.Fatal(err)
			}
			n++
			if i := inHeading(p.Start, p.End); i >= 0 {
				heard[i] = true
			} else {
				outside++
			}
		}
		words[pass.named] = n
		if pass.presses == 2 {
			if outside > 0 {
				t.Errorf("the headings pass heard %d words outside the headings", outside)
			}
			if len(heard) != len(headings) {
				t.Errorf("the headings pass heard %d of the %d headings", len(heard), len(headings))
			}
		} else if outside == 0 {
			t.Errorf("the first-sentences pass heard nothing but headings")
		}
	}
	total := len(strings.Fields(d.Text))
	t.Logf("words heard: headings %d, first sentences %d, of about %d in the manual",
		words["Reading pass: headings only."], words["Reading pass: first sentences with headings."], total)
	if words["Reading pass: first sentences with headings."] >= total {
		t.Errorf("the first-sentences pass heard %d words, the whole manual has about %d", words["Reading pass: first sentences with headings."], total)
	}
}
