package units

import "sync"

// ring keeps the values made for the last few keys asked for, so that
// moving unit by unit through one long line or paragraph segments it once.
// A new value takes the place of the oldest. It is safe for concurrent
// use; a value is made outside the lock, so two callers may both make one.
type ring[K comparable, V any] struct {
	mu    sync.Mutex
	slots []ringSlot[K, V]
	next  int
}

type ringSlot[K comparable, V any] struct {
	key  K
	val  V
	used bool
}

// newRing returns a ring of size slots (at least one).
func newRing[K comparable, V any](size int) *ring[K, V] {
	return &ring[K, V]{slots: make([]ringSlot[K, V], max(size, 1))}
}

// get returns the value kept for key, calling build and keeping its result
// when there is none.
func (r *ring[K, V]) get(key K, build func() V) V {
	r.mu.Lock()
	for _, s := range r.slots {
		if s.used && s.key == key {
			r.mu.Unlock()
			return s.val
		}
	}
	r.mu.Unlock()
	v := build()
	r.mu.Lock()
	r.slots[r.next] = ringSlot[K, V]{key: key, val: v, used: true}
	r.next = (r.next + 1) % len(r.slots)
	r.mu.Unlock()
	return v
}
