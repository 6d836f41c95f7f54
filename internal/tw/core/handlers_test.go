package core

import (
	"strings"
	"testing"
)

// Every action of the keyboard reference reaches its handler through the
// table, with nothing left to a switch.
func TestEveryActionHasAHandler(t *testing.T) {
	for _, act := range actionList() {
		if act.run == nil {
			t.Errorf("%s (%s) has no handler", act.ID, act.Group)
		}
		got, ok := LookupAction(act.ID)
		if !ok || got.run == nil {
			t.Errorf("LookupAction(%q) = %v, %v: want the action with its handler", act.ID, got.ID, ok)
		}
	}
}

func TestHandleRefusesUnknownAndDoubleRegistrations(t *testing.T) {
	for _, tc := range []struct {
		name, id, want string
	}{
		{"unknown id", "no_such_action", "not an action"},
		{"second handler", "next_sentence", "two handlers"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				p := recover()
				if p == nil || !strings.Contains(p.(string), tc.want) {
					t.Fatalf("handle panicked with %v, want %q", p, tc.want)
				}
			}()
			handle(actions(), anytime, map[string]actionHandler{tc.id: func(*App) {}})
		})
	}
}

// The zero ActionInfo (what LookupAction gives for an unknown id) runs
// nothing and says nothing.
func TestRunOfUnknownActionDoesNothing(t *testing.T) {
	a := New(Options{})
	res := a.Run(ActionInfo{}, nil)
	if res.Status != "" || len(res.Effects) != 0 || res.Pending != nil {
		t.Fatalf("Run(zero) = %+v, want nothing done", res)
	}
}
