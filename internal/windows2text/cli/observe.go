package cli

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"textfirst/internal/windows2text/ndjson"
	"textfirst/internal/windows2text/uitree"
)

// observeCommand is "observe": the actionable elements on screen, numbered.
func (p Program) observeCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "observe",
		Short: "capture and print the actionable elements on screen",
		Long: `observe captures the UI tree and prints the actionable elements on screen, one
numbered line each with its reference and actions, then the context (text and
disabled elements around them). The options are the snapshot parameters of
the protocol, and observe's own --max-targets and --include-tree.`,
		Args: noArgs,
	}
	o := oneShotFlags(cmd, "scope", "view", "max-depth", "max-nodes", "max-text", "visible-only", "pid", "hwnd",
		"max-targets", "include-tree", "json")
	cmd.RunE = func(cmd *cobra.Command, _ []string) error {
		params := snapshotParams(cmd.Flags())
		if cmd.Flags().Changed("max-targets") {
			params["maxTargets"] = o.max
		}
		if o.includeTree {
			params["includeTree"] = true
		}
		return p.oneShot(cmd.Context(), cmd.OutOrStdout(), "observe", params, o.json,
			func(w io.Writer, result any, srv *ndjson.Server) error {
				return printObservation(w, result, srv, o)
			})
	}
	return cmd
}

func printObservation(w io.Writer, result any, srv *ndjson.Server, o *options) error {
	obs, ok := result.(ndjson.Observed)
	if !ok {
		return fmt.Errorf("cli: observe answered %T", result)
	}
	title := obs.App
	if obs.Window != "" {
		title += " — " + strconv.Quote(obs.Window)
	}
	fmt.Fprintf(w, "# %s\n", strings.TrimSpace(title))
	for i, l := range obs.Visible {
		fmt.Fprintf(w, "%d. %s\n", i, l)
	}
	if obs.OmittedTargets > 0 {
		fmt.Fprintf(w, "… %d more targets (raise --max-targets)\n", obs.OmittedTargets)
	}
	if len(obs.Context) > 0 {
		fmt.Fprintln(w, "# context")
		for _, c := range obs.Context {
			fmt.Fprintf(w, "- %s\n", c)
		}
	}
	if o.includeTree {
		if snap := srv.Latest(); snap != nil {
			fmt.Fprintln(w, "# tree")
			fmt.Fprint(w, uitree.Text(snap, o.maxText))
		}
	}
	return nil
}
