package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"textfirst/internal/tw/lint"
)

// lintFileLimit bounds a Markdown file lint reads: far above any real one.
const lintFileLimit = 64 << 20

func lintCmd(env Env) *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:   "lint FILE...",
		Short: "Check Markdown for problems a listener would miss",
		Long: `Check Markdown files (- reads standard input) for what a listener would miss:
a heading that skips a level, a list whose items use different markers, spaces
at the end of a line (other than the two of a hard break), a reference link
whose definition is missing, and a bare web address not written as a link.
Each problem is printed as FILE:LINE:COL: rule: detail; the count goes to
stderr, and tw lint exits 1 when it found any.`,
		Example: "  tw lint README.md\n  tw lint notes/*.md --json",
		Args:    cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usage(env.p, "lint", env.tr("give a Markdown file"))
			}
			type found struct {
				File   string `json:"file"`
				Line   int    `json:"line"`
				Column int    `json:"column"`
				Rule   string `json:"rule"`
				Detail string `json:"detail"`
			}
			all := []found{}
			for _, name := range args {
				data, err := readInput(env, name, lintFileLimit)
				if err != nil {
					return fail(env.p, 1, env.tr("tw lint: cannot read %s: %v", name, err), "")
				}
				for _, p := range lint.Markdown(string(data)) {
					all = append(all, found{name, p.Line, p.Column, string(p.Rule), p.Detail})
				}
			}
			if asJSON {
				if err := printJSON(env.Stdout, all); err != nil {
					return err
				}
			} else {
				out := onTerminal(env.Stdout)
				for _, p := range all {
					fmt.Fprintf(out, "%s:%d:%d: %s: %s\n", p.File, p.Line, p.Column, p.Rule, p.Detail)
				}
			}
			if len(all) == 0 {
				fmt.Fprintln(env.Stderr, env.tr("No problems found."))
				return nil
			}
			fmt.Fprintln(env.Stderr, env.tr("%d problems found.", len(all)))
			return exitCode(1)
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print JSON: file, line, column, rule and detail of each problem")
	return c
}
