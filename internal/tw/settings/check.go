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
