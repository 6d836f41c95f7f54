package cli

import (
	"os"

	"github.com/spf13/cobra"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/rpc"
	"textfirst/internal/tw/session"
)

func serveCmd(env Env) *cobra.Command {
	var backend, home, open string
	var stdio, noSpeech bool
	c := &cobra.Command{
		Use:   "serve --stdio",
		Short: "Run the JSON-RPC 2.0 server on standard input and output",
		Long: `Run tw as a JSON-RPC 2.0 server for another program (an editor, a screen
reader add-on): requests on standard input, replies and notifications on
standard output, a log in the state folder. It stops at exit, at the end of
its input, or on SIGTERM, SIGINT or SIGHUP, saving the place first.`,
		Example: "  tw serve --stdio\n  tw serve --stdio --no-speech --open notes.md",
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if !stdio {
				return &exitError{1, "Error: tw serve needs a transport; use --stdio"}
			}
			return serve(env, home, backend, open, noSpeech)
		},
	}
	f := c.Flags()
	f.BoolVar(&stdio, "stdio", false, "talk over standard input and output (the only transport)")
	f.BoolVar(&noSpeech, "no-speech", false, "no voice; reading takes no time")
	f.StringVar(&backend, "backend", "", "the speech engine (tw backends lists them)")
	f.StringVar(&home, "home", "", "settings, places and marks (else $TEXTWEAVER_HOME)")
	f.StringVar(&open, "open", "", "open this document first")
	c.RegisterFlagCompletionFunc("backend", completeBackends)
	return c
}

func serve(env Env, home, backend, open string, noSpeech bool) error {
	w := rpc.NewWriter(env.Stdout)
	sess := session.Open(session.Options{Home: home, Getenv: env.Getenv, Events: rpc.Events(w),
		NoSpeech: noSpeech, Backend: backend})
	defer sess.Close()
	cwd, _ := os.Getwd()
	srv := &rpc.Server{Version: version, App: sess.App, BaseDir: cwd, Logger: sess.Logger}
	if sess.Settings != nil {
		srv.Settings = sess.Settings
	}
	sess.Keys()
	if err := sess.Start(open); err != nil {
		sess.App.Announce(rpc.OpenFailure(open, err), core.Assertive)
	}
	sess.StartAutosave()
	// A signal (the client killing its child, a hangup) ends the input:
	// the reply being written is finished, then the place is saved and
	// speech closed (a WAV file completed) on the way out.
	in, stop := session.UntilSignal(env.Stdin)
	defer stop()
	if err := srv.Serve(in, w); err != nil {
		sess.Logger.Printf("serve: %v", err)
		return exitCode(1)
	}
	return nil
}
