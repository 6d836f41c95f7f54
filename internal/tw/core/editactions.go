package core

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"textfirst/internal/tw/units"
)

// The Editing group, and save and save_as of the File group.
var _ = registerHandlers(func(t *actionTable) {
	handle(t, anytime, map[string]actionHandler{
		"toggle_edit_mode": func(a *App) {
			if a.editing {
				a.leaveEdit(nil)
			} else {
				a.enterEdit()
			}
		},
		"save":    func(a *App) { a.saveAction(false) },
		"save_as": func(a *App) { a.saveAction(true) },
		"copy": func(a *App) {
			if !a.editing {
				a.copyReading()
				return
			}
			a.copyOrCut(false)
		},
	})
	handle(t, inEditModeOrReview, map[string]actionHandler{
		"undo": (*App).undoAction,
		"redo": (*App).redoAction,
	})
	handle(t, inEditMode, map[string]actionHandler{
		"backspace":          func(a *App) { a.deleteCharacter(false) },
		"delete":             func(a *App) { a.deleteCharacter(true) },
		"delete_word_before": func(a *App) { a.deleteWord(false) },
		"delete_word_after":  func(a *App) { a.deleteWord(true) },
		"select_all": func(a *App) {
			a.sel = &units.Range{Start: 0, End: a.d.Len()}
			a.say(a.tr("Selected all, %d words.", a.ix.WordCount()))
		},
		"cut":           func(a *App) { a.copyOrCut(true) },
		"paste":         (*App).paste,
		"bold":          func(a *App) { a.inlineFormat("bold") },
		"italic":        func(a *App) { a.inlineFormat("italic") },
		"inline_code":   func(a *App) { a.inlineFormat("inline_code") },
		"underline":     func(a *App) { a.inlineFormat("underline") },
		"strikethrough": func(a *App) { a.inlineFormat("strikethrough") },
	})
	// These write Markdown blocks: refused in an HTML document's source
	// rather than mixing the two.
	handle(t, inMarkdownEditMode, map[string]actionHandler{
		"insert_link": (*App).insertLink,
		"code_block": func(a *App) {
			first, last := a.selectedLines()
			start, end := a.ix.Line(first).Start, a.ix.Line(last).End
			body := a.d.Slice(start, end)
			a.apply(start, end, "```\n"+body+"\n```", start+4)
			a.say(a.tr("Code block."))
		},
		"heading": (*App).heading,
		"bullet_list": func(a *App) {
			a.prefixLines(func(int) string { return "- " }, bulletMarker, "Bulleted list", true)
		},
		"numbered_list": func(a *App) {
			a.prefixLines(func(i int) string { return strconv.Itoa(i+1) + ". " }, numberMarker, "Numbered list", true)
		},
		"block_quote": func(a *App) {
			a.prefixLines(func(int) string { return "> " }, quoteMarker, "Block quote", false)
		},
		"horizontal_rule": func(a *App) {
			l := a.ix.Line(a.ix.LineOf(a.cursor))
			text := "\n\n---\n\n"
			a.apply(l.End, l.End, text, l.End+utf8.RuneCountInString(text))
			a.say(a.tr("Horizontal rule."))
		},
		"insert_table": (*App).insertTablePrompt,
		"insert_image": (*App).insertImagePrompt,
	})
	handle(t, inEditMode, map[string]actionHandler{"replace": (*App).replacePrompt})
})

// inEditMode runs an editing action in edit mode, and says how to turn it
// on otherwise.
func inEditMode(id string, h actionHandler) actionHandler {
	return func(a *App) {
		if !a.editing {
			a.say(a.tr("%s works in edit mode. Press Ctrl+E to edit.", capitalize(a.actionName(id))))
			return
		}
		h(a)
	}
}

// inMarkdownEditMode is inEditMode for the actions that write Markdown:
// in an HTML document's source they are refused.
func inMarkdownEditMode(id string, h actionHandler) actionHandler {
	return inEditMode(id, func(a *App) {
		if a.d.Meta.Format == "html" {
			a.say(a.tr("%s writes Markdown; in an HTML document type the tags. Bold, italic and code work here.", capitalize(a.actionName(id))))
			return
		}
		h(a)
	})
}

// saveAction saves the source being edited (asking for a name when it
// has none, or always with as).
func (a *App) saveAction(as bool) {
	if !a.editing {
		a.say(a.tr("Nothing to save. Turn on edit mode with Ctrl+E to make changes."))
		return
	}
	if as || a.edit.path == "" {
		a.saveAs()
		return
	}
	path := a.edit.path
	a.saveSourceThen("save", path, func() {
		a.say(a.tr("Saved %s. Still editing.", filepath.Base(path)))
	})
}

// copyReading copies, outside edit mode, the selection or else the
// sentence at the cursor.
func (a *App) copyReading() {
	r, ok := a.selection()
	if !ok {
		s, in := a.ix.Sentence(a.cursor)
		if !in {
			a.say(a.tr("Nothing to copy."))
			return
		}
		a.copyText(a.d.Slice(s.Start, s.End))
		a.say(a.tr("Copied the sentence: %s", a.previewText(a.clipboard)))
		return
	}
	a.copyText(a.d.Slice(r.Start, r.End))
	a.say(a.tr("Copied: %s", a.previewText(a.clipboard)))
}

// copyOrCut copies the selection in edit mode, removing it with cut.
func (a *App) copyOrCut(cut bool) {
	r, ok := a.selection()
	if !ok {
		a.say(a.tr("No selection."))
		return
	}
	a.copyText(a.d.Slice(r.Start, r.End))
	if cut {
		a.sel = nil
		a.apply(r.Start, r.End, "", r.Start)
		a.say(a.tr("Cut: %s", a.previewText(a.clipboard)))
	} else {
		a.say(a.tr("Copied: %s", a.previewText(a.clipboard)))
	}
}

func (a *App) undoAction() {
	if !a.undoStep() {
		a.say(a.tr("Nothing to undo."))
		return
	}
	a.say(a.tr("Undo. %s", a.nonBlank(a.spokenLine(a.ix.LineOf(a.cursor)))))
}

func (a *App) redoAction() {
	if !a.redoStep() {
		a.say(a.tr("Nothing to redo."))
		return
	}
	a.say(a.tr("Redo. %s", a.nonBlank(a.spokenLine(a.ix.LineOf(a.cursor)))))
}

// deleteCharacter deletes the selection, else the character after the
// cursor (forward) or before it.
func (a *App) deleteCharacter(forward bool) {
	if r, ok := a.selection(); ok {
		a.sel = nil
		removed := a.d.Slice(r.Start, r.End)
		a.apply(r.Start, r.End, "", r.Start)
		a.say(a.tr("%s deleted.", a.previewText(removed)))
		return
	}
	start, end := a.cursor-1, a.cursor
	if forward {
		start, end = a.cursor, a.cursor+1
	}
	if start < 0 || end > a.d.Len() {
		if forward {
			a.say(a.tr("End of document."))
		} else {
			a.say(a.tr("Top of document."))
		}
		return
	}
	removed := a.d.Slice(start, end)
	a.apply(start, end, "", start)
	a.echoDeleted(a.nonBlank(removed))
}

// echoDeleted says what a key removed, or only shows it when
// editing.echo_deletions is off.
func (a *App) echoDeleted(text string) {
	if !a.opts.Settings.Bool("editing.echo_deletions") {
		a.status = text
		return
	}
	a.say(text)
}

// deleteWord deletes from the cursor to the end of its word (forward) or
// back to the word's start.
func (a *App) deleteWord(forward bool) {
	var w units.Range
	var ok bool
	if !forward {
		w, ok = a.ix.PreviousWord(a.cursor)
		if ok {
			w.End = a.cursor
		}
	} else {
		w, ok = a.ix.NextWord(a.cursor - 1)
		if ok {
			w.Start = a.cursor
		}
	}
	if !ok || w.Len() <= 0 {
		a.say(a.tr("No word to delete."))
		return
	}
	removed := strings.TrimSpace(a.d.Slice(w.Start, w.End))
	a.apply(w.Start, w.End, "", w.Start)
	a.echoDeleted(a.tr("%s deleted.", removed))
}

// paste inserts what textweaver copied, over the selection if any.
func (a *App) paste() {
	if a.clipboard == "" {
		a.say(a.tr("Nothing copied in textweaver yet."))
		return
	}
	start, end := a.cursor, a.cursor
	if r, ok := a.selection(); ok {
		start, end = r.Start, r.End
		a.sel = nil
	}
	a.apply(start, end, a.clipboard, start+utf8.RuneCountInString(a.clipboard))
	lines := strings.Count(a.clipboard, "\n") + 1
	if lines > 1 {
		a.say(a.tr("Pasted %d lines: %s", lines, a.previewText(a.clipboard)))
	} else {
		a.say(a.tr("Pasted: %s", a.previewText(a.clipboard)))
	}
}

// inlineFormat wraps the selection (or a placeholder) in bold, italic or
// code markup, Markdown's or, in an HTML document, the tags.
func (a *App) inlineFormat(name string) {
	m := inlineMarkup[name]
	if a.d.Meta.Format == "html" {
		m = htmlMarkup[name]
	}
	a.wrap(m.open, m.close, m.name, a.trKey(m.placeholder))
}

// insertLink makes the selection a link (or inserts one) and selects
// the part to type next.
func (a *App) insertLink() {
	if r, ok := a.selection(); ok {
		inner := a.d.Slice(r.Start, r.End)
		a.apply(r.Start, r.End, "["+inner+"](https://)", r.Start)
		addr := r.Start + 1 + utf8.RuneCountInString(inner) + 2
		a.sel = &units.Range{Start: addr, End: addr + 8}
		a.cursor = addr
	} else {
		a.apply(a.cursor, a.cursor, "[text](https://)", a.cursor+1)
		a.sel = &units.Range{Start: a.cursor, End: a.cursor + 4}
	}
	a.say(a.tr("Link."))
}

// insertTablePrompt asks for a size (columns by rows) and inserts an
// empty Markdown table of it after the cursor's line.
func (a *App) insertTablePrompt() {
	a.openPrompt("table_size", a.tr("Table size, columns by rows, for example 3 by 2"), "Prompt", func(text string) {
		cols, rows := 2, 2
		if strings.TrimSpace(text) != "" {
			m := tableSizeParse.FindStringSubmatch(text)
			if m == nil {
				a.sayError(a.tr("Not a table size: %s. Type columns by rows, for example 3 by 2.", text))
				return
			}
			cols, _ = strconv.Atoi(m[1])
			rows, _ = strconv.Atoi(m[2])
		}
		cols, rows = min(max(cols, 1), 20), min(max(rows, 1), 100)
		l := a.ix.Line(a.ix.LineOf(a.cursor))
		at := l.End
		prefix := "\n\n"
		if l.Len() == 0 {
			at, prefix = l.Start, ""
		}
		table := prefix + markdownTable(cols, rows)
		a.apply(at, at, table, at+utf8.RuneCountInString(prefix)+2)
		a.sel = &units.Range{Start: a.cursor, End: a.cursor + 8}
		a.say(a.tr("Table, %d columns by %d rows.", cols, rows))
	})
}

// markdownTable is an empty table of cols columns (headed "Column 1", …)
// and rows rows.
func markdownTable(cols, rows int) string {
	var b strings.Builder
	row := func(cell string) {
		b.WriteString("|")
		for c := 0; c < cols; c++ {
			b.WriteString(" " + cell + " |")
		}
		b.WriteString("\n")
	}
	b.WriteString("|")
	for c := 0; c < cols; c++ {
		fmt.Fprintf(&b, " Column %d |", c+1)
	}
	b.WriteString("\n")
	row("---")
	for r := 0; r < rows; r++ {
		row("   ")
	}
	return b.String()
}

// insertImagePrompt asks for an image file and inserts a Markdown image
// of it, its name selected as the description to type.
func (a *App) insertImagePrompt() {
	a.askText("image_path", a.tr("Image file"), func(path string) {
		name := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
		ins := "![" + name + "](" + path + ")"
		a.apply(a.cursor, a.cursor, ins, a.cursor+2)
		a.sel = &units.Range{Start: a.cursor, End: a.cursor + utf8.RuneCountInString(name)}
		a.say(a.tr("Image: %s", name))
	})
}

// replacePrompt asks what to find and what to put instead, and replaces
// every match.
func (a *App) replacePrompt() {
	a.openPrompt("replace_find", a.tr("Replace, find what"), "Prompt", func(find string) {
		if find == "" {
			a.say(a.tr("Cancelled."))
			return
		}
		re, _ := searchOptions{}.compile(find, false) // a literal text, whatever the case
		n := len(re.FindAllStringIndex(a.d.Text, -1))
		if n == 0 {
			a.say(a.tr("No matches for %s", find))
			return
		}
		a.openPrompt("replace_with", a.tr("Replace with"), "Prompt", func(with string) {
			newText := re.ReplaceAllLiteralString(a.d.Text, with)
			a.apply(0, a.d.Len(), newText, min(a.cursor, utf8.RuneCountInString(newText)))
			a.say(a.tr("Replaced %d.", n))
		})
	})
}
