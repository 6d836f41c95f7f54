package core

import "testing"

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
