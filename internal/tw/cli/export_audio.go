package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"textfirst/internal/lazyregexp"
	"textfirst/internal/tw/audio"
	"textfirst/internal/tw/doc"
)

func exportAudioCmd(env Env) *cobra.Command {
	var vf voiceFlags
	var out, format, subs, rng string
	var level int
	var wordLevel, split bool
	c := &cobra.Command{
		Use:   "export-audio FILE --out OUT",
		Short: "Write a document read aloud to an audio file (WAV, FLAC, MP3, Ogg Opus, M4B) or a read-along book (EPUB, HTML)",
		Long: `Write FILE (- reads standard input) read aloud to OUT, in the format its
extension names (.wav, .flac, .mp3, .opus or .ogg, .m4b) or --format says, and
its word timings to OUT.json. The headings (of --chapter-level, else the top
level present) become the file's own chapters (M4B chapters, Vorbis comments in
FLAC and Opus, ID3 CHAP frames in MP3; WAV has none). --subtitles srt|vtt
writes OUT.srt or OUT.vtt beside it, a cue per sentence or, with --word-level,
per word. --split writes a file per chapter (OUT-01.mp3, ...). --range reads a
part only: a heading, pages ("3-5") when the document has pages, or code
points ("START:END"). Formats other than WAV are encoded by ffmpeg (the Debian
package ffmpeg). A progress bar goes to stderr on a terminal; Ctrl-C stops
and leaves no file.

An OUT ending in .epub or .html is a read-along book: the text with its
audio (MP3), the sentence being read marked as it plays. .epub is an EPUB 3
with Media Overlays, sentence by sentence (reading systems and DAISY players
follow it); .html is a single page with the audio inside it, where clicking
a sentence plays from there.`,
		Example: "  tw export-audio book.md --out book.m4b --subtitles vtt\n  tw export-audio notes.md --out notes.mp3 --split --chapter-level 2\n  tw export-audio chapter.md --out chapter.epub",
		Args:    oneDocument(env, "export-audio"),
		RunE: func(c *cobra.Command, args []string) error {
			if out == "" {
				return usage(env.p, "export-audio", env.tr("--out FILE is required"))
			}
			var f audio.Format
			if format != "" {
				var err error
				if f, err = audio.ParseFormat(format); err != nil {
					return usage(env.p, "export-audio", err.Error())
				}
			} else if _, ok := audio.FormatOf(out); !ok && audio.ReadAlongOf(out) == "" {
				return usage(env.p, "export-audio", env.tr("cannot tell the format of %s: give --format wav, flac, mp3, opus or m4b", out))
			}
			if audio.ReadAlongOf(out) != "" && (split || format != "" && f != audio.MP3) {
				return usage(env.p, "export-audio", env.tr("a read-along book (%s) is one file with MP3 audio: leave out --split and --format", out))
			}
			if subs == "" && env.settingBool("export.subtitles_with_audio") {
				subs = env.setting("export.subtitle_format")
				wordLevel = wordLevel || env.settingBool("export.subtitle_word_level")
			} else if subs != "" && !c.Flags().Changed("word-level") {
				wordLevel = env.settingBool("export.subtitle_word_level")
			}
			if subs != "" && subs != "srt" && subs != "vtt" {
				return usage(env.p, "export-audio", env.tr("--subtitles wants srt or vtt, not %q", subs))
			}
			if wordLevel && subs == "" {
				return usage(env.p, "export-audio", env.tr("--word-level goes with --subtitles srt|vtt"))
			}
			opts, err := vf.options(env, "export-audio")
			if err != nil {
				return err
			}
			d, err := loadDoc(env, "export-audio", args[0], "")
			if err != nil {
				return err
			}
			from, to := 0, d.Len()
			if rng != "" {
				if from, to, err = audio.Range(d, rng); err != nil {
					return fail(env.p, 2, "tw export-audio: --range: "+err.Error(), env.tr("Give a heading's text, pages (3-5) or START:END."))
				}
			}
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			bar := newProgress(env, env.Stderr, isTerminal(env.Stderr))
			res, err := audio.Export(ctx, d, audio.Options{
				Out: out, Format: f, Speech: opts,
				From: from, To: to, ChapterLevel: level, Subtitles: subs, WordLevel: wordLevel, Karaoke: env.setting("export.subtitle_karaoke"), Split: split,
				ChaptersFile: env.settingBool("export.subtitle_chapters"),
				Progress:     bar.update,
			})
			bar.finish()
			if res != nil {
				for _, n := range res.Notices {
					fmt.Fprintln(env.Stderr, n)
				}
			}
			return reportExport(env, "export-audio", out, res, err)
		},
	}
	vf.add(c)
	fl := c.Flags()
	fl.StringVarP(&out, "out", "o", "", "the audio file to write (.wav .flac .mp3 .opus .m4b), or a read-along book (.epub .html)")
	fl.StringVar(&format, "format", "", "wav, flac, mp3, opus (Ogg Opus, also .ogg), vorbis (Ogg Vorbis) or m4b (else from --out's extension)")
	fl.IntVar(&level, "chapter-level", 0, "the heading level that starts a chapter (default: the top level present)")
	fl.StringVar(&subs, "subtitles", "", "also write subtitles: srt or vtt")
	fl.BoolVar(&wordLevel, "word-level", false, "a subtitle cue per word, not per sentence")
	fl.BoolVar(&split, "split", false, "a file per chapter: OUT-01.EXT, OUT-02.EXT, ...")
	fl.StringVar(&rng, "range", "", "a part only: a heading, pages (3-5), or START:END code points")
	c.RegisterFlagCompletionFunc("format", cobra.FixedCompletions([]string{"wav", "flac", "mp3", "opus", "vorbis", "m4b"}, cobra.ShellCompDirectiveNoFileComp))
	c.RegisterFlagCompletionFunc("subtitles", cobra.FixedCompletions([]string{"srt", "vtt"}, cobra.ShellCompDirectiveNoFileComp))
	return c
}

// reportExport says what an audio export wrote, or why it failed.
func reportExport(env Env, cmd, out string, res *audio.Result, err error) error {
	switch {
	case errors.Is(err, context.Canceled):
		return fail(env.p, 1, env.tr("tw %s: stopped; nothing written to %s", cmd, out), "")
	case errors.Is(err, audio.ErrNoFFmpeg):
		return fail(env.p, 1, env.tr("tw %s: cannot write %s: %v", cmd, out, err), env.tr("Install it (apt install ffmpeg), or write a .wav file."))
	case err != nil:
		return fail(env.p, 1, env.tr("tw %s: cannot write %s: %v", cmd, out, err), env.tr("Check the folder exists and is writable, or use --backend espeak."))
	}
	rec := res.Recording
	if len(res.Files) == 1 && res.Files[0].Path == out {
		fmt.Fprintln(env.Stdout, env.tr("Wrote %s: %s of audio, %d words, %s; word timings in %s.",
			out, duration(env, rec.DurationMs), len(rec.Words), env.tr("%d chapters", len(res.Chapters)), res.Sidecar))
	} else {
		fmt.Fprintln(env.Stdout, env.tr("Wrote %s of audio, %d words, in %s; word timings in %s.",
			duration(env, rec.DurationMs), len(rec.Words), env.tr("%d files", len(res.Files)), res.Sidecar))
		for _, f := range res.Files {
			fmt.Fprintf(env.Stdout, "  %s: %s (%s)\n", f.Path, f.Chapter, duration(env, f.DurationMs))
		}
	}
	for _, f := range res.Files {
		if f.Subtitles != "" && len(res.Files) == 1 {
			fmt.Fprintln(env.Stdout, env.tr("Subtitles in %s.", f.Subtitles))
		}
		if f.ChaptersFile != "" && len(res.Files) == 1 {
			fmt.Fprintln(env.Stdout, env.tr("Chapters in %s.", f.ChaptersFile))
		}
	}
	return nil
}

// isTerminal reports whether w is a terminal (a progress bar goes there only).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// textDoc is a text to speak as a document: paragraphs at blank lines.
func textDoc(text string) *doc.Document {
	return doc.New(strings.TrimRight(text, "\n"), doc.Meta{}, nil)
}

// duration says a length of audio in words: "2 minutes 5 seconds", "3.2 seconds".
func duration(env Env, ms float64) string {
	d := time.Duration(ms * float64(time.Millisecond))
	if d < time.Minute {
		return env.tr("%s seconds", strconv.FormatFloat(d.Seconds(), 'f', 1, 64))
	}
	h, m, s := int(d.Hours()), int(d.Minutes())%60, int(d.Seconds())%60
	var parts []string
	if h > 0 {
		parts = append(parts, env.tr("%d hours", h))
	}
	if m > 0 {
		parts = append(parts, env.tr("%d minutes", m))
	}
	if s > 0 {
		parts = append(parts, env.tr("%d seconds", s))
	}
	return strings.Join(parts, " ")
}

// phaseShown is an export's phase as the progress bar shows it, in the
// interface language: "Synthesising", "Encoding NAME", "Encoding NAME 2 of 3".
func phaseShown(env Env, phase string) string {
	if phase == "Synthesising" {
		return env.tr("Synthesising")
	}
	name, ok := strings.CutPrefix(phase, "Encoding ")
	if !ok {
		return phase
	}
	if m := partOf.FindStringSubmatch(name); m != nil {
		i, _ := strconv.Atoi(m[2])
		n, _ := strconv.Atoi(m[3])
		return env.tr("Encoding %s %d of %d", m[1], i, n)
	}
	return env.tr("Encoding %s", name)
}

var partOf = lazyregexp.New(`^(.*) (\d+) of (\d+)$`)

// progress draws "Synthesising [#####     ] 50%" on stderr, redrawn in
// place at most ten times a second, on a terminal only.
type progress struct {
	env   Env
	w     io.Writer
	on    bool
	last  time.Time
	phase string
	drawn bool
}

func newProgress(env Env, w io.Writer, on bool) *progress {
	return &progress{env: env, w: w, on: on}
}

func (p *progress) update(phase string, done float64) {
	if !p.on || phase == p.phase && time.Since(p.last) < 100*time.Millisecond && done < 1 {
		return
	}
	if phase != p.phase && p.drawn {
		fmt.Fprintln(p.w)
	}
	p.phase, p.last = phase, time.Now()
	pct := int(min(max(done, 0), 1) * 100)
	n := pct / 5
	fmt.Fprintf(p.w, "\r%s [%s%s] %3d%%", phaseShown(p.env, phase), strings.Repeat("#", n), strings.Repeat(" ", 20-n), pct)
	p.drawn = true
}

func (p *progress) finish() {
	if p.drawn {
		fmt.Fprintln(p.w)
	}
}
