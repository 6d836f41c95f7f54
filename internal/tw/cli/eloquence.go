package cli

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"
)

// eloquencePlaces are where ETI-Eloquence is found on Linux: the IBM TTS
// library Voxin installs, and speech-dispatcher's module that speaks with
// it.
var eloquencePlaces = []struct{ path, product string }{
	{"/opt/IBM/ibmtts/lib/libibmeci.so", "IBM TTS (Voxin)"},
	{"/usr/lib/libibmeci.so", "IBM TTS (Voxin)"},
	{"/usr/lib/x86_64-linux-gnu/libibmeci.so", "IBM TTS (Voxin)"},
	{"/var/opt/IBM/ibmtts/cfg/eci.ini", "IBM TTS (Voxin)"},
	{"/usr/lib/speech-dispatcher-modules/sd_ibmtts", "speech-dispatcher ibmtts module"},
	{"/usr/lib/speech-dispatcher-modules/sd_voxin", "speech-dispatcher voxin module"},
}

func eloquenceCmd(env Env) *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:   "eloquence",
		Short: "Find ETI-Eloquence on this computer and say how to get it",
		Long: `Look for ETI-Eloquence where it is installed on Linux (Voxin's IBM TTS
library, speech-dispatcher's ibmtts and voxin modules), say what was found at
each place, and what to do next. Eloquence is proprietary: tw speaks with it
through Speech Dispatcher (tw speak --backend speechd --voice ibmtts:VOICE)
when its module is installed. $TEXTWEAVER_ECI_LIBRARY names a library of one's
own, searched first.`,
		Example: "  tw eloquence\n  tw eloquence --json",
		Args:    noArguments(env, "eloquence"),
		RunE: func(c *cobra.Command, args []string) error {
			type searched struct {
				Path    string `json:"path"`
				Product string `json:"product"`
				Found   bool   `json:"found"`
			}
			places := eloquencePlaces
			if own := env.Getenv("TEXTWEAVER_ECI_LIBRARY"); own != "" {
				places = append([]struct{ path, product string }{{own, "TEXTWEAVER_ECI_LIBRARY"}}, places...)
			}
			var rows []searched
			module, library := false, false
			for _, p := range places {
				_, err := os.Stat(p.path)
				rows = append(rows, searched{p.path, p.product, err == nil})
				if err == nil {
					isModule := strings.HasPrefix(p.product, "speech-dispatcher")
					module = module || isModule
					library = library || !isModule
				}
			}
			var status string
			var next []string
			switch {
			case module:
				status = env.tr("Eloquence is available through Speech Dispatcher.")
				next = append(next, env.tr("Try it: tw voices --backend speechd, then tw speak --backend speechd --voice ibmtts:VOICE \"Eloquence is working.\""))
			case library:
				status = env.tr("Eloquence's library is installed, but Speech Dispatcher has no module for it.")
				next = append(next, env.tr("Install Voxin's speech-dispatcher module (voxin.oralux.net), then run tw eloquence again."))
			default:
				status = env.tr("No Eloquence engine found.")
				next = append(next, env.tr("On Linux, buy Voxin from voxin.oralux.net and run its installer; tw then speaks with it through Speech Dispatcher."))
			}
			if asJSON {
				return printJSON(env.Stdout, map[string]any{"available": module, "status": status, "searched": rows, "next_steps": next})
			}
			w := onTerminal(env.Stdout)
			fmt.Fprintln(w, status)
			fmt.Fprintln(w, env.tr("Searched:"))
			for _, r := range rows {
				state := env.tr("not found")
				if r.Found {
					state = env.tr("found")
				}
				fmt.Fprintf(w, "  %s (%s): %s\n", r.Path, r.Product, state)
			}
			for _, n := range next {
				fmt.Fprintln(w, n)
			}
			return nil
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print JSON: available, status, searched, next_steps")
	return c
}
