package settings

import (
	"fmt"
	"os"
	"sort"

	"github.com/BurntSushi/toml"

	"textfirst/internal/atomicfile"
)

// SchemaJSON is the schema as settings_schema reports it.
func (s *Store) SchemaJSON() []map[string]any {
	out := []map[string]any{}
	for _, st := range Schema() {
		out = append(out, st.SchemaJSON())
	}
	return out
}

// Export writes every setting the user may change, to be useful on another
// machine: a complete settings.toml.
func (s *Store) Export(path string) error {
	sections := map[string]map[string]any{}
	var order []string
	for _, st := range Schema() {
		if st.Internal {
			continue
		}
		v, err := s.Get(st.Path)
		if err != nil || v == nil {
			continue
		}
		if sections[st.Section] == nil {
			sections[st.Section] = map[string]any{}
			order = append(order, st.Section)
		}
		sections[st.Section][st.Key()] = v
	}
	var out []byte
	for _, sec := range order {
		out = append(out, []byte("["+sec+"]\n")...)
		keys := make([]string, 0, len(sections[sec]))
		for k := range sections[sec] {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			line, err := toml.Marshal(map[string]any{k: sections[sec][k]})
			if err != nil {
				return err
			}
			out = append(out, line...)
		}
		out = append(out, '\n')
	}
	return atomicfile.Write(path, out, 0o644)
}

// Import applies every known setting of a settings file and returns how
// many were applied; unknown or unfitting ones are skipped (the first
// such error is returned when none applied).
func (s *Store) Import(path string) (int, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	var doc map[string]map[string]any
	if _, err := toml.Decode(string(data), &doc); err != nil {
		return 0, fmt.Errorf("%s is not a settings file: %v", path, err)
	}
	n := 0
	var firstErr error
	for sec, kv := range doc {
		for k, v := range kv {
			if i, ok := v.(int64); ok {
				v = float64(i)
			}
			if _, err := s.Set(sec+"."+k, v); err != nil {
				if firstErr == nil {
					firstErr = err
				}
				continue
			}
			n++
		}
	}
	if n == 0 && firstErr != nil {
		return 0, firstErr
	}
	return n, nil
}
