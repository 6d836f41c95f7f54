package settings

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
	"unicode"

	"github.com/BurntSushi/toml"

	"textfirst/internal/atomicfile"
)

// Profiles are named sets of settings to switch between (a study voice and
// rate, a skim one): each a complete settings file, NAME.toml, in a folder
// of the home. Saving a profile exports the settings to its file; using
// one imports it, every value checked as any import is.
type Profiles struct{ Dir string }

// ProfilesIn are the profiles of a home.
func ProfilesIn(home string) Profiles { return Profiles{Dir: filepath.Join(home, "profiles")} }

// ErrNoProfile is returned for a profile that does not exist.
var ErrNoProfile = errors.New("settings: no such profile")

// ErrProfileName is returned for a name a profile cannot have.
var ErrProfileName = errors.New("settings: a profile's name is 1 to 64 letters, digits, spaces, dashes or underscores")

// profileFileLimit bounds a profile or profile export read back.
const profileFileLimit = 4 << 20

func (p Profiles) file(name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" || len([]rune(name)) > 64 || strings.IndexFunc(name, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != ' ' && r != '-' && r != '_'
	}) >= 0 {
		return "", fmt.Errorf("%w: %q", ErrProfileName, name)
	}
	return filepath.Join(p.Dir, name+".toml"), nil
}

// Names lists the profiles, sorted.
func (p Profiles) Names() ([]string, error) {
	entries, err := os.ReadDir(p.Dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("settings: %w", err)
	}
	var out []string
	for _, e := range entries {
		if name, ok := strings.CutSuffix(e.Name(), ".toml"); ok && e.Type().IsRegular() {
			if _, err := p.file(name); err == nil {
				out = append(out, name)
			}
		}
	}
	sort.Strings(out)
	return out, nil
}

// Save writes the settings as the profile name (replacing one of that name).
func (p Profiles) Save(name string, s interface{ Export(path string) error }) error {
	path, err := p.file(name)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(p.Dir, atomicfile.PrivateDir); err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	if err := s.Export(path); err != nil {
		return err
	}
	return os.Chmod(path, atomicfile.PrivateFile)
}

// Use applies the profile name and returns how many settings it applied;
// as with Import, an *ImportError lists what was refused.
func (p Profiles) Use(name string, s interface {
	Import(path string) (int, error)
}) (int, error) {
	path, err := p.existing(name)
	if err != nil {
		return 0, err
	}
	return s.Import(path)
}

func (p Profiles) existing(name string) (string, error) {
	path, err := p.file(name)
	if err != nil {
		return "", err
	}
	if fi, err := os.Lstat(path); err != nil || !fi.Mode().IsRegular() {
		return "", fmt.Errorf("%w: %s", ErrNoProfile, name)
	}
	return path, nil
}

// Rename gives the profile from the name to.
func (p Profiles) Rename(from, to string) error {
	old, err := p.existing(from)
	if err != nil {
		return err
	}
	path, err := p.file(to)
	if err != nil {
		return err
	}
	if _, err := os.Lstat(path); err == nil && !strings.EqualFold(from, to) {
		return fmt.Errorf("settings: there is already a profile %s", to)
	}
	if err := os.Rename(old, path); err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	return nil
}

// Delete removes the profile name.
func (p Profiles) Delete(name string) error {
	path, err := p.existing(name)
	if err != nil {
		return err
	}
	if err := os.Remove(path); err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	return nil
}

// ExportAll writes every profile to one TOML file: a table per profile,
// [NAME.SECTION] with the profile's settings.
func (p Profiles) ExportAll(path string) (int, error) {
	names, err := p.Names()
	if err != nil {
		return 0, err
	}
	all := map[string]any{}
	for _, name := range names {
		file, _ := p.file(name)
		var doc map[string]any
		if _, err := toml.DecodeFile(file, &doc); err != nil {
			return 0, fmt.Errorf("settings: profile %s: %w", name, err)
		}
		all[name] = doc
	}
	var out bytes.Buffer
	if err := toml.NewEncoder(&out).Encode(all); err != nil {
		return 0, fmt.Errorf("settings: %w", err)
	}
	return len(names), atomicfile.Write(path, out.Bytes(), atomicfile.PrivateFile)
}

// ImportAll adds the profiles of a file ExportAll wrote, replacing those of
// the same names, and returns their names. Nothing is written unless every
// profile in it can be.
func (p Profiles) ImportAll(path string) ([]string, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("settings: %w", err)
	}
	if !fi.Mode().IsRegular() || fi.Size() > profileFileLimit {
		return nil, fmt.Errorf("settings: %s is not a profile export", path)
	}
	var all map[string]any
	if _, err := toml.DecodeFile(path, &all); err != nil {
		return nil, fmt.Errorf("settings: %s is not a profile export: %w", path, err)
	}
	files := map[string][]byte{}
	var names []string
	for name, v := range all {
		doc, ok := v.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("settings: %s is not a profile export: %s is not a table", path, name)
		}
		if _, err := p.file(name); err != nil {
			return nil, err
		}
		var out bytes.Buffer
		if err := toml.NewEncoder(&out).Encode(doc); err != nil {
			return nil, fmt.Errorf("settings: profile %s: %w", name, err)
		}
		files[name] = out.Bytes()
		names = append(names, name)
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("settings: %s has no profiles", path)
	}
	sort.Strings(names)
	if err := os.MkdirAll(p.Dir, atomicfile.PrivateDir); err != nil {
		return nil, fmt.Errorf("settings: %w", err)
	}
	for _, name := range names {
		file, _ := p.file(name)
		if err := atomicfile.Write(file, files[name], atomicfile.PrivateFile); err != nil {
			return nil, err
		}
	}
	return names, nil
}

// A ProfileFile is a profile's file as it stands: its text, and when it
// was last changed.
type ProfileFile struct {
	Name     string
	Text     []byte
	Modified time.Time
}

// Files reads every profile's file, sorted by name.
func (p Profiles) Files() ([]ProfileFile, error) {
	names, err := p.Names()
	if err != nil {
		return nil, err
	}
	out := make([]ProfileFile, 0, len(names))
	for _, name := range names {
		file, _ := p.file(name)
		fi, err := os.Stat(file)
		if err != nil {
			return nil, fmt.Errorf("settings: %w", err)
		}
		if fi.Size() > profileFileLimit {
			return nil, fmt.Errorf("settings: profile %s is too large", name)
		}
		text, err := os.ReadFile(file)
		if err != nil {
			return nil, fmt.Errorf("settings: %w", err)
		}
		out = append(out, ProfileFile{Name: name, Text: text, Modified: fi.ModTime()})
	}
	return out, nil
}

// Put writes f as the profile f.Name, atomically, replacing one of that
// name, and dates it f.Modified (a profile that arrives from elsewhere
// keeps the time it was saved there). A name a profile cannot have, or a
// text that is not TOML, is refused and nothing is written.
func (p Profiles) Put(f ProfileFile) error {
	path, err := p.file(f.Name)
	if err != nil {
		return err
	}
	if len(f.Text) > profileFileLimit {
		return fmt.Errorf("settings: profile %s is too large", f.Name)
	}
	var doc map[string]any
	if _, err := toml.Decode(string(f.Text), &doc); err != nil {
		return fmt.Errorf("settings: profile %s: %w", f.Name, err)
	}
	if err := os.MkdirAll(p.Dir, atomicfile.PrivateDir); err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	if err := atomicfile.Write(path, f.Text, atomicfile.PrivateFile); err != nil {
		return err
	}
	if err := os.Chtimes(path, f.Modified, f.Modified); err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	return nil
}
