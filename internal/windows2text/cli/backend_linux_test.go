package cli

import (
	"context"

	"textfirst/internal/windows2text/uitree"
	"textfirst/internal/windows2text/uitree/atspi"
)

// testBackend is the real AT-SPI2 backend, on the tests' private desktop.
func testBackend(ctx context.Context) (uitree.Backend, error) {
	return atspi.New(ctx)
}
