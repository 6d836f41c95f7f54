package cli

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"textfirst/internal/windows2text/ndjson"
	"textfirst/internal/windows2text/uitree"
)

// snapshotCommand is "snapshot": the UI tree, one element a line.
func (p Program) snapshotCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "snapshot",
		Short: "capture the UI tree and print it",
		Long: `snapshot captures the UI tree of the foreground window (or of the scope asked
for) and prints it, one element a line, indented by depth, each with its
reference. The options are the snapshot parameters of the protocol.`,
		Args: noArgs,
	}
	o := oneShotFlags(cmd, "scope", "view", "max-depth", "max-nodes", "max-text", "visible-only", "pid", "hwnd", "json")
	cmd.RunE = func(cmd *cobra.Command, _ []string) error {
		return p.oneShot(cmd.Context(), cmd.OutOrStdout(), "snapshot", snapshotParams(cmd.Flags()), o.json,
			func(w io.Writer, _ any, srv *ndjson.Server) error {
				snap := srv.Latest()
				if snap == nil {
					return errors.New("no snapshot")
				}
				if snap.Tree.App != "" {
					fmt.Fprintf(w, "# %s (%s, %d elements)\n", snap.Tree.App, snap.ID, snap.Nodes)
				}
				fmt.Fprint(w, uitree.Text(snap, o.maxText))
				if snap.Tree.Truncated {
					fmt.Fprintln(w, "# truncated by --max-nodes")
				}
				printUnresponsive(w, snap.Tree.Unresponsive)
				return nil
			})
	}
	return cmd
}
