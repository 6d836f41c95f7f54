package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"textfirst/internal/tw/cite"
	"textfirst/internal/tw/session"
)

// citeFileLimit bounds a document tw cite check reads.
const citeFileLimit = 64 << 20

// citeCmd is `tw cite`: the reference library the citation actions use.
func citeCmd(env Env) *cobra.Command {
	var home, library string
	c := &cobra.Command{
		Use:   "cite",
		Short: "Your reference library: import, add, list, remove, check a document's citations, format entries",
		Long: `The reference library citations are inserted from: references.json (CSL-JSON)
in the home, or --library FILE. A references.json beside a document is also
looked in, first, by check and format --cited. Nothing reaches the network:
tw cite add takes a DOI or ISBN with the work's details.`,
		Example: "  tw cite import refs.bib\n  tw cite add 10.1000/xyz --title \"On Testing\" --author \"Doe, Jane; Roe, Richard\" --year 2021\n" +
			"  tw cite check essay.md\n  tw cite format --cited essay.md",
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error { return c.Help() },
	}
	c.PersistentFlags().StringVar(&home, "home", "", "settings, places and marks (else $TEXTWEAVER_HOME)")
	c.PersistentFlags().StringVar(&library, "library", "", "a library file to use instead of the home's references.json")
	libPath := func() string {
		if library != "" {
			return library
		}
		return cite.UserLibrary(session.Home(home, env.Getenv))
	}
	failed := func(name string, err error) error {
		return fail(env.p, 1, env.tr("tw cite %s: %v", name, err), "")
	}
	c.AddCommand(
		citeListCmd(env, libPath, failed),
		citeImportCmd(env, libPath, failed),
		citeAddCmd(env, libPath, failed),
		&cobra.Command{Use: "remove KEY", Short: "Take a reference out of the library", Args: cobra.ExactArgs(1),
			RunE: func(c *cobra.Command, args []string) error {
				var removed cite.Reference
				var ok bool
				err := cite.Update(libPath(), func(l *cite.Library) error {
					if removed, ok = l.Remove(args[0]); !ok {
						return fmt.Errorf("no reference %s in %s", args[0], libPath())
					}
					return nil
				})
				if err != nil {
					return failed("remove", err)
				}
				fmt.Fprintln(env.Stdout, env.tr("Removed: %s", removed.Label()))
				return nil
			}},
		citeCheckCmd(env, libPath, failed),
		citeFormatCmd(env, libPath, failed),
	)
	return c
}

func citeListCmd(env Env, libPath func() string, failed func(string, error) error) *cobra.Command {
	var asJSON bool
	c := &cobra.Command{Use: "list", Short: "List the references, one a line (or the library as CSL-JSON)", Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			l, err := cite.Load(libPath())
			if err != nil {
				return failed("list", err)
			}
			if asJSON {
				data, err := cite.WriteCSLJSON(l.Sorted())
				if err != nil {
					return failed("list", err)
				}
				_, err = env.Stdout.Write(data)
				return err
			}
			if l.Len() == 0 {
				fmt.Fprintln(env.Stderr, env.tr("The reference library %s is empty: tw cite import FILE or tw cite add adds references.", libPath()))
				return nil
			}
			out := onTerminal(env.Stdout)
			for _, r := range l.Sorted() {
				fmt.Fprintln(out, r.Label())
			}
			return nil
		}}
	c.Flags().BoolVar(&asJSON, "json", false, "print the library as CSL-JSON")
	return c
}

func citeImportCmd(env Env, libPath func() string, failed func(string, error) error) *cobra.Command {
	return &cobra.Command{Use: "import FILE...", Short: "Add the references of BibTeX, RIS or CSL-JSON files", Args: cobra.MinimumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			for _, name := range args {
				refs, readErr := cite.ReadFile(name)
				if readErr != nil && len(refs) == 0 {
					return failed("import", readErr)
				}
				var m cite.Merged
				if err := cite.Update(libPath(), func(l *cite.Library) error { m = l.Merge(refs); return nil }); err != nil {
					return failed("import", err)
				}
				said := env.tr("Imported %d new references from %s.", m.Added, filepath.Base(name))
				if m.Duplicates > 0 {
					said += " " + env.tr("%d were already in your library.", m.Duplicates)
				}
				fmt.Fprintln(env.Stdout, said)
				if readErr != nil {
					fmt.Fprintln(env.Stderr, env.tr("Some entries could not be read: %v", readErr))
				}
			}
			return nil
		}}
}

func citeAddCmd(env Env, libPath func() string, failed func(string, error) error) *cobra.Command {
	var title, authors, year, in, key string
	c := &cobra.Command{Use: "add DOI|ISBN", Short: "Add a work by its DOI or ISBN, with its details (no network lookup)", Args: cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			id, err := cite.ParseIdentifier(args[0])
			if err != nil {
				return usage(env.p, "cite add", env.tr("Not a DOI or an ISBN: %s. A DOI starts with 10. and a slash; an ISBN has 10 or 13 digits.", args[0]))
			}
			if l, err := cite.Load(libPath()); err == nil {
				if r, ok := l.Find(id); ok {
					fmt.Fprintln(env.Stdout, env.tr("Already in your library: %s", r.Label()))
					return nil
				}
			}
			if strings.TrimSpace(title) == "" {
				return usage(env.p, "cite add", env.tr("give the work's --title: tw looks nothing up on the network"))
			}
			r := cite.Reference{ID: key, Type: "book", Title: strings.TrimSpace(title), Author: cite.ParseNames(authors), Publisher: in}
			if id.Kind == cite.DOI {
				r.Type, r.DOI, r.Publisher, r.ContainerTitle = "article-journal", id.Value, "", in
			} else {
				r.ISBN = id.Value
			}
			if n := cite.YearOf(year); n != 0 {
				r.Issued = cite.YearDate(n)
			}
			var got cite.Reference
			var outcome cite.Outcome
			err = cite.Update(libPath(), func(l *cite.Library) error {
				k, o := l.Add(r)
				got, _ = l.Get(k)
				outcome = o
				return nil
			})
			switch {
			case err != nil:
				return failed("add", err)
			case outcome == cite.Duplicate:
				fmt.Fprintln(env.Stdout, env.tr("Already in your library: %s", got.Label()))
			default:
				fmt.Fprintln(env.Stdout, env.tr("Added to your library: %s", got.Label()))
			}
			return nil
		}}
	f := c.Flags()
	f.StringVar(&title, "title", "", "the work's title (needed)")
	f.StringVar(&authors, "author", "", `the authors: "Family, Given; Family, Given"`)
	f.StringVar(&year, "year", "", "the year it was published")
	f.StringVar(&in, "in", "", "the journal (for a DOI) or the publisher (for an ISBN)")
	f.StringVar(&key, "key", "", "the citation key (else family name and year, as doe2021)")
	return c
}

// citedIn is the document's citations against its folder's library and
// the one given.
func citedIn(env Env, name, lib string) (cite.Bibliography, error) {
	data, err := readInput(env, name, citeFileLimit)
	if err != nil {
		return cite.Bibliography{}, err
	}
	var layers cite.Layered
	for _, p := range []string{cite.FolderLibrary(name), lib} {
		if _, err := os.Stat(p); err != nil && p != lib {
			continue
		}
		l, err := cite.Load(p)
		if err != nil {
			return cite.Bibliography{}, err
		}
		layers = append(layers, l)
	}
	return cite.Cited(string(data), layers), nil
}

func citeCheckCmd(env Env, libPath func() string, failed func(string, error) error) *cobra.Command {
	return &cobra.Command{Use: "check FILE", Short: "Count a document's citations and name the keys no library has (exit 1 if any)", Args: cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			b, err := citedIn(env, args[0], libPath())
			if err != nil {
				return failed("check", err)
			}
			if b.Cited == 0 {
				fmt.Fprintln(env.Stdout, env.tr("The document has no citations."))
				return nil
			}
			said := env.tr("%d citations found.", b.Cited)
			if len(b.Missing) == 0 {
				fmt.Fprintln(env.Stdout, said+" "+env.tr("Every key is in the library."))
				return nil
			}
			fmt.Fprintln(env.Stdout, said+" "+env.tr("Not in the library: %s.", strings.Join(b.Missing, ", ")))
			return exitCode(1)
		}}
}

func citeFormatCmd(env Env, libPath func() string, failed func(string, error) error) *cobra.Command {
	var cited string
	c := &cobra.Command{Use: "format [KEY...]", Short: "Print bibliography entries (Markdown, author-date) of keys, of a document's citations, or of the whole library",
		Args: cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, args []string) error {
			var entries, missing []string
			if cited != "" {
				b, err := citedIn(env, cited, libPath())
				if err != nil {
					return failed("format", err)
				}
				entries, missing = b.Entries, b.Missing
			} else {
				l, err := cite.Load(libPath())
				if err != nil {
					return failed("format", err)
				}
				refs := l.Sorted()
				if len(args) > 0 {
					refs = nil
					for _, k := range args {
						if r, ok := l.Get(k); ok {
							refs = append(refs, r)
						} else {
							missing = append(missing, k)
						}
					}
				}
				for _, r := range refs {
					entries = append(entries, cite.Entry(r))
				}
			}
			if len(entries) > 0 {
				fmt.Fprintln(onTerminal(env.Stdout), strings.Join(entries, "\n\n"))
			}
			if len(missing) > 0 {
				fmt.Fprintln(env.Stderr, env.tr("Not in the library: %s.", strings.Join(missing, ", ")))
				return exitCode(1)
			}
			return nil
		}}
	c.Flags().StringVar(&cited, "cited", "", "format the works a Markdown document cites")
	return c
}
