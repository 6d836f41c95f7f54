package audio

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"textfirst/internal/atomicfile"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/speech"
)

// ErrNoFFmpeg says the encoder is missing; the message names the package.
var ErrNoFFmpeg = errors.New("ffmpeg is not installed (the Debian package ffmpeg)")

// Options say what to export.
type Options struct {
	Out          string // the file to write (with --split, the name the chapter files are made from)
	Format       Format // "" takes the format from Out's extension
	Speech       speech.Options
	From, To     int    // the document range; To 0 means the end
	ChapterLevel int    // 0: the top heading level present
	Subtitles    string // "", "srt" or "vtt"
	WordLevel    bool   // a subtitle cue per word, not per sentence
	Karaoke      string // how sentence cues show the word heard: KaraokeOff ("" too), KaraokeTags or KaraokeLines
	// ChaptersFile also writes the chapters as WebVTT beside each file
	// (OUT.chapters.vtt): a cue per chapter, its title.
	ChaptersFile bool
	Split        bool // a file per chapter
	NoSidecar    bool // write no word-timing file
	// Progress, if set, is called now and then with the phase
	// ("Synthesising", "Encoding MP3") and the fraction of it done (0 to 1).
	Progress func(phase string, done float64)
}

// File is a file written.
type File struct {
	Path       string
	Chapter    string  // with Split, the chapter it holds
	DurationMs float64 // of its audio
	Subtitles  string  // the subtitle file written beside it, if any
	// ChaptersFile is the WebVTT chapters file written beside it, if any.
	ChaptersFile string
}

// Result is what Export wrote.
type Result struct {
	Recording *speech.Recording // the word timings of the whole export
	Chapters  []Chapter
	Files     []File
	Sidecar   string // the word-timing JSON file
	Notices   []string
}

// Export reads d (or its range) aloud and writes the audio file(s), their
// subtitles and the word-timing sidecar. Every file is written to a
// temporary name and renamed into place, so an export cancelled through
// ctx (or failing) leaves no file behind; it returns ctx's error then.
func Export(ctx context.Context, d *doc.Document, o Options) (*Result, error) {
	f := o.Format
	book := ReadAlongOf(o.Out)
	if book != "" {
		// A read-along book carries MP3, which EPUB reading systems and
		// browsers all play.
		if o.Split {
			return nil, fmt.Errorf("a read-along book is one file: leave out --split")
		}
		f = MP3
	}
	if f == "" {
		var ok bool
		if f, ok = FormatOf(o.Out); !ok {
			return nil, fmt.Errorf("cannot tell the audio format of %s: give --format wav, flac, mp3, opus or m4b", o.Out)
		}
	}
	if o.Subtitles != "" && o.Subtitles != "srt" && o.Subtitles != "vtt" {
		return nil, fmt.Errorf("unknown subtitle format %q: use srt or vtt", o.Subtitles)
	}
	ffmpeg := ""
	if f != WAV || o.Split {
		var err error
		if ffmpeg, err = exec.LookPath("ffmpeg"); err != nil {
			return nil, fmt.Errorf("%w: %s needs it", ErrNoFFmpeg, f.Name())
		}
	}
	from, to := o.From, o.To
	if to <= 0 || to > d.Len() {
		to = d.Len()
	}
	from = max(0, min(from, to))
	progress := func(phase string, x float64) {
		if o.Progress != nil {
			o.Progress(phase, x)
		}
	}
	// Speech: straight into the file for one WAV, else into a temporary WAV.
	wavPath := o.Out
	if f != WAV || o.Split {
		tmp, err := os.MkdirTemp("", "tw-export-")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(tmp)
		wavPath = filepath.Join(tmp, "speech.wav")
	}
	rec, notices, err := speech.ExportContinuous(ctx, d, from, to, o.Speech, wavPath, func(done, total int) {
		progress("Synthesising", float64(done)/float64(max(total, 1)))
	})
	res := &Result{Notices: notices}
	if err != nil {
		return res, err
	}
	res.Recording = rec
	rec.Audio = filepath.Base(o.Out)
	res.Chapters = chaptersOf(d, rec, o.ChapterLevel, from, to)
	tags := [][2]string{{"title", d.Meta.Title}, {"genre", "Speech"}}
	if d.Meta.Author != nil {
		tags = append(tags, [2]string{"artist", *d.Meta.Author})
	}
	var written []string
	cleanup := func() {
		for _, p := range written {
			os.Remove(p)
		}
	}
	parts := []Chapter{{Title: d.Meta.Title, Start: from, End: to, StartSam: 0, EndSam: rec.Samples, EndMs: rec.DurationMs}}
	if o.Split {
		parts = res.Chapters
	}
	for i, part := range parts {
		path, chapters, ptags := o.Out, res.Chapters, tags
		if book != "" {
			path = filepath.Join(filepath.Dir(wavPath), "audio.mp3")
		}
		if o.Split {
			path = splitName(o.Out, f, i+1, len(parts))
			chapters = []Chapter{part}
			ptags = append([][2]string{{"title", part.Title}, {"album", d.Meta.Title}, {"track", fmt.Sprintf("%d/%d", i+1, len(parts))}}, tags[1:]...)
		}
		if f != WAV || o.Split {
			phase := "Encoding " + f.Name()
			if o.Split {
				phase = fmt.Sprintf("Encoding %s %d of %d", f.Name(), i+1, len(parts))
			}
			meta := ffMetadata(ptags, chapters, rec.SampleRate, part.StartSam, f.vorbisChapters())
			if err := encode(ctx, ffmpeg, wavPath, path, f, meta, rec.SampleRate, part.StartSam, part.EndSam, func(x float64) { progress(phase, x) }); err != nil {
				cleanup()
				return res, err
			}
		}
		if book != "" {
			if err := writeReadAlong(book, d, rec, from, to, path, o.Out); err != nil {
				cleanup()
				return res, err
			}
			path = o.Out
		}
		written = append(written, path)
		file := File{Path: path, DurationMs: ms(rec, part.EndSam-part.StartSam)}
		if o.Split {
			file.Chapter = part.Title
		}
		if o.Subtitles != "" {
			var cues []Cue
			if o.WordLevel {
				cues = wordCues(rec)
			} else {
				cues = karaokeCues(sentenceCues(d, rec, from, to), wordCues(rec), o.Karaoke)
			}
			cues = within(cues, part.StartMs, part.EndMs)
			text := SRT(cues, part.StartMs)
			if o.Subtitles == "vtt" {
				text = VTT(cues, part.StartMs)
			}
			file.Subtitles = strings.TrimSuffix(path, filepath.Ext(path)) + "." + o.Subtitles
			if err := atomicfile.Write(file.Subtitles, []byte(text), 0o644); err != nil {
				cleanup()
				return res, err
			}
			written = append(written, file.Subtitles)
		}
		if o.ChaptersFile {
			var cues []Cue
			for _, c := range chapters {
				cues = append(cues, Cue{StartMs: c.StartMs, EndMs: c.EndMs, Text: c.Title})
			}
			file.ChaptersFile = strings.TrimSuffix(path, filepath.Ext(path)) + ".chapters.vtt"
			if err := atomicfile.Write(file.ChaptersFile, []byte(VTT(cues, part.StartMs)), 0o644); err != nil {
				cleanup()
				return res, err
			}
			written = append(written, file.ChaptersFile)
		}
		res.Files = append(res.Files, file)
	}
	if err := ctx.Err(); err != nil {
		cleanup()
		return res, err
	}
	if o.NoSidecar {
		return res, nil
	}
	res.Sidecar = speech.SidecarPath(o.Out)
	if err := speech.WriteSidecar(o.Out, rec); err != nil {
		cleanup()
		return res, err
	}
	return res, nil
}

// within keeps the cues that start in [startMs, endMs), cut to end there.
func within(cues []Cue, startMs, endMs float64) []Cue {
	var out []Cue
	for _, c := range cues {
		if c.StartMs >= startMs-0.5 && c.StartMs < endMs {
			c.EndMs = min(c.EndMs, endMs)
			out = append(out, c)
		}
	}
	return out
}

// splitName is the file of chapter n of total: "book.mp3" -> "book-01.mp3".
func splitName(out string, f Format, n, total int) string {
	ext := filepath.Ext(out)
	if _, ok := FormatOf(out); !ok {
		ext = f.Ext()
	}
	width := len(strconv.Itoa(total))
	return fmt.Sprintf("%s-%0*d%s", strings.TrimSuffix(out, filepath.Ext(out)), max(width, 2), n, ext)
}

// encode runs ffmpeg on samples [from, to) of the WAV file into out (through
// a temporary file renamed into place), with the metadata meta (tags and
// chapters), reporting progress from ffmpeg's -progress output.
func encode(ctx context.Context, ffmpeg, wav, out string, f Format, meta string, rate int, from, to int64, progress func(float64)) error {
	dir := filepath.Dir(out)
	metaFile, err := os.CreateTemp("", "tw-ffmetadata-*.txt")
	if err != nil {
		return err
	}
	defer os.Remove(metaFile.Name())
	if _, err := metaFile.WriteString(meta); err != nil {
		metaFile.Close()
		return err
	}
	metaFile.Close()
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(out)+".*.tmp")
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", out, err)
	}
	tmp.Close()
	os.Chmod(tmp.Name(), 0o644)
	ok := false
	defer func() {
		if !ok {
			os.Remove(tmp.Name())
		}
	}()
	args := []string{"-hide_banner", "-nostdin", "-loglevel", "error", "-y"}
	whole := from == 0
	if !whole {
		// Input seeking in PCM is exact to the sample.
		args = append(args, "-ss", secs(from, rate))
	}
	args = append(args, "-t", secs(to-from, rate), "-i", wav, "-f", "ffmetadata", "-i", metaFile.Name(),
		"-map", "0:a", "-map_metadata", "1", "-map_chapters", chapterMap(f), "-progress", "pipe:1", "-nostats")
	args = append(args, f.ffmpegArgs()...)
	args = append(args, tmp.Name())
	cmd := exec.CommandContext(ctx, ffmpeg, args...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("cannot run ffmpeg: %w", err)
	}
	total := float64(to-from) * 1e6 / float64(rate)
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "out_time_us="); ok && progress != nil && total > 0 {
			if us, err := strconv.ParseFloat(v, 64); err == nil {
				progress(min(max(us/total, 0), 1))
			}
		}
	}
	err = cmd.Wait()
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if err != nil {
		return fmt.Errorf("ffmpeg could not write %s: %s", f.Name(), strings.TrimSpace(firstLine(stderr.String(), err.Error())))
	}
	if progress != nil {
		progress(1)
	}
	if err := syncFile(tmp.Name()); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), out); err != nil {
		return fmt.Errorf("cannot write %s: %w", out, err)
	}
	ok = true
	return nil
}

func secs(samples int64, rate int) string {
	return strconv.FormatFloat(float64(samples)/float64(rate), 'f', 6, 64)
}

func firstLine(s, alt string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return alt
	}
	line, _, _ := strings.Cut(s, "\n")
	return line
}

func syncFile(path string) error {
	fh, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	err = fh.Sync()
	if cerr := fh.Close(); err == nil {
		err = cerr
	}
	return err
}

// chapterMap is ffmpeg's -map_chapters: the metadata input's chapters, or
// none where they travel as Vorbis comments.
func chapterMap(f Format) string {
	if f.vorbisChapters() {
		return "-1"
	}
	return "1"
}

// writeReadAlong writes the read-along book out of d's range [from, to),
// its recording rec and that recording encoded as the MP3 file mp3.
func writeReadAlong(book ReadAlong, d *doc.Document, rec *speech.Recording, from, to int, mp3, out string) error {
	audio, err := os.ReadFile(mp3)
	if err != nil {
		return err
	}
	b := newReadAlongBook(d, readAlongBlocks(d, rec, from, to), rec.DurationMs, audio)
	data := b.page()
	if book == EPUBOverlay {
		if data, err = b.epub(); err != nil {
			return err
		}
	}
	return atomicfile.Write(out, data, 0o644)
}
