package cli

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"textfirst/internal/tw/export"
)

func notesCmd(env Env) *cobra.Command {
	var home, to, tag string
	c := &cobra.Command{
		Use:   "notes FILE",
		Short: "List or export the notes kept for a document",
		Long: `List the notes of FILE in document order, each with its line, the heading it
is under, the text it is attached to, its own text and its tags: as text, as
JSON (--to json), or exported --to markdown, csv, bibtex or ris. --tag keeps
the notes with that tag. With no notes (or none with the tag), tw notes says
so on stderr and exits 1.`,
		Example: "  tw notes book.epub\n  tw notes paper.pdf --tag exam --to markdown > exam-notes.md",
		Args:    cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, args []string) error {
			d, st, err := loadMarks(env, "notes", args, home)
			if err != nil {
				return err
			}
			var notes []export.Mark
			for _, m := range export.Marks(d, st) {
				if m.Kind == "note" && (tag == "" || slices.ContainsFunc(m.Tags, func(t string) bool { return strings.EqualFold(t, tag) })) {
					notes = append(notes, m)
				}
			}
			var data []byte
			switch to {
			case "", "text", "json":
			case "markdown":
				data = export.MarksMarkdown(d, notes)
			case "csv":
				data = export.MarksCSV(notes)
			case "bibtex":
				data = export.MarksBibTeX(d, notes)
			case "ris":
				data = export.MarksRIS(d, notes)
			default:
				return usage(env.p, "notes", env.tr("cannot export notes to %q: use text, json, markdown, csv, bibtex or ris", to))
			}
			if len(notes) == 0 {
				if tag != "" {
					fmt.Fprintln(env.Stderr, env.tr("No notes tagged %s in %s.", tag, filepath.Base(args[0])))
				} else {
					fmt.Fprintln(env.Stderr, env.tr("No notes in %s.", filepath.Base(args[0])))
				}
				return exitCode(1)
			}
			w := onTerminal(env.Stdout)
			switch {
			case data != nil:
				w.Write(data)
			case to == "json":
				rows := make([]map[string]any, len(notes))
				for i, n := range notes {
					rows[i] = map[string]any{"id": n.ID, "start": n.Start, "end": n.End, "line": n.Line,
						"heading": n.Heading, "quote": n.Quote, "text": n.Text, "tags": append([]string{}, n.Tags...)}
				}
				return printJSON(env.Stdout, map[string]any{"document": d.Meta.Path, "notes": rows})
			default:
				for _, n := range notes {
					line := fmt.Sprintf("Line %d", n.Line)
					if n.Heading != "" {
						line += ", under " + n.Heading
					}
					fmt.Fprintf(w, "%s: %s", line, n.Text)
					if n.Quote != "" {
						fmt.Fprintf(w, " (on %q)", n.Quote)
					}
					if len(n.Tags) > 0 {
						fmt.Fprintf(w, " [%s]", strings.Join(n.Tags, ", "))
					}
					fmt.Fprintln(w)
				}
			}
			return nil
		},
	}
	f := c.Flags()
	f.StringVar(&to, "to", "", "text, json, markdown, csv, bibtex or ris")
	f.StringVar(&tag, "tag", "", "only the notes with this tag (any case)")
	f.StringVar(&home, "home", "", "settings, places and marks (else $TEXTWEAVER_HOME)")
	c.RegisterFlagCompletionFunc("to", cobra.FixedCompletions([]string{"text", "json", "markdown", "csv", "bibtex", "ris"}, cobra.ShellCompDirectiveNoFileComp))
	return c
}
