package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"textfirst/internal/tw/session"
	"textfirst/internal/tw/syncfolder"
)

// syncCmd is tw sync: the reader's sync actions from the command line,
// through the same App, so each says what the reader says.
func syncCmd(env Env) *cobra.Command {
	var home string
	c := &cobra.Command{
		Use:   "sync",
		Short: "Sync notes and places with your other computers through a shared folder: setup, status, now, stop",
		Long: `Sync notes, highlights and places through a folder your computers share
(one kept in step by Syncthing, a cloud folder, or a USB stick).
  tw sync setup FOLDER [NAME]  use FOLDER, naming this computer NAME (else its host name)
  tw sync status [FILE]        say how sync stands, and which computers have FILE
  tw sync now FILE             send this computer's place and notes in FILE, take the others'
  tw sync stop                 stop syncing here; the folder is left as it is`,
		Example: "  tw sync setup ~/Sync laptop\n  tw sync now book.epub",
		Args:    cobra.NoArgs,
	}
	c.PersistentFlags().StringVar(&home, "home", "", "settings, places and marks (else $TEXTWEAVER_HOME)")
	run := func(id, file string, answers ...string) error {
		s := session.Open(session.Options{Home: home, Getenv: env.Getenv, NoSpeech: true, Localized: true})
		defer s.Close()
		if file != "" {
			if err := s.Start(file); err != nil {
				return fail(env.p, 1, env.tr("tw sync: %v", err), "")
			}
		}
		res, err := s.App.Action(id, nil)
		if err != nil {
			return err
		}
		said := res.Status
		for _, a := range answers {
			_, said = s.App.Answer(a)
		}
		fmt.Fprintln(env.Stdout, said)
		if cfg, err := syncfolder.LoadConfig(session.Home(home, env.Getenv)); err != nil || (!cfg.On() && id != "sync_stop") {
			return exitCode(1)
		}
		return nil
	}
	c.AddCommand(&cobra.Command{
		Use: "setup FOLDER [NAME]", Short: "Sync through FOLDER, naming this computer NAME",
		Args: cobra.RangeArgs(1, 2),
		RunE: func(_ *cobra.Command, args []string) error {
			name := ""
			if len(args) == 2 {
				name = args[1]
			}
			return run("sync_setup", "", args[0], name)
		},
	}, &cobra.Command{
		Use: "status [FILE]", Short: "Say how sync stands, and which computers have FILE",
		Args: cobra.MaximumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			file := ""
			if len(args) == 1 {
				file = args[0]
			}
			return run("sync_status", file)
		},
	}, &cobra.Command{
		Use: "now FILE", Short: "Send this computer's place and notes in FILE, and take the others'",
		Args: cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error { return run("sync_now", args[0]) },
	}, &cobra.Command{
		Use: "stop", Short: "Stop syncing on this computer; the sync folder is left as it is",
		Args: cobra.NoArgs,
		RunE: func(_ *cobra.Command, args []string) error { return run("sync_stop", "") },
	})
	return c
}
