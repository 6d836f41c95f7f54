//go:build linux

package realapps

import (
	"strings"
	"testing"
	"time"
)

// TestCalcDefaultObserveKeepsFilledCells: Calc's toolbars and menus alone
// hold more targets than observe's default maxTargets; an agent that
// entered numbers and a sum must still read the cells' values, and the
// focused cell, from a default observe.
func TestCalcDefaultObserveKeepsFilledCells(t *testing.T) {
	c, obs, _, _ := openCalc(t, nil)
	for _, step := range []struct{ cell, text string }{{"A1", "17"}, {"A2", "25"}, {"A3", "=A1+A2"}} {
		_, targets, _ := c.observe(obs)
		tg := find(t, targets, `DataItem "`+step.cell+`"`)
		c.ok("type_text", map[string]any{"ref": tg.Ref, "text": step.text})
	}
	want := []string{`DataItem "A1" value="17"`, `DataItem "A2" value="25"`, `DataItem "A3" value="42"`}
	var res map[string]any
	var targets []target
	ok := eventually(10*time.Second, func() bool {
		res, targets, _ = c.observe(obs)
		for _, w := range want {
			if _, ok := lookup(targets, w); !ok {
				return false
			}
		}
		return true
	})
	if !ok {
		var labels []string
		for _, tg := range targets {
			labels = append(labels, tg.Label)
		}
		t.Fatalf("a default observe (omittedTargets %v) lacks the filled cells %q:\n%s", res["omittedTargets"], want, strings.Join(labels, "\n"))
	}
	if omitted, _ := res["omittedTargets"].(float64); omitted == 0 {
		t.Fatalf("the default observe omitted no targets: the test expects Calc's toolbars to exceed the default maxTargets")
	}
	if a4 := find(t, targets, `DataItem "A4"`); !strings.Contains(a4.Label, "focused") {
		t.Errorf("A4 is not focused after three entries: %s", a4.Label)
	}
	// The toolbars still show beside the cells.
	find(t, targets, `Menu "File"`)
}
