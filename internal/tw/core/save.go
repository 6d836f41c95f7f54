package core

import (
	"bytes"
	"crypto/sha256"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode"

	"textfirst/internal/atomicfile"
)

// Saving respects the file system and other programs: a file changed on
// disk since it was read is not overwritten without asking, a symbolic
// link is written through to its target (atomicfile.Write), names that
// are folders or hold control or text-direction characters are refused,
// and every line keeps the ending it had.

// diskStamp is what was on disk when the source was read or last saved.
type diskStamp struct {
	known   bool
	size    int64
	modTime time.Time
	sum     [sha256.Size]byte
}

func stampOf(path string, data []byte) diskStamp {
	fi, err := os.Stat(path)
	if err != nil {
		return diskStamp{}
	}
	return diskStamp{known: true, size: fi.Size(), modTime: fi.ModTime(), sum: sha256.Sum256(data)}
}

// changedOnDisk reports whether another program changed the file at path
// since the editor read or saved it: its time or size differ, and so does
// its content (a touch alone is no change). A file that is gone is no
// conflict: saving writes it again.
func (es *editState) changedOnDisk(path string) bool {
	if !es.disk.known || path != es.path {
		return false
	}
	fi, err := os.Stat(path)
	if err != nil {
		return false
	}
	if fi.Size() == es.disk.size && fi.ModTime().Equal(es.disk.modTime) {
		return false
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return true
	}
	return sha256.Sum256(data) != es.disk.sum
}

// staleTempAge is how old a temporary file of an interrupted save must
// be before opening the document sweeps it away.
const staleTempAge = 10 * time.Minute

// sweepTemps removes what killed saves left beside the document (and
// beside the file a link points to).
func (a *App) sweepTemps(path string) {
	n := atomicfile.SweepStale(path, staleTempAge)
	if target, err := atomicfile.Target(path); err == nil && target != path {
		n += atomicfile.SweepStale(target, staleTempAge)
	}
	if n > 0 {
		a.opts.Logger.Printf("removed %d stale temporary files beside %s", n, path)
	}
}

// lineEndings reads the ending of each line of raw ("\r\n" or "\n") and
// returns the text with "\n" only.
func lineEndings(raw []byte) (text []byte, eols []bool) {
	if !bytes.Contains(raw, []byte("\r\n")) {
		return raw, make([]bool, bytes.Count(raw, []byte("\n")))
	}
	out := make([]byte, 0, len(raw))
	for i := 0; i < len(raw); i++ {
		if raw[i] == '\r' && i+1 < len(raw) && raw[i+1] == '\n' {
			continue
		}
		if raw[i] == '\n' {
			eols = append(eols, i > 0 && raw[i-1] == '\r')
		}
		out = append(out, raw[i])
	}
	return out, eols
}

// endingsFor gives each line break of text an ending: lines the edits did
// not touch (the unchanged lines at the start and at the end) keep theirs,
// new lines take the ending most lines of the file had. It returns the
// endings (true: CRLF) and the text to write.
func endingsFor(saved string, eols []bool, text string) ([]bool, string) {
	crlf := 0
	for _, e := range eols {
		if e {
			crlf++
		}
	}
	if crlf == 0 {
		return make([]bool, strings.Count(text, "\n")), text
	}
	usual := crlf*2 >= len(eols)
	oldLines := strings.Split(saved, "\n")
	newLines := strings.Split(text, "\n")
	ob, nb := len(oldLines)-1, len(newLines)-1
	k := 0
	for k < ob && k < nb && oldLines[k] == newLines[k] {
		k++
	}
	m := 0
	for m < ob-k && m < nb-k && oldLines[ob-m] == newLines[nb-m] {
		m++
	}
	out := make([]bool, nb)
	var b strings.Builder
	b.Grow(len(text) + nb)
	for i, line := range newLines {
		b.WriteString(line)
		if i == nb {
			break
		}
		switch {
		case i < k && i < len(eols):
			out[i] = eols[i]
		case i >= nb-m && i-nb+ob >= 0 && i-nb+ob < len(eols):
			out[i] = eols[i-nb+ob]
		default:
			out[i] = usual
		}
		if out[i] {
			b.WriteString("\r\n")
		} else {
			b.WriteByte('\n')
		}
	}
	return out, b.String()
}

// badSaveName says why name (as typed) cannot be saved to, or "".
func (a *App) badSaveName(name string) string {
	for _, r := range name {
		switch {
		case unicode.IsControl(r):
			return a.tr("File names cannot hold control characters such as new lines or tabs.")
		case isBidiControl(r):
			return a.tr("File names cannot hold characters that change the text direction.")
		}
	}
	base := filepath.Base(name)
	if base == "." || base == ".." || strings.HasSuffix(name, "/") || strings.HasSuffix(name, string(filepath.Separator)) {
		return a.tr("%s is a folder, not a file name.", name)
	}
	return ""
}

// isBidiControl reports the characters that reorder displayed text
// (embeddings, overrides, isolates, marks): a name holding one can show
// as another name.
func isBidiControl(r rune) bool {
	switch {
	case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069:
		return true
	case r == 0x200E, r == 0x200F, r == 0x061C:
		return true
	}
	return false
}

// saveSourceThen saves the source to path and runs done when it is saved.
// When another program changed the file since it was read, it asks first
// (a yes-or-no question of action, so "action save confirm true" answers
// it); no keeps the file and the edits as they are.
func (a *App) saveSourceThen(action, path string, done func()) {
	if a.edit.changedOnDisk(path) {
		a.ask(action, a.tr("%s changed on disk since it was opened. Overwrite it? y or n", filepath.Base(path)), func() {
			if a.saveSource(path) {
				if done != nil {
					done()
				}
				a.previewSaved()
			}
		})
		return
	}
	if a.saveSource(path) {
		if done != nil {
			done()
		}
		a.previewSaved()
	}
}
