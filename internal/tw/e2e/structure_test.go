package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"textfirst/internal/tw/speech/speechtest"
)

const scoresDoc = "## Scores\n\nThe scores follow.\n\n| Name | Score |\n|------|------:|\n| Ada | 98 |\n| Grace | 100 |\n\nThat ends it.\n"

// exportedWords exports [from, to) of path with tw export-audio and espeak
// and returns the words of its word timings, as spoken, and which of them
// were inserted.
func exportedWords(t *testing.T, path, home string, from, to int) (words []string, inserted []bool) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "scores.wav")
	cmd := exec.Command(twBin, "export-audio", path, "--out", out, "--backend", "espeak", "--home", home, "--range", fmt.Sprintf("%d:%d", from, to))
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
	text, err := exec.Command(twBin, "text", path).Output()
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
			cmd := exec.Command(twBin, "serve", "--stdio", "--home", home, "--backend", "espeak")
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
