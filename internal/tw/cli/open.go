package cli

import (
	"errors"
	"os"
	"runtime"

	"github.com/spf13/cobra"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/session"
	"textfirst/internal/tw/tui"
)

func openCmd(env Env) *cobra.Command {
	var o tui.Options
	c := &cobra.Command{
		Use:   "open FILE",
		Short: "Read a document in the terminal reader (also: tw FILE)",
		Long: `tw open FILE [--no-speech] [--backend ID] [--home DIR]
  The terminal reader: reads FILE aloud and shows the word being heard.
  tw FILE does the same; FILE - reads standard input (the keys still come
  from the terminal).
` + tui.Keys,
		Example: "  tw open notes.md\n  tw notes.md --no-speech\n  curl -s https://example.org/ | tw open -",
		Args:    cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usage(env.p, "open", env.tr("give one document to open"))
			}
			o.File = args[0]
			if err := checkInputFormat(env, "open", o.Format); err != nil {
				return err
			}
			if o.File == session.StdinPath {
				data, err := readStdin(env.p, "open", env.Stdin)
				if err != nil {
					return err
				}
				if err := haveTerminal(env); err != nil {
					return fail(env.p, 1, env.tr("tw open: cannot read standard input in the terminal reader: %v", err),
						env.tr("Run it in a terminal, or use tw text - to print the text."))
				}
				o.Data = data
			} else if _, member, _ := load.AbsPath(o.File); !member && !doc.IsWebAddress(o.File) {
				// A member of an archive is the loader's to find.
				info, err := os.Stat(o.File)
				switch {
				case errors.Is(err, os.ErrNotExist):
					return readFailure(env.p, "open", o.File, &load.Error{Path: o.File, Reason: load.ReasonNoSuchFile})
				case err != nil:
					return readFailure(env.p, "open", o.File, err)
				case info.IsDir() && !load.IsBook(o.File):
					return readFailure(env.p, "open", o.File, &load.Error{Path: o.File, Reason: load.ReasonFolder})
				}
			}
			o.Getenv, o.Stderr = env.Getenv, env.Stderr
			code, err := tui.Run(o)
			var te *tui.TerminalError
			switch {
			case errors.As(err, &te):
				return fail(env.p, 1, "tw open: "+te.Error(), env.tr("Run tw open in a terminal, or tw text %s to print the text.", o.File))
			case err != nil:
				return readFailure(env.p, "open", o.File, err)
			}
			return exitCode(code)
		},
	}
	f := c.Flags()
	f.BoolVar(&o.NoSpeech, "no-speech", false, "no voice; readings are shown on the message line")
	f.StringVar(&o.Backend, "backend", "", "the speech engine (tw backends lists them)")
	f.StringVar(&o.Home, "home", "", "settings, places and marks (else $TEXTWEAVER_HOME)")
	addFromFlag(c, &o.Format)
	c.RegisterFlagCompletionFunc("backend", completeBackends)
	return c
}

// haveTerminal reports whether the keys can come from a terminal when
// standard input is the document.
func haveTerminal(env Env) error {
	if runtime.GOOS == "windows" {
		return nil // the console is always there for tcell
	}
	f, err := os.OpenFile("/dev/tty", os.O_RDWR, 0)
	if err != nil {
		return errors.New(env.tr("there is no terminal for the keys"))
	}
	return f.Close()
}
