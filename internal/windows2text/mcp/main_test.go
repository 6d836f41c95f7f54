//go:build linux

package mcp_test

import (
	"context"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"textfirst/internal/windows2text/desktoptest"
	"textfirst/internal/windows2text/mcp"
	"textfirst/internal/windows2text/uitree/atspi"
)

// The private desktop of this package's tests: started once in TestMain.
var (
	desk    *desktoptest.Desktop
	mainApp *desktoptest.App
	backend *atspi.Backend
)

func TestMain(m *testing.M) {
	desktoptest.Main(m, true, func(d *desktoptest.Desktop) (func(), error) {
		desk = d
		var err error
		if mainApp, err = desk.StartPresentedApp("--title", "w2t mcp"); err != nil {
			return nil, err
		}
		if backend, err = atspi.New(context.Background()); err != nil {
			return nil, err
		}
		return func() { backend.Close() }, nil
	})
}

// connect starts the server of backend in memory and connects a client.
func connect(t *testing.T) *client {
	t.Helper()
	// The test application is the foreground window (the widget factory
	// may have taken its place).
	if _, err := mainApp.Command("present"); err != nil {
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond)
	ctx, cancel := context.WithCancel(context.Background())
	st, ct := sdk.NewInMemoryTransports()
	srv := mcp.NewServer(backend, mcp.Options{Version: "test"})
	done := make(chan struct{})
	go func() { srv.Run(ctx, st); close(done) }()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cs.Close()
		cancel()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Error("the server did not end")
		}
	})
	return &client{t: t, cs: cs}
}

// state reads one answer of the application's own state record.
func state(t *testing.T, key string) string {
	t.Helper()
	// The file is brought up to date within 20 ms of a change.
	time.Sleep(60 * time.Millisecond)
	st, err := mainApp.State()
	if err != nil {
		t.Fatal(err)
	}
	return st[key]
}
