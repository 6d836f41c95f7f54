package rpc_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLibraryOverRPC: with the library indexed by tw library add (Debian's
// live manuals and a note), the real tw serve shows it through the list
// protocol: action open_library gives the list, the open document first
// as recent, list_key types a phrase of the note's text and
// leaves the note alone, choose opens it; continue_reading then lists it
// with its place, and edit_document_details asks by its purpose.
func TestLibraryOverRPC(t *testing.T) {
	const manuals = "/usr/share/doc/live-manual/epub"
	if _, err := os.Stat(manuals); err != nil {
		t.Fatalf("%s is missing: run scripts/deps-formats.sh (live-manual-epub): %v", manuals, err)
	}
	dir := t.TempDir()
	books := filepath.Join(dir, "books")
	os.Mkdir(books, 0o755)
	writeFile(t, filepath.Join(books, "cells.md"), "# Organelles\n\nThe mitochondria make the cell's energy.\n\nRibosomes build proteins.\n")
	writeFile(t, filepath.Join(dir, "notes.md"), notesMD)
	env := []string{"TEXTWEAVER_HOME=" + filepath.Join(dir, "home")}
	out, _ := runTw(t, dir, env, "", "library", "add", books, manuals)
	if !strings.HasPrefix(string(out), "11 documents in the library (0 could not be read): 11 added") {
		t.Fatalf("tw library add said %q", out)
	}

	var sc script
	add := sc.add
	add("action", `{"id":"open_library"}`)
	for _, c := range `"mitochondria make"` {
		add("list_key", fmt.Sprintf(`{"key":%q}`, string(c)))
	}
	add("choose", `{"index":0}`)
	add("navigate", `{"goto":"line 5"}`)
	add("action", `{"id":"continue_reading"}`)
	add("cancel", "")
	add("action", `{"id":"edit_document_details"}`)
	add("prompt_state", "")
	add("shutdown", "")
	add("exit", "")
	res := sc.serveNotes(t, dir, env)
	opened := res[0]
	if len(opened.Effects) != 1 || opened.Effects[0].Type != "list" || opened.Effects[0].Params.Title != "Library" ||
		len(opened.Effects[0].Params.Items) != 12 || opened.Effects[0].Params.Items[0] != "Recent: Cell biology" ||
		!strings.HasPrefix(opened.Status, "Library, 12 items.") {
		t.Fatalf("open_library: %+v", opened)
	}
	typed := len(`"mitochondria make"`)
	filtered := res[typed].List
	if filtered == nil || filtered.Filter == nil || *filtered.Filter != `"mitochondria make"` || strings.Join(filtered.Items, "|") != "Organelles" {
		t.Fatalf("after typing the phrase: %+v", filtered)
	}
	if got := res[typed+1].Status; got != "Opened Organelles." {
		t.Errorf("choose said %q", got)
	}
	cont := res[typed+3]
	if len(cont.Effects) != 1 || cont.Effects[0].Params.Title != "Continue reading" ||
		len(cont.Effects[0].Params.Items) != 1 || !strings.HasPrefix(cont.Effects[0].Params.Items[0], "Organelles, ") {
		t.Errorf("continue_reading: %+v", cont)
	}
	details := res[typed+5]
	if len(details.Effects) != 1 || details.Effects[0].Type != "prompt" {
		t.Fatalf("edit_document_details: %+v", details)
	}
	p := res[typed+6]
	if p.Purpose != "document_details" || p.Label != "Document details, Title (1 of 4)" || p.Text != "Organelles" {
		t.Errorf("the details prompt: %+v", p)
	}
}
