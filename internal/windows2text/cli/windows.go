package cli

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"textfirst/internal/windows2text/ndjson"
	"textfirst/internal/windows2text/uitree"
)

// windowsCommand is "windows": the top-level windows, one a line.
func (p Program) windowsCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "windows",
		Short: "list the top-level windows",
		Long: `windows lists the desktop's top-level windows, one a line: window id, process,
application, role, title, bounds, and "active" for the foreground window.
A window id is what snapshot --hwnd takes.`,
		Args: noArgs,
	}
	o := oneShotFlags(cmd, "max-nodes", "json")
	cmd.RunE = func(cmd *cobra.Command, _ []string) error {
		params := map[string]any{}
		if cmd.Flags().Changed("max-nodes") {
			params["maxNodes"] = o.maxNodes
		}
		return p.oneShot(cmd.Context(), cmd.OutOrStdout(), "windows", params, o.json, printWindows)
	}
	return cmd
}

func printWindows(w io.Writer, result any, _ *ndjson.Server) error {
	list, ok := result.(uitree.WindowList)
	if !ok {
		return fmt.Errorf("cli: windows answered %T", result)
	}
	for _, win := range list.Windows {
		active := ""
		if win.Active {
			active = " active"
		}
		if win.NotResponding {
			active += " not-responding"
		}
		fmt.Fprintf(w, "%s\tpid=%d\t%s\t%s %q\t%dx%d+%d+%d%s\n", win.ID, win.PID, win.App, win.Role, win.Title,
			win.Bounds.Width, win.Bounds.Height, win.Bounds.X, win.Bounds.Y, active)
	}
	if list.More {
		fmt.Fprintln(w, "… more windows (raise --max-nodes)")
	}
	printUnresponsive(w, list.Unresponsive)
	return nil
}
