package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"textfirst/internal/tw/speech"
	"textfirst/internal/tw/speech/engine"
)

func voicesCmd(env Env) *cobra.Command {
	var backend, module string
	var asJSON bool
	c := &cobra.Command{
		Use:     "voices",
		Short:   "List the voices of a speech engine",
		Example: "  tw voices\n  tw voices --backend espeak --json",
		Args:    noArguments(env, "voices"),
		RunE: func(c *cobra.Command, args []string) error {
			if err := checkBackend(env, "voices", backend); err != nil {
				return err
			}
			id, voices, notices, err := speech.Voices(backend, module)
			for _, n := range notices {
				fmt.Fprintln(env.Stderr, n)
			}
			var unavailable *speech.UnavailableError
			if errors.As(err, &unavailable) {
				return fail(env.p, 1, "tw voices: "+err.Error(), env.tr("Run tw backends to see which engines work here."))
			}
			if err != nil {
				return fail(env.p, 1, env.tr("tw voices: cannot list the voices of %s: %v", id, err), env.tr("Try another engine with --backend."))
			}
			if asJSON {
				out := struct {
					Backend string         `json:"backend"`
					Voices  []engine.Voice `json:"voices"`
				}{id, voices}
				if out.Voices == nil {
					out.Voices = []engine.Voice{}
				}
				enc := json.NewEncoder(env.Stdout)
				enc.SetIndent("", "  ")
				if err := enc.Encode(out); err != nil {
					return fail(env.p, 1, env.tr("tw voices: cannot write: %v", err), "")
				}
				return nil
			}
			// One line per voice; speech-dispatcher's come module by
			// module, each id starting with its module ("flite:kal16").
			for _, v := range voices {
				var extra []string
				for _, s := range []string{v.Language, v.Variant, v.Gender} {
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
				fmt.Fprintln(env.Stdout, line)
			}
			fmt.Fprintln(env.Stderr, env.tr("%d voices of %s%s.", len(voices), id, perModule(voices)))
			return nil
		},
	}
	c.Flags().StringVar(&backend, "backend", "auto", "the speech engine (tw backends lists them)")
	c.Flags().StringVar(&module, "module", "", "speech-dispatcher: list this output module's voices first")
	c.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	c.RegisterFlagCompletionFunc("backend", completeBackends)
	return c
}

// perModule counts the voices of each speech-dispatcher output module:
// " (espeak-ng 13362, flite 1)"; "" for other engines.
func perModule(voices []engine.Voice) string {
	var order []string
	count := map[string]int{}
	for _, v := range voices {
		if v.Module == "" {
			continue
		}
		if count[v.Module] == 0 {
			order = append(order, v.Module)
		}
		count[v.Module]++
	}
	if len(order) == 0 {
		return ""
	}
	var parts []string
	for _, m := range order {
		parts = append(parts, fmt.Sprintf("%s %d", m, count[m]))
	}
	return " (" + strings.Join(parts, ", ") + ")"
}
