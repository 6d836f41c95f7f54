package atspi

import (
	"strings"

	"textfirst/internal/windows2text/uitree"
)

// setStates maps AT-SPI states onto the protocol's.
func setStates(el *uitree.Element, h *handle) {
	s := h.states
	el.States.Enabled = s.has(stateEnabled) || s.has(stateSensitive)
	el.States.Focused = s.has(stateFocused)
	el.States.Checked = s.has(stateChecked) || (h.role == roleToggleButton && s.has(statePressed) && !s.has(stateExpandable))
	el.States.Expanded = s.has(stateExpanded)
	el.States.Selected = s.has(stateSelected)
	el.States.Protected = h.role == rolePasswordText
	el.States.ReadOnly = s.has(stateReadOnly) ||
		(h.interfaces&hasText != 0 && isEditRole(h.role) && !s.has(stateEditable))
}

func isEditRole(role uint32) bool {
	switch role {
	case roleText, roleEntry, rolePasswordText, roleSpinButton:
		return true
	}
	return false
}

// popupRole reports roles whose elements are windows of their own on
// screen, outside their parent's rectangle.
func popupRole(role uint32) bool {
	switch role {
	case roleMenu, roleWindow, roleDialog, roleAlert, roleToolTip:
		return true
	}
	return false
}

// passiveRole reports roles that show or arrange content: an action on
// them (a browser's generic "click") does not make them buttons.
func passiveRole(r uitree.Role) bool {
	switch r {
	case uitree.RolePane, uitree.RoleGroup, uitree.RoleText, uitree.RoleDocument, uitree.RoleWindow,
		uitree.RoleToolBar, uitree.RoleCustom, uitree.RoleStatusBar, uitree.RoleTitleBar, uitree.RoleSeparator,
		uitree.RoleDataGrid, uitree.RoleTable, uitree.RoleList, uitree.RoleTree, uitree.RoleMenuBar,
		uitree.RoleTab, uitree.RoleHeader, uitree.RoleImage, uitree.RoleToolTip:
		return true
	}
	return false
}

// listOfChoices reports an unnamed menu that opens nothing and takes no
// focus: the list of a select (Gecko shows it inside the closed select),
// or a popup's frame. Its items are the targets, not the list.
func listOfChoices(el *uitree.Element, h *handle) bool {
	return h.role == roleMenu && el.Name == "" && !h.states.has(stateExpandable) && !h.states.has(stateFocusable)
}

// nonInvokeActions are action names (lower case) that do not invoke
// anything: Qt's focus and range steps.
var nonInvokeActions = map[string]bool{"setfocus": true, "increase": true, "decrease": true}

// invocableActions counts the actions that invoke something.
func invocableActions(keys []string) int {
	n := 0
	for _, k := range keys {
		if !nonInvokeActions[strings.ToLower(k)] {
			n++
		}
	}
	return n
}

// deriveActions names what a client can do with el, as protocol methods.
func deriveActions(el *uitree.Element, h *handle, nActions int, value valueInfo) uitree.ActionSet {
	var a uitree.ActionSet
	s := h.states
	enabled := el.States.Enabled
	toggleRole := false
	switch h.role {
	case roleCheckBox, roleCheckMenuItem, roleToggleButton:
		toggleRole = !s.has(stateExpandable)
	}
	// What the actions say when their names are read: Qt offers
	// "SetFocus" (and "Increase"/"Decrease" on ranges) that invoke nothing;
	// Chromium offers a generic "click" on every node, which is no reason
	// to call a pane, a paragraph or a document invocable.
	invocable := invocableActions(h.actionKeys) > 0 && !passiveRole(el.Role) && !listOfChoices(el, h)
	if nActions > 0 && enabled {
		switch {
		case toggleRole:
			a = a.Add(uitree.ActionToggle)
		case h.role == roleRadioButton || h.role == roleRadioMenuItem:
			a = a.Add(uitree.ActionSelect)
		case h.role == roleComboBox || s.has(stateExpandable):
			a = a.Add(uitree.ActionExpand).Add(uitree.ActionCollapse)
		case h.role == roleTableCell || h.role == roleListItem || h.role == roleTreeItem:
			// Row activation is the double click of a list, not invoke.
		case isEditRole(h.role):
			// An entry's "activate" is pressing Enter in it: key covers it.
		case invocable:
			a = a.Add(uitree.ActionInvoke)
		}
	}
	// A toggle button may be a push button that stays up (galculator's
	// keys): it can be invoked as well as toggled.
	if h.role == roleToggleButton && a.Has(uitree.ActionToggle) {
		a = a.Add(uitree.ActionInvoke)
	}
	if s.has(stateExpandable) && (h.role == roleTableCell || h.role == roleTreeItem) {
		a = a.Add(uitree.ActionExpand).Add(uitree.ActionCollapse)
	}
	// Chromium's text fields have no EditableText; typing needs none.
	editable := (h.interfaces&hasEditableText != 0 || (isEditRole(h.role) && s.has(stateFocusable))) &&
		s.has(stateEditable) && !s.has(stateReadOnly)
	// A spreadsheet's cell has no EditableText: a value is typed into it.
	editable = editable || (h.gridCell && s.has(stateEditable) && s.has(stateFocusable) && h.interfaces&hasComponent != 0)
	if editable && enabled {
		a = a.Add(uitree.ActionSetValue).Add(uitree.ActionTypeText)
	}
	if value.ok && value.max > value.min && enabled && h.role != roleProgressBar && h.role != roleLevelBar && !s.has(stateReadOnly) {
		a = a.Add(uitree.ActionSetRange)
	}
	if s.has(stateSelectable) && enabled {
		a = a.Add(uitree.ActionSelect)
		switch h.role {
		case roleTableCell, roleListItem, roleTreeItem, rolePageTab:
			if h.role != rolePageTab {
				a = a.Add(uitree.ActionScrollIntoView)
			}
		}
	}
	// A web document scrolls by the mouse wheel: it has no scroll bars
	// in its accessibility tree.
	if h.role == roleScrollPane || ((h.role == roleDocumentWeb || h.role == roleDocumentFrame) && h.interfaces&hasComponent != 0) {
		a = a.Add(uitree.ActionScroll)
	}
	// Keys and the focus for every element that can take the focus.
	if s.has(stateFocusable) && enabled && h.interfaces&hasComponent != 0 {
		a = a.Add(uitree.ActionFocus).Add(uitree.ActionKey)
		// Typing reaches more than text fields: a list's or tree's
		// type-ahead search, a combo box, a browser's document.
		switch el.Role {
		case uitree.RoleList, uitree.RoleDataGrid, uitree.RoleTable, uitree.RoleTree, uitree.RoleComboBox,
			uitree.RoleDocument, uitree.RoleSpinner, uitree.RoleEdit:
			if !el.States.ReadOnly {
				a = a.Add(uitree.ActionTypeText)
			}
		}
	}
	if editable && enabled {
		a = a.Add(uitree.ActionFocus).Add(uitree.ActionKey)
	}
	if a != 0 && uitree.Clickable(el) {
		a = a.Add(uitree.ActionClick)
	}
	return a
}
