package cli

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"textfirst/internal/tw/settings"
)

// settingsProfileCmd is `tw settings profile`: named sets of settings to
// switch between, kept as settings files under the home's profiles folder.
func settingsProfileCmd(env Env, open openSettings) *cobra.Command {
	c := &cobra.Command{
		Use:   "profile",
		Short: "Save the settings as a named profile, switch to one, or list, rename, delete, export and import them",
		Args:  cobra.NoArgs,
		RunE:  func(c *cobra.Command, args []string) error { return c.Help() },
	}
	sub := func(use, short string, n int, run func(st *settings.Store, p settings.Profiles, args []string) error) *cobra.Command {
		return &cobra.Command{Use: use, Short: short, Args: cobra.ArbitraryArgs, RunE: func(c *cobra.Command, args []string) error {
			if len(args) != n {
				return usage(env.p, "settings profile", env.tr("%s takes %d arguments: %s", c.Name(), n, use))
			}
			st, dir, err := open("profile")
			if err != nil {
				return err
			}
			if err := run(st, settings.ProfilesIn(dir), args); err != nil {
				if errors.Is(err, settings.ErrNoProfile) || errors.Is(err, settings.ErrProfileName) {
					return fail(env.p, 1, env.tr("tw settings profile %s: %v", c.Name(), err), env.tr("tw settings profile list shows the profiles."))
				}
				return fail(env.p, 1, env.tr("tw settings profile %s: %v", c.Name(), err), "")
			}
			return nil
		}}
	}
	c.AddCommand(
		sub("list", "List the profiles", 0, func(_ *settings.Store, p settings.Profiles, _ []string) error {
			names, err := p.Names()
			for _, n := range names {
				fmt.Fprintln(env.Stdout, n)
			}
			if err == nil && len(names) == 0 {
				fmt.Fprintln(env.Stderr, env.tr("No profiles yet: tw settings profile save NAME makes one."))
			}
			return err
		}),
		sub("save NAME", "Save the current settings as the profile NAME (replacing one of that name)", 1, func(st *settings.Store, p settings.Profiles, args []string) error {
			if err := p.Save(args[0], st); err != nil {
				return err
			}
			fmt.Fprintln(env.Stdout, env.tr("Profile %s saved.", args[0]))
			return nil
		}),
		sub("use NAME", "Switch to the profile NAME: its settings are applied", 1, func(st *settings.Store, p settings.Profiles, args []string) error {
			n, err := p.Use(args[0], st)
			var refused *settings.ImportError
			if errors.As(err, &refused) {
				for _, r := range refused.Refused {
					fmt.Fprintln(env.Stderr, env.tr("Refused: %s", r))
				}
			} else if err != nil {
				return err
			}
			fmt.Fprintln(env.Stdout, env.tr("Profile %s in use: %d settings applied.", args[0], n))
			return err
		}),
		sub("rename OLD NEW", "Rename a profile", 2, func(_ *settings.Store, p settings.Profiles, args []string) error {
			if err := p.Rename(args[0], args[1]); err != nil {
				return err
			}
			fmt.Fprintln(env.Stdout, env.tr("Profile %s renamed %s.", args[0], args[1]))
			return nil
		}),
		sub("delete NAME", "Delete a profile", 1, func(_ *settings.Store, p settings.Profiles, args []string) error {
			if err := p.Delete(args[0]); err != nil {
				return err
			}
			fmt.Fprintln(env.Stdout, env.tr("Profile %s deleted.", args[0]))
			return nil
		}),
		sub("export FILE", "Write every profile to one file (TOML), for another computer", 1, func(_ *settings.Store, p settings.Profiles, args []string) error {
			n, err := p.ExportAll(args[0])
			if err != nil {
				return err
			}
			fmt.Fprintln(env.Stdout, env.tr("%d profiles exported to %s.", n, args[0]))
			return nil
		}),
		sub("import FILE", "Add the profiles of a file that profile export wrote", 1, func(_ *settings.Store, p settings.Profiles, args []string) error {
			names, err := p.ImportAll(args[0])
			if err != nil {
				return err
			}
			fmt.Fprintln(env.Stdout, env.tr("%d profiles imported from %s.", len(names), args[0]))
			return nil
		}),
	)
	return c
}
