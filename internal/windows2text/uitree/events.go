package uitree

import (
	"context"
	"time"
)

// Event is one change notification of the platform's accessibility layer
// (an AT-SPI signal, a UI Automation event), reduced to what the waiting
// and change-feed code needs.
type Event struct {
	// Type is the platform's event name, e.g. "object:state-changed:focused"
	// or "window:activate".
	Type string
	// Source is the native identity of the element that sent it, as
	// Identifier.NativeID gives it for a snapshot's element.
	Source string
	// App is the sending application's connection (its bus name on AT-SPI).
	App string
	// Detail is the event's detail string or first number, when it has one.
	Detail string
	// Child is the native identity of the child a children-changed event
	// added or removed, when it names one.
	Child string
	// At is when the event was received.
	At time.Time
}

// Subscription delivers the accessibility events of the whole desktop
// until Close.
type Subscription interface {
	// Events delivers the events in the order received. It is closed by
	// Close or when the connection is lost.
	Events() <-chan Event
	Close() error
}

// EventSource is the optional ability of a backend to report changes as
// they happen instead of being asked again and again.
type EventSource interface {
	// Subscribe starts delivering events. Every event of a change made after
	// Subscribe returns is delivered.
	Subscribe(ctx context.Context) (Subscription, error)
}

// Identifier is the optional ability of a backend to name an element of one
// of its snapshots in a way that stays the same across snapshots for as
// long as the platform keeps the element (its AT-SPI bus name and object
// path, its UI Automation runtime id).
type Identifier interface {
	NativeID(el *Element) string
}

// Describer is the optional ability of a backend to read one element that
// a native id names (an event's Source or Child) without a snapshot.
type Describer interface {
	Describe(ctx context.Context, id string) (Described, error)
}

// Described is what Describe reads of one element.
type Described struct {
	Role    Role
	Name    string
	Showing bool
}
