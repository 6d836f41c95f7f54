package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"textfirst/internal/atomicfile"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/export"
	"textfirst/internal/tw/i18n"
	"textfirst/internal/tw/narration"
	"textfirst/internal/tw/units"
)

func textCmd(env Env) *cobra.Command {
	var to, out, home, pages string
	var structure, asJSON, yes bool
	var from string
	c := &cobra.Command{
		Use:   "text FILE",
		Short: "Print a document's text as tw reads it",
		Long: `Print the canonical text of FILE (- reads standard input): the text tw
reads aloud, as plain text, as Markdown or HTML rebuilt from its structure
(--to markdown, --to html), as JSON with its structure (--to json), or one
line per structure marker (--structure). --to narration prints what
continuous reading says, structure included ("heading level 2, Methods",
"Row 1: Name is Ada, ..."), as a JSON array of utterances, at the normal
verbosity and before pronunciation rules. --to epub, docx, odt, pdf and brf write
those formats (to a file with -o, or to a pipe). --pages prints only some
pages of a paged document (a PDF, a DAISY book): "7", "3-5", "i-2", by the
number printed on them or by their place.`,
		Example: "  tw text notes.md\n  tw text notes.md --to json -o notes.json\n  tw text notes.md --to narration\n  cat notes.txt | tw text -",
		Args:    oneDocument(env, "text"),
		RunE: func(c *cobra.Command, args []string) error {
			d, err := loadDoc(env, "text", args[0], from)
			if err != nil {
				return err
			}
			if asJSON {
				to = "json"
			}
			if pages != "" {
				if to != "" && to != "text" || structure || out != "" {
					return usage(env.p, "text", env.tr("--pages prints plain text: leave out --to, --structure and -o"))
				}
				return writePages(env, d, pages)
			}
			var data []byte
			switch to {
			case "", "text":
				if structure {
					data = []byte(structureText(d))
				} else if out == "" {
					// Straight from the document: a copy of a large
					// text would cost its size again.
					w := onTerminal(env.Stdout)
					io.WriteString(w, d.Text)
					if d.Text != "" && !strings.HasSuffix(d.Text, "\n") {
						io.WriteString(w, "\n")
					}
					return nil
				} else {
					data, _ = export.Write(d, export.FormatText)
				}
			case "json":
				if out == "" {
					// Straight out, marker by marker: the JSON of a
					// large table is many times the size of its text.
					if err := doc.WriteTextJSON(env.Stdout, d); err != nil {
						return fail(env.p, 1, env.tr("tw text: cannot write json: %v", err), "")
					}
					io.WriteString(env.Stdout, "\n")
					return nil
				}
				data, err = export.Write(d, export.FormatJSON)
				if err != nil {
					return fail(env.p, 1, env.tr("tw text: cannot write %s: %v", to, err), "")
				}
			case "narration":
				data, err = narrationJSON(d, env.printer())
				if err != nil {
					return fail(env.p, 1, env.tr("tw text: cannot write %s: %v", to, err), "")
				}
			default:
				f, perr := export.ParseFormat(to)
				if perr != nil {
					return fail(env.p, 2, env.tr("tw text: cannot convert to %q", to), env.tr("Use --to text, markdown, html, json, narration, epub, docx, odt, pdf or brf."))
				}
				if f.Binary() && out == "" && isTerminal(env.Stdout) {
					return fail(env.p, 2, env.tr("tw text: %s is a binary format: give -o FILE, or redirect the output", strings.ToUpper(string(f))), "")
				}
				ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
				defer stop()
				data, err = writeNoting(env, "text", ctx, d, f)
				if err != nil {
					return fail(env.p, 1, env.tr("tw text: cannot write %s: %v", to, err), "")
				}
			}
			if out != "" {
				if err := atomicfile.Write(out, data, 0o644); err != nil {
					return fail(env.p, 1, env.tr("tw text: cannot write %s: %v", out, err), env.tr("Check the folder exists and is writable."))
				}
				return nil
			}
			// Binary formats never reach a terminal (refused above).
			onTerminal(env.Stdout).Write(data)
			return nil
		},
	}
	f := c.Flags()
	f.StringVar(&to, "to", "", "the output: text, markdown, html, json, narration, epub, docx, odt, pdf or brf")
	f.StringVarP(&out, "out", "o", "", "write to this file instead of standard output")
	f.StringVar(&pages, "pages", "", "print only these pages: 7, 3-5, i-2 (printed numbers, or places from 1)")
	f.BoolVar(&structure, "structure", false, "one line per structure marker (headings, lists, links...)")
	f.BoolVar(&asJSON, "json", false, "the same as --to json")
	f.StringVar(&home, "home", "", "settings, places and marks (else $TEXTWEAVER_HOME)")
	f.BoolVarP(&yes, "y", "y", false, "")
	f.MarkHidden("y")
	c.RegisterFlagCompletionFunc("to", cobra.FixedCompletions(append(formatNames(), "narration"), cobra.ShellCompDirectiveNoFileComp))
	addFromFlag(c, &from)
	return c
}

// narrationJSON is the narration of the whole document at the normal
// verbosity, inserted words in p's language: a JSON array of utterances.
func narrationJSON(d *doc.Document, p *i18n.Printer) ([]byte, error) {
	us := narration.Narrate(units.New(d), 0, d.Len(), narration.Options{Verbosity: narration.Normal, Printer: p})
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(narration.Strings(us)); err != nil {
		return nil, fmt.Errorf("cli: narration: %w", err)
	}
	return b.Bytes(), nil
}

// structureText prints the text with a line per structure marker.
func structureText(d *doc.Document) string {
	var b strings.Builder
	ix := units.New(d)
	for _, m := range d.All() {
		fmt.Fprintf(&b, "%d:%d %s", ix.LineOf(m.Start)+1, m.Start-ix.LineStart(ix.LineOf(m.Start))+1, m.Kind)
		if m.Level > 0 {
			fmt.Fprintf(&b, " level %d", m.Level)
		}
		if m.Label != "" {
			fmt.Fprintf(&b, " %q", m.Label)
		}
		if m.Reference != "" {
			fmt.Fprintf(&b, " -> %s", m.Reference)
		}
		text := strings.Join(strings.Fields(d.Slice(m.Start, m.End)), " ")
		if utf8.RuneCountInString(text) > 60 {
			text = string([]rune(text)[:60]) + "…"
		}
		fmt.Fprintf(&b, ": %s\n", text)
	}
	return b.String()
}
