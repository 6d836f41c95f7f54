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

// TestItemCacheMembers: the cache knows an element's child count when
// GetItems gives one (a GTK menu's -1 leaves it to be asked), and lists
// under each element every cached element that names it its parent,
// whatever their indexes say (a transient child's -1, two at one index):
// readAhead reads them all, and the walk takes the order of GetChildren.
func TestItemCacheMembers(t *testing.T) {
	tests := []struct {
		name    string
		entries []cacheEntry
		count   int
		members []dbus.ObjectPath
	}{
		{"children", []cacheEntry{entry("/w", "/root", 0, 2), entry("/b", "/w", 1, 0), entry("/a", "/w", 0, 0)}, 2, []dbus.ObjectPath{"/a", "/b"}},
		{"no children", []cacheEntry{entry("/w", "/root", 0, 0)}, 0, nil},
		{"a child missing", []cacheEntry{entry("/w", "/root", 0, 2), entry("/a", "/w", 0, 0)}, 2, []dbus.ObjectPath{"/a"}},
		{"two at one index", []cacheEntry{entry("/w", "/root", 0, 2), entry("/a", "/w", 0, 0), entry("/b", "/w", 0, 0)}, 2, []dbus.ObjectPath{"/a", "/b"}},
		{"a count the cache does not know", []cacheEntry{entry("/w", "/root", 0, -1), entry("/a", "/w", -1, 0)}, -1, []dbus.ObjectPath{"/a"}},
		{"a count below -1", []cacheEntry{entry("/w", "/root", 0, -7)}, -1, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := buildItemCache(tt.entries)
			w, ok := c.lookup("/w")
			if !ok {
				t.Fatal("/w is not in the cache")
			}
			if w.childCount != tt.count {
				t.Errorf("child count %d, want %d", w.childCount, tt.count)
			}
			var got []dbus.ObjectPath
			for _, k := range w.members {
				got = append(got, k.Path)
			}
			slices.Sort(got)
			if !slices.Equal(got, tt.members) {
				t.Errorf("members %v, want %v", got, tt.members)
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
	if el.interfaces != hasAction|hasComponent || !el.states.has(stateShowing) || !el.states.has(stateVisible) || el.childCount != 0 {
		t.Errorf("cached element %+v", el)
	}
	// Qt 5's older signature is not taken for the cache.
	if err := decodeReply("a((so)(so)(so)a(so)assusau)", []byte{0, 0, 0, 0}, &got); err == nil {
		t.Error("Qt 5's signature decodes as a cache")
	}
}

// TestStatesOf: GetState's first word is states 0 to 31, its second 32 to
// 63; a missing word is empty and a word beyond two is not read.
func TestStatesOf(t *testing.T) {
	for _, tt := range []struct {
		st   []uint32
		want stateSet
	}{
		{nil, 0},
		{[]uint32{1 << stateShowing}, 1 << stateShowing},
		{[]uint32{1 << stateFocused, 1}, 1<<stateFocused | 1<<32},
		{[]uint32{0, 1 << 3, 7}, 1 << 35},
	} {
		if got := statesOf(tt.st); got != tt.want {
			t.Errorf("statesOf(%v) = %#x, want %#x", tt.st, uint64(got), uint64(tt.want))
		}
	}
}
