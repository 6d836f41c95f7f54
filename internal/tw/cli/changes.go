package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"textfirst/internal/atomicfile"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/docxreview"
	"textfirst/internal/tw/load"
)

// trackedChange is one change as the loaders record it in the document's
// "textweaver.changes" property.
type trackedChange struct {
	ID    string `json:"id"`
	Kind  string `json:"kind"`
	Range struct {
		Start int `json:"start"`
		End   int `json:"end"`
	} `json:"range"`
	Text   string `json:"text"`
	Author string `json:"author,omitempty"`
}

// documentComment is one comment of a document: its text as the comments
// section reads it ("Ada Example: Who repeats it?"), placed where the
// document marks it.
type documentComment struct {
	ID   string `json:"id"`
	Text string `json:"text"`
	At   int    `json:"at"`
}

func changesCmd(env Env) *cobra.Command {
	var asJSON, acceptAll, rejectAll bool
	var out string
	c := &cobra.Command{
		Use:   "changes FILE",
		Short: "List a document's tracked changes and comments, or write it with every change accepted or rejected",
		Long: `List the tracked changes and comments of FILE (a Word document, DOCX) in
document order, one a line, meaning first ("Inserted: 'renal', by Ada
Example"); --json prints them as the loader recorded them. --accept-all -o OUT
writes the document with every change accepted (insertions kept, deletions
left out), --reject-all -o OUT with every change undone (insertions left
out, deletions back), in the format OUT's extension names, as tw convert
does; a .docx OUT is the Word file itself with its changes decided, all else
in it as it was. The original is left alone.`,
		Example: "  tw changes draft.docx\n  tw changes draft.docx --accept-all -o final.md\n  tw changes draft.docx --reject-all -o before.docx",
		Args:    oneDocument(env, "changes"),
		RunE: func(c *cobra.Command, args []string) error {
			if acceptAll && rejectAll {
				return usage(env.p, "changes", env.tr("--accept-all and --reject-all cannot go together"))
			}
			if (acceptAll || rejectAll) != (out != "") {
				return usage(env.p, "changes", env.tr("--accept-all or --reject-all and -o FILE go together"))
			}
			d, err := loadDoc(env, "changes", args[0], "")
			if err != nil {
				return err
			}
			changes, err := changesOf(d)
			if err != nil {
				return fail(env.p, 1, env.tr("tw changes: the changes of %s cannot be read: %v", args[0], err), "")
			}
			if acceptAll || rejectAll {
				return writeDecided(env, c.Context(), args[0], d, out, acceptAll)
			}
			comments := commentsOf(d)
			if asJSON {
				return printJSON(env.Stdout, map[string]any{"changes": changes, "comments": comments})
			}
			type row struct {
				at   int
				text string
			}
			var rows []row
			for _, ch := range changes {
				rows = append(rows, row{ch.Range.Start, changeRow(env, ch)})
			}
			for _, cm := range comments {
				rows = append(rows, row{cm.At, env.tr("Comment: %s", cm.Text)})
			}
			sort.SliceStable(rows, func(i, j int) bool { return rows[i].at < rows[j].at })
			w := onTerminal(env.Stdout)
			if len(rows) == 0 {
				fmt.Fprintln(w, env.tr("No tracked changes or comments."))
				return nil
			}
			for _, r := range rows {
				fmt.Fprintln(w, r.text)
			}
			return nil
		},
	}
	f := c.Flags()
	f.BoolVar(&asJSON, "json", false, "print the changes and comments as JSON")
	f.BoolVar(&acceptAll, "accept-all", false, "write the document with every change accepted (give -o FILE)")
	f.BoolVar(&rejectAll, "reject-all", false, "write the document with every change rejected (give -o FILE)")
	f.StringVarP(&out, "out", "o", "", "with --accept-all or --reject-all: the file to write; its extension names the format")
	return c
}

// changesOf are d's tracked changes, none when it has none.
func changesOf(d *doc.Document) ([]trackedChange, error) {
	changes := []trackedChange{}
	raw := d.Meta.Properties["textweaver.changes"]
	if raw == "" {
		return changes, nil
	}
	if err := json.Unmarshal([]byte(raw), &changes); err != nil {
		return nil, err
	}
	return changes, nil
}

// commentsOf are d's comments: the notes of its comments section, each
// placed at its reference in the text.
func commentsOf(d *doc.Document) []documentComment {
	refs := map[string]int{}
	comments := []documentComment{}
	for _, m := range d.Markers() {
		if m.Kind != doc.Footnote || m.Label != "comment" {
			continue
		}
		if m.Level == 0 {
			if _, seen := refs[m.Reference]; !seen {
				refs[m.Reference] = m.Start
			}
			continue
		}
		text := strings.TrimSpace(d.Slice(m.Start, m.End))
		text = strings.TrimSpace(strings.TrimPrefix(text, "["+m.Reference+"]"))
		comments = append(comments, documentComment{ID: m.Reference, Text: text, At: m.Start})
	}
	for i, c := range comments {
		if at, ok := refs[c.ID]; ok {
			comments[i].At = at
		}
	}
	return comments
}

// changeRow is a change as one line, meaning first.
func changeRow(env Env, ch trackedChange) string {
	var row string
	switch ch.Kind {
	case "inserted":
		row = env.tr("Inserted: '%s'", ch.Text)
	case "deleted":
		row = env.tr("Deleted: '%s'", ch.Text)
	default:
		row = env.tr("Changed (%s): '%s'", ch.Kind, ch.Text)
	}
	if ch.Author != "" {
		row += env.tr(", by %s", ch.Author)
	}
	return row
}

// writeDecided writes the document at path (read as d), every tracked
// change accepted or rejected, to out in the format out's extension names:
// a Word file is the file itself with its changes decided by docxreview;
// another format is converted from the Word file so decided.
func writeDecided(env Env, ctx context.Context, path string, d *doc.Document, out string, accept bool) error {
	f, err := formatFromName(env, out)
	if err != nil {
		return usage(env.p, "changes", err.Error())
	}
	changes := load.ChangesOf(d.Meta.Properties)
	var data []byte
	if len(changes) > 0 || strings.EqualFold(filepath.Ext(out), ".docx") {
		// The Word file itself, its changes decided.
		pkg, err := os.ReadFile(path)
		if err != nil {
			return fail(env.p, 1, env.tr("tw changes: cannot read %s: %v", path, err), "")
		}
		decisions := make([]docxreview.Decision, len(changes))
		for i, c := range changes {
			decisions[i] = docxreview.Decision{Part: c.Part, ID: c.ID, Kind: c.Kind, Accept: accept}
		}
		data, _, err = docxreview.Apply(pkg, docxreview.Update{Decisions: decisions})
		if err != nil {
			return fail(env.p, 1, env.tr("tw changes: the changes of %s cannot be decided: %v", path, err), "")
		}
		if !strings.EqualFold(filepath.Ext(out), ".docx") {
			if d, err = load.Bytes(path, data); err != nil {
				return fail(env.p, 1, env.tr("tw changes: cannot write %s: %v", out, err), "")
			}
			data = nil
		}
	}
	if data == nil {
		if data, err = writeNoting(env, "changes", ctx, d, f); err != nil {
			return fail(env.p, 1, env.tr("tw changes: cannot write %s: %v", out, err), "")
		}
	}
	if err := atomicfile.Write(out, data, 0o644); err != nil {
		return fail(env.p, 1, env.tr("tw changes: cannot write %s: %v", out, err), env.tr("Check the folder exists and is writable."))
	}
	if accept {
		fmt.Fprintln(env.Stdout, env.tr("Wrote %s; changes accepted: %d.", out, len(changes)))
	} else {
		fmt.Fprintln(env.Stdout, env.tr("Wrote %s; changes rejected: %d.", out, len(changes)))
	}
	return nil
}
