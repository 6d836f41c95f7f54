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

// DictationModels is the folder of Debian's PocketSphinx models, one
// folder each (pocketsphinx-en-us installs en-us, US English): where
// dictation.model_dir, left unset, looks.
const DictationModels = "/usr/share/pocketsphinx/model"

// DictationProgram is PocketSphinx's recognizer.
const DictationProgram = "pocketsphinx_continuous"

// ErrNoDictation says what dictation lacks.
var ErrNoDictation = errors.New("core: dictation needs pocketsphinx_continuous and its English model: install the Debian packages pocketsphinx and pocketsphinx-en-us")

// ErrNoDictationModel is returned when the model dictation.model and
// dictation.model_dir name is not there.
var ErrNoDictationModel = errors.New("core: the dictation model is not there")

// A DictationModel is a PocketSphinx model laid out as Debian lays out
// its own: the folder Dir/Name holds the acoustic model Name/, the
// language model Name.lm.bin and the dictionary cmudict-Name.dict.
type DictationModel struct{ Dir, Name string }

// DictationModelOf is the model of dictation.model and
// dictation.model_dir as setting reads them; unset, Debian's US English.
func DictationModelOf(setting func(path string) string) DictationModel {
	m := DictationModel{Dir: expandHome(setting("dictation.model_dir")), Name: setting("dictation.model")}
	if m.Dir == "" {
		m.Dir = DictationModels
	}
	if m.Name == "" {
		m.Name = "en-us"
	}
	return m
}

// Folder is the model's folder.
func (m DictationModel) Folder() string { return filepath.Join(m.Dir, m.Name) }

// files are the recognizer's flags for the model's three parts.
func (m DictationModel) files() [][2]string {
	f := m.Folder()
	return [][2]string{{"-hmm", filepath.Join(f, m.Name)}, {"-lm", filepath.Join(f, m.Name+".lm.bin")},
		{"-dict", filepath.Join(f, "cmudict-"+m.Name+".dict")}}
}

// DictationCommand is the recognizer's command line for input with model
// m: "-inmic yes" for the microphone, or "-infile" with a 16 kHz mono WAV
// file. A missing recognizer is ErrNoDictation; a missing part of the
// model, an error wrapping ErrNoDictationModel that names it.
func DictationCommand(m DictationModel, input ...string) (*exec.Cmd, error) {
	prog, err := exec.LookPath(DictationProgram)
	if err != nil {
		return nil, ErrNoDictation
	}
	args := []string{"-logfn", "/dev/null"}
	for _, f := range m.files() {
		if _, err := os.Stat(f[1]); err != nil {
			return nil, fmt.Errorf("%w: %s", ErrNoDictationModel, f[1])
		}
		args = append(args, f[0], f[1])
	}
	return exec.Command(prog, append(args, input...)...), nil
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
	m := DictationModelOf(a.opts.Settings.String)
	input := []string{"-inmic", "yes"}
	if a.opts.DictationInput != "" {
		input = []string{"-infile", a.opts.DictationInput}
	}
	cmd, err := DictationCommand(m, input...)
	if errors.Is(err, ErrNoDictationModel) {
		a.sayError(a.tr("The dictation model %s is not in %s: set dictation.model and dictation.model_dir to a PocketSphinx model, or install the Debian package pocketsphinx-en-us.", m.Name, m.Dir))
		return
	}
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
				a.showHeard(d, line)
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

// showHeard shows what the recognizer heard as it comes, while d is the
// dictation at work; with dictation.speak_while_recording it is spoken
// too, else only shown, so that the microphone does not hear tw's voice.
func (a *App) showHeard(d *dictation, line string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.dictating != d || a.closed {
		return
	}
	heard := a.tr("Heard: %s", line)
	if a.opts.Settings.Bool("dictation.speak_while_recording") {
		a.say(heard)
	} else {
		a.record(heard, Polite)
	}
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
	folder := DictationModelOf(a.opts.Settings.String).Folder()
	var size int64
	_ = filepath.Walk(folder, func(_ string, info os.FileInfo, err error) error {
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
		folder, fmt.Sprintf("%.1f", float64(size)/1e6)))
}
