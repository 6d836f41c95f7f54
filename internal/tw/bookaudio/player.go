// Package bookaudio plays the recorded narration of a DAISY talking book
// in place of speech: the reader's voice (composed by the session) reads a
// book through the Player when the book has a recording and the reader
// wants it (reading.book_audio "auto"), and through speech otherwise.
//
// The Player has the shape of the reader's speaking seam: Read plays the
// clips that say a range of the text, reports each clip's text range as
// the "word" heard when the clip's first sample is played, and calls done
// exactly once; Stop silences it at once. The clips are decoded by ffmpeg
// (Debian package ffmpeg: MP3, WAV, and what else a book holds) and
// played on the speech service's sink, so they are heard where speech is.
package bookaudio

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/speech"
)

// Rate is the sample rate clips are decoded to.
const Rate = 22050

// pollEvery is how often a playing reading looks at how much its stream
// has played.
const pollEvery = 5 * time.Millisecond

// Decoder decodes the stretch [begin, end) of an audio file (end 0: to
// its end) to mono 16-bit samples at rate, handing them to out a piece at
// a time as they come, so that playing starts before the clip is all
// decoded; an error of out stops it and is returned. audio is a path on
// disk or "archive!member", as load.BookClip.Audio gives it.
type Decoder func(ctx context.Context, audio string, begin, end time.Duration, rate int, out func(pcm []int16) error) error

// Player plays books' recorded narration. It is safe for concurrent use;
// one reading plays at a time (Read stops the one before).
type Player struct {
	sink      func() speech.Sink
	decode    Decoder
	narration func(path string) (*load.BookAudio, error)

	mu sync.Mutex
	// book is the narration of the document last asked about, and, when
	// it lacks audio files, the ranges of its text that no clip says.
	book struct {
		d     *doc.Document
		audio *load.BookAudio
		gaps  [][2]int
	}
	cur *reading
}

// New returns a player that plays on the sink sink returns (the speech
// service's current one; nil: the recording is not played), decoding with
// decode (nil: ffmpeg).
func New(sink func() speech.Sink, decode Decoder) *Player {
	if decode == nil {
		decode = FFmpeg
	}
	return &Player{sink: sink, decode: decode, narration: load.BookNarration}
}

// Has reports whether d is a book whose recording the player can play: a
// DAISY book with clips, and a sink to play them on. The clips are found
// once per document.
func (p *Player) Has(d *doc.Document) bool {
	return p.audioOf(d) != nil && p.sink() != nil
}

// Covers reports whether the player reads [from, to) of d: d has a
// recording it can play (Has), no text of the range lacks its clip (a
// missing audio file's text would not be heard), and the range holds the
// whole text of one of its clips, or goes on past the clip it starts in (a
// word or a character on its own is left to speech).
func (p *Player) Covers(d *doc.Document, from, to int) bool {
	if !p.Has(d) {
		return false
	}
	p.mu.Lock()
	gaps := p.book.gaps
	p.mu.Unlock()
	for _, g := range gaps {
		if g[0] < to && from < g[1] {
			return false // text the recording lacks: speech says it all
		}
	}
	for _, c := range p.audioOf(d).Clips {
		whole := from <= c.Start && c.End <= to && c.Start < c.End
		onward := c.Start <= from && from < c.End && c.End < to
		if whole || onward {
			return true
		}
	}
	return false
}

func (p *Player) audioOf(d *doc.Document) *load.BookAudio {
	if d == nil || d.Meta.Properties[load.PropertyBookAudio] != "yes" {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.book.d == d {
		return p.book.audio
	}
	audio, err := p.narration(d.Meta.Path)
	if err != nil || len(audio.Clips) == 0 {
		audio = nil
	}
	p.book.d, p.book.audio, p.book.gaps = d, audio, nil
	if audio != nil && len(audio.Missing) > 0 {
		// Only a book that lacks audio files: text a whole book leaves
		// without a clip is text its producer chose not to narrate.
		p.book.gaps = unsaid(d, audio.Clips)
	}
	return audio
}

// unsaid returns the ranges of d's text that hold more than white space
// and that no clip says, in order.
func unsaid(d *doc.Document, clips []load.BookClip) [][2]int {
	spans := make([][2]int, 0, len(clips))
	for _, c := range clips {
		spans = append(spans, [2]int{c.Start, c.End})
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i][0] < spans[j][0] })
	var gaps [][2]int
	at := 0
	add := func(from, to int) {
		if from < to && strings.TrimSpace(d.Slice(from, to)) != "" {
			gaps = append(gaps, [2]int{from, to})
		}
	}
	for _, s := range spans {
		add(at, s[0])
		at = max(at, s[1])
	}
	add(at, d.Len())
	return gaps
}

// reading is one Read: its clips, its stream, and its end.
type reading struct {
	cancel context.CancelFunc
	once   sync.Once
	done   func(completed bool)
	word   func(start, end int)
	// stream is set once opened; stopped says Stop came.
	stream  speech.Stream
	stopped bool
}

// finish calls done once.
func (r *reading) finish(completed bool) { r.once.Do(func() { r.done(completed) }) }

// Read plays the clips that say [from, to) of d, starting with the one
// that holds from, and returns at once. word is called with each clip's
// range (within [from, to)) when its first sample is played; done is
// called exactly once: true when all was played, false when stopped or
// when the audio could not be played.
func (p *Player) Read(d *doc.Document, from, to int, word func(start, end int), done func(completed bool)) {
	p.Stop()
	clips := Span(p.audioOf(d), from, to)
	ctx, cancel := context.WithCancel(context.Background())
	r := &reading{cancel: cancel, done: done, word: word}
	p.mu.Lock()
	p.cur = r
	p.mu.Unlock()
	go p.play(ctx, r, clips, from, to)
}

// Stop silences the reading in progress at once; its done(false) is
// called before Stop returns, and none of its words after.
func (p *Player) Stop() {
	p.mu.Lock()
	r := p.cur
	p.cur = nil
	if r != nil {
		r.stopped = true
		r.cancel()
		if r.stream != nil {
			r.stream.Abort()
		}
	}
	p.mu.Unlock()
	if r != nil {
		r.finish(false)
	}
}

// Span returns the clips of audio that say [from, to): from the clip that
// holds from (or the first after it), in reading order, while they start
// before to.
func Span(audio *load.BookAudio, from, to int) []load.BookClip {
	if audio == nil {
		return nil
	}
	first := -1
	for i, c := range audio.Clips {
		if c.Start <= from && from < c.End || c.Start >= from && first < 0 {
			first = i
			break
		}
	}
	if first < 0 {
		return nil
	}
	end := first
	for end < len(audio.Clips) && audio.Clips[end].Start < to {
		end++
	}
	return audio.Clips[first:end]
}

// play decodes and plays the clips one after another, each decoded while
// the one before plays.
func (p *Player) play(ctx context.Context, r *reading, clips []load.BookClip, from, to int) {
	completed := false
	defer func() { p.end(r, completed) }()
	sink := p.sink()
	if sink == nil || len(clips) == 0 {
		completed = len(clips) == 0
		return
	}
	st, err := sink.NewStream(Rate)
	if err != nil {
		return
	}
	defer st.Close()
	p.mu.Lock()
	if r.stopped {
		p.mu.Unlock()
		return
	}
	r.stream = st
	p.mu.Unlock()
	var written int64
	for _, c := range clips {
		// The clip is heard once its first sample is played: while it is
		// decoded, or after, when the clip before plays on.
		mark, heard := written, false
		hear := func() {
			if !heard && written > mark && st.Played() > mark {
				heard = true
				p.heard(r, max(c.Start, from), min(c.End, to))
			}
		}
		err := p.decode(ctx, c.Audio, c.Begin, c.ClipEnd, Rate, func(pcm []int16) error {
			if err := st.Write(pcm); err != nil {
				return err
			}
			written += int64(len(pcm))
			hear()
			return nil
		})
		if err != nil || written > mark && !waitPlayed(ctx, st, mark+1) {
			return
		}
		hear()
	}
	completed = waitPlayed(ctx, st, written)
}

// heard reports a clip's range, unless the reading was stopped.
func (p *Player) heard(r *reading, start, end int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !r.stopped && start < end {
		r.word(start, end)
	}
}

// end finishes a reading that ran its course (or failed).
func (p *Player) end(r *reading, completed bool) {
	p.mu.Lock()
	if p.cur == r {
		p.cur = nil
	}
	stopped := r.stopped
	p.mu.Unlock()
	r.cancel()
	if !stopped {
		r.finish(completed)
	}
}

// waitPlayed waits until st has played n samples; false when ctx ends
// first.
func waitPlayed(ctx context.Context, st speech.Stream, n int64) bool {
	t := time.NewTicker(pollEvery)
	defer t.Stop()
	for st.Played() < n {
		select {
		case <-ctx.Done():
			return false
		case <-t.C:
		}
	}
	return ctx.Err() == nil
}

// ErrNoAudio is the error of a clip whose audio cannot be decoded.
var ErrNoAudio = errors.New("bookaudio: cannot decode the clip")

func decodeError(audio string, err error) error {
	return fmt.Errorf("%w %s: %w", ErrNoAudio, audio, err)
}
