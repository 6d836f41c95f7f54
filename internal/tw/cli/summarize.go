package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"textfirst/internal/tw/summary"
	"textfirst/internal/tw/units"
)

func summarizeCmd(env Env) *cobra.Command {
	var home, from string
	var sentences int
	var asJSON bool
	c := &cobra.Command{
		Use:   "summarize FILE",
		Short: "Print a document's most central sentences, without a model",
		Long: `Print the sentences that best stand for FILE (- reads standard input), one a
line, in document order, with nothing before them: continuous LexRank over the
document's own sentences (headings, tables, code, graphics and notes left
out). A document of more than 600,000 characters is read in 64 windows spread
through it, and stderr says so. --json gives each sentence's text, range, line
and score, and how the summary was made.`,
		Example: "  tw summarize paper.pdf\n  tw summarize book.epub -n 10 --json",
		Args:    oneDocument(env, "summarize"),
		RunE: func(c *cobra.Command, args []string) error {
			if !c.Flags().Changed("sentences") {
				sentences = env.settingInt("summary.sentences")
			}
			if sentences < 1 || sentences > summary.MaxSentences {
				return usage(env.p, "summarize", env.tr("--sentences is from 1 to %d, not %d", summary.MaxSentences, sentences))
			}
			d, err := loadDoc(env, "summarize", args[0], from)
			if err != nil {
				return err
			}
			ix := units.New(d)
			s := summary.Summarize(ix, 0, d.Len(), summary.Options{Sentences: sentences})
			if s.Windowed {
				fmt.Fprintln(env.Stderr, env.tr("The document is long: the summary was made from %d of its %d characters, read in windows spread through it.", s.CharsRead, s.Chars))
			}
			if asJSON {
				rows := []map[string]any{}
				for _, x := range s.Sentences {
					rows = append(rows, map[string]any{"text": x.Text, "start": x.Start, "end": x.End, "line": ix.LineOf(x.Start) + 1, "score": x.Score})
				}
				return printJSON(env.Stdout, map[string]any{"sentences": rows, "ranked": s.Ranked, "candidates": s.Candidates,
					"chars_read": s.CharsRead, "chars": s.Chars, "sampled": s.Sampled()})
			}
			if len(s.Sentences) == 0 {
				fmt.Fprintln(env.Stderr, env.tr("Nothing to summarize: no sentence of %d words or more.", summary.DefaultMinWords))
				return exitCode(1)
			}
			out := onTerminal(env.Stdout)
			for _, x := range s.Sentences {
				fmt.Fprintln(out, x.Text)
			}
			return nil
		},
	}
	f := c.Flags()
	f.IntVarP(&sentences, "sentences", "n", summary.DefaultSentences, "how many sentences, 1 to 50 (else summary.sentences)")
	f.BoolVar(&asJSON, "json", false, "print JSON: each sentence's text, start, end, line and score")
	f.StringVar(&home, "home", "", "settings, places and marks (else $TEXTWEAVER_HOME)")
	addFromFlag(c, &from)
	return c
}
