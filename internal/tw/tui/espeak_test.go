package tui

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// highlighted returns the runs of text drawn on a yellow background (the
// word being heard) in a capture-pane -e screen.
func highlighted(screen string) []string {
	var runs []string
	var cur strings.Builder
	yellow := false
	flush := func() {
		if cur.Len() > 0 {
			runs = append(runs, cur.String())
			cur.Reset()
		}
	}
	for i := 0; i < len(screen); {
		if screen[i] == 0x1b && i+1 < len(screen) && screen[i+1] == '[' {
			j := i + 2
			for j < len(screen) && (screen[j] < 0x40 || screen[j] > 0x7e) {
				j++
			}
			if j < len(screen) && screen[j] == 'm' {
				params := strings.Split(screen[i+2:j], ";")
				for k := 0; k < len(params); k++ {
					switch p := params[k]; {
					case p == "" || p == "0" || p == "49":
						yellow = false
					case p == "43" || p == "103":
						yellow = true
					case len(p) == 2 && p[0] == '4', len(p) == 3 && p[:2] == "10":
						yellow = false
					case p == "48" && k+2 < len(params) && params[k+1] == "5":
						yellow = params[k+2] == "3" || params[k+2] == "11"
						k += 2
					}
				}
				if !yellow {
					flush()
				}
			}
			i = j + 1
			continue
		}
		if screen[i] == '\n' {
			flush()
		} else if yellow {
			cur.WriteByte(screen[i])
		}
		i++
	}
	flush()
	return runs
}

func TestHighlighted(t *testing.T) {
	screen := "The \x1b[30m\x1b[103mkeeper\x1b[39m\x1b[49m climbed\n\x1b[43mlamp\x1b[0m x"
	if got := highlighted(screen); strings.Join(got, "|") != "keeper|lamp" {
		t.Errorf("highlighted %q", got)
	}
}

// TestTmuxEspeakHighlight reads with espeak-ng and samples the screen: the
// highlighted word moves word by word, and each one shown is the word the
// position notifications report at that moment.
func TestTmuxEspeakHighlight(t *testing.T) {
	dir := t.TempDir()
	text := "The keeper climbed the stairs at dusk and lit the great lamp. " +
		"Far out at sea the ships saw it turn, once every ten seconds, all night long.\n"
	file := filepath.Join(dir, "dusk.txt")
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	posPath := filepath.Join(dir, "position.log")
	// A brisk voice keeps the test short; the highlight must keep up.
	homeWith(t, dir, "settings.toml", "[speech]\nrate = 450\n")
	ts := startTw(t, 60, 12, dir, "TEXTWEAVER_POSITION_LOG="+posPath, "--backend espeak "+file)
	ts.said.expect("Opened dusk.txt.")
	ts.waitScreen("the espeak engine in the status bar", func(s string) bool { return strings.Contains(s, "espeak") })

	runes := []rune(text)
	positions := func() []string {
		data, _ := os.ReadFile(posPath)
		var words []string
		for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			f := strings.Fields(line)
			if len(f) != 3 {
				continue
			}
			s, _ := strconv.Atoi(f[0])
			e, _ := strconv.Atoi(f[1])
			if s >= 0 && e <= len(runes) && s < e {
				words = append(words, string(runes[s:e]))
			}
		}
		return words
	}

	ts.keys("Enter") // read from the cursor
	var shown []string
	mismatches := 0
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		before := len(positions())
		screen := ts.tmux("capture-pane", "-p", "-e", "-t", "tw")
		after := positions()
		hl := highlighted(screen)
		if len(hl) == 1 {
			w := strings.TrimSpace(hl[0])
			if len(shown) == 0 || shown[len(shown)-1] != w {
				shown = append(shown, w)
				// The word on screen is one reported while the screen was
				// captured: the last one before it, or one that came
				// during it.
				if !slices.Contains(after[max(0, before-1):], w) {
					mismatches++
					t.Logf("shown %q while the positions around the capture were %q", w, after[max(0, before-1):])
				}
			}
		}
		if strings.Contains(screen, "| stopped |") && len(after) > 0 {
			break
		}
		time.Sleep(15 * time.Millisecond)
	}
	heard := positions()
	t.Logf("positions: %d words; highlight seen on %d: %q", len(heard), len(shown), shown)
	if len(heard) < 20 {
		t.Fatalf("only %d position notifications for a %d-word text", len(heard), len(strings.Fields(text)))
	}
	if len(shown) < len(heard)/2 {
		t.Errorf("the highlight was seen on %d words of %d; it should move word by word", len(shown), len(heard))
	}
	// The words shown come in the order they were heard.
	i := 0
	for _, w := range shown {
		for i < len(heard) && heard[i] != w {
			i++
		}
		if i == len(heard) {
			t.Errorf("the highlight showed %q out of order (heard %q)", w, heard)
			break
		}
	}
	if mismatches > len(shown)/10 {
		t.Errorf("%d of %d highlights did not match the position notifications", mismatches, len(shown))
	}
	ts.quit()
	if _, err := exec.LookPath("espeak-ng"); err != nil {
		t.Log("note: the espeak-ng command is missing, though its library worked")
	}
}

// TestTmuxHybridMode: in hybrid mode tw's voice reads the document (word
// positions arrive) while the announcements are left to the screen reader.
func TestTmuxHybridMode(t *testing.T) {
	ts, posPath := startVoiced(t, 60, 12, "short.txt", "The lamp turns all night long.\n",
		"[speech]\nrate = 450\n\n[accessibility]\nmode = \"hybrid\"\n")
	ts.keys("Enter")
	ts.waitScreen("the reading to end", func(s string) bool {
		data, _ := os.ReadFile(posPath)
		return strings.Count(string(data), "\n") >= 6 && strings.Contains(s, "| stopped |")
	})
	// The voice read; nothing put the text on the message line for a
	// screen reader to say again.
	for _, l := range ts.said.lines() {
		if strings.Contains(l, "The lamp turns") {
			t.Errorf("in hybrid mode the reading was also announced: %q", l)
		}
	}
	ts.quit()
}
