package settings

// A Check refuses, with the reason, a value that a setting's schema allows
// but this machine cannot use (a voice no speech engine has); it returns
// nil to accept the value.
type Check func(value any) error

// SetCheck makes check part of what Set (and so Import) accepts for the
// setting path, after the schema's own checks; a second call replaces the
// first. The check runs without the store's lock held, and is not asked
// about nil (the default put back).
func (s *Store) SetCheck(path string, check Check) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.checks == nil {
		s.checks = map[string]Check{}
	}
	s.checks[path] = check
}

// checkOf is the check of path, or nil.
func (s *Store) checkOf(path string) Check {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.checks[path]
}

// UseDefault puts a setting's default in place of the value read from
// settings.toml, as a value the schema refuses is replaced when the file
// is read: for a value that a check added later refuses (a voice no engine
// has). The file is not changed, and the OnChange callbacks are not called.
func (s *Store) UseDefault(path string) error {
	st, err := lookup(path)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.values[path] = jsonValue(st.Default)
	return nil
}
