package core

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// Dictation with PocketSphinx, the offline recognizer Debian ships
// (pocketsphinx_continuous and the US English model of
// pocketsphinx-en-us): dictate starts it on the microphone in edit mode,
// dictate again stops it and types what it heard at the cursor as one
// edit. tw downloads nothing: the model comes with its Debian package.
var _ = registerHandlers(func(t *actionTable) {
	handle(t, anytime, map[string]actionHandler{
		"dictate":                  (*App).dictate,
		"download_dictation_model": (*App).downloadDictationModel,
	})
})

// DictationModel is the folder of PocketSphinx's US English model.
const DictationModel = "/usr/share/pocketsphinx/model/en-us"

// DictationProgram is PocketSphinx's recognizer.
const DictationProgram = "pocketsphinx_continuous"

// ErrNoDictation says what dictation lacks.
var ErrNoDictation = errors.New("core: dictation needs pocketsphinx_continuous and its English model: install the Debian packages pocketsphinx and pocketsphinx-en-us")

// DictationCommand is the recognizer's command line for input: "-inmic
// yes" for the microphone, or "-infile" with a 16 kHz mono WAV file.
func DictationCommand(input ...string) (*exec.Cmd, error) {
	prog, err := exec.LookPath(DictationProgram)
	if err != nil {
		return nil, ErrNoDictation
	}
	if _, err := os.Stat(filepath.Join(DictationModel, "en-us")); err != nil {
		return nil, ErrNoDictation
	}
	args := append([]string{"-logfn", "/dev/null"}, input...)
	return exec.Command(prog, args...), nil
}

// dictation is a recognizer at work: its lines heard, and its end.
type dictation struct {
	cmd   *exec.Cmd
	mu    sync.Mutex
	heard []string
	done  chan error
}

// dictate starts or stops dictation.
func (a *App) dictate() {
	if d := a.dictating; d != nil {
		a.dictating = nil
		a.finishDictation(d)
		return
	}
	if !a.editing {
		a.say(a.tr("Dictation types at the cursor in edit mode: turn on edit mode first."))
		return
	}
	cmd, err := DictationCommand("-inmic", "yes")
	if err != nil {
		a.sayError(a.tr("Dictation needs pocketsphinx_continuous and its English model: install the Debian packages pocketsphinx and pocketsphinx-en-us."))
		return
	}
	d := &dictation{cmd: cmd, done: make(chan error, 1)}
	out, err := cmd.StdoutPipe()
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err == nil {
		err = cmd.Start()
	}
	if err != nil {
		a.sayError(a.tr("Could not start dictation: %v", err))
		return
	}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if line := strings.TrimSpace(sc.Text()); line != "" {
				d.mu.Lock()
				d.heard = append(d.heard, line)
				d.mu.Unlock()
			}
		}
		err := cmd.Wait()
		if err != nil && stderr.Len() > 0 {
			err = fmt.Errorf("%w: %s", err, lastLine(stderr.String()))
		}
		d.done <- err
	}()
	a.dictating = d
	a.say(a.tr("Dictating from the microphone; dictate again types what was heard."))
}

// finishDictation stops the recognizer, waits for its last words (ten
// seconds at most) and types them at the cursor.
func (a *App) finishDictation(d *dictation) {
	_ = d.cmd.Process.Signal(os.Interrupt)
	var err error
	select {
	case err = <-d.done:
	case <-time.After(10 * time.Second):
		_ = d.cmd.Process.Kill()
		err = <-d.done
	}
	d.mu.Lock()
	text := strings.Join(d.heard, " ")
	d.mu.Unlock()
	switch {
	case text == "" && err != nil && !strings.Contains(err.Error(), "interrupt"):
		a.sayError(a.tr("Dictation stopped without words: %v", err))
	case text == "":
		a.say(a.tr("Dictation stopped; nothing was heard."))
	case !a.editing:
		a.say(a.tr("Dictation heard %s, but edit mode is off, so nothing was typed.", text))
	default:
		a.insert(text)
		a.say(a.tr("Typed: %s", text))
	}
}

// lastLine is the last line of s that is not blank.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

// downloadDictationModel says where the dictation model is, its size and
// license, or which Debian package installs it: tw downloads nothing.
func (a *App) downloadDictationModel() {
	var size int64
	_ = filepath.Walk(DictationModel, func(_ string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			size += info.Size()
		}
		return nil
	})
	if size == 0 {
		a.sayError(a.tr("The dictation model is not installed, and tw downloads nothing itself: install the Debian package pocketsphinx-en-us."))
		return
	}
	a.say(a.tr("The dictation model is installed in %s: %s MB, US English, BSD license, from the Debian package pocketsphinx-en-us. Nothing to download.",
		DictationModel, fmt.Sprintf("%.1f", float64(size)/1e6)))
}
