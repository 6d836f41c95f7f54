package cli

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"textfirst/internal/tw/audio"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/i18n"
	"textfirst/internal/tw/session"
	"textfirst/internal/tw/settings"
	"textfirst/internal/tw/speech"
)

// voiceFlags are the speech settings a command line may change.
type voiceFlags struct {
	backend, voice, rate, pitch, module, home string
}

func (v *voiceFlags) add(c *cobra.Command) {
	f := c.Flags()
	f.StringVar(&v.backend, "backend", "", "the speech engine (tw backends lists them); default: speech.backend of settings.toml, else auto")
	f.StringVar(&v.voice, "voice", "", "the voice: an id, name words, a language tag or engine:voice (tw voices lists them)")
	f.StringVar(&v.module, "module", "", "speech-dispatcher's output module (espeak-ng, flite, festival)")
	f.StringVar(&v.rate, "rate", "", "words per minute, "+span("speech.rate"))
	f.StringVar(&v.pitch, "pitch", "", "semitones from the voice's pitch, "+span("speech.pitch"))
	f.StringVar(&v.home, "home", "", "the settings.toml to speak by (else $TEXTWEAVER_HOME)")
	c.RegisterFlagCompletionFunc("backend", completeBackends)
}

// settingsOf is the settings.toml of home: the one read at the start
// when it is that home's, else read now.
func (env Env) settingsOf(home string) (*settings.Store, []i18n.Message, error) {
	if env.home != nil && env.home.dir == home && env.home.store != nil {
		return env.home.store, env.home.warnings, nil
	}
	return settings.OpenMessages(home)
}

// options are the speech options of the command: the speech settings of
// settings.toml (the voice, rate, pitch, volume, pronunciations a listener
// chose; a bad value there is its default, with the warning on stderr)
// with the flags applied, and the notices in the interface language.
// Out-of-range values clamp, as in settings. An engine named by --backend
// speaks or the command fails saying why: never a quiet fallback. The
// error is the command cmd's: a usage error for a flag's bad value, or
// checkBackend's for an engine that is not here.
func (v *voiceFlags) options(env Env, cmd string) (speech.Options, error) {
	ov := speech.Overrides{Backend: v.backend, Module: v.module, Voice: v.voice, StrictBackend: true, Language: env.printer().Lang().Code}
	var st speech.Settings
	store, warnings, err := env.settingsOf(session.Home(v.home, env.Getenv))
	if err == nil {
		st = store
	}
	for _, w := range warnings {
		fmt.Fprintln(env.Stderr, env.tr("Warning: %s", w.In(env.printer())))
	}
	if v.rate != "" {
		n, err := strconv.Atoi(v.rate)
		if err != nil {
			return speech.Options{}, usage(env.p, cmd, env.tr("--rate wants words per minute (%s), not %q", spanIn(env, "speech.rate"), v.rate))
		}
		ov.Rate = &n
	}
	if v.pitch != "" {
		n, err := strconv.Atoi(v.pitch)
		if err != nil {
			return speech.Options{}, usage(env.p, cmd, env.tr("--pitch wants semitones (%s), not %q", spanIn(env, "speech.pitch"), v.pitch))
		}
		ov.Pitch = &n
	}
	opts := speech.OptionsFrom(st, ov)
	if err := checkBackend(env, cmd, opts.Backend); err != nil {
		return speech.Options{}, err
	}
	return opts, nil
}

// span is the range of a number setting: "50 to 900".
func span(path string) string { return spanIn(Env{}, path) }

// spanIn is span in env's interface language (help text stays English).
func spanIn(env Env, path string) string {
	st, _ := settings.Lookup(path)
	num := func(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
	return env.tr("%s to %s", num(st.Min), num(st.Max))
}

func speakCmd(env Env) *cobra.Command {
	var vf voiceFlags
	var out string
	c := &cobra.Command{
		Use:   "speak TEXT|-",
		Short: "Say a text aloud, or write it to an audio file",
		Long: `Say TEXT aloud (- reads it from standard input; an http:// or https://
address reads its page) and return when it has been heard, or write it to an audio file with --out (.wav, .flac,
.mp3, .opus or .m4b; all but WAV need ffmpeg). Ctrl-C stops speaking.`,
		Example: "  tw speak 'Hello there'\n  echo Hello | tw speak - --rate 400 --out hello.wav",
		Args:    cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usage(env.p, "speak", env.tr("give one text to speak, or - to read it from standard input"))
			}
			opts, err := vf.options(env, "speak")
			if err != nil {
				return err
			}
			text := args[0]
			if text == "-" {
				data, err := readStdin(env.p, "speak", env.Stdin)
				if err != nil {
					return err
				}
				text = string(data)
			}
			if doc.IsWebAddress(text) && !strings.ContainsAny(text, " \t\n") {
				// A web address alone: its page is what is wanted.
				d, err := loadDoc(env, "speak", text, "")
				if err != nil {
					return err
				}
				text = d.Text
			}
			if strings.TrimSpace(text) == "" {
				return fail(env.p, 2, env.tr("tw speak: nothing to speak: the text is empty"), env.tr("Give some text, or pipe it in with -."))
			}
			if out != "" {
				if _, ok := audio.FormatOf(out); !ok {
					return usage(env.p, "speak", env.tr("cannot tell the format of %s: name it .wav, .flac, .mp3, .opus or .m4b", out))
				}
				ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
				defer stop()
				res, err := audio.Export(ctx, textDoc(text), audio.Options{Out: out, Speech: opts, NoSidecar: true})
				if res != nil {
					for _, n := range res.Notices {
						fmt.Fprintln(env.Stderr, n)
					}
				}
				if err != nil {
					return reportExport(env, "speak", out, res, err)
				}
				fmt.Fprintln(env.Stdout, env.tr("Wrote %s: %s of audio.", out, duration(env, res.Recording.DurationMs)))
				return nil
			}
			s, notices, err := speech.Open(opts)
			for _, n := range notices {
				fmt.Fprintln(env.Stderr, n)
			}
			if err != nil {
				return fail(env.p, 1, env.tr("tw speak: speech could not start: %v", err), env.tr("Run tw backends to see the engines."))
			}
			defer s.Close()
			d := doc.New(strings.TrimRight(text, "\n"), doc.Meta{}, nil)
			done := make(chan bool, 1)
			s.Read(d, 0, d.Len(), nil, func(c bool) { done <- c })
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
			defer stop()
			select {
			case <-done:
			case <-ctx.Done():
				s.Stop()
				return exitCode(1)
			}
			return nil
		},
	}
	vf.add(c)
	c.Flags().StringVarP(&out, "out", "o", "", "write an audio file (.wav .flac .mp3 .opus .m4b) instead of speaking")
	return c
}
