//go:build linux

package realapps

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"textfirst/internal/testkit"
	"textfirst/internal/windows2text/desktoptest"
	"textfirst/internal/windows2text/ndjson/ndjsontest"
)

// desk is the private desktop every test of the package shares.
var desk *desktoptest.Desktop

func TestMain(m *testing.M) {
	desktoptest.Main(m, false, func(d *desktoptest.Desktop) (func(), error) {
		desk = d
		return nil, nil
	})
}

// response is one answer of windows2text serve.
type response struct {
	OK     bool           `json:"ok"`
	Result map[string]any `json:"result"`
	Error  struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
	raw []byte
}

// client drives a real "windows2text serve" on the test desktop; its
// requests may come from several goroutines.
type client struct {
	t    testing.TB
	ndjs *ndjsontest.Client
	mu   sync.Mutex
}

func serve(t testing.TB) *client {
	t.Helper()
	cmd := exec.Command(testkit.Binary(t, "windows2text"), "serve")
	cmd.Env = desk.Env
	cmd.Stderr = os.Stderr
	return &client{t: t, ndjs: ndjsontest.Start(t, cmd)}
}

// do sends one request and returns its answer, whatever it says.
func (c *client) do(method string, params map[string]any) response {
	c.t.Helper()
	c.mu.Lock()
	answer := c.ndjs.Call(method, params)
	c.mu.Unlock()
	var r response
	if err := json.Unmarshal(answer, &r); err != nil {
		c.t.Fatalf("%s: %s: %v", method, answer, err)
	}
	r.raw = answer
	return r
}

// ok sends one request that must succeed and returns its result.
func (c *client) ok(method string, params map[string]any) map[string]any {
	c.t.Helper()
	r := c.do(method, params)
	if !r.OK {
		c.t.Fatalf("%s %v: %s", method, params, r.raw)
	}
	return r.Result
}

// target is one target of an observation.
type target struct {
	Ref     string
	Label   string
	Actions []string
}

// observe returns an observation's targets and visible lines.
func (c *client) observe(params map[string]any) (res map[string]any, targets []target, visible []string) {
	c.t.Helper()
	res = c.ok("observe", params)
	for _, v := range res["visible"].([]any) {
		visible = append(visible, v.(string))
	}
	for _, x := range res["targets"].([]any) {
		m := x.(map[string]any)
		tg := target{Ref: m["ref"].(string), Label: m["label"].(string)}
		for _, a := range m["actions"].([]any) {
			tg.Actions = append(tg.Actions, a.(string))
		}
		targets = append(targets, tg)
	}
	return res, targets, visible
}

// lookup returns the first target whose label starts with prefix, and
// whether there is one.
func lookup(targets []target, prefix string) (target, bool) {
	for _, tg := range targets {
		if strings.HasPrefix(tg.Label, prefix) {
			return tg, true
		}
	}
	return target{}, false
}

// find returns the first target whose label starts with prefix; there
// must be one.
func find(t testing.TB, targets []target, prefix string) target {
	t.Helper()
	if tg, ok := lookup(targets, prefix); ok {
		return tg
	}
	var labels []string
	for _, tg := range targets {
		labels = append(labels, tg.Label)
	}
	t.Fatalf("no target %q among:\n%s", prefix, strings.Join(labels, "\n"))
	return target{}
}

// awaitTarget observes with params until a target whose label starts with
// prefix shows, for at most timeout, and returns it (ok) with the targets
// last observed.
func (c *client) awaitTarget(params map[string]any, prefix string, timeout time.Duration) (tg target, targets []target, ok bool) {
	c.t.Helper()
	ok = eventually(timeout, func() bool {
		_, targets, _ = c.observe(params)
		tg, ok = lookup(targets, prefix)
		return ok
	})
	return tg, targets, ok
}

// has reports whether a target offers action.
func (tg target) has(action string) bool { return slices.Contains(tg.Actions, action) }

// start runs a program on the desktop with a home directory of its own,
// and stops it at the end of the test.
func start(t testing.TB, env []string, prog string, args ...string) *desktoptest.App {
	t.Helper()
	home, err := os.MkdirTemp(desk.Dir(), "home-")
	if err != nil {
		t.Fatal(err)
	}
	env = append([]string{"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, ".config"),
		"XDG_CACHE_HOME=" + filepath.Join(home, ".cache"), "XDG_DATA_HOME=" + filepath.Join(home, ".local/share")}, env...)
	app, err := desk.StartProgramEnv(env, prog, args...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(app.Stop)
	return app
}

// serveApp starts prog on the desktop (see start) and a windows2text serve
// to drive it, and returns the application, the client and observe's
// parameters for the application's process.
func serveApp(t testing.TB, env []string, prog string, args ...string) (*desktoptest.App, *client, map[string]any) {
	t.Helper()
	app := start(t, env, prog, args...)
	return app, serve(t), inProcess(app.PID)
}

// inProcess are the parameters of observe or snapshot for process pid.
func inProcess(pid int) map[string]any { return map[string]any{"scope": "process", "pid": pid} }

// eventually retries f until it returns true or timeout passes.
func eventually(timeout time.Duration, f func() bool) bool {
	for deadline := time.Now().Add(timeout); ; time.Sleep(50 * time.Millisecond) {
		if f() {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
	}
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }
