package cli

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"textfirst/internal/tw/speech"
	"textfirst/internal/tw/speech/engine"
)

func backendsCmd(env Env) *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:     "backends",
		Short:   "List the speech engines, best first, and which are available here",
		Example: "  tw backends\n  tw backends --json",
		Args:    noArguments(env, "backends"),
		RunE: func(c *cobra.Command, args []string) error {
			infos := speech.Backends()
			auto := autoBackend(infos)
			if asJSON {
				type row struct {
					engine.Info
					Auto bool `json:"auto"` // the engine auto picks
				}
				rows := []row{}
				for _, in := range infos {
					rows = append(rows, row{in, in.ID == auto})
				}
				enc := json.NewEncoder(env.Stdout)
				enc.SetIndent("", "  ")
				if err := enc.Encode(rows); err != nil {
					return fail(env.p, 1, env.tr("tw backends: cannot write: %v", err), "")
				}
				return nil
			}
			for _, in := range infos {
				// The engine's id, name, timing and selection are its own
				// words (shown as the speech package gives them); the
				// line's words are in the interface language.
				state := env.tr("available")
				if !in.Available {
					state = env.tr("not available: %s", in.Reason)
				}
				if in.Detail != "" {
					state += " (" + in.Detail + ")"
				}
				if in.ID == auto {
					state += " " + env.tr("(auto's choice here)")
				}
				fmt.Fprintln(env.Stdout, env.tr("%s — %s; %s; priority %d; word timing: %s; chosen with %s",
					in.ID, in.Name, state, in.Priority, in.Timing, in.Selection))
			}
			return nil
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return c
}

// autoBackend is the engine "auto" picks: the first available that speaks.
func autoBackend(infos []engine.Info) string {
	for _, in := range infos {
		if in.Available && in.ID != "silent" {
			return in.ID
		}
	}
	return ""
}

// checkBackend refuses an engine id tw does not know (a typing error).
func checkBackend(env Env, cmd, id string) error {
	if !speech.IsBackend(id) {
		return fail(env.p, 2, env.tr("tw %s: no speech engine %q", cmd, id), env.tr("Run tw backends to see the engines."))
	}
	return nil
}

// completeBackends completes --backend with the engine ids.
func completeBackends(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
	ids := []cobra.Completion{"auto"}
	for _, in := range speech.Backends() {
		ids = append(ids, cobra.CompletionWithDesc(in.ID, in.Name))
	}
	return ids, cobra.ShellCompDirectiveNoFileComp
}
