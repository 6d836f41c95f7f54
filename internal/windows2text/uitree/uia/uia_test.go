package uia

import (
	"strings"
	"testing"

	"textfirst/internal/windows2text/uitree"
)

func TestRoleOf(t *testing.T) {
	tests := []struct {
		id   int
		want uitree.Role
	}{
		{50000, uitree.RoleButton}, {50004, uitree.RoleEdit}, {50032, uitree.RoleWindow},
		{50033, uitree.RolePane}, {50040, uitree.RoleAppBar}, {50039, uitree.RoleCustom}, {1, uitree.RoleCustom},
	}
	for _, tt := range tests {
		if got := RoleOf(tt.id); got != tt.want {
			t.Errorf("RoleOf(%d) = %s, want %s", tt.id, got, tt.want)
		}
	}
	if nativeRole(50000) != "ControlType.Button" {
		t.Errorf("nativeRole(50000) = %s", nativeRole(50000))
	}
}

func TestWalkerFallbacks(t *testing.T) {
	has := func(vs ...uitree.View) func(uitree.View) bool {
		return func(v uitree.View) bool {
			for _, x := range vs {
				if x == v {
					return true
				}
			}
			return false
		}
	}
	tests := []struct {
		view uitree.View
		has  func(uitree.View) bool
		want uitree.View
		ok   bool
	}{
		{uitree.ViewControl, has(uitree.ViewControl, uitree.ViewRaw, uitree.ViewContent), uitree.ViewControl, true},
		{uitree.ViewContent, has(uitree.ViewControl, uitree.ViewRaw), uitree.ViewControl, true},
		{uitree.ViewRaw, has(uitree.ViewContent), uitree.ViewContent, true},
		{uitree.ViewControl, has(uitree.ViewRaw), uitree.ViewRaw, true},
		{uitree.ViewControl, has(), "", false},
	}
	for _, tt := range tests {
		got, ok := walkerFor(tt.view, tt.has)
		if got != tt.want || ok != tt.ok {
			t.Errorf("walkerFor(%s) = %s, %t; want %s, %t", tt.view, got, ok, tt.want, tt.ok)
		}
	}
	for _, tt := range []struct {
		n    int
		win  bool
		want string
	}{{3, true, "walker"}, {0, true, "windows"}, {0, false, "none"}, {1, false, "walker"}} {
		if got := childSource(tt.n, tt.win); got != tt.want {
			t.Errorf("childSource(%d, %t) = %s, want %s", tt.n, tt.win, got, tt.want)
		}
	}
}

func TestTakesText(t *testing.T) {
	tests := []struct {
		role                          uitree.Role
		valuePattern, readOnly, owned bool
		want                          bool
	}{
		{uitree.RoleEdit, true, false, false, true},
		{uitree.RoleEdit, false, false, true, true}, // Wine: no patterns, own window
		{uitree.RoleEdit, false, false, false, false},
		{uitree.RoleEdit, true, true, true, false},
		{uitree.RoleDocument, false, false, true, true},
		{uitree.RoleButton, true, false, true, false},
	}
	for _, tt := range tests {
		if got := takesText(tt.role, tt.valuePattern, tt.readOnly, tt.owned); got != tt.want {
			t.Errorf("takesText(%s, %t, %t, %t) = %t", tt.role, tt.valuePattern, tt.readOnly, tt.owned, got)
		}
	}
}

func TestCheckIntegrity(t *testing.T) {
	tests := []struct {
		target, own uint32
		code        uitree.Code
		words       string
	}{
		{0x2000, 0x2000, "", ""},
		{0x1000, 0x2000, "", ""},
		{0x3000, 0x3000, "", ""},
		{0x3000, 0x2000, uitree.CodeInputFailed, "notepad.exe runs at high integrity, above windows2text's medium"},
		{0x4000, 0x3000, uitree.CodeInputFailed, "runs at system integrity, above windows2text's high"},
		{0x2100, 0x2000, uitree.CodeInputFailed, "medium-plus"},
	}
	for _, tt := range tests {
		err := checkIntegrity(tt.target, tt.own, "notepad.exe")
		if tt.code == "" {
			if err != nil {
				t.Errorf("checkIntegrity(%#x, %#x) = %v", tt.target, tt.own, err)
			}
			continue
		}
		if uitree.CodeOf(err) != tt.code || !strings.Contains(err.Error(), tt.words) {
			t.Errorf("checkIntegrity(%#x, %#x) = %v, want %s with %q", tt.target, tt.own, err, tt.code, tt.words)
		}
	}
}

func TestStaleCheck(t *testing.T) {
	gone := hrError(uiaElementNotAvailable, "runtime id")
	tests := []struct {
		before, now []int32
		err         error
		gone        bool
		code        uitree.Code
	}{
		{[]int32{42, 65650}, []int32{42, 65650}, nil, false, ""},
		{[]int32{42, 65650}, []int32{42, 65650}, nil, true, uitree.CodeStaleElement}, // Wine: window destroyed
		{[]int32{42, 65650}, []int32{42, 65651}, nil, false, uitree.CodeStaleElement},
		{[]int32{42, 65650}, []int32{42, 65650, 1}, nil, false, uitree.CodeStaleElement},
		{[]int32{42, 65650}, nil, gone, false, uitree.CodeStaleElement},
		{nil, []int32{1}, nil, false, ""},                               // no id at snapshot time
		{[]int32{1}, nil, nil, false, ""},                               // no id now (provider without one)
		{[]int32{1}, nil, hrError(eNotImpl, "runtime id"), false, ""},   // Wine lacking the call
		{[]int32{1}, nil, hrError(0x80004005, "runtime id"), false, ""}, // any other failure: the action decides
	}
	for i, tt := range tests {
		err := staleCheck("s1:e2", tt.before, tt.now, tt.err, tt.gone)
		if tt.code == "" && err != nil || tt.code != "" && uitree.CodeOf(err) != tt.code {
			t.Errorf("%d: staleCheck = %v, want %q", i, err, tt.code)
		}
	}
}

func TestFloatArgError(t *testing.T) {
	if err := floatArgError("amd64"); err != nil {
		t.Errorf("amd64: %v", err)
	}
	if err := floatArgError("arm64"); uitree.CodeOf(err) != uitree.CodeUnsupportedPattern {
		t.Errorf("arm64: %v, want unsupported_pattern", err)
	}
}

func TestVirtualRows(t *testing.T) {
	tests := []struct {
		role                      uitree.Role
		walked, items, grid, want int
	}{
		{uitree.RoleList, 20, 1000, -1, 980},      // ItemContainer counted 1000
		{uitree.RoleDataGrid, 30, -1, 5000, 4970}, // no ItemContainer: the grid's rows
		{uitree.RoleList, 20, 20, -1, 0},          // not virtualized
		{uitree.RoleList, 20, -1, -1, 0},          // nothing known
		{uitree.RoleTree, 5, 3, -1, 0},            // more walked than counted: nothing omitted
		{uitree.RoleButton, 0, 50, 50, 0},         // not a container of items
	}
	for _, tt := range tests {
		if got := virtualRows(tt.role, tt.walked, tt.items, tt.grid); got != tt.want {
			t.Errorf("virtualRows(%s, %d, %d, %d) = %d, want %d", tt.role, tt.walked, tt.items, tt.grid, got, tt.want)
		}
	}
}

// TestSubtreeCacheUsable pins when the one-call subtree cache serves a walk
// and when the walk falls back to reading element by element (the path
// Wine takes).
func TestSubtreeCacheUsable(t *testing.T) {
	notImpl := hrError(eNotImpl, "cache")
	tests := []struct {
		name                     string
		buildErr, childrenErr    error
		cachedKids, childWindows int
		want                     bool
	}{
		{"cache with children", nil, nil, 12, 3, true},
		{"a leaf, no child windows", nil, nil, 0, 0, true},
		{"BuildUpdatedCache not implemented", notImpl, nil, 0, 0, false},
		{"GetCachedChildren not implemented", nil, notImpl, 0, 2, false},
		{"no cached children but child windows (Wine)", nil, nil, 0, 4, false},
		{"stale element", hrError(uiaElementNotAvailable, "cache"), nil, 0, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := subtreeCacheUsable(tt.buildErr, tt.childrenErr, tt.cachedKids, tt.childWindows); got != tt.want {
				t.Errorf("subtreeCacheUsable = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestRealizeCount: a virtualized container shows its realized rows; with
// none realized, its first rows are realized within maxRealize and what
// maxNodes leaves, and the rest is a count (virtualRows).
func TestRealizeCount(t *testing.T) {
	tests := []struct {
		name                     string
		walked, items, nodesLeft int
		want                     int
	}{
		{"realized rows are shown as they are", 20, 5000, 400, 0},
		{"no item at all", 0, 0, 400, 0},
		{"no ItemContainer pattern", 0, -1, 400, 0},
		{"none realized, a long list", 0, 5000, 400, maxRealize},
		{"none realized, a short list", 0, 7, 400, 7},
		{"maxNodes nearly used up", 0, 5000, 3, 3},
		{"maxNodes used up", 0, 5000, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := realizeCount(tt.walked, tt.items, tt.nodesLeft)
			if got != tt.want {
				t.Errorf("realizeCount(%d, %d, %d) = %d, want %d", tt.walked, tt.items, tt.nodesLeft, got, tt.want)
			}
			if omitted := virtualRows(uitree.RoleList, tt.walked+got, tt.items, -1); tt.items > 0 && tt.walked+got+omitted != tt.items {
				t.Errorf("%d shown + %d realized + %d counted != %d items", tt.walked, got, omitted, tt.items)
			}
		})
	}
}
