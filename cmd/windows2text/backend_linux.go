package main

import (
	"context"

	"textfirst/internal/uitree"
	"textfirst/internal/uitree/atspi"
)

// newBackend connects to the AT-SPI accessibility bus.
func newBackend(ctx context.Context) (uitree.Backend, error) {
	return atspi.New(ctx)
}
