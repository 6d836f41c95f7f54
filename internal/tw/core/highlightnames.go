package core

import (
	"fmt"
	"sort"
	"strings"

	"textfirst/internal/tw/docstate"
	"textfirst/internal/tw/export"
)

// Named highlights: highlight_as asks for a name, highlight_name_1 to 5
// give the names of highlight.names; collect_highlights lists the
// highlights by name, and export_study_sheet_by_name writes the study
// sheet of one name's highlights.
var _ = registerHandlers(func(t *actionTable) {
	named := map[string]actionHandler{
		"highlight_as":               (*App).highlightAs,
		"collect_highlights":         (*App).collectHighlights,
		"export_study_sheet_by_name": (*App).exportStudySheetByName,
	}
	for n := 1; n <= highlightNames; n++ {
		named[fmt.Sprintf("highlight_name_%d", n)] = func(a *App) { a.highlightNamed(n) }
	}
	handle(t, onDocument, named)
})

// highlightNames is how many names of highlight.names have a command.
const highlightNames = 5

// highlightNameList is highlight.names.
func (a *App) highlightNameList() []string {
	if s, ok := a.opts.Settings.(interface{ Strings(string) []string }); ok {
		return s.Strings("highlight.names")
	}
	return nil
}

// highlightAs asks for a name, then highlights the selection (else the
// sentence at the cursor) with it; on a highlight, it names that one.
func (a *App) highlightAs() {
	example := "definition"
	if names := a.highlightNameList(); len(names) > 0 {
		example = names[0]
	}
	a.openPrompt("highlight_name", a.tr("Highlight as: a name, such as %s", example), "Prompt", func(text string) {
		name := strings.Join(strings.Fields(text), " ")
		if name == "" {
			a.say(a.tr("Cancelled."))
			return
		}
		a.highlightWithName(name)
	})
}

// highlightNamed highlights with the nth name of highlight.names.
func (a *App) highlightNamed(n int) {
	names := a.highlightNameList()
	if n > len(names) || strings.TrimSpace(names[n-1]) == "" {
		a.say(a.tr("No highlight name %d: set highlight.names in the settings.", n))
		return
	}
	a.highlightWithName(strings.TrimSpace(names[n-1]))
}

// highlightWithName names the highlight the cursor is in (with no
// selection), or highlights the selection, else the sentence at the
// cursor, with name.
func (a *App) highlightWithName(name string) {
	if i := a.highlightAtCursor(); i >= 0 && (a.sel == nil || a.sel.Len() == 0) {
		h := &a.state.Highlights[i]
		h.Name = name
		text := h.Text
		if a.saveMarks(msg("Could not save the highlight: %s.")) {
			a.say(a.tr("Highlighted as %s: %s", name, a.previewText(text)))
		}
		return
	}
	if text, ok := a.addHighlight(name); ok {
		a.say(a.tr("Highlighted as %s: %s", name, text))
	}
}

// highlightGroups is the highlights' names, sorted, with how many
// highlights have each; highlights with no name come last, as "".
func (a *App) highlightGroups() (names []string, counts map[string]int) {
	counts = map[string]int{}
	for _, h := range a.state.Highlights {
		if counts[h.Name] == 0 {
			names = append(names, h.Name)
		}
		counts[h.Name]++
	}
	sort.SliceStable(names, func(i, j int) bool {
		if (names[i] == "") != (names[j] == "") {
			return names[j] == ""
		}
		return strings.ToLower(names[i]) < strings.ToLower(names[j])
	})
	return names, counts
}

// shownName is a highlight name as said: "No name" for none.
func (a *App) shownName(name string) string {
	if name == "" {
		return a.tr("No name")
	}
	return name
}

// collectHighlights lists the highlights' names; Enter lists the
// highlights of one, and Enter there goes to one.
func (a *App) collectHighlights() {
	names, counts := a.highlightGroups()
	if len(names) == 0 {
		a.say(a.tr("No highlights."))
		return
	}
	items := make([]string, len(names))
	for i, n := range names {
		items[i] = a.tr("%s (%d)", a.shownName(n), counts[n])
	}
	a.openList(&List{Title: a.tr("Highlights by name"), Items: items, choose: func(i int) { a.listHighlightsNamed(names[i]) }})
}

// listHighlightsNamed lists the highlights with this name; Enter goes to
// one.
func (a *App) listHighlightsNamed(name string) {
	var ids []int
	var items []string
	for _, h := range a.state.Highlights {
		if h.Name == name {
			ids = append(ids, h.ID)
			items = append(items, a.tr("Line %d: %s", a.ix.LineOf(h.Start)+1, a.previewText(h.Text)))
		}
	}
	if len(ids) == 0 {
		a.say(a.tr("No highlights."))
		return
	}
	a.openList(&List{Title: a.tr("Highlights named %s", a.shownName(name)), Items: items, choose: func(i int) {
		for _, h := range a.state.Highlights {
			if h.ID == ids[i] {
				a.moveTo(h.Start, true)
				a.say(a.previewText(h.Text))
				return
			}
		}
		a.say(a.tr("That highlight is gone."))
	}})
}

// exportStudySheetByName asks which name, then writes the Markdown study
// sheet of that name's highlights, under their headings, beside the
// document (or in export.folder), atomically.
func (a *App) exportStudySheetByName() {
	names, counts := a.highlightGroups()
	var named []string
	for _, n := range names {
		if n != "" {
			named = append(named, n)
		}
	}
	if len(named) == 0 {
		a.say(a.tr("There are no named highlights to export."))
		return
	}
	items := make([]string, len(named))
	for i, n := range named {
		items[i] = a.tr("%s (%d)", n, counts[n])
	}
	a.openList(&List{Title: a.tr("Study sheet of which name?"), Items: items, choose: func(i int) { a.writeStudySheetNamed(named[i]) }})
}

func (a *App) writeStudySheetNamed(name string) {
	only := &docstate.DocState{}
	for _, h := range a.state.Highlights {
		if h.Name == name {
			only.Highlights = append(only.Highlights, h)
		}
	}
	marks := export.Marks(a.d, only)
	if len(marks) == 0 {
		a.say(a.tr("There are no named highlights to export."))
		return
	}
	path, err := a.exportPath("md", "-study-sheet-"+fileSafe(name))
	if err != nil {
		a.sayExportError(err)
		return
	}
	a.writeFile(path, export.StudySheet(a.d, marks))
}

// fileSafe is name as part of a file name: letters and digits kept,
// anything else a dash.
func fileSafe(name string) string {
	out := strings.Map(func(r rune) rune {
		if strings.ContainsRune(`/\:*?"<>|`, r) || r <= ' ' {
			return '-'
		}
		return r
	}, name)
	if strings.Trim(out, ".-") == "" {
		return "highlights"
	}
	return out
}
