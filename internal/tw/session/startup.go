package session

import (
	"errors"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/keymap"
)

// Keys builds the keymap of the keyboard.preset setting with the home's
// keymap.toml, and has the app name its keys in menus and help: the keys a
// person using the terminal reader knows, whichever front end asks.
func (s *Session) Keys() *keymap.Keymap {
	preset := "default"
	if s.Settings != nil {
		preset = s.Settings.String("keyboard.preset")
	}
	km := keymap.New(preset, s.Home)
	s.App.SetKeyNames(km.ShownKey)
	return km
}

// Start says the start notices, then opens path unless it is "". An
// encrypted document is not an error: its password prompt is open.
func (s *Session) Start(path string) error {
	s.Announce()
	if path == "" {
		return nil
	}
	if err := s.App.Open(path); err != nil && !errors.Is(err, core.ErrPasswordAsked) {
		return err
	}
	return nil
}
