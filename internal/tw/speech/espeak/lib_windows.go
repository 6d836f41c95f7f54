//go:build windows

package espeak

import "syscall"

// libNames are tried in order: the DLL of the eSpeak NG installer.
var libNames = []string{"libespeak-ng.dll", "espeak-ng.dll"}

func openLibrary(name string) (uintptr, error) {
	h, err := syscall.LoadLibrary(name)
	return uintptr(h), err
}
