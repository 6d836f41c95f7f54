package cli

import (
	"github.com/spf13/cobra"

	"textfirst/internal/windows2text/mcp"
)

// mcpCommand is "mcp": the same helper as serve, spoken as a Model
// Context Protocol server over stdio, for agent frameworks that start MCP
// servers and call their tools.
func (p Program) mcpCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "mcp",
		Short: "Model Context Protocol server over stdio (observe, act, step, wait, changes as tools)",
		Long: `mcp runs windows2text as an MCP server on stdin and stdout: agent frameworks
start it and call its tools (windows, observe, snapshot, the actions, step,
wait, changes, resolve). step plans by default and acts only with act:true.
It ends when stdin ends.`,
		Args: takesNoArgs,
		RunE: p.serveStdio(mcp.Serve),
	}
}
