package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"textfirst/internal/tw/speech"
)

func exportAudioCmd(env Env) *cobra.Command {
	var vf voiceFlags
	var out string
	c := &cobra.Command{
		Use:   "export-audio FILE --out FILE.wav",
		Short: "Write a document read aloud to a WAV file, with its word timings",
		Long: `Write FILE (- reads standard input) read aloud to a WAV file, and its word
timings to FILE.wav.json next to it. A progress bar goes to stderr for long
documents.`,
		Example: "  tw export-audio notes.md --out notes.wav --rate 300",
		Args:    cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usage("export-audio", errors.New("give one document"))
			}
			if out == "" {
				return usage("export-audio", errors.New("--out FILE.wav is required"))
			}
			p, err := vf.params()
			if err != nil {
				return usage("export-audio", err)
			}
			if err := checkBackend("export-audio", vf.backend); err != nil {
				return err
			}
			d, err := loadDoc(env, "export-audio", args[0])
			if err != nil {
				return err
			}
			bar := newProgress(env.Stderr, d.Len() > 20000)
			rec, notices, err := speech.Export(d, 0, d.Len(), speech.Options{Backend: vf.backend, Params: p}, out, bar.update)
			bar.finish()
			for _, n := range notices {
				fmt.Fprintln(env.Stderr, n)
			}
			if err != nil {
				return fail(1, fmt.Sprintf("tw export-audio: cannot write %s: %v", out, err), "Check the folder exists and is writable, or use --backend espeak.")
			}
			if err := speech.WriteSidecar(out, rec); err != nil {
				return fail(1, "tw export-audio: "+err.Error(), "Check the folder is writable.")
			}
			fmt.Fprintf(env.Stdout, "Wrote %s: %s of audio, %d words; word timings in %s.\n",
				out, duration(rec.DurationMs), len(rec.Words), speech.SidecarPath(out))
			return nil
		},
	}
	vf.add(c)
	c.Flags().StringVarP(&out, "out", "o", "", "the WAV file to write")
	return c
}

// duration says a length of audio in words: "2 minutes 5 seconds", "3.2 seconds".
func duration(ms float64) string {
	d := time.Duration(ms * float64(time.Millisecond))
	if d < time.Minute {
		return fmt.Sprintf("%.1f seconds", d.Seconds())
	}
	h, m, s := int(d.Hours()), int(d.Minutes())%60, int(d.Seconds())%60
	var parts []string
	if h > 0 {
		parts = append(parts, plural(h, "hour"))
	}
	if m > 0 {
		parts = append(parts, plural(m, "minute"))
	}
	if s > 0 {
		parts = append(parts, plural(s, "second"))
	}
	return strings.Join(parts, " ")
}

func plural(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return fmt.Sprintf("%d %ss", n, unit)
}

// progress draws "Exporting audio [#####     ] 50%" on stderr, redrawn in
// place at most ten times a second, for long documents only.
type progress struct {
	w     io.Writer
	on    bool
	last  time.Time
	drawn bool
}

func newProgress(w io.Writer, on bool) *progress { return &progress{w: w, on: on} }

func (p *progress) update(done, total int) {
	if !p.on || total <= 0 || time.Since(p.last) < 100*time.Millisecond && done < total {
		return
	}
	p.last = time.Now()
	pct := done * 100 / total
	n := pct / 5
	fmt.Fprintf(p.w, "\rExporting audio [%s%s] %3d%%", strings.Repeat("#", n), strings.Repeat(" ", 20-n), pct)
	p.drawn = true
}

func (p *progress) finish() {
	if p.drawn {
		fmt.Fprintln(p.w)
	}
}
