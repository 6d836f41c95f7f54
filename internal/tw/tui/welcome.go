package tui

import (
	"strings"

	"textfirst/internal/tw/i18n"
)

// welcome is what the reader says at its first start (app.first_run, which
// ask_first_run_again turns on again): the keys that lead to every other,
// as this keymap has them. A key the user unbound is left out.
func (r *Reader) welcome() string {
	var parts []string
	for _, p := range []struct{ action, says string }{
		{"keyboard_help", i18n.Key("%s lists every key")},
		{"menu", i18n.Key("%s opens the menus")},
		{"help", i18n.Key("%s opens the user guide")},
		{"quit", i18n.Key("%s quits")},
	} {
		if keys := r.km.KeysOf(p.action); len(keys) > 0 {
			parts = append(parts, r.tr(p.says, r.spokenKey(keys[0])))
		}
	}
	return r.tr("Welcome to tw: %s.", strings.Join(parts, r.tr(", ")))
}
