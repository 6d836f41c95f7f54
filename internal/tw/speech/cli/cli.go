// Package cli holds the speech commands of tw: backends, voices, speak and
// export-audio. Each takes its arguments (after the command name) and the
// standard streams, and returns the exit code: 0 done, 1 failed, 2 typed
// wrong. Errors are one line on stderr: "Error: what failed: why. What to
// do." Results go to stdout; progress and notices to stderr.
package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"time"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/speech"
	"textfirst/internal/tw/speech/engine"
)

// fail prints the error line and returns code.
func fail(stderr io.Writer, code int, what, todo string) int {
	msg := "Error: " + what
	if !strings.HasSuffix(msg, ".") {
		msg += "."
	}
	if todo != "" {
		msg += " " + todo
	}
	fmt.Fprintln(stderr, msg)
	return code
}

// parse parses flags placed anywhere among the arguments (tw puts the
// input first: `tw export-audio FILE --out x.wav`) and returns the others.
func parse(fs *flag.FlagSet, args []string) ([]string, error) {
	fs.SetOutput(io.Discard)
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

func usage(stderr io.Writer, cmd string, err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return fail(stderr, 2, "tw "+cmd+": help", "Usage: "+usages[cmd])
	}
	return fail(stderr, 2, fmt.Sprintf("tw %s: %v", cmd, err), "Usage: "+usages[cmd])
}

var usages = map[string]string{
	"backends":     "tw backends [--json]",
	"voices":       "tw voices [--backend ID] [--json]",
	"speak":        "tw speak TEXT|- [--backend ID] [--voice V] [--rate WPM] [--pitch N] [--out FILE.wav]",
	"export-audio": "tw export-audio FILE --out FILE.wav [--backend ID] [--voice V] [--rate WPM] [--pitch N]",
}

// checkBackend refuses an engine id tw does not know (a typing error).
func checkBackend(stderr io.Writer, cmd, id string) int {
	if !speech.IsBackend(id) {
		return fail(stderr, 2, fmt.Sprintf("tw %s: no speech engine %q", cmd, id), "Run tw backends to see the engines.")
	}
	return 0
}

// Backends is `tw backends [--json]`: one line per engine, by priority.
func Backends(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("backends", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "")
	pos, err := parse(fs, args)
	if err != nil {
		return usage(stderr, "backends", err)
	}
	if len(pos) > 0 {
		return usage(stderr, "backends", fmt.Errorf("unexpected argument %q", pos[0]))
	}
	infos := speech.Backends()
	auto := ""
	for _, in := range infos {
		if in.Available && in.ID != "silent" {
			auto = in.ID
			break
		}
	}
	if *asJSON {
		type row struct {
			engine.Info
			Auto bool `json:"auto"` // the engine auto picks
		}
		rows := []row{}
		for _, in := range infos {
			rows = append(rows, row{in, in.ID == auto})
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rows); err != nil {
			return fail(stderr, 1, "tw backends: cannot write: "+err.Error(), "")
		}
		return 0
	}
	for _, in := range infos {
		state := "available"
		if !in.Available {
			state = "not available: " + in.Reason
		}
		if in.ID == auto {
			state += " (auto's choice here)"
		}
		fmt.Fprintf(stdout, "%s — %s; %s; priority %d; word timing: %s; chosen with %s\n",
			in.ID, in.Name, state, in.Priority, in.Timing, in.Selection)
	}
	return 0
}

// Voices is `tw voices [--backend ID] [--json]`.
func Voices(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("voices", flag.ContinueOnError)
	backend := fs.String("backend", "auto", "")
	asJSON := fs.Bool("json", false, "")
	pos, err := parse(fs, args)
	if err != nil {
		return usage(stderr, "voices", err)
	}
	if len(pos) > 0 {
		return usage(stderr, "voices", fmt.Errorf("unexpected argument %q", pos[0]))
	}
	if c := checkBackend(stderr, "voices", *backend); c != 0 {
		return c
	}
	id, voices, notices, err := speech.Voices(*backend)
	for _, n := range notices {
		fmt.Fprintln(stderr, n)
	}
	if err != nil {
		return fail(stderr, 1, fmt.Sprintf("tw voices: cannot list the voices of %s: %v", id, err), "Try another engine with --backend.")
	}
	if *asJSON {
		out := struct {
			Backend string         `json:"backend"`
			Voices  []engine.Voice `json:"voices"`
		}{id, voices}
		if out.Voices == nil {
			out.Voices = []engine.Voice{}
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			return fail(stderr, 1, "tw voices: cannot write: "+err.Error(), "")
		}
		return 0
	}
	for _, v := range voices {
		var extra []string
		for _, s := range []string{v.Language, v.Gender} {
			if s != "" {
				extra = append(extra, s)
			}
		}
		line := v.ID
		if v.Name != "" && v.Name != v.ID {
			line += "\t" + v.Name
		}
		if len(extra) > 0 {
			line += "\t(" + strings.Join(extra, ", ") + ")"
		}
		fmt.Fprintln(stdout, line)
	}
	fmt.Fprintf(stderr, "%d voices of %s.\n", len(voices), id)
	return 0
}

// voiceFlags are the speech settings a command line may change.
type voiceFlags struct {
	backend, voice *string
	rate, pitch    *string
}

func addVoiceFlags(fs *flag.FlagSet) voiceFlags {
	return voiceFlags{
		backend: fs.String("backend", "auto", ""),
		voice:   fs.String("voice", "", ""),
		rate:    fs.String("rate", "", ""),
		pitch:   fs.String("pitch", "", ""),
	}
}

// params applies the flags to the defaults; out-of-range values clamp, as
// in settings.
func (v voiceFlags) params() (speech.Params, error) {
	p := speech.DefaultParams()
	p.Voice = *v.voice
	if *v.rate != "" {
		n, err := strconv.Atoi(*v.rate)
		if err != nil {
			return p, fmt.Errorf("--rate wants words per minute (50 to 900), not %q", *v.rate)
		}
		p.Rate = n
	}
	if *v.pitch != "" {
		n, err := strconv.Atoi(*v.pitch)
		if err != nil {
			return p, fmt.Errorf("--pitch wants semitones (-12 to 12), not %q", *v.pitch)
		}
		p.Pitch = n
	}
	return p.Clamp(), nil
}

// Speak is `tw speak TEXT|- [--backend] [--voice] [--rate] [--pitch]
// [--out x.wav]`: it speaks the text (stdin with -) and returns when it has
// been heard, or writes it to a WAV file. Ctrl-C stops speaking.
func Speak(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("speak", flag.ContinueOnError)
	vf := addVoiceFlags(fs)
	out := fs.String("out", "", "")
	fs.StringVar(out, "o", "", "")
	pos, err := parse(fs, args)
	if err != nil {
		return usage(stderr, "speak", err)
	}
	if len(pos) != 1 {
		return usage(stderr, "speak", errors.New("give one text to speak, or - to read it from standard input"))
	}
	p, err := vf.params()
	if err != nil {
		return usage(stderr, "speak", err)
	}
	if c := checkBackend(stderr, "speak", *vf.backend); c != 0 {
		return c
	}
	text := pos[0]
	if text == "-" {
		data, err := io.ReadAll(stdin)
		if err != nil {
			return fail(stderr, 1, "tw speak: cannot read standard input: "+err.Error(), "")
		}
		text = string(data)
	}
	if strings.TrimSpace(text) == "" {
		return fail(stderr, 2, "tw speak: nothing to speak: the text is empty", "Give some text, or pipe it in with -.")
	}
	opts := speech.Options{Backend: *vf.backend, Params: p}
	if *out != "" {
		rec, notices, err := speech.SayToWAV(text, opts, *out)
		for _, n := range notices {
			fmt.Fprintln(stderr, n)
		}
		if err != nil {
			return fail(stderr, 1, fmt.Sprintf("tw speak: cannot write %s: %v", *out, err), "Check the folder exists and is writable, or use --backend espeak.")
		}
		fmt.Fprintf(stdout, "Wrote %s: %s of audio.\n", *out, duration(rec.DurationMs))
		return 0
	}
	s, notices, err := speech.Open(opts)
	for _, n := range notices {
		fmt.Fprintln(stderr, n)
	}
	if err != nil {
		return fail(stderr, 1, "tw speak: speech could not start: "+err.Error(), "Run tw backends to see the engines.")
	}
	defer s.Close()
	d := doc.New(strings.TrimRight(text, "\n"), doc.Meta{}, nil)
	done := make(chan bool, 1)
	s.Read(d, 0, d.Len(), speech.Handler{Done: func(c bool) { done <- c }})
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	select {
	case <-done:
	case <-ctx.Done():
		s.Stop()
		return 1
	}
	return 0
}

// ExportAudio is `tw export-audio FILE --out x.wav`: the whole document to
// a WAV file, and its word timings to x.wav.json next to it (see
// speech.Recording). A progress bar goes to stderr for long documents.
func ExportAudio(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("export-audio", flag.ContinueOnError)
	vf := addVoiceFlags(fs)
	out := fs.String("out", "", "")
	fs.StringVar(out, "o", "", "")
	pos, err := parse(fs, args)
	if err != nil {
		return usage(stderr, "export-audio", err)
	}
	if len(pos) != 1 {
		return usage(stderr, "export-audio", errors.New("give one document"))
	}
	if *out == "" {
		return usage(stderr, "export-audio", errors.New("--out FILE.wav is required"))
	}
	p, err := vf.params()
	if err != nil {
		return usage(stderr, "export-audio", err)
	}
	if c := checkBackend(stderr, "export-audio", *vf.backend); c != 0 {
		return c
	}
	path := pos[0]
	d, err := load.File(path)
	if err != nil {
		var le *load.Error
		todo := "Check the path and try again."
		reason := err.Error()
		if errors.As(err, &le) {
			reason = le.Reason
			switch le.Reason {
			case load.ReasonFolder:
				todo = "Give a file, not a folder."
			case load.ReasonBinary:
				todo = "Give a text, Markdown or HTML document."
			}
		}
		return fail(stderr, 1, fmt.Sprintf("tw export-audio: cannot read %s: %s", path, reason), todo)
	}
	bar := newProgress(stderr, d.Len() > 20000)
	rec, notices, err := speech.Export(d, 0, d.Len(), speech.Options{Backend: *vf.backend, Params: p}, *out, bar.update)
	bar.finish()
	for _, n := range notices {
		fmt.Fprintln(stderr, n)
	}
	if err != nil {
		return fail(stderr, 1, fmt.Sprintf("tw export-audio: cannot write %s: %v", *out, err), "Check the folder exists and is writable, or use --backend espeak.")
	}
	if err := speech.WriteSidecar(*out, rec); err != nil {
		return fail(stderr, 1, "tw export-audio: "+err.Error(), "Check the folder is writable.")
	}
	fmt.Fprintf(stdout, "Wrote %s: %s of audio, %d words; word timings in %s.\n",
		*out, duration(rec.DurationMs), len(rec.Words), speech.SidecarPath(*out))
	return 0
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
