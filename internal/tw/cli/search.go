package cli

import (
	"encoding/json"
	"fmt"
	"regexp"

	"github.com/spf13/cobra"

	"textfirst/internal/tw/units"
)

func searchCmd(env Env) *cobra.Command {
	var home string
	var regex, caseSensitive, wholeWord, asJSON bool
	var from string
	c := &cobra.Command{
		Use:   "search FILE PATTERN",
		Short: "Find text in a document",
		Long: `Print each match of PATTERN in FILE (- reads standard input) as
LINE:COLUMN: the line. The count goes to stderr; no match exits 1.`,
		Example: "  tw search notes.md nucleus\n  tw search notes.md 'gr[a-z]+th' --regex --json",
		Args:    cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) != 2 {
				return usage(env.p, "search", env.tr("give a document and a pattern"))
			}
			pattern := args[1]
			if !regex {
				pattern = regexp.QuoteMeta(pattern)
			}
			if wholeWord {
				pattern = `\b(?:` + pattern + `)\b`
			}
			if !caseSensitive {
				pattern = "(?i)" + pattern
			}
			re, err := regexp.Compile(pattern)
			if err != nil {
				return fail(env.p, 2, env.tr("tw search: %q is not a regular expression: %v", args[1], err), env.tr("Fix the pattern, or leave out --regex."))
			}
			d, err := loadDoc(env, "search", args[0], from)
			if err != nil {
				return err
			}
			ix := units.New(d)
			type hit struct {
				Start, End, Line, Column int
				Context                  string
			}
			var hits []hit
			for _, loc := range re.FindAllStringIndex(d.Text, -1) {
				if loc[0] == loc[1] {
					continue
				}
				s, e := d.Pos(loc[0]), d.Pos(loc[1])
				l := ix.LineOf(s)
				lr := ix.Line(l)
				hits = append(hits, hit{s, e, l + 1, s - lr.Start + 1, d.Slice(lr.Start, lr.End)})
			}
			if asJSON {
				out := []map[string]any{}
				for _, h := range hits {
					out = append(out, map[string]any{"start": h.Start, "end": h.End, "line": h.Line, "column": h.Column,
						"text": d.Slice(h.Start, h.End), "context": h.Context})
				}
				data, _ := json.MarshalIndent(map[string]any{"pattern": args[1], "matches": out}, "", "  ")
				fmt.Fprintln(env.Stdout, string(data))
			} else {
				for _, h := range hits {
					fmt.Fprintf(onTerminal(env.Stdout), "%d:%d: %s\n", h.Line, h.Column, h.Context)
				}
			}
			if len(hits) == 0 {
				fmt.Fprintln(env.Stderr, env.tr("No matches for %s.", args[1]))
				return exitCode(1)
			}
			fmt.Fprintln(env.Stderr, env.tr("%d matches.", len(hits)))
			return nil
		},
	}
	f := c.Flags()
	f.BoolVar(&regex, "regex", false, "PATTERN is a regular expression (Go syntax)")
	f.BoolVar(&caseSensitive, "case-sensitive", false, "match case")
	f.BoolVar(&wholeWord, "whole-word", false, "match whole words only")
	f.BoolVar(&asJSON, "json", false, "print JSON")
	f.StringVar(&home, "home", "", "settings, places and marks (else $TEXTWEAVER_HOME)")
	addFromFlag(c, &from)
	return c
}
