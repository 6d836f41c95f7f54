package speech_test

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/settings"
	"textfirst/internal/tw/speech"
)

const sample = "Chapter One\n\nThe café served crème brûlée to 1,250 guests on the 2nd of May; each paid 3.5 euros.\n\nFirst item\nSecond item\n\nDr. Smith said it was well-known."

func sampleDoc() *doc.Document {
	var ms []doc.Marker
	at := func(k doc.Kind, s string) {
		i := strings.Index(sample, s)
		st := len([]rune(sample[:i]))
		ms = append(ms, doc.Marker{Kind: k, Start: st, End: st + len([]rune(s)), Level: 1})
	}
	at(doc.Heading, "Chapter One")
	at(doc.Paragraph, "The café served crème brûlée to 1,250 guests on the 2nd of May; each paid 3.5 euros.")
	at(doc.ListItem, "First item")
	at(doc.ListItem, "Second item")
	at(doc.Paragraph, "Dr. Smith said it was well-known.")
	return doc.New(sample, doc.Meta{}, ms)
}

func TestExportWritesWAVAndWordTimes(t *testing.T) {
	d := sampleDoc()
	wav := filepath.Join(t.TempDir(), "sample.wav")
	var calls int
	rec, notices, err := speech.Export(d, 0, d.Len(), speech.Options{Backend: "espeak"}, wav, func(done, total int) {
		calls++
		if done > total || total != d.Len() {
			t.Errorf("progress %d of %d", done, total)
		}
	})
	if err != nil || len(notices) != 0 {
		t.Fatalf("Export: %v, notices %q", err, notices)
	}
	if err := speech.WriteSidecar(wav, rec); err != nil {
		t.Fatal(err)
	}
	if calls == 0 {
		t.Error("no progress reported")
	}
	// The file lasts exactly the engine's audio plus the pauses: heading
	// 400 ms, paragraph 300, list items 150 and 300 (the list ends at a blank
	// line); none after the last paragraph.
	got := testkit.SoundSeconds(t, wav)
	if math.Abs(got-float64(rec.Samples)/22050) > 0.0001 || math.Abs(got-rec.DurationMs/1000) > 0.0001 {
		t.Errorf("WAV lasts %.4f s; the recording has %d samples (%.4f s)", got, rec.Samples, rec.DurationMs/1000)
	}
	if want := int64(1150 * 22050 / 1000); rec.Pauses != want {
		t.Errorf("pauses of %d samples, want %d", rec.Pauses, want)
	}
	// libespeak-ng's output varies by a few milliseconds from run to run.
	_, total := expectedTimes(t, d, speech.DefaultParams())
	if math.Abs(got-total.Seconds()) > 0.02*total.Seconds() {
		t.Errorf("WAV lasts %.3f s; the engine's audio of the same text with pauses lasts %.3f s", got, total.Seconds())
	}
	t.Logf("WAV %.3f s (sox), recording %.3f s, speech synthesised again %.3f s", got, rec.DurationMs/1000, total.Seconds())
	// The sidecar holds every word once, in order, with times that never go back.
	data, err := os.ReadFile(speech.SidecarPath(wav))
	if err != nil {
		t.Fatal(err)
	}
	var side speech.Recording
	if err := json.Unmarshal(data, &side); err != nil {
		t.Fatal(err)
	}
	want := append([]string{"Chapter", "One"}, paragraphWords[:17]...)
	want = append(want, "First", "item", "Second", "item")
	want = append(want, paragraphWords[17:]...)
	if len(side.Words) != len(want) {
		t.Fatalf("sidecar has %d words, want %d", len(side.Words), len(want))
	}
	for i, w := range side.Words {
		if w.Text != want[i] || d.Slice(w.Start, w.End) != w.Text {
			t.Errorf("word %d: %q at [%d,%d), want %q", i, w.Text, w.Start, w.End, want[i])
		}
		if i > 0 && (w.TimeMs < side.Words[i-1].TimeMs || w.Start < side.Words[i-1].End) {
			t.Errorf("word %d at %.1f ms goes back from %.1f ms", i, w.TimeMs, side.Words[i-1].TimeMs)
		}
		if w.TimeMs > side.DurationMs {
			t.Errorf("word %d at %.1f ms after the end", i, w.TimeMs)
		}
	}
	if side.Audio != "sample.wav" || side.SampleRate != 22050 || side.Engine != "espeak" {
		t.Errorf("sidecar header %+v", side)
	}
}

func TestExportRefusesSpeakerEngines(t *testing.T) {
	server := speechtestStart(t)
	_ = server
	d := sampleDoc()
	wav := filepath.Join(t.TempDir(), "x.wav")
	_, _, err := speech.Export(d, 0, d.Len(), speech.Options{Backend: "speechd"}, wav, nil)
	if err == nil || !strings.Contains(err.Error(), "cannot write a WAV file") {
		t.Fatalf("Export with speechd: %v", err)
	}
	if _, err := os.Stat(wav); !os.IsNotExist(err) {
		t.Fatal("a WAV file was left behind")
	}
}

// TestExportMarkupPausesWithEspeak: through libespeak-ng, pause markup is a
// silence of its length in the audio and no word of it is spoken; with
// speech.markup_pauses off its words are.
func TestExportMarkupPausesWithEspeak(t *testing.T) {
	d := doc.New(`Hello there. <break time="750ms"/> Goodbye now.`, doc.Meta{}, nil)
	for _, on := range []bool{true, false} {
		st, _, err := settings.Open(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Set("speech.markup_pauses", on); err != nil {
			t.Fatal(err)
		}
		wav := filepath.Join(t.TempDir(), "break.wav")
		rec, _, err := speech.Export(d, 0, d.Len(), speech.OptionsFrom(st, speech.Overrides{Backend: "espeak", StrictBackend: true}), wav, nil)
		if err != nil {
			t.Fatal(err)
		}
		var said []string
		for _, w := range rec.Words {
			said = append(said, w.Text)
		}
		wantWords, wantPause := "Hello there Goodbye now", int64(750*rec.SampleRate/1000)
		if !on {
			wantWords, wantPause = "Hello there break time 750ms Goodbye now", 0
		}
		if got := strings.Join(said, " "); got != wantWords || rec.Pauses != wantPause {
			t.Errorf("markup pauses %v: words %q and %d samples of pauses, want %q and %d", on, got, rec.Pauses, wantWords, wantPause)
		}
	}
}
