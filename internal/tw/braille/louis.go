// Package braille reads and writes braille through liblouis, the
// translator every braille tool uses: text to and from braille ASCII in a
// liblouis table (Unified English Braille grade 2 by default), and BRF
// files laid out in pages as transcribers lay them out.
//
// liblouis runs as its command-line tool lou_translate (Debian's
// liblouis-bin, with the tables of liblouis-data), one process per
// document, under a time limit and with its output capped.
package braille

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// DefaultTable is the table used when none is chosen: Unified English
// Braille, grade 2 (contracted). en-ueb-g1.ctb is grade 1.
const DefaultTable = "en-ueb-g2.ctb"

// Tool is liblouis's command-line translator.
const Tool = "lou_translate"

// Limits of one run of the tool: its time, its output, and its address
// space where prlimit (util-linux) is installed.
var (
	toolTimeout = 2 * time.Minute
	maxOutput   = 256 << 20
)

const toolMemory = 2 << 30

// ErrNoLiblouis is returned when lou_translate is not installed.
var ErrNoLiblouis = errors.New("braille: lou_translate is not installed (Debian package liblouis-bin)")

// tableDirs are where liblouis finds its tables: LOUIS_TABLEPATH, then
// Debian's folder.
func tableDirs() []string {
	var dirs []string
	for _, d := range filepath.SplitList(os.Getenv("LOUIS_TABLEPATH")) {
		if d != "" {
			dirs = append(dirs, d)
		}
	}
	return append(dirs, "/usr/share/liblouis/tables")
}

// InstalledTables lists the translation tables installed (.ctb and .utb
// files), sorted.
func InstalledTables() []string {
	seen := map[string]bool{}
	var out []string
	for _, d := range tableDirs() {
		entries, _ := os.ReadDir(d)
		for _, e := range entries {
			n := e.Name()
			if (strings.HasSuffix(n, ".ctb") || strings.HasSuffix(n, ".utb")) && !seen[n] {
				seen[n] = true
				out = append(out, n)
			}
		}
	}
	sort.Strings(out)
	return out
}

// UnknownTableError says a table is not installed, and which are.
type UnknownTableError struct {
	Table     string
	Installed []string
}

func (e *UnknownTableError) Error() string {
	if len(e.Installed) == 0 {
		return fmt.Sprintf("braille: no liblouis table %q, and no tables are installed (Debian package liblouis-data)", e.Table)
	}
	return fmt.Sprintf("braille: no liblouis table %q; the installed tables are %s", e.Table, strings.Join(e.Installed, ", "))
}

// CheckTable reports an *UnknownTableError when a table of the
// comma-separated list is neither a file nor installed.
func CheckTable(table string) error {
	for _, t := range strings.Split(table, ",") {
		t = strings.TrimSpace(t)
		if t == "" || strings.ContainsAny(t, "\n\x00") {
			return &UnknownTableError{Table: table, Installed: InstalledTables()}
		}
		if filepath.IsAbs(t) {
			if _, err := os.Stat(t); err == nil {
				continue
			}
		}
		found := false
		for _, d := range tableDirs() {
			if filepath.Base(t) == t {
				if _, err := os.Stat(filepath.Join(d, t)); err == nil {
					found = true
					break
				}
			}
		}
		if !found {
			return &UnknownTableError{Table: t, Installed: InstalledTables()}
		}
	}
	return nil
}

// Translate turns lines of print into lines of braille ASCII in table;
// line i of the result is line i of lines translated.
func Translate(ctx context.Context, lines []string, table string) ([]string, error) {
	return run(ctx, "--forward", lines, table)
}

// BackTranslate turns lines of braille ASCII into print in table.
func BackTranslate(ctx context.Context, lines []string, table string) ([]string, error) {
	return run(ctx, "--backward", lines, table)
}

// run translates lines in one process of the tool, which reads and
// writes a line at a time.
func run(ctx context.Context, direction string, lines []string, table string) ([]string, error) {
	if len(lines) == 0 {
		return nil, nil
	}
	if err := CheckTable(table); err != nil {
		return nil, err
	}
	var in strings.Builder
	for _, l := range lines {
		in.WriteString(strings.NewReplacer("\r", " ", "\n", " ").Replace(l))
		in.WriteByte('\n')
	}
	out, stderr, err := runTool(ctx, Tool, ErrNoLiblouis, in.String(), direction, table)
	if err != nil {
		return nil, err
	}
	got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(got) != len(lines) {
		return nil, fmt.Errorf("braille: %s gave %d lines for %d: %s", Tool, len(got), len(lines), stderr)
	}
	return got, nil
}

// runTool runs the command-line tool name with args and stdin as its
// input, under the time limit, with its output capped and its address
// space limited where prlimit is installed; missing is the error when the
// tool is not installed. It returns the tool's output and its trimmed
// error output.
func runTool(ctx context.Context, name string, missing error, stdin string, args ...string) (string, string, error) {
	bin, err := exec.LookPath(name)
	if err != nil {
		return "", "", missing
	}
	ctx, cancel := context.WithTimeout(ctx, toolTimeout)
	defer cancel()
	prog := bin
	if p, err := exec.LookPath("prlimit"); err == nil {
		prog, args = p, append([]string{"--as=" + strconv.Itoa(toolMemory), "--", bin}, args...)
	}
	cmd := exec.CommandContext(ctx, prog, args...)
	cmd.Stdin = strings.NewReader(stdin)
	cmd.WaitDelay = time.Second
	var stderr bytes.Buffer
	out := &cappedBuffer{max: maxOutput, full: cancel}
	cmd.Stdout, cmd.Stderr = out, &stderr
	err = cmd.Run()
	msg := string(bytes.TrimSpace(stderr.Bytes()))
	switch {
	case out.over || ctx.Err() != nil:
		return "", msg, fmt.Errorf("braille: %s ran past its time or output limit", name)
	case err != nil:
		return "", msg, fmt.Errorf("braille: %s: %w: %s", name, err, msg)
	}
	return out.b.String(), msg, nil
}

// cappedBuffer keeps up to max bytes; past them it calls full (which stops
// the tool) and refuses the rest.
type cappedBuffer struct {
	b    bytes.Buffer
	max  int
	over bool
	full func()
}

func (c *cappedBuffer) Write(p []byte) (int, error) {
	if c.b.Len()+len(p) > c.max {
		c.over = true
		c.full()
		return 0, errors.New("braille: output limit")
	}
	return c.b.Write(p)
}
