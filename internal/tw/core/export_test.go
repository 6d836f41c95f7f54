package core

// KeepRecoveryNow does what the autosave does on its tick for the
// recovery copy, at once (see keepRecovery).
func (a *App) KeepRecoveryNow() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.keepRecovery()
}
