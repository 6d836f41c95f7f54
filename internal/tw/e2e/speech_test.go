package e2e

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/speech/speechtest"
)

// event is a message from the server and when it arrived.
type event struct {
	at  time.Time
	msg map[string]any
}

// speechClient talks to a speaking server and records every message with
// its arrival time, from its own goroutine.
type speechClient struct {
	t      *testing.T
	cmd    *exec.Cmd
	in     interface{ Write([]byte) (int, error) }
	events chan event
	nextID int
}

func startSpeaking(t *testing.T, args ...string) *speechClient {
	t.Helper()
	return startClient(t, serve(filepath.Join(t.TempDir(), "home"), args...), bufio.MaxScanTokenSize)
}

// startClient starts cmd, a tw serve --stdio, and returns a client whose
// events are its output lines (of at most maxLine bytes) read as JSON by a
// goroutine of their own; the server is killed when the test ends.
func startClient(t *testing.T, cmd *exec.Cmd, maxLine int) *speechClient {
	t.Helper()
	cmd.Stderr = os.Stderr
	in, out := testkit.StartPiped(t, cmd)
	c := &speechClient{t: t, cmd: cmd, in: in, events: make(chan event, 1000)}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(nil, maxLine)
		for sc.Scan() {
			var m map[string]any
			if json.Unmarshal(sc.Bytes(), &m) == nil {
				c.events <- event{time.Now(), m}
			}
		}
		close(c.events)
	}()
	t.Cleanup(func() { in.Close(); cmd.Process.Kill(); cmd.Wait() })
	return c
}

func (c *speechClient) send(method string, params any) int {
	c.nextID++
	req := map[string]any{"jsonrpc": "2.0", "id": c.nextID, "method": method}
	if params != nil {
		req["params"] = params
	}
	data, _ := json.Marshal(req)
	c.in.Write(append(data, '\n'))
	return c.nextID
}

// until collects events until one satisfies stop, or fails after timeout.
func (c *speechClient) until(timeout time.Duration, stop func(map[string]any) bool) []event {
	c.t.Helper()
	var got []event
	deadline := time.After(timeout)
	for {
		select {
		case e, ok := <-c.events:
			if !ok {
				c.t.Fatalf("the server stopped; got %v", got)
			}
			got = append(got, e)
			if stop(e.msg) {
				return got
			}
		case <-deadline:
			c.t.Fatalf("timed out; got %d events: %v", len(got), got)
		}
	}
}

func isResponse(id int) func(map[string]any) bool {
	return func(m map[string]any) bool { v, _ := m["id"].(float64); return int(v) == id }
}

func isPlayback(state string) func(map[string]any) bool {
	return func(m map[string]any) bool {
		return m["method"] == "playback" && m["params"].(map[string]any)["state"] == state
	}
}

// positions returns the text each position notification names.
func positions(events []event, text []rune) (words []string, times []time.Time) {
	for _, e := range events {
		if e.msg["method"] != "position" {
			continue
		}
		p := e.msg["params"].(map[string]any)
		s, en := int(p["start"].(float64)), int(p["end"].(float64))
		words = append(words, string(text[s:en]))
		times = append(times, e.at)
	}
	return
}

const speechDoc = "# Prices\n\nThe café sells crème brûlée for €4.50 on the 2nd floor, and 1,250 people paid 3.5 euros.\n"

var speechWords = []string{"The", "café", "sells", "crème", "brûlée", "for", "4.50", "on", "the", "2nd", "floor", "and", "1,250", "people", "paid", "3.5", "euros"}

// canonicalOf is the canonical text of speechDoc.
var canonicalOf = []rune("Prices\n\nThe café sells crème brûlée for €4.50 on the 2nd floor, and 1,250 people paid 3.5 euros.")

func checkReading(t *testing.T, backend string) {
	dir := t.TempDir()
	path := filepath.Join(dir, "prices.md")
	os.WriteFile(path, []byte(speechDoc), 0o644)
	c := startSpeaking(t, "--backend", backend)
	id := c.send("open", map[string]any{"path": path})
	c.until(20*time.Second, isResponse(id))
	start := time.Now()
	id = c.send("read", map[string]any{"what": "sentence", "from": 8})
	evs := c.until(60*time.Second, isPlayback("stopped"))
	words, times := positions(evs, canonicalOf)
	if strings.Join(words, "|") != strings.Join(speechWords, "|") {
		t.Fatalf("%s: words heard\n%q\nwant\n%q", backend, words, speechWords)
	}
	for i := 1; i < len(times); i++ {
		if times[i].Before(times[i-1]) {
			t.Fatalf("positions out of order")
		}
	}
	// 17 words at 265 words per minute take about 3.8 s of audio; the
	// notifications follow the audio, so they are spread over seconds, not
	// sent at once.
	span := times[len(times)-1].Sub(times[0])
	if span < 2*time.Second || span > 15*time.Second {
		t.Fatalf("%s: the words were heard over %v; the audio lasts about 4 s", backend, span)
	}
	t.Logf("%s: read to first word %v, words over %v", backend, times[0].Sub(start), span)
}

func TestServeReadsWithEspeak(t *testing.T) {
	speechtest.StartPulse(t)
	checkReading(t, "espeak")
}

func TestServeReadsWithSpeechDispatcher(t *testing.T) {
	pulse := speechtest.StartPulse(t)
	speechtest.StartSpeechd(t, pulse)
	checkReading(t, "speechd")
}

// TestPauseResumeStop pauses mid-sentence (nothing is heard while paused),
// resumes at the last word heard (a word may repeat, none is skipped), and
// stops at once.
func TestPauseResumeStop(t *testing.T) {
	speechtest.StartPulse(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "prices.md")
	os.WriteFile(path, []byte(speechDoc), 0o644)
	c := startSpeaking(t, "--backend", "espeak")
	c.until(20*time.Second, isResponse(c.send("open", map[string]any{"path": path})))
	c.send("read", map[string]any{"what": "sentence", "from": 8})
	n := 0
	before := c.until(30*time.Second, func(m map[string]any) bool {
		if m["method"] == "position" {
			n++
		}
		return n == 4
	})
	id := c.send("pause", nil)
	paused := c.until(5*time.Second, isResponse(id))
	if r := paused[len(paused)-1].msg["result"].(map[string]any); r["playback"] != "paused" {
		t.Fatalf("pause: %v", r)
	}
	heard, _ := positions(append(before, paused...), canonicalOf)
	// Nothing is heard while paused.
	select {
	case e := <-c.events:
		if e.msg["method"] == "position" {
			t.Fatalf("a word was heard while paused: %v", e.msg)
		}
	case <-time.After(700 * time.Millisecond):
	}
	c.send("resume", nil)
	after := c.until(30*time.Second, isPlayback("stopped"))
	rest, _ := positions(after, canonicalOf)
	if len(rest) == 0 || rest[0] != heard[len(heard)-1] {
		t.Fatalf("resume started at %q; the last word heard was %q", rest, heard[len(heard)-1])
	}
	all := append(heard[:len(heard)-1], rest...)
	if strings.Join(all, "|") != strings.Join(speechWords, "|") {
		t.Fatalf("with a pause the words heard were\n%q\nwant\n%q", all, speechWords)
	}
	// Stop is immediate: "stopped" comes with the answer and no word after.
	c.send("read", map[string]any{"what": "sentence", "from": 8})
	c.until(30*time.Second, func(m map[string]any) bool { return m["method"] == "position" })
	id = c.send("stop", nil)
	stopAt := time.Now()
	stopped := c.until(5*time.Second, isResponse(id))
	if r := stopped[len(stopped)-1].msg["result"].(map[string]any); r["playback"] != "stopped" {
		t.Fatalf("stop: %v", r)
	}
	if time.Since(stopAt) > 500*time.Millisecond {
		t.Fatalf("stop took %v", time.Since(stopAt))
	}
	select {
	case e := <-c.events:
		if e.msg["method"] == "position" {
			t.Fatalf("a word after stop: %v", e.msg)
		}
	case <-time.After(700 * time.Millisecond):
	}
}

const scoresDoc = "## Scores\n\nThe scores follow.\n\n| Name | Score |\n|------|------:|\n| Ada | 98 |\n| Grace | 100 |\n\nThat ends it.\n"

// exportedWords exports [from, to) of path with tw export-audio and espeak
// and returns the words of its word timings, as spoken, and which of them
// were inserted.
func exportedWords(t *testing.T, path, home string, from, to int) (words []string, inserted []bool) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "scores.wav")
	cmd := tw("export-audio", path, "--out", out, "--backend", "espeak", "--home", home, "--range", fmt.Sprintf("%d:%d", from, to))
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("export-audio: %v\n%s", err, msg)
	}
	data, err := os.ReadFile(out + ".json")
	if err != nil {
		t.Fatal(err)
	}
	var rec struct {
		Words []struct {
			Text     string `json:"text"`
			Inserted bool   `json:"inserted"`
		} `json:"words"`
	}
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	for _, w := range rec.Words {
		words = append(words, w.Text)
		inserted = append(inserted, w.Inserted)
	}
	return words, inserted
}

// TestServeReadsATableSayingItsStructure: over JSON-RPC with espeak-ng, a
// continuous reading (read from the cursor, say all) of a table gives
// position notifications for the document's words only, while the audio
// says the table's structure: an export of the same range has, between
// the same document words, the words the narration inserts.
func TestServeReadsATableSayingItsStructure(t *testing.T) {
	speechtest.StartPulse(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "scores.md")
	if err := os.WriteFile(path, []byte(scoresDoc), 0o644); err != nil {
		t.Fatal(err)
	}
	text, err := tw("text", path).Output()
	if err != nil {
		t.Fatal(err)
	}
	canonical := []rune(strings.TrimSuffix(string(text), "\n"))
	table := strings.Index(string(canonical), "Name")
	if table < 0 {
		t.Fatalf("no table in %q", canonical)
	}
	table = len([]rune(string(canonical)[:table]))
	home := filepath.Join(dir, "home")
	tests := []struct {
		name  string
		from  int
		start func(c *speechClient)
	}{
		{"read", table, func(c *speechClient) { c.send("read", map[string]any{"what": "cursor", "from": table}) }},
		{"say_all", 0, func(c *speechClient) { c.send("action", map[string]any{"id": "say_all"}) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cmd := serve(home, "--backend", "espeak")
			c := startClient(t, cmd, 1<<20)
			c.until(20*time.Second, isResponse(c.send("open", map[string]any{"path": path})))
			tt.start(c)
			c.until(20*time.Second, isPlayback("reading"))
			heard, _ := positions(c.until(60*time.Second, isPlayback("stopped")), canonical)
			words, inserted := exportedWords(t, path, home, tt.from, len(canonical))
			var said, added []string
			for i, w := range words {
				if inserted[i] {
					added = append(added, w)
				} else {
					said = append(said, w)
				}
			}
			if strings.Join(heard, " ") != strings.Join(said, " ") {
				t.Errorf("position notifications\n%q\nthe export's document words\n%q", heard, said)
			}
			for _, w := range heard {
				if w == "Row" || w == "is" || w == "columns" {
					t.Errorf("a position notification names %q, which the document does not have there: %q", w, heard)
				}
			}
			want := "Table with 2 columns Row 1 Name is Score is Row 2 Name is Score is"
			if tt.from == 0 {
				want = "heading level 2 " + want
			}
			if got := strings.Join(added, " "); got != want {
				t.Errorf("inserted words %q, want %q", got, want)
			}
		})
	}
}
