//go:build !windows || !(amd64 || arm64)

package uia

import (
	"context"
	"errors"

	"textfirst/internal/windows2text/uitree"
)

// Backend is UI Automation's backend; it exists only on Windows.
type Backend struct{}

var _ uitree.Backend = (*Backend)(nil)

// ErrNotWindows is New's error on other systems (and on 32-bit Windows,
// whose SendInput structures this package does not lay out).
var ErrNotWindows = errors.New("uia: UI Automation is supported only on 64-bit Windows")

// New fails: there is no UI Automation here.
func New(ctx context.Context) (*Backend, error) { return nil, ErrNotWindows }

// Windows fails: there is no UI Automation here.
func (b *Backend) Windows(ctx context.Context, max int) (uitree.WindowList, error) {
	return uitree.WindowList{}, ErrNotWindows
}

// Snapshot fails: there is no UI Automation here.
func (b *Backend) Snapshot(ctx context.Context, req uitree.Request) (*uitree.Tree, error) {
	return nil, ErrNotWindows
}
