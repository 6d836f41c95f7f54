package cli

import (
	"fmt"

	"github.com/spf13/cobra"
)

func versionCmd(env Env) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print tw's version (also: tw --version, tw -V)",
		Args:  cobra.NoArgs,
		RunE:  func(c *cobra.Command, args []string) error { return printVersion(c) },
	}
}

func printVersion(c *cobra.Command) error {
	fmt.Fprintf(c.OutOrStdout(), "tw %s\n", version)
	return nil
}
