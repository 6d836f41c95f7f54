// Package speechtest starts the services the speech tests need — a private
// PulseAudio server with a null sink (a real-time audio clock without a sound
// card) and a private speech-dispatcher — and stops them when the test ends.
// Nothing is shared with the user's own session.
package speechtest

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"textfirst/internal/testkit"
)

// StartPulse starts PulseAudio with a null sink and points PULSE_SERVER at
// it for the rest of the test. It fails the test when PulseAudio is missing.
func StartPulse(t testing.TB) string {
	t.Helper()
	bin := testkit.Tool(t, "pulseaudio", "scripts/deps-speech.sh")
	dir := t.TempDir()
	run := filepath.Join(dir, "run")
	home := filepath.Join(dir, "home")
	for _, d := range []string{filepath.Join(run, "pulse"), home} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	sock := filepath.Join(run, "pulse", "native")
	cmd := exec.Command(bin, "-n", "--daemonize=no", "--exit-idle-time=-1", "--system=false",
		"--use-pid-file=no", "--disallow-module-loading=no",
		"-L", "module-null-sink sink_name=twnull",
		"-L", "module-native-protocol-unix auth-anonymous=1 socket="+sock,
		"--log-target=file:"+filepath.Join(dir, "pulse.log"))
	cmd.Env = append(os.Environ(), "XDG_RUNTIME_DIR="+run, "PULSE_RUNTIME_PATH="+filepath.Join(run, "pulse"), "HOME="+home)
	if err := cmd.Start(); err != nil {
		t.Fatalf("cannot start pulseaudio: %v", err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	waitSocket(t, sock, "pulseaudio", filepath.Join(dir, "pulse.log"))
	server := "unix:" + sock
	t.Setenv("PULSE_SERVER", server)
	return server
}

// SinkOfStreams is the name of the sink every stream of the sound server
// of StartPulse plays on, from pactl; "" when they are not all on one.
func SinkOfStreams(t testing.TB) string {
	t.Helper()
	names := map[string]string{}
	out, err := exec.Command("pactl", "list", "short", "sinks").Output()
	if err != nil {
		t.Fatalf("pactl list short sinks (Debian package pulseaudio-utils): %v", err)
	}
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if f := strings.Fields(l); len(f) >= 2 {
			names[f[0]] = f[1]
		}
	}
	out, err = exec.Command("pactl", "list", "short", "sink-inputs").Output()
	if err != nil {
		t.Fatalf("pactl list short sink-inputs: %v", err)
	}
	on := ""
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(l)
		if len(f) < 2 {
			continue
		}
		if on != "" && names[f[1]] != on {
			return ""
		}
		on = names[f[1]]
	}
	return on
}

// AddNullSink adds a null sink called name to the sound server of
// StartPulse: a second sound card.
func AddNullSink(t testing.TB, name string) {
	t.Helper()
	if out, err := exec.Command("pactl", "load-module", "module-null-sink", "sink_name="+name).CombinedOutput(); err != nil {
		t.Fatalf("pactl load-module (Debian package pulseaudio-utils): %v %s", err, out)
	}
}

// StartSpeechd starts speech-dispatcher with the espeak-ng module, playing
// through the PulseAudio server of StartPulse, and points SPEECHD_ADDRESS at
// it for the rest of the test.
func StartSpeechd(t testing.TB, pulseServer string) string {
	t.Helper()
	return StartSpeechdModules(t, pulseServer, "espeak-ng")
}

// StartSpeechdModules starts speech-dispatcher with the output modules
// named (the first is the default), each with Debian's configuration; the
// festival module gets its own festival server on a free port. It points
// SPEECHD_ADDRESS at the daemon and returns the folder holding its socket,
// pid file and logs.
func StartSpeechdModules(t testing.TB, pulseServer string, modules ...string) string {
	t.Helper()
	bin := testkit.Tool(t, "speech-dispatcher", "scripts/deps-speech.sh")
	dir := t.TempDir()
	conf := filepath.Join(dir, "conf")
	if err := os.MkdirAll(filepath.Join(conf, "modules"), 0o700); err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(dir, "log"), 0o700)
	lines := []string{`AudioOutputMethod "pulse"`, `LogLevel 0`, `DefaultModule ` + modules[0]}
	for _, m := range modules {
		modconf := "/etc/speech-dispatcher/modules/" + m + ".conf"
		data, err := os.ReadFile(modconf)
		if err != nil {
			t.Fatalf("the %s module of speech-dispatcher is not installed (%v): run scripts/deps-speech.sh", m, err)
		}
		if _, err := os.Stat("/usr/lib/speech-dispatcher-modules/sd_" + m); err != nil {
			t.Fatalf("the %s module of speech-dispatcher is not installed (%v): run scripts/deps-speech.sh", m, err)
		}
		if m == "festival" {
			port := startFestival(t, dir)
			data = append(data, fmt.Sprintf("\nFestivalServerHost \"127.0.0.1\"\nFestivalServerPort %d\n", port)...)
		}
		os.WriteFile(filepath.Join(conf, "modules", m+".conf"), data, 0o600)
		lines = append(lines, fmt.Sprintf("AddModule %q \"sd_%s\" \"%s.conf\"", m, m, m))
	}
	os.WriteFile(filepath.Join(conf, "speechd.conf"), []byte(strings.Join(lines, "\n")+"\n"), 0o600)
	sock := filepath.Join(dir, "speechd.sock")
	cmd := exec.Command(bin, "-s", "-t", "0", "-C", conf, "-S", sock, "-P", filepath.Join(dir, "speechd.pid"), "-L", filepath.Join(dir, "log"))
	logf, _ := os.Create(filepath.Join(dir, "stderr.log"))
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.Env = append(os.Environ(), "PULSE_SERVER="+pulseServer, "HOME="+dir)
	if err := cmd.Start(); err != nil {
		t.Fatalf("cannot start speech-dispatcher: %v", err)
	}
	t.Cleanup(func() {
		resume(cmd.Process) // a test may have stopped it
		cmd.Process.Kill()
		cmd.Wait()
		logf.Close()
		// The modules are children of speech-dispatcher; they exit when their pipes close.
	})
	waitSocket(t, sock, "speech-dispatcher", filepath.Join(dir, "stderr.log"))
	t.Setenv("SPEECHD_ADDRESS", "unix_socket:"+sock)
	Daemons.Store(dir, cmd.Process)
	return dir
}

// Daemons maps the folder StartSpeechdModules returned to the daemon's
// process, for tests that stop or kill it.
var Daemons sync.Map

// startFestival starts a festival server on a free local port.
func startFestival(t testing.TB, dir string) int {
	t.Helper()
	bin := testkit.Tool(t, "festival", "scripts/deps-speech.sh")
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	scm := filepath.Join(dir, "festival.scm")
	os.WriteFile(scm, []byte(fmt.Sprintf("(set! server_port %d)\n(set! server_access_list '(\"localhost\" \"127.0.0.1\" \"localhost.localdomain\"))\n", port)), 0o600)
	cmd := exec.Command(bin, "--server", scm)
	logf, _ := os.Create(filepath.Join(dir, "festival.log"))
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		t.Fatalf("cannot start festival: %v", err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		logf.Close()
	})
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port)); err == nil {
			c.Close()
			return port
		}
		time.Sleep(20 * time.Millisecond)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "festival.log"))
	t.Fatalf("festival did not listen on port %d within 10 s: %s", port, data)
	return 0
}

func waitSocket(t testing.TB, sock, what, log string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if c, err := net.Dial("unix", sock); err == nil {
			c.Close()
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	data, _ := os.ReadFile(log)
	if len(data) > 2000 {
		data = data[len(data)-2000:]
	}
	t.Fatalf("%s did not open %s within 10 s; log:\n%s", what, sock, data)
}
