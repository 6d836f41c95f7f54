package cite

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// A Format is a file format references are read from.
type Format string

const (
	BibTeX  Format = "bibtex"
	RIS     Format = "ris"
	CSLJSON Format = "csl-json"
)

// FormatOf tells a file's format by its name (.bib, .ris, .json), else
// by its first characters: "[" or "{" is CSL-JSON, "TY  -" RIS, "@"
// BibTeX; "" when it is none of them.
func FormatOf(name string, data []byte) Format {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".bib", ".bibtex", ".biblatex":
		return BibTeX
	case ".ris":
		return RIS
	case ".json", ".csljson":
		return CSLJSON
	}
	head := bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\ufeff")))
	switch {
	case bytes.HasPrefix(head, []byte("[")) || bytes.HasPrefix(head, []byte("{")):
		return CSLJSON
	case bytes.HasPrefix(head, []byte("TY  -")) || bytes.Contains(head, []byte("\nTY  -")):
		return RIS
	case bytes.Contains(head, []byte("@")):
		return BibTeX
	}
	return ""
}

// Read reads references of the format given.
func Read(format Format, data []byte) ([]Reference, error) {
	switch format {
	case BibTeX:
		return ReadBibTeX(data)
	case RIS:
		return ReadRIS(data)
	case CSLJSON:
		return ReadCSLJSON(data)
	}
	return nil, fmt.Errorf("cite: not a BibTeX, RIS or CSL-JSON file")
}

// FileLimit bounds the size of a file of references: far above any real
// library, so a wrong file named cannot fill the memory.
const FileLimit = 256 << 20

// ReadFile reads the references of a BibTeX, RIS or CSL-JSON file. The
// references read are returned with the error of entries that were not.
func ReadFile(path string) ([]Reference, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("cite: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, FileLimit+1))
	if err != nil {
		return nil, fmt.Errorf("cite: %w", err)
	}
	if len(data) > FileLimit {
		return nil, fmt.Errorf("cite: %s is larger than %d MiB", path, FileLimit>>20)
	}
	return Read(FormatOf(path, data), data)
}
