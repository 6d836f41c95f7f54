package cli

import (
	"fmt"
	"os/exec"
	"strings"

	"github.com/spf13/cobra"

	twcomp "textfirst/internal/tw/components"
)

// component is an optional part of tw (package components).
type component = twcomp.Component

// components are tw's optional components, in the order listed.
var components = twcomp.List

func componentsCmd(env Env) *cobra.Command {
	c := &cobra.Command{
		Use:   "components",
		Short: "The optional components tw uses: which are installed, and whether they run",
		Long: `tw components list says, for each optional component (a program or data of a
Debian package that a feature needs), what it gives, whether it is installed
and where, and the package that installs it. tw components verify runs each
installed program once (its version) and says whether it works; it exits 1
when one does not.`,
		Example: "  tw components list\n  tw components verify --json",
		Args:    cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usage(env.p, "components", env.tr("unknown command %q: use list or verify", args[0]))
			}
			return listComponents(env, false)
		},
	}
	var listJSON, verifyJSON bool
	list := &cobra.Command{
		Use: "list", Short: "List the optional components and whether they are installed", Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error { return listComponents(env, listJSON) },
	}
	list.Flags().BoolVar(&listJSON, "json", false, "print JSON: each component's id, gives, package, program or folder, installed and path")
	verify := &cobra.Command{
		Use: "verify", Short: "Run each installed component once and say whether it works", Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error { return verifyComponents(env, verifyJSON) },
	}
	verify.Flags().BoolVar(&verifyJSON, "json", false, "print JSON: each installed component's id, path, works and error")
	c.AddCommand(list, verify)
	return c
}

func listComponents(env Env, asJSON bool) error {
	type row struct {
		component
		Installed bool   `json:"installed"`
		Path      string `json:"path,omitempty"`
	}
	var rows []row
	for _, c := range components {
		p := c.Where()
		rows = append(rows, row{c, p != "", p})
	}
	if asJSON {
		return printJSON(env.Stdout, rows)
	}
	w := onTerminal(env.Stdout)
	for _, r := range rows {
		state := env.tr("not installed; apt install %s", r.Package)
		if r.Installed {
			state = env.tr("installed at %s", r.Path)
		}
		fmt.Fprintf(w, "%s: %s; %s\n", r.ID, env.printer().Text(r.Gives), state)
	}
	return nil
}

func verifyComponents(env Env, asJSON bool) error {
	type row struct {
		ID    string `json:"id"`
		Path  string `json:"path"`
		Works bool   `json:"works"`
		Error string `json:"error,omitempty"`
	}
	rows := []row{}
	broken := 0
	for _, c := range components {
		p := c.Where()
		if p == "" {
			continue
		}
		r := row{ID: c.ID, Path: p, Works: true}
		if c.Program != "" {
			if out, err := exec.Command(p, c.Check...).CombinedOutput(); err != nil {
				line, _, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
				r.Works, r.Error = false, fmt.Sprintf("%v: %s", err, line)
			}
		}
		if !r.Works {
			broken++
		}
		rows = append(rows, r)
	}
	if asJSON {
		if err := printJSON(env.Stdout, rows); err != nil {
			return err
		}
	} else {
		w := onTerminal(env.Stdout)
		for _, r := range rows {
			if r.Works {
				fmt.Fprintln(w, env.tr("%s works (%s).", r.ID, r.Path))
			} else {
				fmt.Fprintln(w, env.tr("%s does not work (%s): %s", r.ID, r.Path, r.Error))
			}
		}
	}
	if broken > 0 {
		return exitCode(1)
	}
	return nil
}
