package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/readstats"
	"textfirst/internal/tw/session"
)

func statsCmd(env Env) *cobra.Command {
	var home string
	var asJSON bool
	c := &cobra.Command{
		Use:   "stats",
		Short: "Print the reading statistics: time read aloud, furthest point, sessions",
		Long: `Print the reading statistics of the home: the time read aloud in all, then the
ten documents read aloud longest, each with its time, its sessions (one per
opening that read it aloud) and the furthest point heard. They are counted as
tw reads (setting stats.enabled) and kept in data/stats.json under the home.
--json gives every document's figures.`,
		Example: "  tw stats\n  tw stats --json",
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			dir := session.Home(home, env.Getenv)
			load := readstats.Load
			if st, _, err := env.settingsOf(dir); err == nil && st.Bool("sync.enabled") && st.Bool("sync.statistics") {
				// The other computers' reading too, as sync last brought it.
				load = readstats.LoadWithSynced
			}
			s, err := load(dir)
			if err != nil {
				return fail(env.p, 1, env.tr("tw stats: %v", err), env.tr("Remove or fix the file; reading aloud writes it again."))
			}
			if asJSON {
				seconds, sessions := s.Totals()
				return printJSON(env.Stdout, map[string]any{"seconds": seconds, "sessions": sessions, "documents": s.MostRead(len(s.Documents))})
			}
			if len(s.Documents) == 0 {
				fmt.Fprintln(env.Stderr, env.tr("Nothing read aloud yet."))
				return exitCode(1)
			}
			out := onTerminal(env.Stdout)
			for _, line := range core.StatisticsLines(env.tr, s, "") {
				fmt.Fprintln(out, line)
			}
			return nil
		},
	}
	f := c.Flags()
	f.BoolVar(&asJSON, "json", false, "print JSON: the totals and each document's path, title, seconds, sessions, furthest point and last reading")
	f.StringVar(&home, "home", "", "settings, places and marks (else $TEXTWEAVER_HOME)")
	return c
}
