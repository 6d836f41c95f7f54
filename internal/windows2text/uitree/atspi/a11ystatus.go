package atspi

import (
	"context"
	"fmt"

	"github.com/godbus/dbus/v5"
)

// a11yStatusProps are the org.a11y.Status properties a screen reader sets
// on the session bus's org.a11y.Bus: applications such as Firefox read them
// at start to decide whether to expose their accessibility trees. Chromium
// reads IsEnabled at start to register at all, and builds its tree only
// once a client asks for attributes (see appWindows).
var a11yStatusProps = []string{"IsEnabled", "ScreenReaderEnabled"}

// EnableAccessibility switches the session's accessibility on as screen
// readers do: org.a11y.Status's IsEnabled and ScreenReaderEnabled become
// true on the session bus. It stays on after windows2text ends, for the
// session's life (or until something switches it off). It needs a session
// bus that runs already; it starts none.
func (b *Backend) EnableAccessibility(ctx context.Context) error {
	addr := existingSessionBus()
	if addr == "" {
		return fmt.Errorf("atspi: no session bus to switch accessibility on (DBUS_SESSION_BUS_ADDRESS or $XDG_RUNTIME_DIR/bus)")
	}
	session, err := dbus.Connect(addr)
	if err != nil {
		return fmt.Errorf("atspi: connecting to the session bus %s: %w", addr, err)
	}
	defer session.Close()
	bus := session.Object("org.a11y.Bus", "/org/a11y/bus")
	for _, prop := range a11yStatusProps {
		if err := bus.CallWithContext(ctx, ifaceProperties+".Set", 0, "org.a11y.Status", prop, dbus.MakeVariant(true)).Err; err != nil {
			return fmt.Errorf("atspi: setting org.a11y.Status %s: %w", prop, err)
		}
	}
	return nil
}
