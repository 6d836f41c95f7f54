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

// TestEveryActionHasAName: an action added to the keyboard reference
// needs its name in actionNames (and so in every catalogue), or the help
// and the command palette would say its id in English only.
func TestEveryActionHasAName(t *testing.T) {
	for _, a := range Actions() {
		key, ok := actionNames[a.ID]
		if !ok {
			t.Errorf("action %s has no entry in actionNames", a.ID)
			continue
		}
		if key != a.Name {
			t.Errorf("action %s: name key %q, want its English name %q", a.ID, key, a.Name)
		}
	}
}
