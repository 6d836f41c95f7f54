package atspi

import (
	"encoding/binary"
	"slices"
	"testing"

	"github.com/godbus/dbus/v5"
)

// entry is a GetItems entry of parent's child at index, with count
// children of its own.
func entry(path, parent string, index, count int32) cacheEntry {
	return cacheEntry{
		Obj:    objRef{Bus: ":1.2", Path: dbus.ObjectPath(path)},
		Parent: objRef{Bus: ":1.2", Path: dbus.ObjectPath(parent)},
		Index:  index, Count: count,
		Interfaces: []string{ifaceAccessible, ifaceComponent}, Role: roleFrame, States: []uint32{1 << stateVisible, 0},
	}
}

// TestItemCacheCompleteness: an element's children are taken from the
// cache only when it holds each index below the child count exactly once;
// otherwise (a child missing, two at one index, an index out of range, a
// menu's count of -1, a transient child's index of -1) the walk asks the
// application for them.
func TestItemCacheCompleteness(t *testing.T) {
	tests := []struct {
		name     string
		entries  []cacheEntry
		complete bool
		children []dbus.ObjectPath
	}{
		{"all children", []cacheEntry{entry("/w", "/root", 0, 2), entry("/b", "/w", 1, 0), entry("/a", "/w", 0, 0)}, true, []dbus.ObjectPath{"/a", "/b"}},
		{"no children", []cacheEntry{entry("/w", "/root", 0, 0)}, true, nil},
		{"a child missing", []cacheEntry{entry("/w", "/root", 0, 2), entry("/a", "/w", 0, 0)}, false, nil},
		{"two at one index", []cacheEntry{entry("/w", "/root", 0, 2), entry("/a", "/w", 0, 0), entry("/b", "/w", 0, 0)}, false, nil},
		{"index past the count", []cacheEntry{entry("/w", "/root", 0, 1), entry("/a", "/w", 1, 0)}, false, nil},
		{"children not followed", []cacheEntry{entry("/w", "/root", 0, -1), entry("/a", "/w", 0, 0)}, false, nil},
		{"a transient child", []cacheEntry{entry("/w", "/root", 0, 1), entry("/a", "/w", -1, 0)}, false, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := buildItemCache(tt.entries)
			w, ok := c.lookup("/w")
			if !ok {
				t.Fatal("/w is not in the cache")
			}
			if w.complete != tt.complete {
				t.Fatalf("complete = %v, want %v", w.complete, tt.complete)
			}
			if !tt.complete {
				return
			}
			var got []dbus.ObjectPath
			for _, k := range w.children {
				got = append(got, k.Path)
			}
			if !slices.Equal(got, tt.children) {
				t.Errorf("children %v, want %v", got, tt.children)
			}
		})
	}
	var none *itemCache
	if _, ok := none.lookup("/w"); ok {
		t.Error("a missing cache answers a lookup")
	}
}

// TestItemCacheEntryDecodes: a GetItems entry as the direct connection
// receives it decodes into its fields, and states and interfaces into
// their bits.
func TestItemCacheEntryDecodes(t *testing.T) {
	var w wireWriter
	w.u32(0) // array length, set below
	w.align(8)
	start := len(w.b)
	ref := func(bus, path string) {
		w.align(8)
		w.str(bus)
		w.str(path)
	}
	w.align(8)
	ref(":1.5", "/org/a11y/atspi/accessible/7")
	ref(":1.5", "/org/a11y/atspi/accessible/root")
	ref(":1.5", "/org/a11y/atspi/accessible/3")
	w.align(4)
	w.u32(2) // index
	w.u32(0) // count
	names := []string{ifaceAccessible, ifaceAction, ifaceComponent}
	w.align(4)
	lenAt := len(w.b)
	w.u32(0)
	from := len(w.b)
	for _, n := range names {
		w.str(n)
	}
	binary.LittleEndian.PutUint32(w.b[lenAt:], uint32(len(w.b)-from))
	w.str("OK")
	w.align(4)
	w.u32(rolePushButton)
	w.str("")
	w.align(4)
	w.u32(8)
	w.u32(1<<stateVisible | 1<<stateShowing)
	w.u32(0)
	binary.LittleEndian.PutUint32(w.b[0:], uint32(len(w.b)-start))

	var got []cacheEntry
	if err := decodeReply("a((so)(so)(so)iiassusau)", w.b, &got); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 {
		t.Fatalf("%d entries, want 1", len(got))
	}
	e := got[0]
	if e.Obj.Path != "/org/a11y/atspi/accessible/7" || e.Parent.Path != "/org/a11y/atspi/accessible/3" || e.Index != 2 || e.Count != 0 ||
		e.Name != "OK" || e.Role != rolePushButton || !slices.Equal(e.Interfaces, names) {
		t.Errorf("decoded %+v", e)
	}
	c := buildItemCache(got)
	el, _ := c.lookup("/org/a11y/atspi/accessible/7")
	if el.interfaces != hasAction|hasComponent || !el.states.has(stateShowing) || !el.states.has(stateVisible) || !el.complete {
		t.Errorf("cached element %+v", el)
	}
	// Qt 5's older signature is not taken for the cache.
	if err := decodeReply("a((so)(so)(so)a(so)assusau)", []byte{0, 0, 0, 0}, &got); err == nil {
		t.Error("Qt 5's signature decodes as a cache")
	}
}
