//go:build !linux && !windows

package main

import (
	"context"
	"errors"
	"runtime"

	"textfirst/internal/windows2text/uitree"
)

// newBackend reports that this platform has no backend.
func newBackend(context.Context) (uitree.Backend, error) {
	return nil, errors.New("no UI tree backend for " + runtime.GOOS)
}
