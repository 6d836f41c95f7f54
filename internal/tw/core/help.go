package core

import (
	"fmt"
	"strings"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/docstate"
	"textfirst/internal/tw/help"
	"textfirst/internal/tw/units"
)

// keysHeading is the heading of the guide's last section, the keys.
var keysHeading = msg("Keys")

// guideKeys is the guide's last section: every menu with its commands and
// their keys, as the front end binds them.
func (a *App) guideKeys() string {
	var b strings.Builder
	b.WriteString("## " + a.trKey(keysHeading) + "\n\n")
	b.WriteString(a.tr("Every command, menu by menu, with its keys. A command with no key is run from its menu or from the command palette (F2).") + "\n\n")
	for _, m := range Menus {
		b.WriteString("### " + a.tr("%s menu, %s", a.trKey(m.Name), "Alt+"+string(m.Letter-'a'+'A')) + "\n\n")
		for _, id := range m.MenuActions() {
			fmt.Fprintf(&b, "- %s\n", a.menuItem(id))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// glossaryHeading is the heading of the guide's page of other words,
// whose list the searches read as their glossary.
var glossaryHeading = msg("Other words")

// Matcher is how every search of commands, settings and help matches
// query: all its words, in any order, by their other forms and by the
// guide's other words for them. It is safe for concurrent use.
func (a *App) Matcher(query string) help.Matcher {
	return help.ParseGlossary(help.GuideIn(a.trKey, ""), a.trKey(glossaryHeading)).Matcher(query)
}

// guideDoc parses the user guide, in the interface language, into a
// document of its own. It has no
// path: nothing of it is saved, and it cannot be edited.
func (a *App) guideDoc() (*doc.Document, error) {
	text := help.GuideIn(a.trKey, a.guideKeys())
	var d *doc.Document
	var err error
	if a.opts.Parse != nil {
		d, err = a.opts.Parse("guide.md", []byte(text))
	}
	if d == nil || err != nil {
		d = doc.New(text, doc.Meta{Format: "text"}, nil)
	}
	d.Meta.Path = ""
	d.Meta.Title = a.trKey(help.Title)
	return d, nil
}

// toggleGuide opens the user guide (F1) as a document tw reads like any
// other: h moves by heading, Ctrl+F finds. F1 in the guide goes back to
// the document read before, at its place.
func (a *App) toggleGuide() {
	if a.guide {
		a.closeGuide()
		return
	}
	a.openGuideAt(0)
}

func (a *App) openGuideAt(pos int) {
	if a.editing {
		a.leaveEdit(func() { a.openGuideAt(pos) })
		return
	}
	d, _ := a.guideDoc()
	a.stopReading()
	if !a.guide {
		a.guideReturn = ""
		if a.d != nil {
			a.guideReturn = a.d.Meta.Path
		}
		a.saveState()
	}
	a.install(d)
	a.title = a.trKey(help.Title)
	a.state = &docstate.DocState{}
	a.base = nil
	a.guide = true
	a.cursor = min(max(pos, 0), d.Len())
	back := a.tr("F1 goes back.")
	if a.guideReturn != "" {
		back = a.tr("F1 goes back to %s.", baseName(a.guideReturn))
	}
	if pos > 0 {
		a.say(a.tr("User guide, line %d: %s %s", a.ix.LineOf(a.cursor)+1, a.nonBlank(a.preview(a.cursor)), back))
		return
	}
	// The guide's title (help.Title) is part of the message, so each
	// language says it its own way.
	a.say(a.tr("Opened the tw user guide. h moves by heading, Ctrl+F finds, Alt+? searches all help. %s", back))
}

// closeGuide goes back from the guide to the document read before it.
func (a *App) closeGuide() {
	back := a.guideReturn
	a.guideReturn = ""
	if back != "" {
		if err := a.open(back); err == nil {
			return
		} else {
			a.sayError(err.Error())
		}
	}
	a.stopReading()
	a.d, a.ix, a.state, a.base = nil, nil, nil, nil
	a.guide = false
	a.viewChanged()
	a.mode = ModeBrowse
	a.say(a.tr("Closed the user guide. No document is open; Ctrl+O opens one."))
}

func baseName(path string) string {
	if i := strings.LastIndexAny(path, `/\`); i >= 0 {
		return path[i+1:]
	}
	return path
}

// searchHelp opens one list of every command, every setting and every
// paragraph of the user guide; typing filters it (see Matcher) by a
// command's name, key or menu, a setting's label, value or help, or a
// paragraph's whole text. Enter runs the command, opens the settings
// list on the setting, or opens the guide at the paragraph.
func (a *App) searchHelp() {
	type target struct {
		action, setting string
		pos             int
	}
	var items, search []string
	var targets []target
	for _, m := range Menus {
		for _, id := range m.MenuActions() {
			item := a.tr("%s. %s menu", a.menuItem(id), a.trKey(m.Name))
			items = append(items, item)
			// The English name and id find the command in any language.
			search = append(search, item+" "+humanName(id)+" "+m.Name+" "+id)
			targets = append(targets, target{action: id})
		}
	}
	if ed, ok := a.opts.Settings.(SettingsEditor); ok {
		// Each setting, found by its label, value, key or help; Enter
		// opens the settings list on it.
		for _, l := range ed.Visible() {
			item := a.tr("Setting, %s: %s", a.trKey(l.Label), a.spoken(ed, l.Path))
			items = append(items, item)
			search = append(search, item+" "+a.trKey(l.Help)+" "+l.Label+" "+l.Path)
			targets = append(targets, target{setting: l.Path})
		}
	}
	g, _ := a.guideDoc()
	ix := units.New(g)
	heads := g.MarkersOf(doc.Heading)
	section := ""
	for pos := 0; ; {
		p, ok := ix.ParagraphAtOrAfter(pos)
		if !ok || p.End <= pos && pos > 0 {
			break
		}
		pos = p.End + 1
		isHeading := false
		for _, h := range heads {
			if h.Start == p.Start {
				isHeading = true
				if h.Level == 2 {
					section = g.Slice(h.Start, h.End)
				}
			}
		}
		// The keys and the other words are what the search itself finds by.
		if isHeading || section == "" || section == a.trKey(keysHeading) || section == a.trKey(glossaryHeading) {
			continue
		}
		text := g.Slice(p.Start, p.End)
		items = append(items, a.tr("Guide, %s: %s", section, firstWords(text, 12)))
		search = append(search, section+" "+text)
		targets = append(targets, target{pos: p.Start})
	}
	l := &List{Title: a.tr("Search help and commands"), Items: items, Filter: new(string), search: search}
	l.choose = func(i int) {
		t := targets[i]
		if t.action != "" {
			a.runChosen(t.action)
			return
		}
		if t.setting != "" {
			a.showSettingsFiltered(t.setting)
			return
		}
		a.openGuideAt(t.pos)
	}
	l.intro = a.tr("Search help and commands, %d items. Type words to find, Up and Down move, Enter runs the command or opens the guide there, Escape closes.",
		len(items))
	a.openList(l)
}

// firstWords returns the first n words of text, with "…" when cut.
func firstWords(text string, n int) string {
	f := strings.Fields(text)
	if len(f) <= n {
		return strings.Join(f, " ")
	}
	return strings.Join(f[:n], " ") + " …"
}
