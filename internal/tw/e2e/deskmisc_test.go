package e2e

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"textfirst/internal/testkit"
)

// serveWithEnv is a silent tw serve --stdio with its home in home and env
// added to its environment.
func serveWithEnv(home string, env ...string) *exec.Cmd {
	cmd := exec.Command(twBin, "serve", "--stdio", "--no-speech", "--home", home)
	cmd.Env = append(os.Environ(), env...)
	return cmd
}

// listItems is the items of the list effect of an action's result.
func listItems(t *testing.T, res map[string]any) (title string, items []string) {
	t.Helper()
	e := effect(t, res)
	params, _ := e["params"].(map[string]any)
	if e["type"] != "list" || params == nil {
		t.Fatalf("want a list, got %v", res)
	}
	for _, it := range params["items"].([]any) {
		items = append(items, it.(string))
	}
	return params["title"].(string), items
}

// TestOriginalsDeskActionsOverRPC drives the five ids through the real
// server: paste_plain_text from a real X clipboard, context_menu on a
// link, online_documentation with and without a display, the braille of
// a BRF file's page, and the knowledge graph of notes added over RPC.
func TestOriginalsDeskActionsOverRPC(t *testing.T) {
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	doc := writeFile(t, filepath.Join(dir, "cells.md"),
		"# Cells\n\nSee [the site](http://example.com/) now.\n\n## Methods\n\nWe looked closely.\n")
	other := writeFile(t, filepath.Join(dir, "other.md"), "# Other\n\nAnother text.\n")

	t.Run("paste_plain_text", func(t *testing.T) {
		display := testkit.StartXvfb(t)
		testkit.OfferOnXClipboard(t, display, "text/html", `<p><b>Bold</b> and <a href="http://x/">a link</a></p>`)
		c := startCmd(t, serveWithEnv(filepath.Join(t.TempDir(), "home"), "DISPLAY="+display, "WAYLAND_DISPLAY="))
		c.call("open", map[string]any{"path": doc})
		c.call("action", map[string]any{"id": "toggle_edit_mode"})
		res := c.call("action", map[string]any{"id": "paste_plain_text"})
		if res["status"] != "Pasted as plain text: Bold and a link" {
			t.Errorf("said %v", res["status"])
		}
		if txt := c.call("text", map[string]any{"end": 20})["text"]; txt != "# Bold and a linkCel" {
			t.Errorf("the source begins %q", txt)
		}
	})

	t.Run("context_menu", func(t *testing.T) {
		c := startCmd(t, serveWithoutDisplay(filepath.Join(t.TempDir(), "home")))
		c.call("open", map[string]any{"path": doc})
		c.call("navigate", map[string]any{"action": "next_link"})
		title, items := listItems(t, c.call("action", map[string]any{"id": "context_menu"}))
		at := func(name string) int {
			return slices.IndexFunc(items, func(it string) bool { return it == name || strings.HasPrefix(it, name+", ") })
		}
		if title != "Context menu" || at("Follow link") < 0 || at("Link address") < 0 {
			t.Fatalf("%s: %q", title, items)
		}
		res := c.call("choose", map[string]any{"index": at("Link address")})
		if res["status"] != "http://example.com/" {
			t.Errorf("Link address from the context menu said %v", res["status"])
		}
	})

	t.Run("online_documentation", func(t *testing.T) {
		c := startCmd(t, serveWithoutDisplay(filepath.Join(t.TempDir(), "home")))
		res := c.call("action", map[string]any{"id": "online_documentation"})
		if s, _ := res["status"].(string); !strings.HasPrefix(s, "The documentation on the web is at https://") || !strings.Contains(s, "no display") {
			t.Errorf("without a display: %v", res)
		}
		bin := t.TempDir()
		opened := filepath.Join(bin, "opened")
		writeFile(t, filepath.Join(bin, "xdg-open"), "#!/bin/sh\nprintf '%s' \"$1\" > "+opened+".tmp && mv "+opened+".tmp "+opened+"\n")
		if err := os.Chmod(filepath.Join(bin, "xdg-open"), 0o755); err != nil {
			t.Fatal(err)
		}
		c = startCmd(t, serveWithEnv(filepath.Join(t.TempDir(), "home"), "DISPLAY=:97", "WAYLAND_DISPLAY=",
			"PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH")))
		res = c.call("action", map[string]any{"id": "online_documentation", "confirm": true})
		s, _ := res["status"].(string)
		address := strings.TrimSuffix(strings.TrimPrefix(s, "Opened "), " in the browser.")
		if !strings.HasPrefix(address, "https://") {
			t.Fatalf("answered yes: %v", res)
		}
		deadline := time.Now().Add(30 * time.Second)
		for {
			if data, err := os.ReadFile(opened); err == nil {
				if string(data) != address {
					t.Errorf("xdg-open was given %q, want %q", data, address)
				}
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("xdg-open never ran")
			}
			time.Sleep(10 * time.Millisecond)
		}
	})

	t.Run("show_original_braille", func(t *testing.T) {
		brf := writeFile(t, filepath.Join(t.TempDir(), "cross.brf"),
			"  cat dog sun cat dog sun\ncat dog sun\n\n                            #a\n"+
				"\fcat dog sun cat\n  ,sun dog cat4\n\n                            #b\n")
		c := startCmd(t, serveWithoutDisplay(filepath.Join(t.TempDir(), "home")))
		c.call("open", map[string]any{"path": brf})
		c.call("navigate", map[string]any{"goto": "end"})
		title, items := listItems(t, c.call("action", map[string]any{"id": "show_original_braille"}))
		want := []string{"cat dog sun cat", "  ,sun dog cat4", "                            #b"}
		if title != "Original braille, page 2" || !slices.Equal(items, want) {
			t.Errorf("%s: %q, want %q", title, items, want)
		}
		c.call("cancel", nil)
		c.call("open", map[string]any{"path": doc})
		res := c.call("action", map[string]any{"id": "show_original_braille"})
		if res["status"] != "Show original braille works on braille files (.brf) read as print." {
			t.Errorf("on Markdown: %v", res["status"])
		}
	})

	t.Run("export_knowledge_graph", func(t *testing.T) {
		c := startCmd(t, serveWithoutDisplay(home))
		addNote := func(goTo, text string) {
			c.call("navigate", map[string]any{"goto": goTo})
			c.call("action", map[string]any{"id": "add_note"})
			if res := c.call("answer", map[string]any{"text": text}); !strings.HasPrefix(res["status"].(string), "Note added") {
				t.Fatalf("add_note: %v", res)
			}
		}
		c.call("open", map[string]any{"path": other})
		addNote("end", "Second thoughts")
		c.call("open", map[string]any{"path": doc})
		addNote("end", "See [[Second thoughts]], [o](other.md)")
		title, items := listItems(t, c.call("action", map[string]any{"id": "export_knowledge_graph"}))
		if title != "Knowledge graph format" || len(items) != 7 || items[1] != "JSON (.json)" {
			t.Fatalf("%s: %q", title, items)
		}
		path := filepath.Join(dir, "knowledge-graph.json")
		if res := c.call("choose", map[string]any{"index": 1}); res["status"] != "Knowledge graph written to "+path+"." {
			t.Fatalf("chose JSON: %v", res)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var g struct {
			Nodes []struct{ ID, Kind, Label string }
			Edges []struct {
				Src, Dst, Type string
			}
		}
		if err := json.Unmarshal(data, &g); err != nil {
			t.Fatal(err)
		}
		label := map[string]string{}
		for _, n := range g.Nodes {
			label[n.ID] = n.Label
		}
		var edges []string
		for _, e := range g.Edges {
			edges = append(edges, label[e.Src]+" | "+e.Type+" | "+label[e.Dst])
		}
		note := "See [[Second thoughts]], [o](other.md)"
		for _, w := range []string{note + " | under | Methods", note + " | links to | Second thoughts", note + " | links to | other.md"} {
			if !slices.Contains(edges, w) {
				t.Errorf("no edge %q in %q", w, edges)
			}
		}
	})
}
