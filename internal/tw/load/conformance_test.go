package load

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/doc"
)

// conformanceDir finds the original textweaver's fixtures: the folder
// holding go.mod, then ../shared/conformance/textweaver (CI puts a copy of
// shared/ beside the clone).
func conformanceDir(t testing.TB) string {
	t.Helper()
	return testkit.Path(t, "conformance", "textweaver")
}

// markerFields are the marker fields the expected files give; a field absent
// there must be absent in ours too.
var markerFields = []string{"kind", "range", "level", "label", "reference", "text"}

func TestConformanceWithTextweaverFixtures(t *testing.T) {
	dir := conformanceDir(t)
	for _, name := range []string{"sample.md", "sample.txt", "sample.html", "sample.epub", "pandoc.epub", "sample.docx", "pandoc.docx"} {
		t.Run(name, func(t *testing.T) {
			raw, err := os.ReadFile(filepath.Join(dir, name+".expected.json"))
			if err != nil {
				t.Fatalf("fixture missing: %v", err)
			}
			var want map[string]any
			if err := json.Unmarshal(raw, &want); err != nil {
				t.Fatalf("bad expected JSON: %v", err)
			}
			d, err := File(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			out, err := doc.TextJSON(d)
			if err != nil {
				t.Fatal(err)
			}
			var got map[string]any
			if err := json.Unmarshal(out, &got); err != nil {
				t.Fatalf("TextJSON gave invalid JSON: %v\n%s", err, out)
			}
			if filepath.Ext(name) == ".docx" {
				undoubleDOCXMeta(t, want)
			}
			if filepath.Ext(name) == ".epub" {
				dropEPUBNotes(t, want, got, epubNotesWanted[name])
			}
			if filepath.Ext(name) == ".html" {
				dropHTMLRegions(t, want, got, htmlRegionsWanted)
			}
			compareDocJSON(t, want, got)
		})
	}
}

// undoubleDOCXMeta: the original textweaver doubles every value of a
// DOCX's docProps/core.xml ("Test AuthorTest Author"), because it joins an
// element's text with its text node's text. That is a bug, not behaviour:
// we report each value once, so the expected title, author and language
// are halved here (and the test fails if one is not doubled, so a fixed
// expectation is noticed).
func undoubleDOCXMeta(t *testing.T, want map[string]any) {
	t.Helper()
	m := want["meta"].(map[string]any)
	for _, k := range []string{"title", "author", "language"} {
		v, ok := m[k].(string)
		if !ok {
			continue
		}
		half := v[:len(v)/2]
		if len(v)%2 != 0 || half+half != v {
			t.Fatalf("expected meta.%s %q is not doubled: the fixture changed, revisit undoubleDOCXMeta", k, v)
		}
		m[k] = half
	}
}

// epubNotesWanted is the notes section each fixture gets beyond the
// original's text.
var epubNotesWanted = map[string]string{
	"sample.epub": "\n\nFootnotes\n\n[1] An aside the reader skips.",
	"pandoc.epub": "\n\nFootnotes\n\n[1] The footnote text lives here.",
}

// dropEPUBNotes: here we go beyond the original, which skips an EPUB's
// footnotes (the reference "1" stays a link leading nowhere). We gather
// the notes after the book under a "Footnotes" heading and put a footnote
// marker inside each reference's link. Everything else must be the
// original's: this checks our additions (the notes section's text, a
// footnote marker pair per note, the reference's footnote marker inside
// its link) and removes them from got before the comparison.
func dropEPUBNotes(t *testing.T, want, got map[string]any, notes string) {
	t.Helper()
	wantText, gotText := want["text"].(string), got["text"].(string)
	if gotText != wantText+notes {
		t.Fatalf("text is not the original's followed by the notes %q:\n%q", notes, gotText)
	}
	got["text"] = wantText
	end := float64(len([]rune(wantText)))
	var kept []any
	refs, notesSeen := 0, 0
	for _, m := range got["markers"].([]any) {
		mm := m.(map[string]any)
		switch {
		case mm["start"].(float64) >= end:
			if mm["kind"] == "footnote" {
				notesSeen++
			}
		case mm["kind"] == "footnote":
			if mm["reference"] != "1" || mm["text"] != "1" {
				t.Errorf("reference's footnote marker %s", brief(mm))
			}
			refs++
		default:
			kept = append(kept, m)
		}
	}
	if refs != 1 || notesSeen != 2 {
		t.Errorf("%d reference markers and %d note markers, want 1 and 2 (the note and its label)", refs, notesSeen)
	}
	got["markers"] = kept
}

// htmlRegionsWanted are the blocks sample.html gets beyond the original's
// text: its <nav> before the text, its <footer> after it.
var htmlRegionsWanted = []string{"Home | About", "Footer text that some readers skip."}

// dropHTMLRegions: here we go beyond the original, which drops a page's
// <nav>, <aside> and <footer>; we read them as pandoc does, each under a
// quote marker labelled with its kind (htmlWalker.region). This checks
// the regions' text and places (each a block at the start or the end,
// in the order of regions) and removes them, with the markers inside them,
// from got, shifting the markers after a leading one.
func dropHTMLRegions(t *testing.T, want, got map[string]any, regions []string) {
	t.Helper()
	text := []rune(got["text"].(string))
	var blocks [][2]int
	for _, m := range got["markers"].([]any) {
		mm := m.(map[string]any)
		if mm["kind"] == "quote" && (mm["label"] == "navigation" || mm["label"] == "footer" || mm["label"] == "aside") {
			r := mm["range"].([]any)
			blocks = append(blocks, [2]int{int(r[0].(float64)), int(r[1].(float64))})
		}
	}
	if len(blocks) != len(regions) {
		t.Fatalf("%d regions, want %d (%q)", len(blocks), len(regions), regions)
	}
	shift := 0
	for i, b := range blocks {
		if got := string(text[b[0]:b[1]]); got != regions[i] {
			t.Errorf("region %d reads %q, want %q", i, got, regions[i])
		}
		switch {
		case b[0] == 0:
			shift = b[1] + 2 // the block and the blank line after it
		case b[1] == len(text):
			blocks[i][0] -= 2 // the blank line before the block
		default:
			t.Fatalf("region %q is neither at the start nor at the end", regions[i])
		}
	}
	cut := len(text)
	for _, b := range blocks {
		if b[0] > 0 {
			cut = min(cut, b[0])
		}
	}
	got["text"] = string(text[shift:cut])
	var kept []any
	for _, m := range got["markers"].([]any) {
		mm := m.(map[string]any)
		r := mm["range"].([]any)
		start, end := int(r[0].(float64)), int(r[1].(float64))
		if end <= shift && shift > 0 || start >= cut {
			continue
		}
		mm["range"] = []any{float64(start - shift), float64(end - shift)}
		kept = append(kept, m)
	}
	got["markers"] = kept
}

func compareDocJSON(t *testing.T, want, got map[string]any) {
	t.Helper()
	if got["text"] != want["text"] {
		t.Errorf("text differs\n got: %q\nwant: %q", got["text"], want["text"])
	}
	wm, gm := want["meta"].(map[string]any), got["meta"].(map[string]any)
	for _, k := range []string{"title", "author", "language", "format"} {
		if !reflect.DeepEqual(wm[k], gm[k]) {
			t.Errorf("meta.%s = %#v, want %#v", k, gm[k], wm[k])
		}
	}
	if !reflect.DeepEqual(wm["properties"], gm["properties"]) {
		t.Errorf("meta.properties = %#v, want %#v", gm["properties"], wm["properties"])
	}
	if _, ok := gm["path"]; !ok {
		t.Errorf("meta has no path key")
	}
	wantMarkers, _ := want["markers"].([]any)
	gotMarkers, _ := got["markers"].([]any)
	n := max(len(wantMarkers), len(gotMarkers))
	for i := range n {
		if i >= len(wantMarkers) {
			t.Errorf("extra marker %d: %s", i, brief(gotMarkers[i]))
			continue
		}
		if i >= len(gotMarkers) {
			t.Errorf("missing marker %d: %s", i, brief(wantMarkers[i]))
			continue
		}
		w, g := wantMarkers[i].(map[string]any), gotMarkers[i].(map[string]any)
		for _, k := range markerFields {
			wv, wok := w[k]
			gv, gok := g[k]
			if wok != gok || !reflect.DeepEqual(wv, gv) {
				t.Errorf("marker %d field %s = %#v, want %#v\n got: %s\nwant: %s", i, k, gv, wv, brief(g), brief(w))
			}
		}
	}
}

func brief(m any) string {
	b, _ := json.Marshal(m)
	return fmt.Sprint(string(b))
}
