//go:build !linux

package cli

import (
	"context"
	"errors"

	"textfirst/internal/windows2text/uitree"
)

// testBackend: the desktop tests run on Linux only; elsewhere the command
// line's own tests (help, completions, mistakes) need no backend.
func testBackend(context.Context) (uitree.Backend, error) {
	return nil, errors.New("no test desktop on this platform")
}
