//go:build windows && (amd64 || arm64)

package uia

import (
	"context"
	"testing"

	"textfirst/internal/windows2text/uitree"
)

// TestLiveDesktop runs against the Windows desktop of the machine running
// the tests: it lists windows and takes a shallow desktop snapshot.
func TestLiveDesktop(t *testing.T) {
	b, err := New(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	list, err := b.Windows(context.Background(), 50)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range list.Windows {
		if w.ID == "" || w.ID == "0" {
			t.Errorf("window without a handle: %+v", w)
		}
	}
	req := uitree.DefaultRequest()
	req.Scope, req.MaxDepth, req.MaxNodes = uitree.ScopeDesktop, 1, 200
	if err := req.Normalize(); err != nil {
		t.Fatal(err)
	}
	tree, err := b.Snapshot(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if tree.Root == nil || tree.Root.Role != uitree.RolePane || tree.Root.Name != "Desktop" {
		t.Errorf("desktop root %+v", tree.Root)
	}
}
