package core

import (
	"math"
	"strconv"
	"strings"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/readability"
	"textfirst/internal/tw/units"
)

var _ = registerHandlers(func(t *actionTable) {
	handle(t, onDocument, map[string]actionHandler{
		"document_overview": (*App).documentOverview,
		"reading_level":     (*App).readingLevel,
	})
})

// documentOverview says the title, how many headings, tables, graphics and
// footnotes the document has, and about how long reading the rest takes
// from the cursor at the speech rate.
func (a *App) documentOverview() {
	notes := map[string]bool{}
	for _, m := range a.d.MarkersOf(doc.Footnote) {
		notes[m.Reference] = true
	}
	rate := max(a.opts.Settings.Int("speech.rate"), 1)
	left := len(a.ix.Words(units.Range{Start: a.cursor, End: a.d.Len()}))
	counts := strings.Join([]string{
		a.tr("%d headings", len(a.d.MarkersOf(doc.Heading))), a.tr("%d tables", len(a.d.MarkersOf(doc.Table))),
		a.tr("%d graphics", len(a.d.MarkersOf(doc.Image))), a.tr("%d footnotes", len(notes)),
	}, ", ")
	a.say(a.tr("%s. %s. %s", a.title, counts, a.tr("About %d minutes left at %d words per minute.", (left+rate-1)/rate, rate)))
}

// readingLevel says how hard the selection, else the document, is to read,
// by its language's readability formula (package readability): the
// document's language when it gives one, else the interface language.
func (a *App) readingLevel() {
	r := units.Range{Start: 0, End: a.d.Len()}
	if s, ok := a.selection(); ok {
		r = s
	}
	var words []string
	for _, w := range a.ix.Words(r) {
		words = append(words, a.d.Slice(w.Start, w.End))
	}
	sentences := 0
	for p, ok := a.ix.ParagraphAtOrAfter(r.Start); ok && p.Start < r.End; p, ok = a.ix.NextParagraph(p.Start) {
		for _, s := range a.ix.Sentences(p) {
			if s.Start >= r.Start && s.Start < r.End {
				sentences++
			}
		}
	}
	lang := a.printer().Lang().Code
	if l := docLanguage(a.d); l != "" {
		lang = l
	}
	res, ok := readability.Measure(words, sentences, lang)
	if !ok {
		if len(words) == 0 {
			a.say(a.tr("No words to measure."))
		} else {
			a.say(a.tr("No readability formula for the language %s.", lang))
		}
		return
	}
	band := a.trKey(bandNames[res.Band])
	counted := a.tr("over %s in %s", a.tr("%d words", res.Words), a.tr("%d sentences", res.Sentences))
	if res.Grade >= 1 {
		a.say(a.tr("Reading level %s, %s, about grade %s (%s), %s.", round(res.Score), band, round(res.Grade), res.Formula, counted))
		return
	}
	a.say(a.tr("Reading level %s, %s (%s), %s.", round(res.Score), band, res.Formula, counted))
}

// bandNames are the bands of Flesch's scale, as message keys.
var bandNames = map[readability.Band]string{
	readability.VeryEasy:        msg("very easy"),
	readability.Easy:            msg("easy"),
	readability.FairlyEasy:      msg("fairly easy"),
	readability.Standard:        msg("standard"),
	readability.FairlyDifficult: msg("fairly difficult"),
	readability.Difficult:       msg("difficult"),
	readability.VeryDifficult:   msg("very difficult"),
}

// round is a score as a whole number, in words' place in a message.
func round(x float64) string { return strconv.Itoa(int(math.Round(x))) }
