package tw_test

import (
	"bytes"
	"path/filepath"
	"testing"

	"textfirst/bench/tw/corpus"
	"textfirst/internal/testkit"
	"textfirst/internal/tw/core"
	"textfirst/internal/tw/load"
)

// TestCorpus keeps the benchmarks honest without running them: the
// generated document has the size asked for, is the same on every run,
// and opens with the structure the benchmarks move through.
func TestCorpus(t *testing.T) {
	const size = 200_000
	md := corpus.Markdown(size)
	if len(md) < size || len(md) > size+4096 {
		t.Fatalf("asked for %d bytes, got %d", size, len(md))
	}
	if !bytes.Equal(md, corpus.Markdown(size)) {
		t.Fatal("the corpus differs between runs")
	}
	path := filepath.Join(t.TempDir(), "doc.md")
	testkit.WriteFile(t, path, string(md))
	app := core.New(core.Options{Home: t.TempDir(), Load: load.File, Parse: load.Bytes})
	defer app.Close()
	if err := app.Open(path); err != nil {
		t.Fatal(err)
	}
	items, _, _ := app.Outline()
	if len(items) < 20 {
		t.Fatalf("%d headings, want many", len(items))
	}
	start, _ := app.GoTo("95%")
	for _, id := range []string{"next_sentence", "next_heading"} {
		action, _ := core.LookupAction(id)
		pos, err := app.Navigate(action)
		if err != nil || pos.Char <= start.Char {
			t.Fatalf("%s from %d: %d, %v", id, start.Char, pos.Char, err)
		}
	}
	if matches, _, _ := app.Search("the", false); len(matches) < 1000 {
		t.Fatalf("%d matches for the, want a common word", len(matches))
	}
}
