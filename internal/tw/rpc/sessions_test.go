package rpc_test

import (
	"bytes"
	"fmt"
	"log"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/docstate"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/rpc"
	"textfirst/internal/tw/rpc/sessiongen"
)

// TestRandomSessions is the sequence fuzzer: seeded random sessions of
// actions, prompts, answers, lists, keys, typing and edit mode against an
// in-process server with a real core. No request may panic (an internal
// error, -32603), every request gets exactly one well-formed response,
// and at the end the reading place is saved. TW_FUZZ_SECONDS runs it
// longer (scripts/fuzz-sessions.sh); TW_FUZZ_SEED replays one seed.
func TestRandomSessions(t *testing.T) {
	budget := 5 * time.Second
	if s := os.Getenv("TW_FUZZ_SECONDS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("TW_FUZZ_SECONDS=%q: %v", s, err)
		}
		budget = time.Duration(n) * time.Second
	}
	first := int64(1)
	if s := os.Getenv("TW_FUZZ_SEED"); s != "" {
		first, _ = strconv.ParseInt(s, 10, 64)
		budget = 0
	}
	scratch := t.TempDir()
	if shm, err := os.MkdirTemp("/dev/shm", "tw-sessions-"); err == nil {
		scratch = shm
		t.Cleanup(func() { os.RemoveAll(shm) })
	}
	// Untitled documents are saved beside the working folder: keep that
	// inside the scratch folder.
	t.Chdir(scratch)
	start := time.Now()
	sessions, requests := 0, 0
	for seed := first; ; seed++ {
		requests += runSession(t, scratch, seed, 120)
		sessions++
		if time.Since(start) >= budget {
			break
		}
	}
	t.Logf("%d sessions, %d requests in %v, no panic", sessions, requests, time.Since(start).Round(time.Millisecond))
}

// runSession runs one seeded session in a fresh folder and home and
// returns the number of requests it sent.
func runSession(t *testing.T, scratch string, seed int64, n int) int {
	t.Helper()
	root := filepath.Join(scratch, fmt.Sprintf("s%d", seed))
	dir, home := filepath.Join(root, "doc"), filepath.Join(root, "home")
	if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(root)
	writeFile(t, filepath.Join(dir, "notes.md"), notesMD)
	writeFile(t, filepath.Join(dir, "plain.txt"), "One line.\r\nTwo lines.\nThree.\r\n")
	writeFile(t, filepath.Join(dir, "rich.md"), richMD)
	docs := []string{"notes.md", "plain.txt", "rich.md"}
	first := docs[seed%int64(len(docs))]
	reqs := sessiongen.Session(rand.New(rand.NewSource(seed)), n,
		[]string{"notes.md", "plain.txt", "rich.md", filepath.Join(dir, "notes.md"), "missing.md", "sub"})
	var in bytes.Buffer
	for _, r := range reqs {
		in.Write(r.JSON())
		in.WriteByte('\n')
	}
	var out lockedBuffer
	var logged bytes.Buffer
	w := rpc.NewWriter(&out)
	app := core.New(core.Options{Home: home, Events: rpc.Events(w), Load: load.File, Parse: load.Bytes})
	if err := app.Open(filepath.Join(dir, first)); err != nil {
		t.Fatal(err)
	}
	srv := &rpc.Server{Version: "fuzz", App: app, BaseDir: dir, Logger: log.New(&logged, "", 0)}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(&in, w) }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("seed %d: Serve: %v", seed, err)
		}
	case <-time.After(60 * time.Second):
		t.Fatalf("seed %d: the session hangs", seed)
	}
	answered := map[string]int{}
	for _, m := range readAll(t, out.Bytes()) {
		if m.isNotification() {
			continue
		}
		answered[string(m.ID)]++
		if m.Error != nil && m.Error.Code == -32603 {
			i, _ := strconv.Atoi(string(m.ID))
			t.Fatalf("seed %d: request %d panicked: %s\n%s\nthe session up to it:\n%s", seed, i, m.Raw,
				firstLines(logged.String(), 12), replay(reqs[:i]))
		}
	}
	for _, r := range reqs {
		if c := answered[strconv.Itoa(r.ID)]; c != 1 {
			t.Fatalf("seed %d: %d responses to request %d %s", seed, c, r.ID, r.JSON())
		}
	}
	if strings.Contains(logged.String(), "panicked") {
		t.Fatalf("seed %d: %s", seed, logged.String())
	}
	// The place is saved: the state file of the document open at the end
	// holds it.
	if d := app.Doc(); d != nil && d.Meta.Path != "" {
		st, err := docstate.Store{Home: home}.Load(d.Meta.Path)
		if err != nil || st.Place == nil {
			t.Fatalf("seed %d: the place of %s is not saved (%v)\n%s", seed, d.Meta.Path, err, logged.String())
		}
	}
	return len(reqs)
}

func replay(reqs []sessiongen.Request) string {
	var b strings.Builder
	for _, r := range reqs {
		if r.Method == "status" || r.Method == "position" || r.Method == "info" || r.Method == "text" ||
			r.Method == "list_state" || r.Method == "prompt_state" || r.Method == "notes" ||
			r.Method == "highlights" || r.Method == "outline" {
			continue
		}
		b.Write(r.JSON())
		b.WriteByte('\n')
	}
	return b.String()
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}

// richMD has every structure the navigation moves by.
const richMD = `---
title: Rich
---
# Rich document

A paragraph with a [link](https://example.com) and ` + "`code`" + `, *emphasis* and **strong** text.
Dr. Smith arrived at 5 p.m. He left... Then he came back!

- first item
- second item
  1. nested one

> A quote that
> spans two lines.

| Name | Value |
| ---- | ----- |
| a    | 1     |
| b    | 2     |

![an image](pic.png)

---

## Second heading

` + "```" + `
code block line
` + "```" + `

Last paragraph.[^1]

[^1]: A footnote.
`
