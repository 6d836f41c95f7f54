//go:build !windows

package espeak

import "github.com/ebitengine/purego"

// libNames are tried in order.
var libNames = []string{"libespeak-ng.so.1", "libespeak-ng.so", "libespeak-ng.1.dylib", "libespeak-ng.dylib"}

func openLibrary(name string) (uintptr, error) {
	return purego.Dlopen(name, purego.RTLD_NOW|purego.RTLD_GLOBAL)
}
