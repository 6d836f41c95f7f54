// Package speechtest starts the services the speech tests need — a private
// PulseAudio server with a null sink (a real-time audio clock without a sound
// card) and a private speech-dispatcher — and stops them when the test ends.
// Nothing is shared with the user's own session.
package speechtest

import (
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// StartPulse starts PulseAudio with a null sink and points PULSE_SERVER at
// it for the rest of the test. It fails the test when PulseAudio is missing.
func StartPulse(t testing.TB) string {
	t.Helper()
	bin, err := exec.LookPath("pulseaudio")
	if err != nil {
		t.Fatalf("pulseaudio is not installed: run scripts/deps-speech.sh")
	}
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

// StartSpeechd starts speech-dispatcher with the espeak-ng module, playing
// through the PulseAudio server of StartPulse, and points SPEECHD_ADDRESS at
// it for the rest of the test.
func StartSpeechd(t testing.TB, pulseServer string) {
	t.Helper()
	bin, err := exec.LookPath("speech-dispatcher")
	if err != nil {
		t.Fatalf("speech-dispatcher is not installed: run scripts/deps-speech.sh")
	}
	modconf := "/etc/speech-dispatcher/modules/espeak-ng.conf"
	if _, err := os.Stat(modconf); err != nil {
		t.Fatalf("the espeak-ng module of speech-dispatcher is not installed: run scripts/deps-speech.sh")
	}
	dir := t.TempDir()
	conf := filepath.Join(dir, "conf")
	if err := os.MkdirAll(filepath.Join(conf, "modules"), 0o700); err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(dir, "log"), 0o700)
	data, err := os.ReadFile(modconf)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(conf, "modules", "espeak-ng.conf"), data, 0o600)
	os.WriteFile(filepath.Join(conf, "speechd.conf"), []byte(strings.Join([]string{
		`AudioOutputMethod "pulse"`,
		`AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"`,
		`DefaultModule espeak-ng`,
		`LogLevel 0`,
		""}, "\n")), 0o600)
	sock := filepath.Join(dir, "speechd.sock")
	cmd := exec.Command(bin, "-s", "-t", "0", "-C", conf, "-S", sock, "-P", filepath.Join(dir, "speechd.pid"), "-L", filepath.Join(dir, "log"))
	logf, _ := os.Create(filepath.Join(dir, "stderr.log"))
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.Env = append(os.Environ(), "PULSE_SERVER="+pulseServer, "HOME="+dir)
	if err := cmd.Start(); err != nil {
		t.Fatalf("cannot start speech-dispatcher: %v", err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		logf.Close()
		// The module is a child of speech-dispatcher; it exits when its pipe closes.
	})
	waitSocket(t, sock, "speech-dispatcher", filepath.Join(dir, "stderr.log"))
	t.Setenv("SPEECHD_ADDRESS", "unix_socket:"+sock)
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
