//go:build linux

package realapps

import (
	"strings"
	"testing"
)

// TestGalculatorToggleKeys: galculator's keys are toggle buttons used as
// push buttons. invoke must press them: 12 × 34 = 408, read from observe.
func TestGalculatorToggleKeys(t *testing.T) {
	_, c, obs := serveApp(t, nil, "galculator")
	_, targets, _ := c.observe(obs)
	for _, key := range []string{"1", "2", "*", "3", "4", "="} {
		tg := find(t, targets, `Button "`+key+`"`)
		if !tg.has("invoke") {
			t.Fatalf("key %s offers no invoke: %s", key, tg.Label)
		}
		c.ok("invoke", map[string]any{"ref": tg.Ref})
	}
	ok := eventually(3e9, func() bool {
		_, _, visible := c.observe(obs)
		return strings.Contains(strings.Join(visible, "\n"), `value="408"`)
	})
	if !ok {
		_, _, visible := c.observe(obs)
		t.Fatalf("12 × 34 did not show 408:\n%s", strings.Join(visible, "\n"))
	}
}
