package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"textfirst/internal/atomicfile"
	"textfirst/internal/tw/braille"
	"textfirst/internal/tw/core"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/export"
	"textfirst/internal/tw/settings"
)

func convertCmd(env Env) *cobra.Command {
	var to string
	var from string
	c := &cobra.Command{
		Use:   "convert IN OUT",
		Short: "Convert a document to Markdown, HTML, plain text, JSON, EPUB 3, DOCX, ODT, PDF or braille (BRF)",
		Long: `Convert IN (any document tw reads; - reads standard input) to OUT, in the
format OUT's extension names (.md, .html, .txt, .json, .epub, .docx, .odt,
.pdf, .brf) or --to says. The output is rebuilt from the text tw reads and its
structure: headings, lists, tables, quotes, code, links and images' alt
text, with the title, author and language. HTML is accessible (its
language, a title, a main landmark); EPUB 3 has a navigation document of
the headings; DOCX and ODT use the word processors' own heading, list and
quote styles; PDF is tagged (PDF/UA), laid out by LibreOffice (the Debian
package libreoffice-writer); BRF is braille through liblouis (the Debian
package liblouis-bin) in the braille settings' code and page size.`,
		Example: "  tw convert notes.md notes.html\n  tw convert page.html book.epub\n  tw convert notes.md notes.docx",
		Args:    cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) != 2 {
				return usage(env.p, "convert", env.tr("give the document to read and the file to write"))
			}
			var f export.Format
			var err error
			if to != "" {
				if f, err = export.ParseFormat(to); err != nil {
					return usage(env.p, "convert", err.Error())
				}
			} else if f, err = formatFromName(env, args[1]); err != nil {
				return usage(env.p, "convert", err.Error())
			}
			d, err := loadDoc(env, "convert", args[0], from)
			if err != nil {
				return err
			}
			if args[1] == "-" && f.Binary() && isTerminal(env.Stdout) {
				return usage(env.p, "convert", env.tr("%s is a binary format: give a file to write, or redirect the output", strings.ToUpper(string(f))))
			}
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			data, err := writeNoting(env, "convert", ctx, d, f)
			if err != nil {
				return fail(env.p, 1, env.tr("tw convert: cannot write %s: %v", args[1], err), "")
			}
			if args[1] == "-" {
				env.Stdout.Write(data)
				return nil
			}
			if err := atomicfile.Write(args[1], data, 0o644); err != nil {
				return fail(env.p, 1, env.tr("tw convert: cannot write %s: %v", args[1], err), env.tr("Check the folder exists and is writable."))
			}
			return nil
		},
	}
	c.Flags().StringVar(&to, "to", "", "text, markdown, html, json, epub, docx, odt, pdf or brf (else from OUT's extension)")
	c.RegisterFlagCompletionFunc("to", cobra.FixedCompletions(formatNames(), cobra.ShellCompDirectiveNoFileComp))
	addFromFlag(c, &from)
	return c
}

// writeNoting is export.WriteReporting (braille in the settings' layout)
// that tells on standard error of
// each image file left out, and why.
func writeNoting(env Env, cmd string, ctx context.Context, d *doc.Document, f export.Format) ([]byte, error) {
	data, leftOut, err := export.WriteReporting(braille.WithLayout(ctx, env.brailleLayout()), d, f)
	for _, l := range leftOut {
		fmt.Fprintln(env.Stderr, env.tr("tw %s: %s", cmd, core.LeftOutNotice(env.printer(), l)))
	}
	return data, err
}

func formatFromName(env Env, out string) (export.Format, error) {
	if f, ok := export.FormatOf(out); ok {
		return f, nil
	}
	return "", errors.New(env.tr("cannot tell the format of %s: name it %s, or give --to", out, export.Extensions))
}

func formatNames() []string {
	var out []string
	for _, f := range export.Formats {
		out = append(out, string(f))
	}
	return out
}

// setting is a setting of the command's settings.toml, or its default.
func (env Env) setting(path string) string {
	if env.home != nil && env.home.store != nil {
		return env.home.store.String(path)
	}
	return settings.Defaults{}.String(path)
}

// settingInt is a number setting of the command's settings.toml, or its
// default.
func (env Env) settingInt(path string) int {
	if env.home != nil && env.home.store != nil {
		return env.home.store.Int(path)
	}
	return settings.Defaults{}.Int(path)
}

// settingBool is a toggle of the command's settings.toml, or its default.
func (env Env) settingBool(path string) bool {
	if env.home != nil && env.home.store != nil {
		return env.home.store.Bool(path)
	}
	return settings.Defaults{}.Bool(path)
}

// brailleLayout is the braille page and code of the command's settings.
func (env Env) brailleLayout() braille.Layout {
	if env.home != nil && env.home.store != nil {
		return braille.LayoutOf(env.home.store)
	}
	return braille.LayoutOf(settings.Defaults{})
}
