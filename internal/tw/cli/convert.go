package cli

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"textfirst/internal/atomicfile"
	"textfirst/internal/tw/export"
)

func convertCmd(env Env) *cobra.Command {
	var to string
	c := &cobra.Command{
		Use:   "convert IN OUT",
		Short: "Convert a document to Markdown, HTML, plain text, JSON or EPUB 3",
		Long: `Convert IN (any document tw reads; - reads standard input) to OUT, in the
format OUT's extension names (.md, .html, .txt, .json, .epub) or --to says.
The output is rebuilt from the text tw reads and its structure: headings,
lists, tables, quotes, code, links and images' alt text. HTML is accessible
(its language, a title, a main landmark); EPUB 3 has a navigation document
of the headings. DOCX and ODT are not written yet.`,
		Example: "  tw convert notes.md notes.html\n  tw convert page.html book.epub",
		Args:    cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) != 2 {
				return usage("convert", errors.New("give the document to read and the file to write"))
			}
			var f export.Format
			var err error
			if to != "" {
				if f, err = export.ParseFormat(to); err != nil {
					return usage("convert", err)
				}
			} else if f, err = formatFromName(args[1]); err != nil {
				return usage("convert", err)
			}
			d, err := loadDoc(env, "convert", args[0])
			if err != nil {
				return err
			}
			data, err := export.Write(d, f)
			if err != nil {
				return fail(1, fmt.Sprintf("tw convert: cannot write %s: %v", args[1], err), "")
			}
			if args[1] == "-" {
				env.Stdout.Write(data)
				return nil
			}
			if err := atomicfile.Write(args[1], data, 0o644); err != nil {
				return fail(1, fmt.Sprintf("tw convert: cannot write %s: %v", args[1], err), "Check the folder exists and is writable.")
			}
			return nil
		},
	}
	c.Flags().StringVar(&to, "to", "", "text, markdown, html, json or epub (else from OUT's extension)")
	c.RegisterFlagCompletionFunc("to", cobra.FixedCompletions([]string{"text", "markdown", "html", "json", "epub"}, cobra.ShellCompDirectiveNoFileComp))
	return c
}

func formatFromName(out string) (export.Format, error) {
	if f, ok := export.FormatOf(out); ok {
		return f, nil
	}
	return "", fmt.Errorf("cannot tell the format of %s: name it .md, .html, .txt, .json or .epub, or give --to", out)
}
