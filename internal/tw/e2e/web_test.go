package e2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// guideHTML is a page with an in-page table of contents.
const guideHTML = `<html lang="en"><head><title>Guide</title></head><body>
<h1>Guide</h1><p><a href="#usage">Usage</a></p>
<p>Tools read pages aloud. Every page has words.</p>
<h2 id="usage">Usage</h2><p>Run the reader on a page and listen to caf&eacute; talk.</p></body></html>`

// guideSite serves the guide at /guide.html (also through a redirect at
// /go) and answers 404 elsewhere.
func guideSite(t *testing.T) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/guide.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html") // no charset: UTF-8 by its bytes
		fmt.Fprint(w, guideHTML)
	})
	mux.HandleFunc("/go", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/guide.html", http.StatusFound)
	})
	mux.HandleFunc("/", http.NotFound)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// tw text, info and search read a web address; a failure is one
// line naming the address and the reason.
func TestWebAddressCommands(t *testing.T) {
	srv := guideSite(t)
	home := t.TempDir()
	page := srv.URL + "/go"
	code, out, errOut := runTw(t, home, "text", page)
	want := "Guide\n\nUsage\n\nTools read pages aloud. Every page has words.\n\nUsage\n\nRun the reader on a page and listen to café talk.\n"
	if code != 0 || out != want {
		t.Fatalf("tw text: exit %d\n%q\nwant\n%q\nstderr %s", code, out, want, errOut)
	}
	code, out, _ = runTw(t, home, "text", "--to", "json", page)
	var j struct {
		Meta struct {
			Title      string
			Properties map[string]string
		}
	}
	if code != 0 || json.Unmarshal([]byte(out), &j) != nil || j.Meta.Title != "Guide" || j.Meta.Properties["url"] != srv.URL+"/guide.html" {
		t.Fatalf("tw text --to json: exit %d, meta %+v", code, j.Meta)
	}
	if code, out, _ = runTw(t, home, "info", page); code != 0 || !strings.Contains(out, "Guide") {
		t.Fatalf("tw info: exit %d\n%s", code, out)
	}
	if code, out, _ = runTw(t, home, "search", page, "listen"); code != 0 || !strings.Contains(out, "listen to café talk") {
		t.Fatalf("tw search: exit %d\n%s", code, out)
	}
	missing := srv.URL + "/nothing.html"
	code, out, errOut = runTw(t, home, "text", missing)
	first, _, _ := strings.Cut(errOut, "\n")
	if code != 1 || out != "" || first != "Error: tw text: cannot read "+missing+": the server answered 404 Not Found. Check the address and the network connection." {
		t.Fatalf("tw text on a 404: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// Over RPC, open takes a web address; the place and a bookmark
// are kept under the address and come back in the next session; a page
// that cannot be fetched is -32002 with the reason.
func TestWebAddressOverRPC(t *testing.T) {
	srv := guideSite(t)
	home := t.TempDir()
	page := srv.URL + "/guide.html"

	c := start(t, home)
	c.call("initialize", nil)
	res := c.call("open", map[string]any{"path": page})
	docInfo := res["document"].(map[string]any)
	if docInfo["title"] != "Guide" || docInfo["path"] != page || docInfo["format"] != "html" {
		t.Fatalf("open: %v", res)
	}
	// The table of contents' link leads to its heading.
	c.call("navigate", map[string]any{"action": "next_link"})
	c.call("action", map[string]any{"id": "follow_link"})
	if got := c.lastAnnouncement(); got != "Heading level 2: Usage" {
		t.Fatalf("follow_link said %q", got)
	}
	c.call("action", map[string]any{"id": "add_bookmark"})
	at := c.call("position", nil)["char"]
	_, rpcErr := c.try("open", map[string]any{"path": srv.URL + "/gone.html"})
	if rpcErr == nil || rpcErr["code"] != -32002.0 || rpcErr["message"] != "Could not open "+srv.URL+"/gone.html: the server answered 404 Not Found" {
		t.Fatalf("open of a 404: %v", rpcErr)
	}
	c.call("shutdown", nil)
	c.try("exit", nil)
	done := make(chan error, 1)
	go func() { done <- c.cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not stop")
	}
	states, _ := filepath.Glob(filepath.Join(home, "data", "state", "documents", "*.json"))
	if len(states) != 1 {
		t.Fatalf("state files: %v", states)
	}

	c = start(t, home)
	c.call("initialize", nil)
	c.call("open", map[string]any{"path": page})
	if got := c.lastAnnouncement(); !strings.HasPrefix(got, "Opened Guide. Resumed at") {
		t.Fatalf("reopening: %q", got)
	}
	if got := c.call("position", nil)["char"]; got != at {
		t.Fatalf("resumed at %v, left at %v", got, at)
	}
	res = c.call("action", map[string]any{"id": "list_bookmarks"})
	if data, _ := json.Marshal(res); !strings.Contains(string(data), "mark1") {
		t.Fatalf("bookmarks after reopening: %s", data)
	}
}

// tw speak with a web address alone speaks its page, not the address.
func TestSpeakWebAddress(t *testing.T) {
	srv := guideSite(t)
	home := t.TempDir()
	dir := t.TempDir()
	page, addr := filepath.Join(dir, "page.wav"), filepath.Join(dir, "addr.wav")
	if code, _, errOut := runTw(t, home, "speak", srv.URL+"/guide.html", "--out", page); code != 0 {
		t.Fatalf("tw speak URL: exit %d: %s", code, errOut)
	}
	// The same words given as text sound the same.
	words := "Guide\n\nUsage\n\nTools read pages aloud. Every page has words.\n\nUsage\n\nRun the reader on a page and listen to café talk."
	if code, _, errOut := runTw(t, home, "speak", words, "--out", addr); code != 0 {
		t.Fatalf("tw speak TEXT: exit %d: %s", code, errOut)
	}
	a, _ := os.Stat(page)
	b, _ := os.Stat(addr)
	if a == nil || b == nil || a.Size() < b.Size()*99/100 || a.Size() > b.Size()*101/100 {
		t.Fatalf("page audio %d bytes, its words as text %d bytes: the page was not what was read", a.Size(), b.Size())
	}
	code, _, errOut := runTw(t, home, "speak", srv.URL+"/gone.html", "--out", page)
	if code != 1 || !strings.Contains(errOut, "the server answered 404 Not Found") {
		t.Fatalf("tw speak of a 404: exit %d, %s", code, errOut)
	}
}
