package settings

import (
	"bytes"
	"fmt"
	"os"
	"strings"

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
	data, err := s.ExportTOML()
	if err != nil {
		return err
	}
	return atomicfile.Write(path, data, 0o644)
}

// ExportTOML is what Export writes: every setting the user may change, as
// a complete settings.toml.
func (s *Store) ExportTOML() ([]byte, error) {
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
	// Each section is encoded whole: its plain keys (sorted), then its
	// tables ([speech.pronunciations]), which TOML needs last, as a key
	// after a table header belongs to that table.
	var out bytes.Buffer
	for _, sec := range order {
		enc := toml.NewEncoder(&out)
		enc.Indent = ""
		if err := enc.Encode(map[string]any{sec: sections[sec]}); err != nil {
			return nil, fmt.Errorf("settings: export %s: %w", sec, err)
		}
		out.WriteByte('\n')
	}
	return out.Bytes(), nil
}

// ImportError lists the entries of an imported file that were refused,
// each with its reason, in the file's order of sections and keys.
type ImportError struct{ Refused []string }

func (e *ImportError) Error() string { return strings.Join(e.Refused, "; ") }

// Import applies every known setting of a settings file, in order, and
// returns how many were applied. Entries that name no setting or whose
// value does not fit are refused, each with its reason, in an
// *ImportError (returned even when others were applied).
func (s *Store) Import(path string) (int, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	return s.ImportTOML(path, data)
}

// ImportTOML is Import of a settings file already read; name is what the
// errors call it.
func (s *Store) ImportTOML(name string, data []byte) (int, error) {
	var doc map[string]any
	md, err := toml.Decode(string(data), &doc)
	if err != nil {
		return 0, fmt.Errorf("%s is not a settings file: %w", name, err)
	}
	n := 0
	var refused []string
	for _, key := range md.Keys() {
		if len(key) == 1 {
			if _, ok := doc[key[0]].(map[string]any); !ok {
				refused = append(refused, fmt.Sprintf("%s must be a table of settings", key[0]))
			}
			continue
		}
		if len(key) != 2 {
			continue // inside a table value, such as speech.speed_presets
		}
		table, _ := doc[key[0]].(map[string]any)
		v := table[key[1]]
		if i, ok := v.(int64); ok {
			v = float64(i)
		}
		if _, err := s.Set(key[0]+"."+key[1], v); err != nil {
			refused = append(refused, err.Error())
			continue
		}
		n++
	}
	if len(refused) > 0 {
		return n, &ImportError{refused}
	}
	return n, nil
}
