package cli

import (
	"bufio"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"textfirst/internal/tw/docstate"
	"textfirst/internal/tw/session"
	"textfirst/internal/tw/study"
)

// studyCmd is `tw study`: the study cards of documents, kept under the
// home as the reader keeps them.
func studyCmd(env Env) *cobra.Command {
	var home string
	var asJSON bool
	c := &cobra.Command{
		Use:   "study",
		Short: "Study cards: how many are due, make them from a document's marks, export and import Anki decks",
		Long: `Study cards are made from a document's highlights (the highlighted words
blanked in their sentence), notes (the note asks, the passage answers) and
the headings of their sections, and graded 1 to 4 on an SM-2 schedule in the
reader (study cards) or with tw study review. tw study due counts the cards due today and the new ones;
make makes them as the reader's make cards does; export writes a document's
cards as an Anki deck (.apkg) and import adds an Anki deck's notes to a
document's cards.`,
		Example: "  tw study due\n  tw study make biology.md\n  tw study export biology.md biology.apkg\n  tw study import biology.md shared.apkg",
		Args:    cobra.NoArgs,
		RunE:    func(c *cobra.Command, args []string) error { return c.Help() },
	}
	c.PersistentFlags().StringVar(&home, "home", "", "settings, places, marks and cards (else $TEXTWEAVER_HOME)")
	store := func() study.Store { return study.Store{Home: session.Home(home, env.Getenv)} }
	words := study.Words{Blank: env.tr("blank"),
		RecallQuestion:    func(h string) string { return env.tr("What does “%s” say?", h) },
		HighlightQuestion: func(s string) string { return env.tr("What did you highlight in %s?", s) },
	}
	due := &cobra.Command{
		Use:   "due [FILE]",
		Short: "Count the study cards due today and the new ones: of FILE, or of every document with cards",
		Args:  cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) > 1 {
				return usage(env.p, "study due", env.tr("give one document, or none for every document"))
			}
			var decks []*study.Deck
			if len(args) == 1 {
				path, err := filepath.Abs(args[0])
				if err != nil {
					return fail(env.p, 1, env.tr("tw study %s: %v", "due", err), "")
				}
				d, err := store().Load(path)
				if err != nil {
					return fail(env.p, 1, env.tr("tw study %s: %v", "due", err), "")
				}
				if len(d.Cards) > 0 {
					decks = append(decks, d)
				}
			} else {
				all, errs := store().All()
				for _, err := range errs {
					fmt.Fprintln(env.Stderr, env.tr("tw study %s: %v", "due", err))
				}
				decks = all
			}
			return printDue(env, decks, asJSON)
		},
	}
	due.Flags().BoolVar(&asJSON, "json", false, "print JSON: the totals, and each document's cards, due, new and next_in_days")
	oneDoc := func(use, short string, n int, run func(path string, args []string) error) *cobra.Command {
		return &cobra.Command{Use: use, Short: short, Args: cobra.ArbitraryArgs, RunE: func(c *cobra.Command, args []string) error {
			if len(args) != n {
				return usage(env.p, "study "+c.Name(), env.tr("%s takes %d arguments: %s", c.Name(), n, use))
			}
			if args[0] == session.StdinPath {
				return usage(env.p, "study "+c.Name(), env.tr("standard input has no marks; give a file"))
			}
			path, err := filepath.Abs(args[0])
			if err != nil {
				return fail(env.p, 1, env.tr("tw study %s: %v", c.Name(), err), "")
			}
			return run(path, args)
		}}
	}
	mk := oneDoc("make FILE", "Make cards from FILE's notes, highlights and their headings; cards made before keep their grades", 1,
		func(path string, args []string) error {
			d, err := loadDoc(env, "study make", args[0], "")
			if err != nil {
				return err
			}
			st, err := docstate.Store{Home: session.Home(home, env.Getenv)}.Load(d.Meta.Path)
			if err != nil {
				return fail(env.p, 1, env.tr("tw study %s: %v", "make", err), env.tr("Delete the damaged state file, or restore it."))
			}
			made := study.Make(study.SourcesOf(d, nil, st, d.Meta.Title, words, true), time.Now().Unix())
			if len(made) == 0 {
				return fail(env.p, 1, env.tr("tw study %s: %v", "make", env.tr("Nothing to make cards from: add notes or highlights first.")), "")
			}
			added := 0
			deck, err := store().Update(d.Meta.Path, func(dk *study.Deck) error { added = dk.Add(made); return nil })
			if err != nil {
				return fail(env.p, 1, env.tr("tw study %s: %v", "make", err), "")
			}
			fmt.Fprintln(env.Stdout, env.tr("Cards made: %d new, %d in all.", added, len(deck.Cards)))
			return nil
		})
	export := oneDoc("export FILE DECK.apkg", "Write FILE's cards, with their grades, as an Anki deck", 2,
		func(path string, args []string) error {
			d, err := store().Load(path)
			if err != nil {
				return fail(env.p, 1, env.tr("tw study %s: %v", "export", err), "")
			}
			if len(d.Cards) == 0 {
				return fail(env.p, 1, env.tr("tw study %s: %v", "export", env.tr("No study cards yet: make cards makes them from your notes and highlights.")), "")
			}
			name := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
			if err := study.WriteDeck(args[1], name, d.Document, d.Cards, time.Now().Unix()); err != nil {
				return fail(env.p, 1, env.tr("tw study %s: %v", "export", err), "")
			}
			fmt.Fprintln(env.Stdout, env.tr("Exported to %s.", args[1]))
			return nil
		})
	imp := oneDoc("import FILE DECK.apkg", "Add the notes of an Anki deck to FILE's cards (a note imported again is updated, keeping its grades)", 2,
		func(path string, args []string) error {
			notes, err := study.ReadDeck(args[1])
			if err != nil {
				return fail(env.p, 1, env.tr("tw study %s: %v", "import", err), env.tr("Nothing was changed."))
			}
			made := study.CardsFromNotes(notes, env.tr("blank"), time.Now().Unix())
			added := 0
			deck, err := store().Update(path, func(dk *study.Deck) error { added = dk.Add(made); return nil })
			if err != nil {
				return fail(env.p, 1, env.tr("tw study %s: %v", "import", err), "")
			}
			fmt.Fprintln(env.Stdout, env.tr("Cards imported: %d new, %d in all.", added, len(deck.Cards)))
			return nil
		})
	review := oneDoc("review FILE", "Study FILE's due cards, then its new ones: Enter shows the answer, 1 to 4 grade it, q stops", 1,
		func(path string, _ []string) error { return reviewCards(env, store(), path) })
	c.AddCommand(due, mk, export, imp, review)
	return c
}

// reviewCards asks the due cards of the document at path, then the new
// ones (every card, when none is due or new), reading the answers from
// standard input: a line shows the answer, then 1 to 4 grade it and q
// stops. Each grade is saved as it is given.
func reviewCards(env Env, store study.Store, path string) error {
	d, err := store.Load(path)
	if err != nil {
		return fail(env.p, 1, env.tr("tw study %s: %v", "review", err), "")
	}
	if len(d.Cards) == 0 {
		return fail(env.p, 1, env.tr("tw study %s: %v", "review", env.tr("No study cards yet: make cards makes them from your notes and highlights.")), "")
	}
	now := time.Now().Unix()
	counts := study.CountsAt(d.Cards, now)
	order := study.Order(d.Cards, now)
	if len(order) == 0 {
		fmt.Fprintln(env.Stdout, env.tr("Nothing is due. Asking every card ahead."))
		for i := range d.Cards {
			order = append(order, i)
		}
	} else {
		fmt.Fprintln(env.Stdout, env.tr("Due today: %d, new: %d.", counts.Due, counts.New))
	}
	in := bufio.NewScanner(env.Stdin)
	gradeNames := map[study.Grade]string{study.Again: env.tr("Again"), study.Hard: env.tr("Hard"), study.Good: env.tr("Good"), study.Easy: env.tr("Easy")}
	for k, i := range order {
		c := d.Cards[i]
		fmt.Fprintf(env.Stdout, "%s\n%s\n", env.tr("%s, %d of %d", c.Question, k+1, len(order)), env.tr("Enter shows the answer."))
		if !in.Scan() {
			return nil
		}
		fmt.Fprintln(env.Stdout, env.tr("Answer: %s", c.Answer))
		var g study.Grade
		for !g.Valid() {
			fmt.Fprintln(env.Stdout, env.tr("Grade it 1 to 4: again, hard, good, easy; q stops."))
			if !in.Scan() {
				return nil
			}
			switch t := strings.TrimSpace(in.Text()); {
			case t == "q":
				return nil
			case len(t) == 1:
				g = study.Grade(t[0] - '0')
			}
		}
		next := 0
		if _, err := store.Update(path, func(dk *study.Deck) error {
			if !dk.Grade(c.ID, g, time.Now().Unix()) {
				return fmt.Errorf("%s", env.tr("That card is gone."))
			}
			next = dk.Card(c.ID).Schedule().DaysUntil(time.Now().Unix())
			return nil
		}); err != nil {
			return fail(env.p, 1, env.tr("tw study %s: %v", "review", err), "")
		}
		fmt.Fprintln(env.Stdout, env.tr("%s, next in %d days.", gradeNames[g], next))
	}
	fmt.Fprintln(env.Stdout, env.tr("Session done: every card asked."))
	return nil
}

// printDue prints how each deck stands today, the totals first when there
// is more than one.
func printDue(env Env, decks []*study.Deck, asJSON bool) error {
	now := time.Now().Unix()
	type row struct {
		Document string `json:"document"`
		study.Counts
	}
	var rows []row
	total := study.Counts{}
	for _, d := range decks {
		c := study.CountsAt(d.Cards, now)
		rows = append(rows, row{d.Document, c})
		total.Cards, total.Due, total.New = total.Cards+c.Cards, total.Due+c.Due, total.New+c.New
	}
	if asJSON {
		if rows == nil {
			rows = []row{}
		}
		return printJSON(env.Stdout, map[string]any{"cards": total.Cards, "due": total.Due, "new": total.New, "documents": rows})
	}
	if len(rows) == 0 {
		fmt.Fprintln(env.Stdout, env.tr("No study cards yet: make cards makes them from your notes and highlights."))
		return nil
	}
	if len(rows) > 1 {
		fmt.Fprintln(env.Stdout, env.tr("Due today: %d, new: %d.", total.Due, total.New))
	}
	for _, r := range rows {
		fmt.Fprintln(env.Stdout, env.tr("Due today: %d, new: %d.", r.Due, r.New)+" "+r.Document)
	}
	return nil
}
