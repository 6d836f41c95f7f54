package bookaudio

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/speech"
)

// event is what a reading reported: a range heard, or its end.
type event struct {
	start, end int
	done       bool
	completed  bool
}

// listen starts a reading of d on p and returns its events.
func listen(p *Player, d *doc.Document, from, to int) chan event {
	ch := make(chan event, 64)
	p.Read(d, from, to,
		func(start, end int) { ch <- event{start: start, end: end} },
		func(completed bool) { ch <- event{done: true, completed: completed} })
	return ch
}

// heard collects a reading's ranges as the text they cover, until its end.
func heard(t *testing.T, d *doc.Document, ch chan event) (said []string, completed bool) {
	t.Helper()
	timeout := time.After(2 * time.Minute)
	for {
		select {
		case e := <-ch:
			if e.done {
				return said, e.completed
			}
			said = append(said, strings.TrimSpace(d.Slice(e.start, e.end)))
		case <-timeout:
			t.Fatalf("the reading did not end; heard %q", said)
		}
	}
}

// books makes the test book in both versions: DAISY 2.02 in a folder
// (WAV), DAISY 3 in a ZIP (MP3).
func books(t *testing.T) map[string]string {
	root := t.TempDir()
	d2 := filepath.Join(root, "daisy2")
	testkit.MakeDAISY2(t, d2, testkit.DAISYBook, []int{1, 2, 2}, true)
	d3 := filepath.Join(root, "daisy3")
	testkit.MakeDAISY3(t, d3, []int{1, 2, 2}, true)
	zipped := filepath.Join(root, "daisy3.zip")
	testkit.ZipFolder(t, d3, zipped, "")
	return map[string]string{"2.02 folder, WAV": d2, "3 zip, MP3": zipped}
}

// wholeBook is what reading the test book says, clip by clip: each
// phrase's text (a page number's clip says the page's first phrase).
var wholeBook = []string{"The Lighthouse Keeper", "Mara kept the light for forty years.",
	"Mara kept the light for forty years.", "The Storm", "The wind rose at dusk.1",
	"Waves broke over the rocks.", "Waves broke over the rocks.", "1 A storm of the autumn of 1890.",
	"Lighthouses were lit with oil.", "Morning", "The sea was calm again.", "Picture: a white tower."}

// TestPlaysTheRecording reads each book through a clock sink (eight times
// faster than real time): the positions follow the clips, in reading
// order, and the reading completes.
func TestPlaysTheRecording(t *testing.T) {
	for name, path := range books(t) {
		t.Run(name, func(t *testing.T) {
			d, err := load.File(path)
			if err != nil {
				t.Fatal(err)
			}
			p := New(func() speech.Sink { return speech.ClockSink{Speed: 8} }, nil)
			if !p.Has(d) {
				t.Fatal("the book's recording is not found")
			}
			said, completed := heard(t, d, listen(p, d, 0, d.Len()))
			if !completed || strings.Join(said, "|") != strings.Join(wholeBook, "|") {
				t.Errorf("completed %v, heard\n %q\nwant\n %q", completed, said, wholeBook)
			}
			// From the middle: the clip holding the place first; to the
			// end of a range: no clip past it.
			from := strings.Index(d.Text, "Waves")
			to := strings.Index(d.Text, "Lighthouses were")
			said, completed = heard(t, d, listen(p, d, d.Pos(from), d.Pos(to)))
			want := []string{"Waves broke over the rocks.", "Waves broke over the rocks.", "1 A storm of the autumn of 1890."}
			if !completed || strings.Join(said, "|") != strings.Join(want, "|") {
				t.Errorf("range: completed %v, heard %q, want %q", completed, said, want)
			}
		})
	}
}

// TestStopSilences stops a reading after its second clip: done(false)
// once, and no clip after.
func TestStopSilences(t *testing.T) {
	dir := t.TempDir()
	testkit.MakeDAISY2(t, dir, testkit.DAISYBook, []int{1, 2, 2}, true)
	d, err := load.File(dir)
	if err != nil {
		t.Fatal(err)
	}
	p := New(func() speech.Sink { return speech.ClockSink{Speed: 1} }, nil)
	ch := listen(p, d, 0, d.Len())
	for range 2 {
		if e := <-ch; e.done {
			t.Fatalf("ended early: %+v", e)
		}
	}
	p.Stop()
	if e := <-ch; !e.done || e.completed {
		t.Fatalf("after Stop: %+v, want done(false)", e)
	}
	// A new reading's events are its own.
	said, completed := heard(t, d, listen(p, d, d.Pos(strings.Index(d.Text, "Morning")), d.Len()))
	if !completed || strings.Join(said, "|") != "Morning|The sea was calm again.|Picture: a white tower." {
		t.Errorf("next reading: completed %v, heard %q", completed, said)
	}
	select {
	case e := <-ch:
		t.Errorf("an event after the end: %+v", e)
	default:
	}
}

// TestWAVSinkGetsTheClips plays the DAISY 2.02 book into a WAV sink, as
// the speech tests do: the file holds every clip, sample for sample.
func TestWAVSinkGetsTheClips(t *testing.T) {
	dir := t.TempDir()
	times := testkit.MakeDAISY2(t, dir, testkit.DAISYBook, []int{1, 2, 2}, true)
	d, err := load.File(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "book.wav")
	sink := speech.NewWAVSink(out)
	p := New(func() speech.Sink { return sink }, nil)
	if _, completed := heard(t, d, listen(p, d, 0, d.Len())); !completed {
		t.Fatal("not completed")
	}
	if err := sink.Close(); err != nil {
		t.Fatal(err)
	}
	var want time.Duration
	for _, sec := range times {
		for _, c := range sec {
			want += c[1] - c[0]
		}
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	got := time.Duration(binary.LittleEndian.Uint32(data[40:44])/2) * time.Second / Rate
	if diff := got - want; diff < -50*time.Millisecond || diff > 50*time.Millisecond {
		t.Errorf("the WAV file holds %v of audio, the clips %v", got, want)
	}
}

// TestNoRecording: a document that is no narrated book is not the
// player's.
func TestNoRecording(t *testing.T) {
	p := New(func() speech.Sink { return speech.ClockSink{} }, nil)
	d := doc.New("plain", doc.Meta{Format: "text"}, nil)
	if p.Has(d) {
		t.Error("a plain text has a recording")
	}
	dir := t.TempDir()
	testkit.MakeDAISY2(t, dir, testkit.DAISYBook, []int{1, 2, 2}, true)
	book, err := load.File(dir)
	if err != nil {
		t.Fatal(err)
	}
	if New(func() speech.Sink { return nil }, nil).Has(book) {
		t.Error("a player with no sink (an engine that plays its own audio) has a recording")
	}
}

// TestPourCutsTheClip: the samples of a clip cut from a whole file (a
// ZIP member piped to ffmpeg) are those of [skip, skip+keep), across
// chunk boundaries.
func TestPourCutsTheClip(t *testing.T) {
	const n = 3*chunk + 77
	raw := make([]byte, 2*n)
	for i := range n {
		binary.LittleEndian.PutUint16(raw[2*i:], uint16(i))
	}
	for _, tc := range []struct {
		name        string
		skip, keep  int64
		first, want int64 // the first sample handed on, and how many
		whole       bool
	}{
		{"all", 0, -1, 0, n, false},
		{"inside a chunk", 10, 20, 10, 20, true},
		{"across chunks", chunk - 5, chunk + 10, chunk - 5, chunk + 10, true},
		{"past the end", n - 7, 100, n - 7, 7, false},
		{"to the end", 2 * chunk, -1, 2 * chunk, n - 2*chunk, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []int16
			whole, err := pour(bytes.NewReader(raw), tc.skip, tc.keep, func(pcm []int16) error {
				got = append(got, pcm...)
				return nil
			})
			if err != nil || whole != tc.whole || int64(len(got)) != tc.want || len(got) > 0 && int64(got[0]) != tc.first {
				t.Errorf("whole %v, err %v, %d samples from %v; want whole %v, %d from %d", whole, err, len(got), got[:min(len(got), 1)], tc.whole, tc.want, tc.first)
			}
		})
	}
}

// TestMissingAudioIsSpoken: in a book that lacks an audio file, a range
// holding text of the missing clips is left to speech (none of its text
// goes unheard); a range the recording has whole is still played.
func TestMissingAudioIsSpoken(t *testing.T) {
	dir := t.TempDir()
	testkit.MakeDAISY2(t, dir, testkit.DAISYBook, []int{1, 2, 2}, true)
	if err := os.Remove(filepath.Join(dir, "audio", "s2.wav")); err != nil {
		t.Fatal(err)
	}
	d, err := load.File(dir)
	if err != nil {
		t.Fatal(err)
	}
	p := New(func() speech.Sink { return speech.ClockSink{Speed: 8} }, nil)
	storm := d.Pos(strings.Index(d.Text, "The Storm"))
	morning := d.Pos(strings.Index(d.Text, "Morning"))
	for _, tc := range []struct {
		name     string
		from, to int
		want     bool
	}{
		{"the whole book", 0, d.Len(), false},
		{"the section whose audio is missing", storm, morning, false},
		{"the first section", 0, storm, true},
		{"the last section", morning, d.Len(), true},
	} {
		if got := p.Covers(d, tc.from, tc.to); got != tc.want {
			t.Errorf("%s: Covers %v, want %v", tc.name, got, tc.want)
		}
	}
	said, completed := heard(t, d, listen(p, d, morning, d.Len()))
	if !completed || strings.Join(said, "|") != "Morning|The sea was calm again.|Picture: a white tower." {
		t.Errorf("completed %v, heard %q", completed, said)
	}
}
