package core

import (
	"strings"
	"unicode"
)

// Menu is one menu of the menu bar: a keyboard-reference group (or two)
// under a short name, opened by Alt and its letter in the terminal reader.
type Menu struct {
	Name   string  // "File": a message key, said with trKey
	Letter rune    // the letter that opens it with Alt, lowercase
	Groups []Group // the groups whose actions it holds, in order
}

// Menus is the menu bar, left to right. Every action of the keyboard
// reference is in exactly one menu. The letters avoid the Alt keys the
// keyboard reference already gives (Alt+H, Alt+N, Alt+O, Alt+S, Alt+V …).
var Menus = []Menu{
	{msg("File"), 'f', []Group{GroupFile}},
	{msg("Edit"), 'e', []Group{GroupEditing}},
	{msg("Navigate"), 'g', []Group{GroupNavigation, GroupSpeechCursor}},
	{msg("Search"), 'c', []Group{GroupSearch}},
	{msg("Marks"), 'k', []Group{GroupBookmarks}},
	{msg("Reading"), 'r', []Group{GroupReading}},
	{msg("Voice"), 'i', []Group{GroupVoice}},
	{msg("View and help"), 'l', []Group{GroupView}},
}

// MenuActions returns the action ids of menu m, in keyboard-reference order.
func (m Menu) MenuActions() []string {
	var ids []string
	for _, g := range m.Groups {
		for _, act := range actionList() {
			if act.Group == g {
				ids = append(ids, act.ID)
			}
		}
	}
	return ids
}

// KeyNamer gives the key a front end shows for an action ("Ctrl+O"), or
// "" when the action has no key.
type KeyNamer func(action string) string

// SetKeyNames tells the app the keys of the front end, for the menus and
// the help search ("Open, Ctrl+O"). Without it items show no key.
func (a *App) SetKeyNames(k KeyNamer) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.keyOf = k
}

// KeyOverridesFile is the user's key overrides file in the home (the
// keymap package reads it; sync shares it).
const KeyOverridesFile = "keymap.toml"

// KeyOverridesArrived counts the times sync replaced the home's key
// overrides file: a front end that keeps keys rebuilds them when the
// count is not the one it last saw.
func (a *App) KeyOverridesArrived() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.keysArrived
}

// SetFrontActions names the actions the front end performs itself (what a
// key does, the keyboard help, scrolling …): chosen from a menu or the help
// search they come back as an ActionEffect instead of being run here.
func (a *App) SetFrontActions(ids ...string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.front = map[string]bool{}
	for _, id := range ids {
		a.front[id] = true
	}
}

// ActionEffect asks the front end to run an action it performs itself.
type ActionEffect struct{ ID string }

func (ActionEffect) isEffect() {}

// runChosen runs an action picked from a menu or a help list.
func (a *App) runChosen(id string) {
	if a.front[id] {
		a.effects = append(a.effects, ActionEffect{ID: id})
		return
	}
	a.runAction(id)
}

// menuItem is an action as a menu shows it: "Open, Ctrl+O".
func (a *App) menuItem(id string) string {
	name := capitalize(a.actionName(id))
	if a.keyOf != nil {
		if k := a.keyOf(id); k != "" {
			return name + ", " + k
		}
	}
	return name
}

// OpenMenu opens the menu named name, in English or in the interface
// language (case does not matter), as Alt and its letter does.
func (a *App) OpenMenu(name string) ([]Effect, string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.effects = nil
	for i, m := range Menus {
		if strings.EqualFold(m.Name, name) || strings.EqualFold(a.trKey(m.Name), name) {
			a.openMenu(i)
			return a.takeEffects(), a.status
		}
	}
	a.sayError(a.tr("No menu %s.", name))
	return a.takeEffects(), a.status
}

// openMenu shows menu i as a list: Up and Down move through its items,
// Left and Right go to the menus beside it, Enter runs the item. It says
// "File menu, Open, Ctrl+O, 1 of 12".
func (a *App) openMenu(i int) {
	i = (i%len(Menus) + len(Menus)) % len(Menus)
	a.prompt = nil // a menu opened from a prompt (Alt and a letter) replaces it
	m := Menus[i]
	a.menuAt = i
	ids := m.MenuActions()
	items := make([]string, len(ids))
	for k, id := range ids {
		items[k] = a.menuItem(id)
	}
	name := a.trKey(m.Name)
	l := &List{Title: a.tr("%s menu", name), Items: items, kind: menuList}
	l.choose = func(k int) { a.runChosen(ids[k]) }
	l.adjust = func(_, dir int) { a.openMenu(i + dir) }
	l.intro = a.tr("%s menu, Alt+%s, %d items. Up and Down move, Left and Right go to the other menus, Enter runs, Escape closes.",
		name, string(unicode.ToUpper(m.Letter)), len(items))
	a.list = l
	l.all = l.Items
	a.refilter()
	a.say(a.tr("%s menu, %s, 1 of %d", name, items[0], len(items)))
	a.effects = append(a.effects, ListEffect{Title: l.Title, Items: l.Items})
}

// noticeHistory lists what tw said, newest first, so a message that was
// followed at once by another is not lost. Enter says the item again.
func (a *App) noticeHistory() {
	if len(a.notices) == 0 {
		a.say(a.tr("No messages yet."))
		return
	}
	items := make([]string, len(a.notices))
	for i, n := range a.notices {
		items[len(items)-1-i] = n
	}
	l := &List{Title: a.tr("Messages"), Items: items, Filter: new(string)}
	l.choose = func(i int) { a.say(items[i]) }
	l.intro = a.tr("Messages, newest first, %d messages. Up and Down move, type to filter, Escape closes.", len(items))
	a.openList(l)
}
