package main

import (
	"context"

	"textfirst/internal/windows2text/uitree"
	"textfirst/internal/windows2text/uitree/uia"
)

// newBackend starts UI Automation.
func newBackend(ctx context.Context) (uitree.Backend, error) {
	return uia.New(ctx)
}
