package core

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"textfirst/internal/tw/help"
)

// Prompt is a question that needs typed text.
type Prompt struct {
	Label   string
	Purpose string
	Text    []rune
	Caret   int
	answer  func(text string)
	history []string
	histAt  int
	// secret: the answer is a password. Its text is shown and echoed as
	// one star per character and never kept in the prompt's history.
	secret bool
	// field, in a form of several fields (the document details), moves
	// step fields on: Tab is 1, Shift+Tab -1.
	field func(step int)
}

// purposeDocumentPassword is the prompt for the password of an encrypted
// document (added to protocol 1's purposes, as the protocol allows).
const purposeDocumentPassword = "document_password"

// secretPurposes are the prompts whose answers are secrets.
var secretPurposes = map[string]bool{purposeDocumentPassword: true, "github_token": true}

// masked is text as a secret prompt shows it: one star per character.
func masked(text string) string {
	return strings.Repeat("*", utf8.RuneCountInString(text))
}

// List is a list to choose from.
type List struct {
	Title    string
	Items    []string
	Selected int
	Filter   *string // non-nil for lists that filter as you type
	all      []string
	allIdx   []int // index in all of each shown item
	choose   func(index int)
	adjust   func(index, dir int) // left/right in the settings list
	remove   func(index int)      // delete key
	rename   func(index int)
	letters  map[rune]int                 // Save/Discard/Cancel style letters
	kind     listKind                     // what the items show, for lists kept up to date
	moved    func(index int)              // after the item is said (a voice's sample)
	mark     func(index int)              // space (a favorite voice)
	intro    string                       // what opening the list says, when not the usual
	search   []string                     // what the filter looks in, by item of all, when not the item
	explain  func(index int) string       // what details says, when more than the item (a setting's help)
	closing  func() string                // what Escape says, when not "Cancelled." (changes kept); "" for the usual
	key      func(index int, c rune) bool // a character the list takes itself (a grade); false: not one
	// query finds the items of all that match the filter typed, best
	// first, when the list searches for itself (the library's full text).
	query func(filter string) []int
}

// listKind names the lists whose items follow the marks they show.
type listKind int

const (
	otherList listKind = iota
	bookmarkList
	noteList
	highlightList
	voiceList
	menuList
)

// openPrompt opens a prompt and announces its label.
func (a *App) openPrompt(purpose, label, mode string, answer func(string)) {
	if a.history == nil {
		a.history = map[string][]string{}
	}
	a.prompt = &Prompt{Label: label, Purpose: purpose, answer: answer,
		history: a.history[purpose], histAt: len(a.history[purpose]), secret: secretPurposes[purpose]}
	a.mode = mode
	a.say(label)
	a.effects = append(a.effects, PromptEffect{Label: label, Purpose: purpose})
}

// askText opens a prompt for a line of text and gives answer what was
// typed, trimmed; an empty answer says "Cancelled." instead.
func (a *App) askText(purpose, label string, answer func(text string)) {
	a.openPrompt(purpose, label, "Prompt", func(text string) {
		text = strings.TrimSpace(text)
		if text == "" {
			a.say(a.tr("Cancelled."))
			return
		}
		answer(text)
	})
}

// openList shows a list and announces it.
func (a *App) openList(l *List) {
	if l.all == nil {
		l.all = l.Items
	}
	a.list = l
	a.prompt = nil // a list opened while a prompt was open replaces it
	a.refilter()
	intro := a.listIntro(l)
	if l.Selected > 0 && l.Selected < len(l.Items) {
		// Opened on an item other than the first: say which.
		intro += " " + a.tr("%s, %d of %d", l.Items[l.Selected], l.Selected+1, len(l.Items))
	}
	a.say(intro)
	a.effects = append(a.effects, ListEffect{Title: l.Title, Items: l.Items})
}

// listIntro is what a list says when it opens: its title, how many items,
// and the keys ("Notes, 1 item. Up and Down move …").
func (a *App) listIntro(l *List) string {
	if l.intro != "" {
		return l.intro
	}
	return a.tr("%s, %d items. Up and Down move, Enter chooses, Escape closes.", l.Title, len(l.Items))
}

func (a *App) refilter() {
	l := a.list
	if l.query != nil {
		filter := ""
		if l.Filter != nil {
			filter = *l.Filter
		}
		l.allIdx = l.query(filter)
		l.Items = make([]string, len(l.allIdx))
		for k, i := range l.allIdx {
			l.Items[k] = l.all[i]
		}
		l.Selected = min(l.Selected, max(0, len(l.Items)-1))
		return
	}
	var m help.Matcher
	if l.Filter != nil {
		m = a.Matcher(*l.Filter)
	}
	// The items found only through the glossary's other words come after
	// those that hold the typed words themselves.
	var direct, byGlossary []int
	for i, it := range l.all {
		hay := it
		if l.search != nil {
			hay = l.search[i]
		}
		switch m.Score(hay) {
		case help.Direct:
			direct = append(direct, i)
		case help.ByGlossary:
			byGlossary = append(byGlossary, i)
		}
	}
	l.allIdx = append(direct, byGlossary...)
	l.Items = make([]string, len(l.allIdx))
	for k, i := range l.allIdx {
		l.Items[k] = l.all[i]
	}
	if l.Selected >= len(l.Items) {
		l.Selected = max(0, len(l.Items)-1)
	}
}

// viewChanged closes the open prompt, list and question when the view
// they were opened on goes: another document, edit mode turned on or off.
// Their answers act on that view (the source being edited, a range of the
// reading view, the marks of the document), so none may outlive it.
func (a *App) viewChanged() {
	a.prompt = nil
	a.list = nil
	a.pending = nil
}

func (a *App) closeUI() {
	a.prompt = nil
	a.list = nil
	if a.editing {
		a.mode = ModeEdit
	} else {
		a.mode = ModeBrowse
	}
}

// ask sets a yes-or-no question.
func (a *App) ask(action, question string, yes func()) {
	a.pending = &Pending{Action: action, Question: question, yes: yes}
	a.say(question)
}

// Confirm answers the waiting yes-or-no question: yes runs what was asked,
// no keeps things as they are. It returns the effects and the status.
func (a *App) Confirm(yes bool) ([]Effect, string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.effects = nil
	p := a.pending
	if p == nil {
		a.say(a.tr("No question is waiting."))
		return a.takeEffects(), a.status
	}
	a.settle(yes)
	return a.takeEffects(), a.status
}

// settle answers the waiting question: yes runs its action; no runs the
// question's own answer to no when it has one, else says its way of
// keeping things ("Cancelled." for quitting, "Kept." for the rest).
func (a *App) settle(yes bool) {
	p := a.pending
	a.pending = nil
	switch {
	case yes:
		p.yes()
	case p.no != nil:
		p.no()
	case p.Action == "quit":
		a.say(a.tr("Cancelled."))
	default:
		a.say(a.tr("Kept."))
	}
}

// step runs do under the app's lock, and returns the effects it brought
// and the status it leaves.
func (a *App) step(do func()) ([]Effect, string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.effects = nil
	do()
	return a.takeEffects(), a.status
}

// Answer answers the open prompt.
func (a *App) Answer(text string) ([]Effect, string) {
	return a.step(func() { a.answer(text) })
}

func (a *App) answer(text string) {
	p := a.prompt
	if p == nil {
		a.say(a.tr("No question is open."))
		return
	}
	if strings.TrimSpace(text) != "" && !p.secret {
		a.history[p.Purpose] = append(a.history[p.Purpose], text)
	}
	a.closeUI()
	p.answer(text)
}

// Choose picks item index of the open list.
func (a *App) Choose(index int) ([]Effect, string) {
	return a.step(func() { a.choose(index) })
}

func (a *App) choose(index int) {
	l := a.list
	if l == nil {
		a.say(a.tr("No list is open."))
		return
	}
	if index < 0 || index >= len(l.Items) {
		a.sayError(a.tr("No item %d; the list has %d.", index, len(l.Items)))
		return
	}
	orig := l.allIdx[index]
	a.closeUI()
	if l.choose != nil {
		l.choose(orig)
	}
}

// Cancel closes the open prompt or list, or answers no to the question.
func (a *App) Cancel() ([]Effect, string) {
	return a.step(func() {
		a.pending = nil
		a.closeUI()
		a.say(a.tr("Cancelled."))
	})
}

func (a *App) takeEffects() []Effect {
	e := a.effects
	a.effects = nil
	if e == nil {
		e = []Effect{}
	}
	return e
}

// ListState is the list shown.
type ListState struct {
	Title    string
	Items    []string
	Selected int
	Filter   *string
}

// ListState returns the list shown, or nil.
func (a *App) ListState() *ListState {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.list == nil {
		return nil
	}
	l := a.list
	return &ListState{l.Title, append([]string{}, l.Items...), l.Selected, l.Filter}
}

// PromptState is the prompt open.
type PromptState struct {
	Label, Purpose, Text string
	Caret                int
}

// PromptState returns the prompt open, or nil.
func (a *App) PromptState() *PromptState {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.prompt == nil {
		return nil
	}
	p := a.prompt
	text := string(p.Text)
	if p.secret {
		text = masked(text)
	}
	return &PromptState{p.Label, p.Purpose, text, p.Caret}
}

// ListKey moves through the list with the reader's keys.
func (a *App) ListKey(key string) ([]Effect, string, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.effects = nil
	l := a.list
	if l == nil {
		a.say(a.tr("No list is open."))
		return a.takeEffects(), a.status, nil
	}
	sayItem := func() { a.sayListItem(l) }
	if runes := []rune(key); len(runes) == 1 {
		a.listCharacter(l, runes[0])
		return a.takeEffects(), a.status, nil
	}
	switch key {
	case "up":
		l.Selected = max(0, l.Selected-1)
		sayItem()
	case "down":
		l.Selected = min(len(l.Items)-1, l.Selected+1)
		if l.Selected < 0 {
			l.Selected = 0
		}
		sayItem()
	case "page_up":
		l.Selected = max(0, l.Selected-10)
		sayItem()
	case "page_down":
		l.Selected = max(0, min(len(l.Items)-1, l.Selected+10))
		sayItem()
	case "home":
		l.Selected = 0
		sayItem()
	case "end":
		l.Selected = max(0, len(l.Items)-1)
		sayItem()
	case "enter":
		a.choose(l.Selected)
	case "escape":
		a.closeUI()
		if l.closing != nil {
			if said := l.closing(); said != "" {
				a.say(said)
				break
			}
		}
		a.say(a.tr("Cancelled."))
	case "left", "right":
		if l.adjust == nil || len(l.Items) == 0 {
			sayItem()
			break
		}
		dir := 1
		if key == "left" {
			dir = -1
		}
		l.adjust(l.allIdx[l.Selected], dir)
	case "backspace":
		if l.Filter != nil && *l.Filter != "" {
			r := []rune(*l.Filter)
			f := string(r[:len(r)-1])
			l.Filter = &f
			a.refilter()
			sayItem()
		} else {
			sayItem()
		}
	case "delete":
		if l.remove == nil || len(l.Items) == 0 {
			a.say(a.tr("Nothing to delete here."))
			break
		}
		l.remove(l.allIdx[l.Selected])
	case "rename":
		if l.rename == nil || len(l.Items) == 0 {
			a.say(a.tr("Nothing to rename in this list."))
			break
		}
		l.rename(l.allIdx[l.Selected])
	case "introduce":
		a.say(a.listIntro(l))
	case "details":
		if l.explain != nil && len(l.Items) > 0 {
			a.say(l.explain(l.allIdx[l.Selected]))
			break
		}
		sayItem()
	case "choose_here", "sort", "show_all":
		a.say(a.tr("This list has no such command."))
	default:
		return nil, "", fmt.Errorf("No list key %s", key)
	}
	return a.takeEffects(), a.status, nil
}

// sayListItem says the list's selected item and its place.
func (a *App) sayListItem(l *List) {
	if len(l.Items) == 0 {
		a.say(a.tr("No items."))
		return
	}
	a.say(a.tr("%s, %d of %d", l.Items[l.Selected], l.Selected+1, len(l.Items)))
	if l.moved != nil {
		l.moved(l.allIdx[l.Selected])
	}
}

// listCharacter is a character typed in a list: a space marks the item
// (where the list marks), a list's own letter chooses, a list that
// filters filters, and any other list moves to the next item starting
// with it.
func (a *App) listCharacter(l *List, c rune) {
	if c == ' ' && l.mark != nil {
		if len(l.Items) == 0 {
			a.say(a.tr("No items."))
		} else {
			l.mark(l.allIdx[l.Selected])
		}
		return
	}
	if l.key != nil && len(l.Items) > 0 && l.key(l.allIdx[l.Selected], c) {
		return
	}
	if i, ok := l.letters[c]; ok {
		a.choose(i)
		return
	}
	if l.Filter != nil {
		f := *l.Filter + string(c)
		l.Filter = &f
		a.refilter()
		l.Selected = 0
		if len(l.Items) == 0 {
			a.say(a.tr("No items match %s.", f))
		} else {
			a.sayListItem(l)
		}
		return
	}
	for k := 1; k <= len(l.Items); k++ {
		i := (l.Selected + k) % len(l.Items)
		if strings.HasPrefix(strings.ToLower(l.Items[i]), strings.ToLower(string(c))) {
			l.Selected = i
			break
		}
	}
	a.sayListItem(l)
}

// PromptKey types one key into the prompt, or sets its whole text.
func (a *App) PromptKey(key string, text *string) ([]Effect, string, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.effects = nil
	p := a.prompt
	if p == nil {
		a.say(a.tr("No question is open."))
		return a.takeEffects(), a.status, nil
	}
	if text != nil {
		p.Text = []rune(*text)
		p.Caret = len(p.Text)
		return a.takeEffects(), a.status, nil
	}
	runes := []rune(key)
	echo := func(s string) {
		if s == "" {
			s = "blank"
		} else if p.secret {
			s = masked(s)
		}
		a.say(s)
	}
	if len(runes) == 1 {
		p.Text = append(p.Text[:p.Caret], append([]rune{runes[0]}, p.Text[p.Caret:]...)...)
		p.Caret++
		echo(string(runes[0]))
		return a.takeEffects(), a.status, nil
	}
	switch key {
	case "backspace":
		if p.Caret > 0 {
			r := p.Text[p.Caret-1]
			p.Text = append(p.Text[:p.Caret-1], p.Text[p.Caret:]...)
			p.Caret--
			echo(string(r))
		} else {
			echo("")
		}
	case "delete":
		if p.Caret < len(p.Text) {
			r := p.Text[p.Caret]
			p.Text = append(p.Text[:p.Caret], p.Text[p.Caret+1:]...)
			echo(string(r))
		} else {
			echo("")
		}
	case "left":
		if p.Caret > 0 {
			p.Caret--
		}
		echo(charAt(p.Text, p.Caret))
	case "right":
		if p.Caret < len(p.Text) {
			p.Caret++
		}
		echo(charAt(p.Text, p.Caret))
	case "home":
		p.Caret = 0
		echo(string(p.Text))
	case "end":
		p.Caret = len(p.Text)
		echo(string(p.Text))
	case "up", "down":
		if len(p.history) == 0 {
			a.say(a.tr("No earlier answers."))
			break
		}
		if key == "up" {
			p.histAt = max(0, p.histAt-1)
		} else {
			p.histAt = min(len(p.history)-1, p.histAt+1)
		}
		p.Text = []rune(p.history[p.histAt])
		p.Caret = len(p.Text)
		echo(string(p.Text))
	case "tab", "shift_tab", "back_tab":
		switch {
		case p.field != nil && key == "tab":
			p.field(1)
		case p.field != nil:
			p.field(-1)
		default:
			a.complete(p)
		}
	case "kill_to_start":
		p.Text = p.Text[p.Caret:]
		p.Caret = 0
		echo(string(p.Text))
	case "kill_to_end":
		p.Text = p.Text[:p.Caret]
		echo(string(p.Text))
	case "delete_word_back":
		i := p.Caret
		for i > 0 && p.Text[i-1] == ' ' {
			i--
		}
		for i > 0 && p.Text[i-1] != ' ' {
			i--
		}
		removed := string(p.Text[i:p.Caret])
		p.Text = append(p.Text[:i], p.Text[p.Caret:]...)
		p.Caret = i
		echo(strings.TrimSpace(removed))
	case "enter":
		a.answer(string(p.Text))
	case "escape":
		a.closeUI()
		a.say(a.tr("Cancelled."))
	default:
		return nil, "", fmt.Errorf("No prompt key %s", key)
	}
	return a.takeEffects(), a.status, nil
}

func charAt(r []rune, i int) string {
	if i >= len(r) {
		return "blank"
	}
	return string(r[i])
}

// complete completes a command name (command palette) in the prompt.
func (a *App) complete(p *Prompt) {
	switch p.Purpose {
	case "open", "save_as", "export_as", "export_settings", "import_settings", "image_path":
		a.completePath(p)
		return
	case "command_palette":
	default:
		a.say(a.tr("Nothing to complete."))
		return
	}
	typed := strings.ToLower(string(p.Text))
	var matches []string
	for _, act := range actionList() {
		// The name in the interface language, or the English one.
		if name := a.actionName(act.ID); strings.HasPrefix(strings.ToLower(name), typed) {
			matches = append(matches, name)
		} else if strings.HasPrefix(act.Name, typed) {
			matches = append(matches, act.Name)
		}
	}
	if len(matches) == 0 {
		// No name begins so: the names the words find ("verbosity").
		for _, act := range a.nearActions(typed) {
			matches = append(matches, a.actionName(act.ID))
		}
	}
	switch len(matches) {
	case 0:
		a.say(a.tr("No commands match %s.", string(p.Text)))
	case 1:
		p.Text = []rune(matches[0])
		p.Caret = len(p.Text)
		a.say(matches[0])
	default:
		prefix := matches[0]
		for _, m := range matches[1:] {
			for !strings.HasPrefix(m, prefix) {
				prefix = prefix[:len(prefix)-1]
			}
		}
		if len(prefix) > len(typed) {
			// What the names share, when it says more than was typed
			// (names found by their words may share nothing).
			p.Text = []rune(prefix)
			p.Caret = len(p.Text)
		}
		a.say(a.tr("%d matches: %s", len(matches), strings.Join(matches, ", ")))
	}
}

// completePath completes a file path in the prompt: one match is filled
// in (a folder with its slash), several are filled to what they share and
// counted.
func (a *App) completePath(p *Prompt) {
	typed := string(p.Text)
	pattern := typed
	if strings.HasPrefix(pattern, "~/") {
		if home, err := os.UserHomeDir(); err == nil {
			pattern = filepath.Join(home, pattern[2:])
			if strings.HasSuffix(typed, "/") {
				pattern += "/"
			}
		}
	}
	matches, _ := filepath.Glob(globEscape(pattern) + "*")
	var library []string
	if p.Purpose == "open" {
		library = a.libraryMatches(typed)
	}
	if len(matches) == 0 && len(library) == 0 {
		a.say(a.tr("No files match %s.", a.nonBlank(typed)))
		return
	}
	for i, m := range matches {
		if fi, err := os.Stat(m); err == nil && fi.IsDir() {
			matches[i] = m + string(filepath.Separator)
		}
	}
	if len(library) > 0 {
		a.completeFromLibrary(p, typed, matches, library)
		return
	}
	prefix := matches[0]
	for _, m := range matches[1:] {
		for !strings.HasPrefix(m, prefix) {
			prefix = prefix[:len(prefix)-1]
		}
	}
	if len(prefix) > len(pattern) || len(matches) == 1 {
		p.Text = []rune(prefix)
		p.Caret = len(p.Text)
	}
	if len(matches) == 1 {
		a.say(filepath.Base(strings.TrimSuffix(prefix, string(filepath.Separator))))
		return
	}
	names := make([]string, 0, len(matches))
	for _, m := range matches {
		names = append(names, filepath.Base(strings.TrimSuffix(m, string(filepath.Separator))))
	}
	if len(names) > 10 {
		names = append(names[:10], a.tr("and more"))
	}
	a.say(a.tr("%d matches: %s", len(matches), strings.Join(names, ", ")))
}

func globEscape(s string) string {
	r := strings.NewReplacer("*", "\\*", "?", "\\?", "[", "\\[")
	return r.Replace(s)
}
