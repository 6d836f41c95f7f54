//go:build !windows

package sapi

import (
	"errors"
	"runtime"

	"textfirst/internal/tw/speech/engine"
)

// ErrNotWindows is New's error on other systems.
var ErrNotWindows = errors.New("sapi: SAPI 5 is Windows only")

// Available reports that SAPI exists only on Windows.
func Available() (bool, string) { return false, "Windows only (this system is " + runtime.GOOS + ")" }

// New fails: there is no SAPI here.
func New() (engine.Speaker, error) { return nil, ErrNotWindows }
