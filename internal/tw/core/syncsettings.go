package core

import (
	"bytes"
	"encoding/json"
	"os"

	"textfirst/internal/tw/settings"
	"textfirst/internal/tw/syncfolder"
)

// settingsStore is what sync.settings needs of the settings beyond
// reading them: any setting's value, and the file they are saved in
// (settings.Store).
type settingsStore interface {
	settingSetter
	Get(path string) (any, error)
	File() string
}

// syncSettings keeps the settings that travel (settings.PortablePaths) in
// step with the other computers': for each, the value changed last
// anywhere wins. A change here is dated when settings.toml was last saved
// at the first sync that sees it (a value never changed from its default
// is dated 0, so it never wins over a choice made elsewhere). A value that
// arrives is set through the store, checked as any change and acted on at
// once; one refused here is left as it is. The sync ledger in the home
// remembers each value as last synced with its date. It returns the
// ledger, to share, and how many settings arrived.
func (a *App) syncSettings(others []syncfolder.Share, now int64) (syncfolder.SettingsLedger, int, error) {
	st, ok := a.opts.Settings.(settingsStore)
	if !ok {
		return nil, 0, nil
	}
	ledger, err := syncfolder.LoadSettingsLedger(a.opts.Home)
	if err != nil {
		return nil, 0, err
	}
	savedAt := now
	if fi, err := os.Stat(st.File()); err == nil {
		savedAt = fi.ModTime().UnixNano()
	}
	valueOf := func(path string) json.RawMessage {
		v, _ := st.Get(path)
		data, _ := json.Marshal(v)
		return data
	}
	mine := syncfolder.SettingsLedger{}
	for _, path := range settings.PortablePaths() {
		value := valueOf(path)
		e, known := ledger[path]
		switch {
		case known && sameJSON(e.Value, value):
		case known:
			e = syncfolder.SettingChange{Value: value, Changed: savedAt}
		default:
			e = syncfolder.SettingChange{Value: value}
			if def, _ := settings.Lookup(path); !sameJSON(mustJSON(def.Default), value) {
				e.Changed = savedAt
			}
		}
		mine[path] = e
	}
	came := map[string]bool{}
	for _, s := range others {
		for path, theirs := range s.Settings {
			here, ok := mine[path]
			if !ok || theirs.Changed <= here.Changed || sameJSON(theirs.Value, here.Value) {
				continue // not one that travels here, older, or the same
			}
			var v any
			if json.Unmarshal(theirs.Value, &v) != nil {
				continue
			}
			if _, err := st.Set(path, v); err != nil {
				continue
			}
			mine[path] = syncfolder.SettingChange{Value: valueOf(path), Changed: theirs.Changed}
			came[path] = true
		}
	}
	return mine, len(came), syncfolder.SaveSettingsLedger(a.opts.Home, mine)
}

// sameJSON reports whether two JSON texts are the same but for spacing.
func sameJSON(a, b []byte) bool {
	var ca, cb bytes.Buffer
	if json.Compact(&ca, a) != nil || json.Compact(&cb, b) != nil {
		return bytes.Equal(a, b)
	}
	return bytes.Equal(ca.Bytes(), cb.Bytes())
}

func mustJSON(v any) []byte {
	data, _ := json.Marshal(v)
	return data
}
