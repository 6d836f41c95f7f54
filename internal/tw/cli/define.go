package cli

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"textfirst/internal/tw/lexicon"
	"textfirst/internal/tw/session"
)

func defineCmd(env Env) *cobra.Command {
	var home, glossary string
	var asJSON, complete bool
	c := &cobra.Command{
		Use:   "define WORD...",
		Short: "Define words offline: your glossary, then WordNet, with a pronunciation",
		Long: `Define each WORD (quote a phrase: "ice cream") offline: your glossary first
(--glossary FILE, else lexicon.glossary, else glossary.json or glossary.txt in the
home), then WordNet
(Debian package wordnet-base), with a pronunciation in IPA from espeak-ng.
Inflected forms find their base form (geese, ran, tides). Prints Markdown, or
JSON with --json; --complete lists the headwords that start with each WORD.
A word found nowhere is named on stderr with the nearest spellings; when no
word is found, tw define exits 1.`,
		Example: "  tw define tide\n  tw define \"ice cream\" osmosis --json\n  tw define photosynth --complete",
		Args:    cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usage(env.p, "define", env.tr("give a word to define"))
			}
			dir := session.Home(home, env.Getenv)
			if glossary == "" {
				glossary = env.setting("lexicon.glossary")
			}
			if glossary == "" {
				glossary = lexicon.GlossaryFile(dir)
			}
			g, err := lexicon.LoadGlossary(glossary)
			if err != nil {
				return fail(env.p, 1, env.tr("tw define: cannot read the glossary: %v", err), env.tr("Fix the glossary file, or give another with --glossary."))
			}
			wn, err := lexicon.OpenWordNet(env.setting("lexicon.data_file"))
			if errors.Is(err, lexicon.ErrNoWordNet) && g.Len() == 0 {
				return fail(env.p, 1, env.tr("tw define: %v", err), env.tr("Install it with: apt install wordnet-base"))
			}
			if wn != nil {
				defer wn.Close()
			}
			d := lexicon.Dictionary{Glossary: g, WordNet: wn, Pronounce: lexicon.EspeakIPA("")}
			if complete {
				if wn == nil {
					return fail(env.p, 1, env.tr("tw define: %v", err), env.tr("Install it with: apt install wordnet-base"))
				}
				for _, w := range args {
					words, err := wn.Headwords(w, 20)
					if err != nil {
						return fail(env.p, 1, env.tr("tw define: %v", err), "")
					}
					for _, h := range words {
						fmt.Fprintln(env.Stdout, h)
					}
				}
				return nil
			}
			var found []lexicon.Definition
			for _, w := range args {
				def, ok, err := d.Define(w)
				if err != nil {
					return fail(env.p, 1, env.tr("tw define: %v", err), "")
				}
				if ok {
					found = append(found, def)
					continue
				}
				if near := d.Nearest(w, 3); len(near) > 0 {
					fmt.Fprintln(env.Stderr, env.tr("No definition found for %s. Nearest: %s.", w, strings.Join(near, ", ")))
				} else {
					fmt.Fprintln(env.Stderr, env.tr("No definition found for %s.", w))
				}
			}
			if asJSON {
				if found == nil {
					found = []lexicon.Definition{}
				}
				if err := printJSON(env.Stdout, found); err != nil {
					return err
				}
			} else {
				for i, def := range found {
					if i > 0 {
						fmt.Fprintln(env.Stdout)
					}
					fmt.Fprint(onTerminal(env.Stdout), lexicon.Markdown(env.printer(), def))
				}
			}
			if len(found) == 0 {
				return exitCode(1)
			}
			return nil
		},
	}
	f := c.Flags()
	f.BoolVar(&asJSON, "json", false, "print JSON: the word, source, pronunciation and senses by part of speech")
	f.BoolVar(&complete, "complete", false, "list the headwords that start with each word (at most 20)")
	f.StringVar(&glossary, "glossary", "", "a glossary to look in first (JSON or text), instead of the home's")
	f.StringVar(&home, "home", "", "settings, places and marks (else $TEXTWEAVER_HOME)")
	return c
}
