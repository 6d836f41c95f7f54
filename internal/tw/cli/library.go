package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"textfirst/internal/tw/library"
	"textfirst/internal/tw/session"
	"textfirst/internal/tw/settings"
)

// libraryCmd is `tw library`: the library folders (library.folders) and
// the index of their documents (package library), from the command line.
func libraryCmd(env Env) *cobra.Command {
	var home string
	c := &cobra.Command{
		Use:   "library",
		Short: "Add folders to the library, list, search and refresh it",
		Long: `The library is the documents in the folders of the library.folders setting,
indexed in one SQLite file in the home (data/state/library.db): their titles,
authors, DOI, ISBN and full text. add adds folders and indexes them; refresh
reads again what changed; list, search and recent print documents, one a line
(--json for more); remove takes a folder out. A file that cannot be read is
listed with its reason. The reader's open_library (File menu) lists the same.`,
		Example: "  tw library add ~/Books\n  tw library search \"initial ram disk\"\n  tw library list --json\n  tw library recent",
		Args:    cobra.NoArgs,
		RunE:    func(c *cobra.Command, args []string) error { return c.Help() },
	}
	c.PersistentFlags().StringVar(&home, "home", "", "settings, places and marks (else $TEXTWEAVER_HOME)")
	lib := libraryOpener{env: env, home: &home}
	c.AddCommand(lib.addCmd(), lib.refreshCmd(), lib.listCmd(), lib.searchCmd(), lib.recentCmd(), lib.removeCmd())
	return c
}

type libraryOpener struct {
	env  Env
	home *string
}

func (o libraryOpener) dir() string { return session.Home(*o.home, o.env.Getenv) }

// open opens the settings and the index of the home.
func (o libraryOpener) open(cmd string) (*settings.Store, *library.Library, error) {
	dir := o.dir()
	st, _, err := settings.OpenMessages(dir)
	if err != nil {
		return nil, nil, fail(o.env.p, 1, o.env.tr("tw library %s: %v", cmd, err), o.env.tr("Fix settings.toml by hand first: %s", settings.File(dir)))
	}
	db, err := library.Open(library.File(dir))
	if err != nil {
		return nil, nil, fail(o.env.p, 1, o.env.tr("tw library %s: %v", cmd, err), "")
	}
	return st, db, nil
}

// changeFolders runs tw library CMD FOLDER...: change makes library.folders
// what it is with each folder given (abs is its absolute path), the
// folders are saved, and then runs on the index.
func (o libraryOpener) changeFolders(cmd string, args []string,
	change func(db *library.Library, folders []string, abs, given string) ([]string, error),
	then func(db *library.Library, folders []string) error) error {
	env := o.env
	if len(args) == 0 {
		return usage(env.p, "library "+cmd, env.tr("give one or more folders"))
	}
	st, db, err := o.open(cmd)
	if err != nil {
		return err
	}
	defer db.Close()
	folders := st.Strings("library.folders")
	for _, a := range args {
		abs, err := filepath.Abs(a)
		if err != nil {
			return fail(env.p, 1, env.tr("tw library %s: %v", cmd, err), "")
		}
		if folders, err = change(db, folders, abs, a); err != nil {
			return err
		}
	}
	if _, err := st.Set("library.folders", folders); err != nil {
		return fail(env.p, 1, env.tr("tw library %s: %v", cmd, err), "")
	}
	return then(db, folders)
}

// scan brings the index up to date with the folders, showing progress on
// a terminal's stderr, and prints what it did.
func (o libraryOpener) scan(cmd string, db *library.Library, folders []string) error {
	env := o.env
	show, clear := terminalProgress(env, env.Stderr)
	rep, err := db.Scan(context.Background(), folders, library.LoadExtractor, func(p library.Progress) {
		if show != nil {
			show(p.Done, p.Total, "document")
		}
	})
	clear()
	for _, m := range rep.Missing {
		fmt.Fprintln(env.Stderr, env.tr("tw library: the folder %s cannot be read: %v", m.Folder, m.Err))
	}
	for _, f := range rep.Failed {
		fmt.Fprintln(env.Stderr, env.tr("tw library: %s could not be read: %s", f.Path, f.Reason))
	}
	if err != nil {
		return fail(env.p, 1, env.tr("tw library %s: %v", cmd, err), "")
	}
	all, failed, _ := db.Count()
	fmt.Fprintln(env.Stdout, env.tr("%d documents in the library (%d could not be read): %d added, %d changed, %d removed, %d unchanged.",
		all, failed, rep.Added, rep.Updated, rep.Removed, rep.Unchanged))
	return nil
}

func (o libraryOpener) addCmd() *cobra.Command {
	return &cobra.Command{
		Use:     "add FOLDER...",
		Short:   "Add folders to the library and index their documents",
		Long:    "Add each FOLDER to library.folders (once) and index the documents in the library folders that are new or changed.",
		Example: "  tw library add ~/Books /usr/share/doc/debian-handbook",
		RunE: func(c *cobra.Command, args []string) error {
			return o.changeFolders("add", args, func(_ *library.Library, folders []string, abs, given string) ([]string, error) {
				if info, err := os.Stat(abs); err != nil || !info.IsDir() {
					return nil, usage(o.env.p, "library add", o.env.tr("%s is not a folder", given))
				}
				if !slices.Contains(folders, abs) {
					folders = append(folders, abs)
				}
				return folders, nil
			}, func(db *library.Library, folders []string) error {
				return o.scan("add", db, library.Folders(folders))
			})
		},
	}
}

func (o libraryOpener) refreshCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "refresh",
		Short: "Index again the library's documents that changed",
		Long:  "Read the documents of the library folders that are new or changed since they were indexed, and take out those that are gone.",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			st, db, err := o.open("refresh")
			if err != nil {
				return err
			}
			defer db.Close()
			return o.scan("refresh", db, library.Folders(st.Strings("library.folders")))
		},
	}
}

func (o libraryOpener) removeCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "remove FOLDER...",
		Short: "Take folders out of the library",
		Long:  "Take each FOLDER out of library.folders, and its documents out of the index. The files themselves are left alone.",
		RunE: func(c *cobra.Command, args []string) error {
			removed := 0
			return o.changeFolders("remove", args, func(db *library.Library, folders []string, abs, _ string) ([]string, error) {
				folders = slices.DeleteFunc(folders, func(f string) bool { return filepath.Clean(f) == abs })
				n, err := db.Remove(abs)
				if err != nil {
					return nil, fail(o.env.p, 1, o.env.tr("tw library %s: %v", "remove", err), "")
				}
				removed += n
				return folders, nil
			}, func(*library.Library, []string) error {
				fmt.Fprintln(o.env.Stdout, o.env.tr("%d documents taken out of the library.", removed))
				return nil
			})
		},
	}
}

// documentRows is documents as --json prints them.
func documentRows(docs []library.Document) []map[string]any {
	rows := []map[string]any{}
	for _, d := range docs {
		rows = append(rows, map[string]any{"path": d.Path, "title": d.Title, "author": d.Author, "doi": d.DOI, "isbn": d.ISBN,
			"format": d.Format, "size": d.Size, "modified": d.ModTime.UTC().Format(time.RFC3339), "pages": d.Pages, "words": d.Words, "error": d.Error})
	}
	return rows
}

// printDocuments prints one document a line: its title, author and path,
// or why it could not be read.
func printDocuments(env Env, w io.Writer, docs []library.Document) {
	for _, d := range docs {
		switch {
		case d.Error != "":
			fmt.Fprintln(w, env.tr("%s (could not be read: %s)", d.Path, d.Error))
		case d.Author != "":
			fmt.Fprintf(w, "%s — %s\t%s\n", d.Title, d.Author, d.Path)
		default:
			fmt.Fprintf(w, "%s\t%s\n", d.Title, d.Path)
		}
	}
}

func (o libraryOpener) listCmd() *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:   "list",
		Short: "List the library's documents",
		Long:  "Print the documents of the index, by title: the title, the author and the path, or why the file could not be read.",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			_, db, err := o.open("list")
			if err != nil {
				return err
			}
			defer db.Close()
			docs, err := db.List()
			if err != nil {
				return fail(o.env.p, 1, o.env.tr("tw library list: %v", err), "")
			}
			if asJSON {
				return printJSON(o.env.Stdout, documentRows(docs))
			}
			printDocuments(o.env, onTerminal(o.env.Stdout), docs)
			return nil
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print each document's path, title, author, DOI, ISBN, format, size, pages, words and error")
	return c
}

func (o libraryOpener) searchCmd() *cobra.Command {
	var asJSON bool
	var limit int
	c := &cobra.Command{
		Use:   "search WORDS...",
		Short: "Find documents by title, author, DOI, ISBN or full text",
		Long: `Print the documents whose title, author, file name, DOI or ISBN hold every
word, best first, then those whose text holds them. Words in double quotes are
found as a phrase; the last word also finds words that start with it.`,
		Example: "  tw library search debian live\n  tw library search '\"initial ram disk\"'",
		RunE: func(c *cobra.Command, args []string) error {
			env := o.env
			typed := strings.Join(args, " ")
			if library.Query(typed) == "" {
				return usage(env.p, "library search", env.tr("give the words to find"))
			}
			_, db, err := o.open("search")
			if err != nil {
				return err
			}
			defer db.Close()
			docs, err := db.Search(typed, limit)
			if err != nil {
				return fail(env.p, 1, env.tr("tw library search: %v", err), "")
			}
			if asJSON {
				return printJSON(env.Stdout, documentRows(docs))
			}
			if len(docs) == 0 {
				fmt.Fprintln(env.Stderr, env.tr("No document in the library holds %s.", typed))
				return exitCode(1)
			}
			printDocuments(env, onTerminal(env.Stdout), docs)
			return nil
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print each document found as JSON")
	c.Flags().IntVarP(&limit, "limit", "n", 50, "print at most this many documents (0: all)")
	return c
}

func (o libraryOpener) recentCmd() *cobra.Command {
	var asJSON bool
	var limit int
	c := &cobra.Command{
		Use:   "recent",
		Short: "List the documents read lately, with the place kept in each",
		Long:  "Print the documents whose place, marks or notes tw keeps, the most recently left first: the percentage read and the path.",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			env := o.env
			st, _, err := settings.OpenMessages(o.dir())
			if err != nil {
				return fail(env.p, 1, env.tr("tw library recent: %v", err), "")
			}
			if !c.Flags().Changed("limit") {
				limit = st.Int("library.recent_limit")
			}
			reads, err := library.Recent(o.dir(), limit)
			if err != nil {
				return fail(env.p, 1, env.tr("tw library recent: %v", err), "")
			}
			if asJSON {
				rows := []map[string]any{}
				for _, r := range reads {
					rows = append(rows, map[string]any{"path": r.Path, "percent": r.Percent(), "place": r.Place, "left": r.When.UTC().Format(time.RFC3339)})
				}
				return printJSON(env.Stdout, rows)
			}
			w := onTerminal(env.Stdout)
			for _, r := range reads {
				fmt.Fprintf(w, "%3d%%\t%s\n", r.Percent(), r.Path)
			}
			return nil
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print each document's path, percent, place and when it was left")
	c.Flags().IntVarP(&limit, "limit", "n", 0, "at most this many (else library.recent_limit)")
	return c
}
