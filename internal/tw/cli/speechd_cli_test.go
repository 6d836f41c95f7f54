//go:build linux

package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"textfirst/internal/tw/speech/speechtest"
)

// With no daemon where SPEECHD_ADDRESS points, every speech-dispatcher
// command says so within a second: backends marks it unavailable with the
// reason, voices and speak fail with it (never a hang, never espeak's voices
// or espeak's voice instead).
func TestSpeechdMissingIsSaid(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "gone.sock")
	t.Setenv("SPEECHD_ADDRESS", "unix_socket:"+sock)
	why := "speech-dispatcher is not running at " + sock
	start := time.Now()
	code, out, _ := call(Backends, "")
	if code != 0 || !strings.Contains(out, "speechd — Speech Dispatcher; not available: "+why) {
		t.Errorf("backends: exit %d:\n%s", code, out)
	}
	for _, args := range [][]string{
		{Voices, "--backend", "speechd"},
		{Speak, "Hello there.", "--backend", "speechd"},
	} {
		code, out, errs := call(args[0], "", args[1:]...)
		want := "Error: tw " + args[0] + ": "
		if code != 1 || out != "" || !strings.HasPrefix(errs, want) || !strings.Contains(errs, "speech engine speechd is not available here: "+why) || strings.Contains(errs, "using espeak") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
	if took := time.Since(start); took > 3*time.Second {
		t.Errorf("three commands against a missing daemon took %v", took)
	}
}

// With a daemon running three modules, backends names them, voices lists
// them module by module, and speak uses the module and voice asked for.
func TestSpeechdThreeModules(t *testing.T) {
	pulse := speechtest.StartPulse(t)
	speechtest.StartSpeechdModules(t, pulse, "espeak-ng", "flite", "festival")
	code, out, _ := call(Backends, "")
	if code != 0 || !strings.Contains(out, "speechd — Speech Dispatcher; available (running; output modules: espeak-ng, flite, festival)") {
		t.Errorf("backends: exit %d:\n%s", code, out)
	}
	code, out, errs := call(Voices, "", "--backend", "speechd")
	// Module by module: the order in which modules first appear.
	var order []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		m, _, _ := strings.Cut(l, ":")
		if len(order) == 0 || order[len(order)-1] != m {
			order = append(order, m)
		}
	}
	if code != 0 || strings.Join(order, ",") != "espeak-ng,flite,festival" ||
		!strings.Contains(out, "\nflite:kal16\tkal16\t(en)\n") || !strings.Contains(out, "\nfestival:kal_diphone\tkal_diphone\t(en-US)\n") ||
		!strings.Contains(errs, "flite 1, festival 1)") {
		t.Errorf("voices: exit %d, modules %q, stderr %q", code, order, errs)
	}
	code, out, errs = call(Voices, "", "--backend", "speechd", "--module", "festival", "--json")
	var v struct {
		Backend string
		Voices  []struct{ ID, Module, Language, Variant string }
	}
	if code != 0 || json.Unmarshal([]byte(out), &v) != nil || v.Backend != "speechd" || v.Voices[0].ID != "festival:kal_diphone" {
		t.Errorf("voices --module festival --json: exit %d, %.300s %q", code, out, errs)
	}
	for _, voice := range []string{"flite:kal16", "festival:en-US", "espeak:en-us", "english america"} {
		code, _, errs = call(Speak, "", "Hi.", "--backend", "speechd", "--voice", voice, "--rate", "400")
		if code != 0 || errs != "" {
			t.Errorf("speak --voice %q: exit %d, %q", voice, code, errs)
		}
	}
	code, _, errs = call(Speak, "", "Hi.", "--backend", "speechd", "--module", "nosuch")
	if code != 1 || !strings.Contains(errs, `speech-dispatcher has no output module "nosuch" (it has espeak-ng, flite, festival)`) {
		t.Errorf("--module nosuch: exit %d, %q", code, errs)
	}
}

// A daemon stopped with SIGSTOP accepts connections and never answers:
// voices and speak say so, each within about a second, never hang.
func TestSpeechdStoppedIsSaid(t *testing.T) {
	dir := speechtest.StartSpeechdModules(t, speechtest.StartPulse(t), "espeak-ng")
	pv, _ := speechtest.Daemons.Load(dir)
	proc := pv.(*os.Process)
	if err := proc.Signal(syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	defer proc.Signal(syscall.SIGCONT)
	for _, args := range [][]string{
		{Voices, "--backend", "speechd"},
		{Speak, "Hello there.", "--backend", "speechd"},
	} {
		start := time.Now()
		code, _, errs := call(args[0], "", args[1:]...)
		took := time.Since(start)
		if code != 1 || !strings.Contains(errs, "speech engine speechd is not available here: speech-dispatcher did not answer") {
			t.Errorf("%q: exit %d, %q", args, code, errs)
		}
		if took > 2500*time.Millisecond {
			t.Errorf("%q took %v against a stopped daemon", args, took)
		}
	}
}
