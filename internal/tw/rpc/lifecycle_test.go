package rpc_test

import (
	"encoding/json"
	"fmt"
	"sync"
	"testing"

	"textfirst/internal/tw/doc"
)

// reopen starts a second server on the same home and folder and returns
// what opening notes.md announced and where it put the cursor.
func reopen(t *testing.T, first *server) (string, int) {
	t.Helper()
	s := startServer(t, serverOptions{home: first.home, dir: first.dir})
	res, notes := s.result("open", `{"path":"notes.md"}`)
	says := announcements(notes)
	if len(says) != 1 {
		t.Fatalf("open announced %q", says)
	}
	var r struct{ Position struct{ Char int } }
	json.Unmarshal(res, &r)
	return says[0], r.Position.Char
}

func TestTheServerStopsAndSavesThePlace(t *testing.T) {
	cases := []struct {
		name string
		stop func(t *testing.T, s *server)
	}{
		{"closing the input", func(t *testing.T, s *server) {
			s.in.Close()
			if rest := s.waitStopped(); len(rest) != 0 {
				t.Fatalf("messages after the input closed: %s", rest)
			}
		}},
		{"exit without shutdown", func(t *testing.T, s *server) {
			s.send(`{"jsonrpc":"2.0","method":"exit"}`)
			if rest := s.waitStopped(); len(rest) != 0 {
				t.Fatalf("exit as a notification was answered: %s", rest)
			}
		}},
		{"shutdown then exit", func(t *testing.T, s *server) {
			if res, _ := s.result("shutdown", ""); string(res) != "null" {
				t.Fatalf("shutdown result %s", res)
			}
			s.send(`{"jsonrpc":"2.0","method":"exit"}`)
			s.waitStopped()
		}},
		{"exit with an id", func(t *testing.T, s *server) {
			s.send(request("bye", "exit", ""))
			rest := s.waitStopped()
			if len(rest) != 1 || string(rest[0].ID) != `"bye"` || string(rest[0].Result) != "null" {
				t.Fatalf("exit with an id: want one null result, got %s", rest)
			}
		}},
		{"quit confirmed", func(t *testing.T, s *server) {
			res, _ := s.result("action", `{"id":"quit","confirm":true}`)
			var r struct {
				Effects []map[string]any
				Pending any
			}
			json.Unmarshal(res, &r)
			if len(r.Effects) != 1 || r.Effects[0]["type"] != "quit" || fmt.Sprint(r.Effects[0]["params"]) != "map[]" || r.Pending != nil {
				t.Fatalf("quit confirmed: result %s", res)
			}
			if rest := s.waitStopped(); len(rest) != 0 {
				t.Fatalf("messages after quit: %s", rest)
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := startServer(t, serverOptions{})
			s.result("open", `{"path":"notes.md"}`)
			s.result("navigate", `{"action":"next_heading"}`)
			c.stop(t, s)
			says, at := reopen(t, s)
			if says != "Opened Cell biology. Resumed at 53 percent." || at != 90 {
				t.Fatalf("reopened: %q at %d, want Resumed at 53 percent at 90", says, at)
			}
		})
	}
}

func TestResumeAtTheFirstWordAtOrAfterThePlace(t *testing.T) {
	cases := []struct {
		saved  string // a go-to target
		says   string
		cursor int
	}{
		{"char 0", "Opened Cell biology.", 0},
		{"char 4", "Opened Cell biology. Resumed at 2 percent.", 5},    // a space: the next word, biology
		{"char 12", "Opened Cell biology. Resumed at 8 percent.", 14},  // the end of line 1: Cells
		{"char 16", "Opened Cell biology. Resumed at 11 percent.", 20}, // inside Cells: the next word, are
		{"char 90", "Opened Cell biology. Resumed at 53 percent.", 90}, // a word's start: that word
		{"char 168", "Opened Cell biology. Resumed at 94 percent.", 160},
	}
	for _, c := range cases {
		t.Run(c.saved, func(t *testing.T) {
			s := startServer(t, serverOptions{})
			s.result("open", `{"path":"notes.md"}`)
			s.result("navigate", fmt.Sprintf(`{"goto":%q}`, c.saved))
			s.in.Close()
			s.waitStopped()
			says, at := reopen(t, s)
			if says != c.says || at != c.cursor {
				t.Fatalf("saved at %s, reopened: %q at %d; want %q at %d", c.saved, says, at, c.says, c.cursor)
			}
		})
	}
}

// fakeSpeaker is a speech engine the test drives: it holds each reading
// until the test reports words and the end.
type fakeSpeaker struct {
	mu    sync.Mutex
	reads []fakeRead
	stops int
}

type fakeRead struct {
	from, to int
	word     func(start, end int)
	done     func(bool)
}

func (f *fakeSpeaker) ID() string { return "fake" }
func (f *fakeSpeaker) Say(string) {}
func (f *fakeSpeaker) Stop()      { f.mu.Lock(); f.stops++; f.mu.Unlock() }
func (f *fakeSpeaker) last() fakeRead {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.reads[len(f.reads)-1]
}
func (f *fakeSpeaker) Read(d *doc.Document, from, to int, word func(int, int), done func(bool)) {
	f.mu.Lock()
	f.reads = append(f.reads, fakeRead{from, to, word, done})
	f.mu.Unlock()
}

func TestPauseResumeWithASpeaker(t *testing.T) {
	sp := &fakeSpeaker{}
	s := startServer(t, serverOptions{speaker: sp})
	s.result("open", `{"path":"notes.md"}`)
	wantNotes := func(label string, want ...string) {
		t.Helper()
		var got []message
		for range want {
			got = append(got, s.next())
		}
		checkNotes(t, label, got, want)
	}
	wantResult := func(method, want string, notes ...string) {
		t.Helper()
		m, before := s.call(method, "")
		if m.Error != nil || string(m.Result) != want {
			t.Fatalf("%s: %s, want result %s", method, m.Raw, want)
		}
		checkNotes(t, method+": notifications before the response", before, notes)
	}

	wantResult("read", `{"playback":"reading"}`, readingNote)
	r := sp.last()
	if r.from != 0 || r.to != 169 {
		t.Fatalf("read %d..%d, want the whole document from the cursor", r.from, r.to)
	}
	r.word(0, 4)
	r.word(5, 12)
	wantNotes("words heard", note("position", `{"end":4,"line":1,"start":0}`), note("position", `{"end":12,"line":1,"start":5}`))

	wantResult("pause", `{"playback":"paused"}`, note("playback", `{"state":"paused"}`))
	r.word(14, 19) // a word of the paused reading arriving late is dropped
	wantResult("status", `{"backend":"fake","document":`+statusDoc(s)+`,"mode":"Browse","pending":null,"playback":"paused","position":{"char":5,"column":6,"line":1,"percent":2,"word":{"end":12,"start":5,"text":"biology"}},"rate":265,"status":"Opened Cell biology."}`)
	wantResult("pause", `{"playback":"paused"}`)

	// Resume restarts at the last word heard: a word may repeat, none is
	// skipped.
	wantResult("resume", `{"playback":"reading"}`, readingNote)
	if r2 := sp.last(); r2.from != 5 || r2.to != 169 {
		t.Fatalf("resumed reading %d..%d, want 5..169", r2.from, r2.to)
	}
	sp.last().done(true)
	wantNotes("the end", stoppedNote)

	wantResult("read", `{"playback":"reading"}`, readingNote)
	wantResult("stop", `{"playback":"stopped"}`, stoppedNote)
	if sp.stops < 2 {
		t.Fatalf("the engine was stopped %d times, want at least 2 (pause, stop)", sp.stops)
	}
}

func statusDoc(s *server) string {
	return `{"dirty":false,"editing":false,"format":"markdown","length":169,"lines":7,"path":` +
		jsonString(s.dir+"/notes.md") + `,"title":"Cell biology"}`
}
