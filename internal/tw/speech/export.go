package speech

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"textfirst/internal/atomicfile"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/speech/engine"
	"textfirst/internal/tw/units"
)

// WordTime is a word of a recording: its document range and text, and the
// time its first sample comes in the audio. A word continuous reading
// inserted (a role, a count, a column header: "heading", "Row", "Name")
// has Inserted set, its text as spoken, and an empty range at the place it
// is said.
type WordTime struct {
	Start    int     `json:"start"`
	End      int     `json:"end"`
	Text     string  `json:"text"`
	Sample   int64   `json:"sample"`
	TimeMs   float64 `json:"time_ms"`
	Inserted bool    `json:"inserted,omitempty"`
	// Lang is the language of an inserted word said in a voice of the
	// interface language, not the reading voice's; "" otherwise.
	Lang string `json:"lang,omitempty"`
}

// Recording describes an exported WAV file; it is also the content of the
// word-timing sidecar (SidecarPath).
type Recording struct {
	Audio      string     `json:"audio"` // the WAV file's name, relative to the sidecar
	Engine     string     `json:"engine"`
	Voice      string     `json:"voice,omitempty"`
	Rate       int        `json:"rate_wpm"`
	SampleRate int        `json:"sample_rate"`
	Samples    int64      `json:"samples"`       // all audio: speech and pauses
	Pauses     int64      `json:"pause_samples"` // silence added after headings, paragraphs, list items
	DurationMs float64    `json:"duration_ms"`
	Words      []WordTime `json:"words"`
}

// SidecarPath is where the word timings of the WAV file wavPath go: the
// same name with ".json" added ("book.wav" -> "book.wav.json").
func SidecarPath(wavPath string) string { return wavPath + ".json" }

// Export synthesises d from code point from to to (exclusive) into the WAV
// file wavPath (written atomically), as fast as the engine goes, and
// returns the recording with its word timings. opts.Sink is ignored.
// progress, if not nil, is called now and then with the code points done and
// the total. Engines that play audio themselves (speechd) cannot export.
func Export(d *doc.Document, from, to int, opts Options, wavPath string, progress func(done, total int)) (*Recording, []string, error) {
	return ExportContext(context.Background(), d, from, to, opts, wavPath, progress)
}

// ExportContext is Export that stops when ctx is done: the unfinished WAV
// file is removed and ctx's error returned.
func ExportContext(ctx context.Context, d *doc.Document, from, to int, opts Options, wavPath string, progress func(done, total int)) (*Recording, []string, error) {
	return export(ctx, d, from, to, opts, wavPath, progress, false)
}

// ExportContinuous is ExportContext reading the range as continuous
// reading does (NewContinuousNarrator): the document's structure is said,
// at opts.Params.Verbosity, in the interface language opts.Language, and
// its words are in the word timings marked Inserted.
func ExportContinuous(ctx context.Context, d *doc.Document, from, to int, opts Options, wavPath string, progress func(done, total int)) (*Recording, []string, error) {
	return export(ctx, d, from, to, opts, wavPath, progress, true)
}

// export is ExportContext, the range read continuously when continuous.
func export(ctx context.Context, d *doc.Document, from, to int, opts Options, wavPath string, progress func(done, total int), continuous bool) (*Recording, []string, error) {
	eng, notices, err := opts.openEngine()
	if err != nil {
		return nil, nil, err
	}
	defer eng.Close()
	syn, ok := eng.(engine.Synthesizer)
	if !ok {
		return nil, notices, fmt.Errorf("speech: the %s engine plays its audio itself and cannot write a WAV file", eng.ID())
	}
	p := opts.Params
	if p == (Params{}) {
		p = DefaultParams()
	}
	p = p.Clamp()
	if p.Voice != "" {
		vs, err := eng.Voices()
		var n string
		if p, n = matchVoice(eng.ID(), vs, err, p, opts); n != "" {
			notices = append(notices, n)
		}
	}
	from = max(0, min(from, d.Len()))
	to = max(from, min(to, d.Len()))
	sink := NewWAVSink(wavPath)
	rate := syn.SampleRate()
	st, err := sink.NewStream(rate)
	if err != nil {
		return nil, notices, err
	}
	rec := &Recording{Audio: filepath.Base(wavPath), Engine: eng.ID(), Voice: p.Voice, Rate: p.Rate, SampleRate: rate, Words: []WordTime{}}
	var base int64
	var werr error
	narr := NewNarrator(d, from, to, p)
	lang := opts.Language
	if lang == "" {
		lang = "en"
	}
	if continuous {
		narr = NewContinuousNarrator(units.New(d), from, to, p, opts.Language)
		if vs, err := eng.Voices(); err == nil {
			narr.insertVoice = voiceForLanguage(vs, eng, p.Voice, lang)
		}
	}
	for seg, ok := narr.Next(); ok; seg, ok = narr.Next() {
		uttBase := base
		next := 0
		addWord := func(i int, sample int64) {
			wt := WordTime{Sample: sample, TimeMs: float64(sample) * 1000 / float64(rate)}
			if w, heard := seg.heard(i); heard {
				wt.Start, wt.End, wt.Text = w.Start, w.End, d.Slice(w.Start, w.End)
			} else {
				sp := seg.Utterance.Words[i]
				wt.Start, wt.End, wt.Inserted = w.Start, w.Start, true
				if seg.Voice != "" {
					wt.Lang = lang
				}
				wt.Text = string([]rune(seg.Utterance.Text)[sp.Start:sp.End])
			}
			rec.Words = append(rec.Words, wt)
		}
		if err := ctx.Err(); err != nil {
			sink.abandon()
			return nil, notices, err
		}
		err := syn.Synthesize(seg.Utterance, seg.params(p), func(pcm []int16, marks []engine.Mark) bool {
			if ctx.Err() != nil {
				return false
			}
			for _, m := range marks {
				for ; next <= m.Word; next++ {
					addWord(next, uttBase+m.Sample)
				}
			}
			if werr = st.Write(pcm); werr != nil {
				return false
			}
			base += int64(len(pcm))
			return true
		})
		if err == nil {
			err = werr
		}
		if err == nil {
			err = ctx.Err()
		}
		if err != nil {
			sink.abandon()
			return nil, notices, err
		}
		for ; next < len(seg.DocWords); next++ {
			addWord(next, base)
		}
		if n := int64(seg.PauseMs) * int64(rate) / 1000; n > 0 {
			if err := st.Write(make([]int16, n)); err != nil {
				sink.abandon()
				return nil, notices, err
			}
			base += n
			rec.Pauses += n
		}
		if progress != nil {
			progress(seg.End-from, to-from)
		}
	}
	if err := sink.Close(); err != nil {
		return nil, notices, err
	}
	rec.Samples = base
	rec.DurationMs = float64(base) * 1000 / float64(rate)
	return rec, notices, nil
}

// WriteSidecar writes rec as JSON next to the WAV file (atomically).
func WriteSidecar(wavPath string, rec *Recording) error {
	data, err := json.MarshalIndent(rec, "", " ")
	if err != nil {
		return err
	}
	if err := atomicfile.Write(SidecarPath(wavPath), append(data, '\n'), 0o644); err != nil {
		return fmt.Errorf("speech: cannot write %s: %w", SidecarPath(wavPath), err)
	}
	return nil
}

// SayToWAV speaks text (an announcement or a `tw speak` text: plain text,
// paragraphs at blank lines) into a WAV file. It is Export on a document
// made of text.
func SayToWAV(text string, opts Options, wavPath string) (*Recording, []string, error) {
	d := doc.New(strings.TrimRight(text, "\n"), doc.Meta{}, nil)
	return Export(d, 0, d.Len(), opts, wavPath, nil)
}
