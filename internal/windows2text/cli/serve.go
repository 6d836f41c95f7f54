package cli

import (
	"context"
	"io"

	"github.com/spf13/cobra"

	"textfirst/internal/windows2text/mcp"
	"textfirst/internal/windows2text/uitree"
)

// serveCommand is "serve": the long-lived NDJSON helper.
func (p Program) serveCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "serve",
		Short: "long-lived helper: one JSON request per stdin line, one response per stdout line",
		Long: `serve is the helper agents run: it reads one JSON request per line on stdin and
answers each with one JSON line on stdout (see the windows2text protocol),
until stdin ends or a shutdown request. Beside the protocol's methods, wait
and changes work as the mcp command's tools do (ping lists them). stderr carries fatal start-up
diagnostics only.`,
		Args: takesNoArgs,
		RunE: p.serveStdio(mcp.ServeNDJSON),
	}
}

// serveStdio is the run of a server command: serve, on the platform's
// backend, speaks with the command's stdin and stdout until stdin ends.
func (p Program) serveStdio(serve func(context.Context, uitree.Backend, io.Reader, io.Writer, mcp.Options) error) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, _ []string) error {
		return p.withBackend(cmd.Context(), func(backend uitree.Backend) error {
			return serve(cmd.Context(), backend, cmd.InOrStdin(), cmd.OutOrStdout(), mcp.Options{Version: p.Version})
		})
	}
}
