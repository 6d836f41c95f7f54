package core

import "fmt"

// An actionHandler performs one action; the app's lock is held.
type actionHandler func(a *App)

// A precondition wraps the handler of the action id with what the action
// needs before it runs: a document, the reading stopped, edit mode.
type precondition func(id string, h actionHandler) actionHandler

// registrations are the functions that put the handlers of each file's
// actions in the action table, run once when the table is built.
var registrations []func(t *actionTable)

// registerHandlers adds a file's registration, which calls handle for
// the actions the file implements; it is called from a package-level
// var, so that the handlers' maps are only made when the action table is.
func registerHandlers(r func(t *actionTable)) struct{} {
	registrations = append(registrations, r)
	return struct{}{}
}

// handle registers the handlers of actions of the keyboard reference in
// t, each wrapped in the precondition when. An id that is not an action,
// or one registered twice, is a programming error, and
// TestEveryActionHasAHandler checks that no action is left without one.
func handle(t *actionTable, when precondition, handlers map[string]actionHandler) {
	register(t, when, handlers, func(act *ActionInfo) *actionHandler { return &act.run })
}

// handleInMath registers in t what actions do while a formula is
// explored, in place of their handlers; any other action leaves the
// formula and then runs as usual.
func handleInMath(t *actionTable, when precondition, handlers map[string]actionHandler) {
	register(t, when, handlers, func(act *ActionInfo) *actionHandler { return &act.inMath })
}

// register sets the handler slot of each action of t, wrapped in when.
func register(t *actionTable, when precondition, handlers map[string]actionHandler, slot func(*ActionInfo) *actionHandler) {
	for id, h := range handlers {
		i, ok := t.index[id]
		if !ok {
			panic(fmt.Sprintf("core: a handler for %q, which is not an action", id))
		}
		s := slot(&t.list[i])
		if *s != nil {
			panic(fmt.Sprintf("core: two handlers for the action %q", id))
		}
		*s = when(id, h)
	}
}

// anytime runs the action whatever the app's state.
func anytime(_ string, h actionHandler) actionHandler { return h }

// onDocument runs the action on the open document, and says how to open
// one when none is.
func onDocument(_ string, h actionHandler) actionHandler {
	return func(a *App) {
		if a.needDoc() {
			h(a)
		}
	}
}

// interrupting runs the action on the open document after stopping the
// reading: a move interrupts reading.
func interrupting(_ string, h actionHandler) actionHandler {
	return func(a *App) {
		if a.needDoc() {
			a.stopIfReading()
			h(a)
		}
	}
}

// moving is interrupting, and the move ends the selection.
func moving(_ string, h actionHandler) actionHandler {
	return func(a *App) {
		if a.needDoc() {
			a.stopIfReading()
			a.sel = nil
			h(a)
		}
	}
}

// Run performs an action that LookupAction resolved. confirm, when not
// nil, answers the yes-or-no question the action asks.
func (a *App) Run(act ActionInfo, confirm *bool) ActionResult {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.effects = nil
	a.perform(act)
	if confirm != nil && a.pending != nil && a.pending.Action == act.ID {
		a.settle(*confirm)
	}
	return ActionResult{Status: a.status, Effects: a.takeEffects(), Pending: a.pending}
}

// Action runs the action with this id: LookupAction, then Run.
func (a *App) Action(id string, confirm *bool) (ActionResult, error) {
	act, ok := LookupAction(id)
	if !ok {
		return ActionResult{}, fmt.Errorf("%w: %s", errNoAction, id)
	}
	return a.Run(act, confirm), nil
}

// perform runs a resolved action's handler.
func (a *App) perform(act ActionInfo) {
	if act.run == nil {
		// Only a zero ActionInfo has no handler (the test checks every
		// action has one): nothing to do.
		return
	}
	if a.mode == ModeMath {
		if a.math != nil && act.inMath != nil {
			act.inMath(a)
			return
		}
		a.math = nil
		a.mode = ModeBrowse
	}
	act.run(a)
}

// runAction runs the action with this id from inside the app (a menu, the
// command palette, a list of commands).
func (a *App) runAction(id string) {
	if act, ok := LookupAction(id); ok {
		a.perform(act)
	}
}
