package audio_test

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"textfirst/internal/tw/audio"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/speech"
)

// The tests need ffmpeg and ffprobe (scripts/deps-export.sh) and
// libespeak-ng (scripts/deps-speech.sh).

const book = `# The Start

A short opening. It has two sentences.

## A Part

Words in a part.

# The Middle

The middle chapter speaks. Then it stops.

# The End

Last words here.
`

func loadBook(t *testing.T) *doc.Document {
	t.Helper()
	d, err := load.Bytes("book.md", []byte(book))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func espeak() speech.Options { return speech.Options{Backend: "espeak"} }

func run(t *testing.T, name string, args ...string) string {
	t.Helper()
	out, err := exec.Command(name, args...).Output()
	if err != nil {
		msg := err.Error()
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			msg += ": " + string(ee.Stderr)
		}
		t.Fatalf("%s %s: %s (run scripts/deps-export.sh)", name, strings.Join(args, " "), msg)
	}
	return string(out)
}

// probe is what ffprobe says of a file: its duration and start, and its
// chapters.
type probe struct {
	Format struct {
		Duration  string `json:"duration"`
		StartTime string `json:"start_time"`
	} `json:"format"`
	Chapters []struct {
		StartTime string            `json:"start_time"`
		EndTime   string            `json:"end_time"`
		Tags      map[string]string `json:"tags"`
	} `json:"chapters"`
	Packets []struct {
		PtsTime      string `json:"pts_time"`
		DurationTime string `json:"duration_time"`
	} `json:"packets"`
	Streams []struct {
		CodecName string `json:"codec_name"`
	} `json:"streams"`
}

func ffprobe(t *testing.T, path string, what ...string) probe {
	t.Helper()
	var p probe
	args := append([]string{"-v", "error", "-of", "json"}, what...)
	out := run(t, "ffprobe", append(args, path)...)
	if err := json.Unmarshal([]byte(out), &p); err != nil {
		t.Fatalf("ffprobe %s: %v", path, err)
	}
	return p
}

func secs(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("not seconds: %q", s)
	}
	return v
}

// decodedSeconds is how long the audio a player plays lasts: ffmpeg decodes
// it (dropping encoder delay and padding as the file says) to 8 kHz PCM.
func decodedSeconds(t *testing.T, path string) float64 {
	t.Helper()
	out, err := exec.Command("ffmpeg", "-v", "error", "-i", path, "-f", "s16le", "-ac", "1", "-ar", "8000", "-").Output()
	if err != nil {
		t.Fatalf("ffmpeg decode %s: %v", path, err)
	}
	return float64(len(out)/2) / 8000
}

// headingTimes are the times of the first word of each top-level heading.
func headingTimes(d *doc.Document, rec *speech.Recording) (titles []string, ms []float64) {
	for _, h := range d.MarkersOf(doc.Heading) {
		if h.Level != 1 {
			continue
		}
		titles = append(titles, d.Slice(h.Start, h.End))
		for _, w := range rec.Words {
			if w.Start >= h.Start {
				ms = append(ms, w.TimeMs)
				break
			}
		}
	}
	return
}

func TestExportFormats(t *testing.T) {
	d := loadBook(t)
	for _, tc := range []struct {
		name     string
		subs     string
		chapters bool
		format   audio.Format // "": from the name
	}{
		{"book.wav", "srt", false, ""},
		{"book.flac", "vtt", true, ""},
		{"book.mp3", "srt", true, ""},
		{"book.opus", "vtt", true, ""},
		{"book.m4b", "srt", true, ""},
		{"book.ogg", "vtt", true, audio.Vorbis}, // export.audio_format's "ogg"
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), tc.name)
			res, err := audio.Export(context.Background(), d, audio.Options{Out: out, Format: tc.format, Speech: espeak(), Subtitles: tc.subs})
			if err != nil {
				t.Fatal(err)
			}
			rec := res.Recording
			want := rec.DurationMs / 1000
			// Duration: what a player plays, and what the container says.
			if got := decodedSeconds(t, out); math.Abs(got-want) > 0.05 {
				t.Errorf("decoded audio lasts %.3f s, the WAV %.3f s", got, want)
			}
			p := ffprobe(t, out, "-show_format", "-show_chapters")
			got := secs(t, p.Format.Duration)
			if strings.HasSuffix(tc.name, ".mp3") {
				// MP3's container duration counts the encoder's delay,
				// which the stream's start time skips.
				got -= secs(t, p.Format.StartTime)
			}
			if math.Abs(got-want) > 0.05 {
				t.Errorf("ffprobe: %.3f s, the WAV %.3f s", got, want)
			}
			t.Logf("%s: ffprobe %.3f s, WAV %.3f s", tc.name, got, want)
			if tc.format == audio.Vorbis {
				if codec := ffprobe(t, out, "-show_streams").Streams[0].CodecName; codec != "vorbis" {
					t.Errorf("%s holds %s, want vorbis", tc.name, codec)
				}
			}
			// Chapters: the top-level headings, at their first word.
			titles, times := headingTimes(d, rec)
			if !tc.chapters {
				if len(p.Chapters) != 0 {
					t.Errorf("WAV with chapters %v", p.Chapters)
				}
			} else if len(p.Chapters) != len(titles) {
				t.Errorf("ffprobe lists %d chapters, want %d (%q)", len(p.Chapters), len(titles), titles)
			} else {
				for i, c := range p.Chapters {
					if c.Tags["title"] != titles[i] || math.Abs(secs(t, c.StartTime)*1000-times[i]) > 100 {
						t.Errorf("chapter %d: %q at %s s, want %q at %.3f s", i, c.Tags["title"], c.StartTime, titles[i], times[i]/1000)
					}
				}
				if end := secs(t, p.Chapters[len(p.Chapters)-1].EndTime); math.Abs(end-want) > 0.05 {
					t.Errorf("last chapter ends at %.3f s, the audio at %.3f s", end, want)
				}
			}
			if len(res.Chapters) != len(titles) {
				t.Errorf("Export's chapters %+v", res.Chapters)
			}
			// Subtitles: ffmpeg reads them; a cue per sentence, the first at
			// the first word, the last at the last sentence's first word,
			// ending with the audio.
			sub := strings.TrimSuffix(out, filepath.Ext(out)) + "." + tc.subs
			if res.Files[0].Subtitles != sub {
				t.Fatalf("subtitles in %q, want %q", res.Files[0].Subtitles, sub)
			}
			cues := ffprobe(t, sub, "-show_packets").Packets
			if len(cues) != 10 {
				t.Fatalf("%d cues, want 10 sentences", len(cues))
			}
			first, last := cues[0], cues[len(cues)-1]
			lastWord := wordTime(t, d, rec, "Last")
			if secs(t, first.PtsTime) != rec.Words[0].TimeMs/1000 || math.Abs(secs(t, last.PtsTime)*1000-lastWord) > 1 {
				t.Errorf("cues from %s s and %s s; words at %.3f and %.3f ms", first.PtsTime, last.PtsTime, rec.Words[0].TimeMs, lastWord)
			}
			if end := secs(t, last.PtsTime) + secs(t, last.DurationTime); math.Abs(end-want) > 0.002 {
				t.Errorf("last cue ends at %.3f s, the audio at %.3f s", end, want)
			}
			// The sidecar names the file.
			data, err := os.ReadFile(out + ".json")
			var side speech.Recording
			if err != nil || json.Unmarshal(data, &side) != nil || side.Audio != tc.name || len(side.Words) != len(rec.Words) {
				t.Errorf("sidecar %s: %v %+v", out+".json", err, side.Audio)
			}
		})
	}
}

func wordTime(t *testing.T, d *doc.Document, rec *speech.Recording, text string) float64 {
	t.Helper()
	for _, w := range rec.Words {
		if w.Text == text {
			return w.TimeMs
		}
	}
	t.Fatalf("no word %q", text)
	return 0
}

func TestExportWordLevelSplitAndRange(t *testing.T) {
	d := loadBook(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "parts.opus")
	res, err := audio.Export(context.Background(), d, audio.Options{Out: out, Speech: espeak(), Split: true, Subtitles: "srt", WordLevel: true, ChapterLevel: 2})
	if err != nil {
		t.Fatal(err)
	}
	wantFiles := []string{"parts-01.opus", "parts-02.opus", "parts-03.opus", "parts-04.opus"}
	wantTitles := []string{"The Start", "A Part", "The Middle", "The End"}
	if len(res.Files) != len(wantFiles) {
		t.Fatalf("files %+v", res.Files)
	}
	total := 0.0
	words := 0
	for i, f := range res.Files {
		if filepath.Base(f.Path) != wantFiles[i] || f.Chapter != wantTitles[i] {
			t.Errorf("file %d: %s %q", i, f.Path, f.Chapter)
		}
		got := decodedSeconds(t, f.Path)
		if math.Abs(got*1000-f.DurationMs) > 50 {
			t.Errorf("%s lasts %.3f s, want %.3f", f.Path, got, f.DurationMs/1000)
		}
		total += got
		p := ffprobe(t, f.Path, "-show_format", "-show_chapters")
		if len(p.Chapters) != 1 || p.Chapters[0].Tags["title"] != wantTitles[i] || secs(t, p.Chapters[0].StartTime) != 0 {
			t.Errorf("%s chapters %+v", f.Path, p.Chapters)
		}
		cues := ffprobe(t, f.Subtitles, "-show_packets").Packets
		if len(cues) == 0 || secs(t, cues[0].PtsTime) != 0 {
			t.Errorf("%s: cues %+v", f.Subtitles, cues)
		}
		words += len(cues)
	}
	if n := len(documentWords(res.Recording)); words != n {
		t.Errorf("%d word cues in all, %d document words", words, n)
	}
	if math.Abs(total*1000-res.Recording.DurationMs) > 50*float64(len(wantFiles)) {
		t.Errorf("the parts last %.3f s, the whole %.3f s", total, res.Recording.DurationMs/1000)
	}
	// --range: a heading's chapter, its subheading included.
	from, to, err := audio.Range(d, "the start")
	if err != nil {
		t.Fatal(err)
	}
	if got := d.Slice(from, to); !strings.HasPrefix(got, "The Start") || !strings.Contains(got, "Words in a part.") || strings.Contains(got, "Middle") {
		t.Errorf("range %q", got)
	}
	res, err = audio.Export(context.Background(), d, audio.Options{Out: filepath.Join(dir, "start.m4b"), Speech: espeak(), From: from, To: to})
	if err != nil {
		t.Fatal(err)
	}
	p := ffprobe(t, filepath.Join(dir, "start.m4b"), "-show_chapters")
	if len(p.Chapters) != 1 || p.Chapters[0].Tags["title"] != "The Start" || documentWords(res.Recording)[0].Text != "The" || res.Recording.Words[len(res.Recording.Words)-1].Text != "part" {
		t.Errorf("range export: chapters %+v, words %+v", p.Chapters, res.Recording.Words)
	}
}

func TestRange(t *testing.T) {
	d := loadBook(t)
	pages := doc.New("one\ftwo\fthree", doc.Meta{}, []doc.Marker{{Kind: doc.PageBreak, Start: 3, End: 4}, {Kind: doc.PageBreak, Start: 7, End: 8}})
	// As the PDF loader marks pages: a marker spans each page; page 3 is
	// blank.
	pdf := doc.New("one\n\ntwo\n\nfour", doc.Meta{}, []doc.Marker{
		{Kind: doc.PageBreak, Start: 0, End: 3, Label: "1"}, {Kind: doc.PageBreak, Start: 5, End: 8, Label: "2"},
		{Kind: doc.PageBreak, Start: 8, End: 8, Label: "3"}, {Kind: doc.PageBreak, Start: 10, End: 14, Label: "4"}})
	for _, tc := range []struct {
		d         *doc.Document
		spec      string
		want, err string
	}{
		{d, "The Middle", "The Middle\n\nThe middle chapter speaks. Then it stops.\n\n", ""},
		{d, "  the   END ", "The End\n\nLast words here.", ""},
		{d, "A P", "A Part\n\nWords in a part.\n\n", ""},
		{d, "The", "", `3 headings start with "The"`},
		{d, "Nowhere", "", `no heading "Nowhere"`},
		{d, "0:3", "The", ""},
		{pages, "2", "two", ""},
		{pages, "2-3", "two\fthree", ""},
		{pages, "1-2", "one\ftwo", ""},
		{pages, "4", "", `no pages "4": the document has pages 1 to 3`},
		{pdf, "1-1", "one", ""},
		{pdf, "2", "two", ""},
		{pdf, "4-4", "four", ""},
		{pdf, "2-4", "two\n\nfour", ""},
		{pdf, "1-4", "one\n\ntwo\n\nfour", ""},
		{pdf, "3", "", `pages "3" have no text`},
		{pdf, "5", "", `no pages "5": the document has pages 1 to 4`},
	} {
		from, to, err := audio.Range(tc.d, tc.spec)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("%q: error %v, want %q", tc.spec, err, tc.err)
			}
			continue
		}
		if err != nil || tc.d.Slice(from, to) != tc.want {
			t.Errorf("%q: %q (%v), want %q", tc.spec, tc.d.Slice(from, to), err, tc.want)
		}
	}
}

// A cancelled export leaves nothing: not the audio, nor a temporary file,
// nor subtitles or sidecar; cancelled while speaking and while encoding.
func TestExportCancelledLeavesNoFile(t *testing.T) {
	d := loadBook(t)
	for _, phase := range []string{"Synthesising", "Encoding"} {
		for _, name := range []string{"x.wav", "x.mp3", "x.m4b"} {
			if phase == "Encoding" && name == "x.wav" {
				continue
			}
			dir := t.TempDir()
			ctx, cancel := context.WithCancel(context.Background())
			_, err := audio.Export(ctx, d, audio.Options{Out: filepath.Join(dir, name), Speech: espeak(), Subtitles: "srt",
				Progress: func(p string, done float64) {
					if strings.HasPrefix(p, phase) {
						cancel()
					}
				}})
			cancel()
			if !errors.Is(err, context.Canceled) {
				t.Errorf("%s cancelled while %s: %v", name, phase, err)
			}
			if left, _ := os.ReadDir(dir); len(left) != 0 {
				t.Errorf("%s cancelled while %s left %v", name, phase, left)
			}
		}
	}
}

func TestExportWithoutFFmpeg(t *testing.T) {
	d := loadBook(t)
	dir := t.TempDir()
	t.Setenv("PATH", dir)
	_, err := audio.Export(context.Background(), d, audio.Options{Out: filepath.Join(dir, "x.mp3"), Speech: espeak()})
	if !errors.Is(err, audio.ErrNoFFmpeg) || err.Error() != "ffmpeg is not installed (the Debian package ffmpeg): MP3 needs it" {
		t.Fatalf("err %v", err)
	}
	// WAV needs no encoder.
	if _, err := audio.Export(context.Background(), d, audio.Options{Out: filepath.Join(dir, "x.wav"), Speech: espeak()}); err != nil {
		t.Fatal(err)
	}
}

func TestFormats(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want audio.Format
		ok   bool
	}{
		{"a.wav", audio.WAV, true}, {"a.FLAC", audio.FLAC, true}, {"a.mp3", audio.MP3, true},
		{"a.ogg", audio.Opus, true}, {"a.opus", audio.Opus, true}, {"a.m4b", audio.M4B, true}, {"a.m4a", audio.M4B, true},
		{"a.txt", "", false}, {"a", "", false},
	} {
		if f, ok := audio.FormatOf(tc.in); f != tc.want || ok != tc.ok {
			t.Errorf("%s: %q %v", tc.in, f, ok)
		}
	}
}

func TestSubtitleText(t *testing.T) {
	cues := []audio.Cue{{StartMs: 0, EndMs: 1234.4, Text: "a <b> & c"}, {StartMs: 3723004, EndMs: 3723999.6, Text: "x --> y\n\nz"}}
	if got, want := audio.SRT(cues, 0), "1\n00:00:00,000 --> 00:00:01,234\na <b> & c\n\n2\n01:02:03,004 --> 01:02:04,000\nx -> y z\n\n"; got != want {
		t.Errorf("SRT %q", got)
	}
	if got, want := audio.VTT(cues, 1000), "WEBVTT\n\n00:00:00.000 --> 00:00:00.234\na &lt;b&gt; &amp; c\n\n01:02:02.004 --> 01:02:03.000\nx -&gt; y z\n\n"; got != want {
		t.Errorf("VTT %q", got)
	}
}

// FuzzRange: any --range value gives a range inside the document or an
// error, never a panic.
func FuzzRange(f *testing.F) {
	for _, s := range []string{"The Middle", "the", "2", "2-3", "0:3", "3:1", "-1", "1-", ":", "", "A P", "9999999999999999999-1"} {
		f.Add(s)
	}
	d, err := load.Bytes("book.md", []byte(book))
	if err != nil {
		f.Fatal(err)
	}
	pages := doc.New("one\ftwo\fthree", doc.Meta{}, []doc.Marker{{Kind: doc.PageBreak, Start: 3, End: 4}, {Kind: doc.PageBreak, Start: 7, End: 8}})
	pdf := doc.New("one\n\ntwo\n\nfour", doc.Meta{}, []doc.Marker{
		{Kind: doc.PageBreak, Start: 0, End: 3}, {Kind: doc.PageBreak, Start: 5, End: 8},
		{Kind: doc.PageBreak, Start: 8, End: 8}, {Kind: doc.PageBreak, Start: 10, End: 14}})
	f.Fuzz(func(t *testing.T, spec string) {
		for _, dd := range []*doc.Document{d, pages, pdf} {
			from, to, err := audio.Range(dd, spec)
			if err == nil && (from < 0 || to > dd.Len() || from >= to) {
				t.Errorf("%q: [%d, %d) of %d", spec, from, to, dd.Len())
			}
		}
	})
}

// documentWords are the words of rec that are the document's, not those
// continuous reading inserted ("heading level 1").
func documentWords(rec *speech.Recording) []speech.WordTime {
	var out []speech.WordTime
	for _, w := range rec.Words {
		if !w.Inserted {
			out = append(out, w)
		}
	}
	return out
}
