package atspi

import (
	"context"
	"testing"

	"textfirst/internal/windows2text/uitree"
)

// TestReconnectsAfterBusLoss drops the backend's bus connection, as a
// restarted accessibility bus would: the next request reconnects.
func TestReconnectsAfterBusLoss(t *testing.T) {
	b, err := New(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	req := uitree.DefaultRequest()
	req.MaxDepth = 1
	if _, err := b.Snapshot(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	b.pool.bus.Close()
	tree, err := b.Snapshot(context.Background(), req)
	if err != nil || tree.Root == nil || tree.Root.Role != uitree.RoleWindow {
		t.Fatalf("snapshot after losing the bus: %+v, %v", tree, err)
	}
}
