package main

import (
	"context"

	"textfirst/internal/uitree"
	"textfirst/internal/uitree/uia"
)

// newBackend starts UI Automation.
func newBackend(ctx context.Context) (uitree.Backend, error) {
	return uia.New(ctx)
}
