// Command windowssmoke drives the Windows builds of windows2text and tw
// under Wine for scripts/windows-smoke.sh: it runs them inside the Wine
// chroot the script prepared (given with -chroot), talks their protocols
// over pipes and fails on the first step that does not hold.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"textfirst/internal/pipecmd"
)

var (
	chroot = flag.String("chroot", "", "the Wine chroot")
	dir    = flag.String("dir", "/opt/smoke", "the folder inside the chroot holding the .exe files")
)

// wineEnv is the environment of every Wine command inside the chroot.
func wineEnv() string {
	debug := ""
	if os.Getenv("WINDOWS2TEXT_UIA_DEBUG") != "" {
		debug = " WINDOWS2TEXT_UIA_DEBUG=1"
	}
	return "export WINEPREFIX=" + *dir + "/prefix WINEDEBUG=-all HOME=" + *dir + " LANG=C.UTF-8" + debug + "; cd " + *dir + "; "
}

// peer is a program speaking line-delimited JSON on its stdin and stdout.
type peer struct {
	name  string
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
	// debug collects the backend's "uia: " diagnostics from stderr
	// (WINDOWS2TEXT_UIA_DEBUG); other stderr lines pass through.
	debugMu sync.Mutex
	debug   []string
}

// debugLines returns the diagnostics collected so far that contain s.
func (p *peer) debugLines(s string) []string {
	p.debugMu.Lock()
	defer p.debugMu.Unlock()
	var out []string
	for _, l := range p.debug {
		if strings.Contains(l, s) {
			out = append(out, l)
		}
	}
	return out
}

func start(name, script string, withX bool) (*peer, error) {
	args := []string{*chroot}
	if withX {
		args = append(args, "xvfb-run", "-a", "-s", "-screen 0 1280x1024x24")
	}
	args = append(args, "sh", "-c", wineEnv()+script)
	cmd := exec.Command("chroot", args...)
	errOut, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	in, out, err := pipecmd.Start(cmd)
	if err != nil {
		return nil, err
	}
	p := &peer{name: name, cmd: cmd, in: in, lines: make(chan string, 100)}
	go func() {
		sc := bufio.NewScanner(errOut)
		for sc.Scan() {
			if l := sc.Text(); strings.HasPrefix(l, "uia: ") && os.Getenv("WINDOWS2TEXT_UIA_DEBUG") == "" {
				p.debugMu.Lock()
				p.debug = append(p.debug, l)
				p.debugMu.Unlock()
			} else {
				fmt.Fprintln(os.Stderr, l)
			}
		}
	}()
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 16<<20)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
	}()
	return p, nil
}

// request sends one request and returns the answer with the same id,
// passing notifications to note.
func (p *peer) request(req map[string]any, timeout time.Duration, note func(map[string]any)) (map[string]any, error) {
	b, _ := json.Marshal(req)
	if _, err := fmt.Fprintf(p.in, "%s\n", b); err != nil {
		return nil, err
	}
	deadline := time.After(timeout)
	for {
		select {
		case line, ok := <-p.lines:
			if !ok {
				return nil, fmt.Errorf("%s exited before answering %s", p.name, b)
			}
			var m map[string]any
			if json.Unmarshal([]byte(line), &m) != nil {
				fmt.Fprintf(os.Stderr, "%s (not JSON): %s\n", p.name, line)
				continue
			}
			if fmt.Sprint(m["id"]) == fmt.Sprint(req["id"]) {
				return m, nil
			}
			if note != nil {
				note(m)
			}
		case <-deadline:
			return nil, fmt.Errorf("%s did not answer %s within %s", p.name, b, timeout)
		}
	}
}

// caller returns call, which sends method with params (nil for none) as
// the next numbered request, with fields added, and returns the answer;
// a request that fails is a failed check (named by prefix and the method)
// and answers an empty map. note sees the notifications in between.
func (p *peer) caller(fields map[string]any, prefix string, note func(map[string]any)) func(method string, params map[string]any) map[string]any {
	id := 0
	return func(method string, params map[string]any) map[string]any {
		id++
		req := map[string]any{"id": id, "method": method}
		maps.Copy(req, fields)
		if params != nil {
			req["params"] = params
		}
		m, err := p.request(req, 60*time.Second, note)
		if err != nil {
			check(false, "%s%s: %v", prefix, method, err)
			return map[string]any{}
		}
		return m
	}
}

// end stops p and the wineserver its program ran under.
func (p *peer) end() {
	p.stop()
	exec.Command("chroot", *chroot, "sh", "-c", wineEnv()+"wineserver -k").Run()
}

func (p *peer) stop() {
	p.in.Close()
	done := make(chan struct{})
	go func() { p.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		p.cmd.Process.Kill()
		<-done
	}
}

var failures int

func check(ok bool, format string, args ...any) {
	status := "ok  "
	if !ok {
		status = "FAIL"
		failures++
	}
	fmt.Printf("%s %s\n", status, fmt.Sprintf(format, args...))
}

func field(m map[string]any, path ...string) any {
	var v any = m
	for _, k := range path {
		mm, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = mm[k]
	}
	return v
}

func errCode(m map[string]any) string { s, _ := field(m, "error", "code").(string); return s }

// find returns the first element of the tree under el with role.
func find(el map[string]any, role string) map[string]any {
	if el == nil {
		return nil
	}
	if el["role"] == role {
		return el
	}
	kids, _ := el["children"].([]any)
	for _, k := range kids {
		if f := find(k.(map[string]any), role); f != nil {
			return f
		}
	}
	return nil
}

func windows2text() error {
	p, err := start("windows2text", "wineboot -i >/dev/null 2>&1; wine notepad >/dev/null 2>&1 & WINDOWS2TEXT_UIA_DEBUG=1 exec wine windows2text.exe serve", true)
	if err != nil {
		return err
	}
	defer p.end()
	call := p.caller(nil, "", nil)
	m := call("ping", nil)
	check(m["ok"] == true && field(m, "result", "protocolVersion") == 1.0, "ping answers protocolVersion 1: %v", field(m, "result", "protocolVersion"))

	var hwnd string
	start := time.Now()
	for hwnd == "" && time.Since(start) < 90*time.Second {
		m = call("windows", nil)
		ws, _ := field(m, "result", "windows").([]any)
		for _, w := range ws {
			w := w.(map[string]any)
			if strings.EqualFold(fmt.Sprint(w["app"]), "notepad.exe") {
				hwnd = fmt.Sprint(w["hwnd"])
				check(strings.Contains(fmt.Sprint(w["title"]), "Notepad"), "windows lists notepad (hwnd %s, title %q, pid %v) after %s", hwnd, w["title"], w["pid"], time.Since(start).Round(time.Second))
			}
		}
		if hwnd == "" {
			time.Sleep(time.Second)
		}
	}
	if hwnd == "" {
		check(false, "windows never listed notepad: %v", m)
		return nil
	}

	m = call("snapshot", map[string]any{"scope": "hwnd", "hwnd": hwnd, "maxDepth": 4})
	root, _ := field(m, "result", "root").(map[string]any)
	check(root != nil && root["role"] == "Window" && strings.Contains(fmt.Sprint(root["name"]), "Notepad") && field(m, "result", "app") == "notepad.exe",
		"snapshot of the notepad window: root %v %q, app %v, %v nodes", root["role"], root["name"], field(m, "result", "app"), field(m, "result", "nodeCount"))
	edit := find(root, "Edit")
	check(edit != nil, "the snapshot holds notepad's Edit (%v)", edit)
	// The walk asks for one CacheRequest per subtree first; where UI
	// Automation cannot (Wine), it falls back element by element, on
	// purpose: the backend's diagnostics say which, and the tree above
	// must be whole either way.
	tries := p.debugLines("subtree cache, mode")
	used := p.debugLines("usable true")
	last := "(none)"
	if len(tries) > 0 {
		last = tries[len(tries)-1]
	}
	check(len(tries) > 0, "the snapshot asked for a cache per subtree first; %d of %d tries usable; last: %s", len(used), len(tries), last)
	if edit == nil {
		return nil
	}
	ref := fmt.Sprint(edit["ref"])

	m = call("type_text", map[string]any{"ref": ref, "text": "hello wine"})
	check(m["ok"] == true, "type_text into %s: %v", ref, m)
	check(field(m, "result", "settled") == false, "type_text is not reported settled (Wine takes only the focus handler, which cannot tell): %v", field(m, "result", "settled"))
	var value any
	for t0 := time.Now(); time.Since(t0) < 15*time.Second; time.Sleep(500 * time.Millisecond) {
		s := call("snapshot", map[string]any{"scope": "hwnd", "hwnd": hwnd, "maxDepth": 4})
		r, _ := field(s, "result", "root").(map[string]any)
		if e := find(r, "Edit"); e != nil {
			value = e["value"]
			ref = fmt.Sprint(e["ref"])
			if value == "hello wine" {
				break
			}
		}
	}
	check(value == "hello wine", "the Edit's text read back (WM_GETTEXT) is %q", value)

	m = call("key", map[string]any{"ref": ref, "key": "CTRL+End"})
	check(m["ok"] == true, "key CTRL+End on the Edit: %v", field(m, "error"))
	m = call("click", map[string]any{"ref": ref, "button": "left", "count": 1})
	check(m["ok"] == true, "click on the Edit (no GetClickablePoint in Wine: the bounds' centre): %v", field(m, "error"))
	m = call("snapshot", map[string]any{"scope": "cursor"})
	check(m["ok"] == true && field(m, "result", "root", "role") == "Edit", "cursor scope after the click is the Edit (no ElementFromPoint in Wine: WindowFromPoint): %v %v", field(m, "result", "root", "role"), field(m, "error"))
	pid := 0.0
	for _, v := range []string{"raw", "content"} {
		m = call("snapshot", map[string]any{"scope": "hwnd", "hwnd": hwnd, "view": v, "maxDepth": 4})
		r, _ := field(m, "result", "root").(map[string]any)
		check(find(r, "Edit") != nil, "view %s of the notepad window holds the Edit: %v nodes", v, field(m, "result", "nodeCount"))
		if p, ok := r["pid"].(float64); ok {
			pid = p
		}
	}
	m = call("snapshot", map[string]any{"scope": "process", "pid": pid, "maxDepth": 3})
	r, _ := field(m, "result", "root").(map[string]any)
	check(m["ok"] == true && find(r, "Edit") != nil && field(m, "result", "app") == "notepad.exe", "process scope of pid %v holds the Edit: %v", pid, field(m, "error"))
	ref = fmt.Sprint(find(r, "Edit")["ref"])
	m = call("invoke", map[string]any{"ref": ref})
	check(errCode(m) == "unsupported_pattern", "invoke on the Edit gives unsupported_pattern: %v", field(m, "error", "code"))
	m = call("set_value", map[string]any{"ref": ref, "value": "x"})
	check(errCode(m) == "unsupported_pattern", "set_value without a Value pattern (Wine) gives unsupported_pattern: %v", field(m, "error", "code"))
	m = call("toggle", map[string]any{"ref": "s1:e999"})
	check(errCode(m) == "unknown_ref", "a ref of an old snapshot gives unknown_ref: %v", field(m, "error", "code"))
	m = call("frobnicate", nil)
	check(errCode(m) == "unknown_method", "an unknown method gives unknown_method: %v", field(m, "error", "code"))
	m = call("snapshot", map[string]any{"scope": "hwnd"})
	check(errCode(m) == "invalid_params", "scope hwnd without hwnd gives invalid_params: %v", field(m, "error", "code"))
	m = call("snapshot", map[string]any{"scope": "desktop", "maxDepth": 1})
	check(m["ok"] == true && field(m, "result", "root", "name") == "Desktop", "desktop snapshot: %v nodes", field(m, "result", "nodeCount"))
	// The Edit of a window that has gone: stale_element.
	m = call("snapshot", map[string]any{"scope": "hwnd", "hwnd": hwnd, "maxDepth": 4})
	r, _ = field(m, "result", "root").(map[string]any)
	if e := find(r, "Edit"); e != nil {
		ref = fmt.Sprint(e["ref"])
	}
	out, err := exec.Command("chroot", *chroot, "sh", "-c", wineEnv()+"wine taskkill /f /im notepad.exe").CombinedOutput()
	check(err == nil, "taskkill notepad: %v %s", err, strings.TrimSpace(string(out)))
	time.Sleep(2 * time.Second)
	m = call("focus", map[string]any{"ref": ref})
	check(errCode(m) == "stale_element", "focus on the Edit of a closed window gives stale_element: %v", field(m, "error"))
	m = call("shutdown", nil)
	check(m["ok"] == true, "shutdown")
	return nil
}

func tw() error {
	doc := "# Cell biology\n\nCells are the smallest units of life. They grow.\n\n## The nucleus\n\nThe nucleus holds DNA.\n"
	if err := os.WriteFile(*chroot+*dir+"/cells.md", []byte(doc), 0o644); err != nil {
		return err
	}
	// tw's home is %APPDATA%\textweaver: start without one, and find the
	// document's state there afterwards.
	home := *chroot + *dir + "/prefix/drive_c/users/root/AppData/Roaming/textweaver"
	if err := os.RemoveAll(home); err != nil {
		return err
	}
	defer func() {
		states, _ := filepath.Glob(home + "/data/state/documents/*.json")
		check(len(states) == 1, "tw kept the document's state under %%APPDATA%%\\textweaver: %v", states)
	}()
	p, err := start("tw", "exec wine tw.exe serve --stdio --no-speech", false)
	if err != nil {
		return err
	}
	defer p.end()
	var notes []string
	note := func(m map[string]any) {
		if m["method"] == "announcement" {
			notes = append(notes, fmt.Sprint(field(m, "params", "text")))
		}
	}
	call := p.caller(map[string]any{"jsonrpc": "2.0"}, "tw ", note)
	m := call("initialize", nil)
	check(field(m, "result", "server") == "textweaver", "tw initialize: server %v", field(m, "result", "server"))
	// A Windows path with a drive letter and backslashes (Wine's Z: is /).
	path := `Z:` + strings.ReplaceAll(*dir, "/", `\`) + `\cells.md`
	m = call("open", map[string]any{"path": path})
	check(m["error"] == nil && len(notes) > 0 && notes[0] == "Opened Cell biology.", "tw opens %s: %v", path, notes)
	m = call("navigate", map[string]any{"action": "next_sentence"})
	check(m["error"] == nil && len(notes) > 1 && strings.HasPrefix(last(notes), "Cells are the smallest units of life."), "tw navigates to the next sentence: %q", last(notes))
	m = call("navigate", map[string]any{"action": "next_heading"})
	check(m["error"] == nil, "tw navigates to the next heading: %q", last(notes))
	m = call("shutdown", nil)
	check(m["error"] == nil, "tw shutdown")
	// SAPI through COM: SpVoice is made and its vtable reached; Wine's
	// SetInterest is a stub (E_NOTIMPL), so tw reports sapi unavailable
	// with that reason instead of speaking without word events.
	out, err := exec.Command("chroot", *chroot, "sh", "-c", wineEnv()+"wine tw.exe backends").Output()
	line := ""
	for _, l := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(l, "sapi ") {
			line = l
		}
	}
	check(err == nil && strings.Contains(line, "not available: sapi: SetInterest failed with HRESULT 0x80004001"), "tw backends under Wine: %s", line)
	fmt.Fprintf(p.in, `{"jsonrpc":"2.0","method":"exit"}`+"\n")
	return nil
}

func main() {
	flag.Parse()
	if *chroot == "" {
		fmt.Fprintln(os.Stderr, "windowssmoke: -chroot is required")
		os.Exit(2)
	}
	for _, step := range []func() error{windows2text, tw} {
		if err := step(); err != nil {
			check(false, "%v", err)
		}
	}
	if failures > 0 {
		fmt.Printf("windows smoke test: %d failures\n", failures)
		os.Exit(1)
	}
	fmt.Println("windows smoke test: all passed")
}

func last(s []string) string {
	if len(s) == 0 {
		return ""
	}
	return s[len(s)-1]
}
