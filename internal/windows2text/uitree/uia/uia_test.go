package uia

import (
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
