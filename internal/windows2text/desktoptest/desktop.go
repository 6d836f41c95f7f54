//go:build linux

// Package desktoptest starts a private desktop for tests and benchmarks: an
// Xvfb display, a D-Bus session bus, the AT-SPI accessibility bus and its
// registry, and GTK3 applications on them. Nothing is shared with the
// machine's own desktop: the display is picked free by Xvfb (-displayfd),
// and XDG_RUNTIME_DIR points into a temporary directory so the
// accessibility sockets are private too.
//
// A test package starts one Desktop in TestMain and closes it at the end;
// Close ends every process the desktop started.
package desktoptest

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"

	"textfirst/internal/pipecmd"

	"github.com/godbus/dbus/v5"
)

// Desktop is a running private desktop.
type Desktop struct {
	// Env is the environment that reaches this desktop: DISPLAY,
	// DBUS_SESSION_BUS_ADDRESS, AT_SPI_BUS_ADDRESS, XDG_RUNTIME_DIR.
	Env     []string
	Display string
	// A11yAddress is the accessibility bus address.
	A11yAddress string

	dir  string
	xvfb *exec.Cmd
	dbus *exec.Cmd
	wm   *exec.Cmd
	apps []*App
	// stateFiles counts the test applications started, to name their
	// state files.
	stateFiles int
	a11y       *dbus.Conn
	saved      map[string]*string
}

// App is a GTK application running on the desktop.
type App struct {
	Cmd *exec.Cmd
	PID int
	// StateFile is where the test application records its state (see
	// State); empty for other programs.
	StateFile string
	in        io.WriteCloser
	out       *bufio.Reader
	ended     chan struct{}
}

// Root returns the repository's root directory (where go.mod is).
func Root() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Clean(filepath.Join(filepath.Dir(file), "..", "..", ".."))
}

// AppScript is the path of the GTK3 test application.
func AppScript() string { return filepath.Join(Root(), "testdata", "desktop", "app.py") }

// need checks that a program the desktop uses is installed.
func need(prog, pkg string) error {
	if _, err := exec.LookPath(prog); err != nil {
		return fmt.Errorf("desktoptest: %s is missing: install %s (scripts/deps-desktop.sh)", prog, pkg)
	}
	return nil
}

// Start starts Xvfb, a session bus and the accessibility bus, and waits
// until the AT-SPI registry answers. With setEnv, the process environment
// is pointed at the desktop too (and restored by Close), so that code under
// test finds it the way it would find a real one.
func Start(setEnv bool) (d *Desktop, err error) {
	for _, p := range [][2]string{{"Xvfb", "xvfb"}, {"dbus-daemon", "dbus"}, {"/usr/libexec/at-spi-bus-launcher", "at-spi2-core"}, {"/usr/bin/python3", "python3-gi"}} {
		if err := need(p[0], p[1]); err != nil {
			return nil, err
		}
	}
	dir, err := os.MkdirTemp("", "w2t-desktop-")
	if err != nil {
		return nil, err
	}
	d = &Desktop{dir: dir, saved: map[string]*string{}}
	defer func() {
		if err != nil {
			d.Close()
		}
	}()
	run := filepath.Join(dir, "run")
	if err := os.Mkdir(run, 0o700); err != nil {
		return nil, err
	}

	// Xvfb picks a free display and writes its number to fd 3.
	d.xvfb = exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", "1600x1200x24", "-nolisten", "tcp", "-noreset")
	d.xvfb.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	num, err := StartReporting(d.xvfb, "its display")
	if err != nil {
		return nil, err
	}
	d.Display = ":" + num

	base := cleanEnv(os.Environ())
	base = append(base, "DISPLAY="+d.Display, "XDG_RUNTIME_DIR="+run, "GDK_BACKEND=x11",
		"GSETTINGS_BACKEND=memory", "LANG=C.UTF-8", "LC_ALL=C.UTF-8")

	// The session bus prints its address to fd 3.
	d.dbus = exec.Command("dbus-daemon", "--session", "--nofork", "--nopidfile", "--print-address=3")
	d.dbus.Env = base
	// Its own process group: the services it activates (the
	// accessibility bus launcher, its bus, the registry) join it, and
	// Close ends the group.
	d.dbus.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	sessionAddr, err := StartReporting(d.dbus, "its address")
	if err != nil {
		return nil, err
	}

	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	d.A11yAddress, err = a11yAddress(ctx, sessionAddr)
	if err != nil {
		return nil, err
	}
	d.Env = append(base, "DBUS_SESSION_BUS_ADDRESS="+sessionAddr, "AT_SPI_BUS_ADDRESS="+d.A11yAddress)
	// Wait for the registry, which the accessibility bus starts on demand.
	for {
		conn, err := dbus.Connect(d.A11yAddress)
		if err == nil {
			pctx, pcancel := context.WithTimeout(ctx, 2*time.Second)
			err = conn.Object("org.a11y.atspi.Registry", "/org/a11y/atspi/accessible/root").CallWithContext(pctx, "org.freedesktop.DBus.Peer.Ping", 0).Err
			pcancel()
			if err == nil {
				d.a11y = conn
				break
			}
			conn.Close()
		}
		if ctx.Err() != nil {
			return nil, fmt.Errorf("desktoptest: the AT-SPI registry did not start: %w", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if setEnv {
		for k, v := range map[string]string{"DISPLAY": d.Display, "XDG_RUNTIME_DIR": run, "GDK_BACKEND": "x11",
			"DBUS_SESSION_BUS_ADDRESS": sessionAddr, "AT_SPI_BUS_ADDRESS": d.A11yAddress} {
			if old, ok := os.LookupEnv(k); ok {
				d.saved[k] = &old
			} else {
				d.saved[k] = nil
			}
			os.Setenv(k, v)
		}
		for _, k := range []string{"NO_AT_BRIDGE", "GTK_MODULES"} {
			if old, ok := os.LookupEnv(k); ok {
				d.saved[k] = &old
				os.Unsetenv(k)
			}
		}
	}
	return d, nil
}

// cleanEnv drops the variables that would point at another desktop or
// switch the GTK accessibility bridge off.
func cleanEnv(env []string) []string {
	var out []string
	for _, kv := range env {
		k, _, _ := strings.Cut(kv, "=")
		switch k {
		case "DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS", "XDG_RUNTIME_DIR",
			"NO_AT_BRIDGE", "GTK_MODULES", "GDK_BACKEND", "LANG", "LC_ALL", "GSETTINGS_BACKEND":
			continue
		}
		out = append(out, kv)
	}
	return out
}

func a11yAddress(ctx context.Context, sessionAddr string) (string, error) {
	conn, err := dbus.Connect(sessionAddr)
	if err != nil {
		return "", fmt.Errorf("desktoptest: connecting to the session bus: %w", err)
	}
	defer conn.Close()
	var addr string
	for {
		cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		err = conn.Object("org.a11y.Bus", "/org/a11y/bus").CallWithContext(cctx, "org.a11y.Bus.GetAddress", 0).Store(&addr)
		cancel()
		if err == nil && addr != "" {
			return addr, nil
		}
		if ctx.Err() != nil {
			return "", fmt.Errorf("desktoptest: the accessibility bus did not start: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// StartReporting starts cmd, a daemon that writes what it reports (its
// display, its address) as one line to its fd 3, and returns that line
// without its white space; it waits 15 seconds at most.
func StartReporting(cmd *exec.Cmd, what string) (string, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return "", fmt.Errorf("desktoptest: %w", err)
	}
	defer r.Close()
	cmd.ExtraFiles = []*os.File{w}
	err = cmd.Start()
	w.Close()
	if err != nil {
		return "", fmt.Errorf("desktoptest: starting %s: %w", cmd.Args[0], err)
	}
	line, err := readLineTimeout(r, 15*time.Second)
	if err != nil {
		return "", fmt.Errorf("desktoptest: %s did not report %s: %w", cmd.Args[0], what, err)
	}
	return strings.TrimSpace(line), nil
}

func readLineTimeout(r io.Reader, timeout time.Duration) (string, error) {
	type result struct {
		line string
		err  error
	}
	ch := make(chan result, 1)
	go func() {
		line, err := bufio.NewReader(r).ReadString('\n')
		ch <- result{line, err}
	}()
	select {
	case res := <-ch:
		if res.err != nil && res.line == "" {
			return "", res.err
		}
		return res.line, nil
	case <-time.After(timeout):
		return "", errors.New("timed out")
	}
}

// StartApp runs the GTK3 test application with args and waits until its
// window is shown and registered with AT-SPI.
// The application records its state in a file of the desktop's
// directory, which State reads.
func (d *Desktop) StartApp(args ...string) (*App, error) {
	d.stateFiles++
	state := filepath.Join(d.dir, fmt.Sprintf("app-state-%d.json", d.stateFiles))
	a, err := d.StartProgram("/usr/bin/python3", append([]string{AppScript(), "--state-file", state}, args...)...)
	if err != nil {
		return nil, err
	}
	a.StateFile = state
	return a, nil
}

// State reads the state the test application last recorded: each
// question command's answer by command, {"entry": "entry Ada", ...}. The
// file is brought up to date within 20 ms of a change.
func (a *App) State() (map[string]string, error) {
	if a.StateFile == "" {
		return nil, errors.New("desktoptest: this program records no state")
	}
	data, err := os.ReadFile(a.StateFile)
	if err != nil {
		return nil, fmt.Errorf("desktoptest: reading the application's state: %w", err)
	}
	var st map[string]string
	if err := json.Unmarshal(data, &st); err != nil {
		return nil, fmt.Errorf("desktoptest: the application's state file %s: %w", a.StateFile, err)
	}
	return st, nil
}

// StartProgram runs any GTK program and waits until one of its windows is
// showing in the AT-SPI registry. Programs that print "ready" (the test
// application) are also waited for on their stdout.
func (d *Desktop) StartProgram(prog string, args ...string) (*App, error) {
	return d.StartProgramEnv(nil, prog, args...)
}

// StartProgramEnv is StartProgram with variables added to the desktop's
// environment (QT_ACCESSIBILITY=1, HOME=...).
func (d *Desktop) StartProgramEnv(env []string, prog string, args ...string) (*App, error) {
	cmd := exec.Command(prog, args...)
	cmd.Env = append(slices.Clip(d.Env), env...)
	cmd.Stderr = os.Stderr
	in, out, err := pipecmd.Start(cmd)
	if err != nil {
		return nil, fmt.Errorf("desktoptest: %w", err)
	}
	a := &App{Cmd: cmd, PID: cmd.Process.Pid, in: in, out: bufio.NewReader(out), ended: make(chan struct{})}
	go func() { cmd.Wait(); close(a.ended) }()
	d.apps = append(d.apps, a)
	if prog == "/usr/bin/python3" {
		line, err := a.readLine(30 * time.Second)
		if err != nil || line != "ready" {
			return nil, fmt.Errorf("desktoptest: %s did not start (%q, %v)", strings.Join(args, " "), line, err)
		}
	}
	if err := d.WaitRegistered(a.PID, 30*time.Second); err != nil {
		return nil, err
	}
	return a, nil
}

// WaitRegistered polls the AT-SPI registry until an application with pid
// has a showing window.
func (d *Desktop) WaitRegistered(pid int, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		if d.showing(pid) {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("desktoptest: process %d has no showing window in the AT-SPI registry after %v", pid, timeout)
}

func (d *Desktop) showing(pid int) bool {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	var apps []struct {
		Bus  string
		Path dbus.ObjectPath
	}
	if d.a11y.Object("org.a11y.atspi.Registry", "/org/a11y/atspi/accessible/root").CallWithContext(ctx, "org.a11y.atspi.Accessible.GetChildren", 0).Store(&apps) != nil {
		return false
	}
	for _, app := range apps {
		var p uint32
		if d.a11y.BusObject().CallWithContext(ctx, "org.freedesktop.DBus.GetConnectionUnixProcessID", 0, app.Bus).Store(&p) != nil || int(p) != pid {
			continue
		}
		var wins []struct {
			Bus  string
			Path dbus.ObjectPath
		}
		if d.a11y.Object(app.Bus, app.Path).CallWithContext(ctx, "org.a11y.atspi.Accessible.GetChildren", 0).Store(&wins) != nil {
			return false
		}
		for _, w := range wins {
			var st []uint32
			if d.a11y.Object(w.Bus, w.Path).CallWithContext(ctx, "org.a11y.atspi.Accessible.GetState", 0).Store(&st) == nil &&
				len(st) > 0 && st[0]&(1<<25) != 0 {
				return true
			}
		}
	}
	return false
}

// Command sends one command line to the test application and returns its
// answer.
func (a *App) Command(cmd string) (string, error) {
	if _, err := io.WriteString(a.in, cmd+"\n"); err != nil {
		return "", err
	}
	return a.readLine(10 * time.Second)
}

func (a *App) readLine(timeout time.Duration) (string, error) {
	line, err := readLineTimeout(a.out, timeout)
	return strings.TrimSpace(line), err
}

// Alive reports whether the process is still running.
func (a *App) Alive() bool {
	select {
	case <-a.ended:
		return false
	default:
		return true
	}
}

// Dir is the desktop's temporary directory, removed by Close.
func (d *Desktop) Dir() string { return d.dir }

// Stop ends the application (SIGTERM, then SIGKILL) and waits for it.
func (a *App) Stop() {
	if a.Cmd.Process == nil {
		return
	}
	a.Cmd.Process.Signal(syscall.SIGCONT)
	a.Cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-a.ended:
	case <-time.After(3 * time.Second):
		a.Cmd.Process.Kill()
		<-a.ended
	}
}

// StartWindowManager runs openbox on the desktop and waits until it
// manages the display (it has set _NET_SUPPORTING_WM_CHECK on the root
// window). From then on, windows are placed, decorated and given the
// focus as on a user's desktop; Close ends it.
func (d *Desktop) StartWindowManager() error {
	for _, p := range [][2]string{{"openbox", "openbox"}, {"xprop", "x11-utils"}} {
		if err := need(p[0], p[1]); err != nil {
			return err
		}
	}
	if d.wm != nil {
		return errors.New("desktoptest: a window manager runs already")
	}
	home := filepath.Join(d.dir, "wm-home")
	if err := os.MkdirAll(home, 0o700); err != nil {
		return err
	}
	d.wm = exec.Command("openbox", "--sm-disable")
	d.wm.Env = append(slices.Clip(d.Env), "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"))
	d.wm.Stderr = os.Stderr
	d.wm.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := d.wm.Start(); err != nil {
		d.wm = nil
		return fmt.Errorf("desktoptest: starting openbox: %w", err)
	}
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		cmd := exec.Command("xprop", "-root", "_NET_SUPPORTING_WM_CHECK")
		cmd.Env = d.Env
		if out, err := cmd.Output(); err == nil && strings.Contains(string(out), "window id #") {
			return nil
		}
	}
	return errors.New("desktoptest: openbox did not take the display within 15 s")
}

// Close ends every application, the buses and the display, waits for the
// processes it started, removes the temporary directory, and restores the
// environment Start changed.
func (d *Desktop) Close() {
	for _, a := range d.apps {
		a.Stop()
	}
	if d.a11y != nil {
		d.a11y.Close()
	}
	for _, c := range []*exec.Cmd{d.wm, d.dbus, d.xvfb} {
		if c == nil || c.Process == nil {
			continue
		}
		// The group holds the bus and the services it activated.
		syscall.Kill(-c.Process.Pid, syscall.SIGTERM)
		done := make(chan struct{})
		go func() { c.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(3 * time.Second):
			syscall.Kill(-c.Process.Pid, syscall.SIGKILL)
			<-done
		}
	}
	for k, v := range d.saved {
		if v == nil {
			os.Unsetenv(k)
		} else {
			os.Setenv(k, *v)
		}
	}
	if d.dir != "" {
		os.RemoveAll(d.dir)
	}
}
