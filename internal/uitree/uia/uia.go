// Package uia is the Windows backend of windows2text: UI Automation.
//
// This build has the package's shape and its role vocabulary but no COM
// client yet: New fails with a clear error, so windows2text on Windows
// stops at start-up instead of answering with empty trees.
package uia

import (
	"context"
	"errors"

	"textfirst/internal/uitree"
)

// ErrNotImplemented is New's error until the UI Automation client lands.
var ErrNotImplemented = errors.New("uia: the UI Automation backend is not implemented yet")

// Backend reads the desktop through UI Automation.
type Backend struct{}

var _ uitree.Backend = (*Backend)(nil)

// New starts a UI Automation client.
func New(ctx context.Context) (*Backend, error) {
	return nil, ErrNotImplemented
}

// Windows lists the top-level windows.
func (b *Backend) Windows(ctx context.Context, max int) (uitree.WindowList, error) {
	return uitree.WindowList{}, ErrNotImplemented
}

// Snapshot walks what req selects.
func (b *Backend) Snapshot(ctx context.Context, req uitree.Request) (*uitree.Tree, error) {
	return nil, ErrNotImplemented
}

// controlTypes maps UI Automation's control type IDs (UIA_ButtonControlTypeId
// = 50000, ...) onto the shared role names.
var controlTypes = map[int]uitree.Role{
	50000: uitree.RoleButton, 50001: uitree.RoleCalendar, 50002: uitree.RoleCheckBox,
	50003: uitree.RoleComboBox, 50004: uitree.RoleEdit, 50005: uitree.RoleHyperlink,
	50006: uitree.RoleImage, 50007: uitree.RoleListItem, 50008: uitree.RoleList,
	50009: uitree.RoleMenu, 50010: uitree.RoleMenuBar, 50011: uitree.RoleMenuItem,
	50012: uitree.RoleProgressBar, 50013: uitree.RoleRadioButton, 50014: uitree.RoleScrollBar,
	50015: uitree.RoleSlider, 50016: uitree.RoleSpinner, 50017: uitree.RoleStatusBar,
	50018: uitree.RoleTab, 50019: uitree.RoleTabItem, 50020: uitree.RoleText,
	50021: uitree.RoleToolBar, 50022: uitree.RoleToolTip, 50023: uitree.RoleTree,
	50024: uitree.RoleTreeItem, 50025: uitree.RoleCustom, 50026: uitree.RoleGroup,
	50027: uitree.RoleThumb, 50028: uitree.RoleDataGrid, 50029: uitree.RoleDataItem,
	50030: uitree.RoleDocument, 50031: uitree.RoleSplitButton, 50032: uitree.RoleWindow,
	50033: uitree.RolePane, 50034: uitree.RoleHeader, 50035: uitree.RoleHeaderItem,
	50036: uitree.RoleTable, 50037: uitree.RoleTitleBar, 50038: uitree.RoleSeparator,
	50040: uitree.RoleAppBar,
}

// RoleOf returns the role of a UI Automation control type ID.
func RoleOf(controlType int) uitree.Role {
	if r, ok := controlTypes[controlType]; ok {
		return r
	}
	return uitree.RoleCustom
}
