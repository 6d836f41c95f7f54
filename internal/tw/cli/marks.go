package cli

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/docstate"
	"textfirst/internal/tw/export"
	"textfirst/internal/tw/session"
	"textfirst/internal/tw/units"
)

func marksCmd(env Env) *cobra.Command {
	var home, to string
	var asJSON, sheet bool
	c := &cobra.Command{
		Use:   "marks FILE",
		Short: "List the place, bookmarks, notes and highlights kept for a document",
		Long: `List the saved place, bookmarks, notes and highlights of FILE: as text,
as JSON (--to json, the state as saved), or exported --to markdown, csv,
bibtex or ris (notes and highlights, with the quoted text, tags, line and
heading). --study-sheet writes the notes and highlights in document order
under their headings, with the quoted text and tags, as Markdown or HTML.`,
		Example: "  tw marks notes.md\n  tw marks notes.md --to bibtex > notes.bib\n  tw marks notes.md --study-sheet --to html > sheet.html",
		Args:    cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, args []string) error {
			d, st, err := loadMarks(env, "marks", args, home)
			if err != nil {
				return err
			}
			if asJSON {
				to = "json"
			}
			marks := export.Marks(d, st)
			var data []byte
			switch {
			case sheet && (to == "" || to == "markdown"):
				data = export.StudySheet(d, marks)
			case sheet && to == "html":
				if data, err = export.StudySheetHTML(d, marks); err != nil {
					return fail(env.p, 1, "tw marks: "+err.Error(), "")
				}
			case sheet:
				return usage(env.p, "marks", env.tr("the study sheet is Markdown or HTML, not %q", to))
			case to == "markdown":
				data = export.MarksMarkdown(d, marks)
			case to == "csv":
				data = export.MarksCSV(marks)
			case to == "bibtex":
				data = export.MarksBibTeX(d, marks)
			case to == "ris":
				data = export.MarksRIS(d, marks)
			case to == "" || to == "text" || to == "json":
			default:
				return usage(env.p, "marks", env.tr("cannot export marks to %q: use text, json, markdown, csv, bibtex or ris", to))
			}
			if data != nil {
				onTerminal(env.Stdout).Write(data)
				return nil
			}
			if to == "json" {
				data, _ := json.MarshalIndent(st, "", "  ")
				fmt.Fprintln(env.Stdout, string(data))
				return nil
			}
			ix := units.New(d)
			pct := func(p int) int {
				if d.Len() == 0 {
					return 0
				}
				return min(p, d.Len()) * 100 / d.Len()
			}
			w := onTerminal(env.Stdout)
			if st.Place != nil {
				fmt.Fprintf(w, "Place: line %d, %d percent\n", ix.LineOf(st.Place.Char)+1, pct(st.Place.Char))
			} else {
				fmt.Fprintln(w, "Place: not read yet")
			}
			fmt.Fprintf(w, "Bookmarks: %d\n", len(st.Bookmarks))
			for _, b := range st.Bookmarks {
				fmt.Fprintf(w, "  %s: line %d, %d percent\n", b.Name, ix.LineOf(b.Char)+1, pct(b.Char))
			}
			fmt.Fprintf(w, "Notes: %d\n", len(st.Notes))
			for _, n := range st.Notes {
				fmt.Fprintf(w, "  line %d: %s: %s\n", ix.LineOf(n.Start)+1, n.Anchor, n.Text)
			}
			fmt.Fprintf(w, "Highlights: %d\n", len(st.Highlights))
			for _, h := range st.Highlights {
				fmt.Fprintf(w, "  line %d, %s: %s\n", ix.LineOf(h.Start)+1, h.Color, h.Text)
			}
			return nil
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print the state as JSON (the same as --to json)")
	c.Flags().StringVar(&to, "to", "", "text, json, markdown, csv, bibtex or ris; with --study-sheet, markdown or html")
	c.Flags().BoolVar(&sheet, "study-sheet", false, "the notes and highlights under their headings (Markdown or HTML)")
	c.RegisterFlagCompletionFunc("to", cobra.FixedCompletions([]string{"text", "json", "markdown", "csv", "bibtex", "ris", "html"}, cobra.ShellCompDirectiveNoFileComp))
	c.Flags().StringVar(&home, "home", "", "settings, places and marks (else $TEXTWEAVER_HOME)")
	return c
}

// loadMarks loads the one document args names and the marks kept for it
// under home, for the command cmd.
func loadMarks(env Env, cmd string, args []string, home string) (*doc.Document, *docstate.DocState, error) {
	if len(args) != 1 {
		return nil, nil, usage(env.p, cmd, env.tr("give one document"))
	}
	if args[0] == session.StdinPath {
		return nil, nil, usage(env.p, cmd, env.tr("standard input has no marks; give a file"))
	}
	d, err := loadDoc(env, cmd, args[0], "")
	if err != nil {
		return nil, nil, err
	}
	st, err := docstate.Store{Home: session.Home(home, env.Getenv)}.Load(d.Meta.Path)
	if err != nil {
		return nil, nil, fail(env.p, 1, "tw "+cmd+": "+err.Error(), env.tr("Delete the damaged state file, or restore it."))
	}
	// An encrypted document's state keeps no excerpts of its text.
	st.FillExcerpts(d.Slice, d.Len())
	return d, st, nil
}
