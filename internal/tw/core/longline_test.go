package core_test

import (
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// On a document that is one very long line, moves announce eight words,
// not the line: time and memory do not grow with the line (before, "goto
// end" on a 50 MB line announced 52 million characters).
func TestLongLineAnnouncementsAreCapped(t *testing.T) {
	line := strings.Repeat("word after word goes on ", 200_000) + "finale" // 4.8 MB, no line break
	path := writeTestFile(t, filepath.Join(t.TempDir(), "one-line.txt"), line)
	app, rec := openApp(t, t.TempDir(), path)
	// The line's words are found once, as any document's are (linear in
	// its length); what is measured is each announcement after that.
	app.GoTo("50%")
	app.Action("find", nil) // and its folded copy for search
	app.Answer("after")
	cases := []struct {
		name string
		do   func()
		want string
	}{
		{"goto end", func() { app.GoTo("end") }, "End of document. word after word goes on word after word …"},
		{"goto start", func() { app.GoTo("start") }, "Top of document. word after word goes on word after word …"},
		{"goto 50%", func() { app.GoTo("50%") }, ""},
		{"caret line", func() { app.Action("caret_next_line", nil) }, ""},
		{"find", func() { app.Action("find", nil); app.Answer("finale") }, "Match 1 of 1: word after word goes on word after word …"},
		{"page up", func() { app.Action("page_up", nil) }, "Line 1, 0 percent: word after word goes on word after word …"},
	}
	for _, c := range cases {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		start := time.Now()
		c.do()
		took := time.Since(start)
		runtime.ReadMemStats(&after)
		said := rec.last()
		if len(said) > 200 || (c.want != "" && said != c.want) {
			t.Fatalf("%s announced %d bytes: %.80q, want %q", c.name, len(said), said, c.want)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > uint64(len(line)/4) {
			t.Errorf("%s allocated %d bytes for a %d-byte line", c.name, alloc, len(line))
		}
		t.Logf("%s: %v, %q", c.name, took, said)
	}
}

// A long paste is echoed by its first eight words.
func TestLongPasteEchoIsCapped(t *testing.T) {
	app, rec := newFixture(t).open()
	app.Action("toggle_edit_mode", nil)
	app.Insert(strings.Repeat("word after word goes on ", 20_000))
	if got, want := rec.last(), "word after word goes on word after word …"; got != want {
		t.Fatalf("echoed %.80q, want %q", got, want)
	}
}
