package cli

import (
	"fmt"

	"github.com/spf13/cobra"
)

// versionCommand is "version" (also "--version" and "-version").
func (p Program) versionCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "print the version",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			fmt.Fprintln(cmd.OutOrStdout(), "windows2text", p.Version)
			return nil
		},
	}
}
