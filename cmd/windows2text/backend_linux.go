package main

import (
	"context"

	"textfirst/internal/windows2text/uitree"
	"textfirst/internal/windows2text/uitree/atspi"
)

// newBackend connects to the AT-SPI accessibility bus.
func newBackend(ctx context.Context) (uitree.Backend, error) {
	return atspi.New(ctx)
}
