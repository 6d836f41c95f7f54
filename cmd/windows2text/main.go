// Command windows2text turns the desktop's UI tree into text for
// computer-use agents.
//
//	windows2text serve                       the NDJSON helper (stdin/stdout)
//	windows2text windows [--max-nodes N]     list top-level windows
//	windows2text snapshot [options]          print the UI tree
//	windows2text observe [options]           print the actionable elements
//
// Options (the snapshot parameters of the protocol): --scope, --view,
// --max-depth, --max-nodes, --max-text, --visible-only, --pid, --hwnd,
// --max-targets (observe), --include-tree (observe), --json.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"

	"textfirst/internal/windows2text/ndjson"
	"textfirst/internal/windows2text/uitree"
)

// version is the executable's version; release builds set it with
// -ldflags "-X main.version=...".
var version = "0.1.0-dev"

const usage = `usage: windows2text <command> [options]

commands:
  serve       long-lived helper: one JSON request per stdin line, one response per stdout line
  windows     list the top-level windows
  snapshot    capture the UI tree and print it
  observe     capture and print the actionable elements on screen
  version     print the version

options of windows, snapshot and observe:
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is main without the process: it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		newFlags(io.Discard).PrintDefaults()
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "version", "--version", "-version":
		fmt.Fprintln(stdout, "windows2text", version)
		return 0
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		f := newFlags(stdout)
		f.SetOutput(stdout)
		f.PrintDefaults()
		return 0
	case "serve":
		if len(rest) > 0 {
			fmt.Fprintf(stderr, "windows2text: serve takes no arguments\n")
			return 2
		}
		backend, err := newBackend(ctx)
		if err != nil {
			// stderr is for fatal start-up diagnostics only.
			fmt.Fprintf(stderr, "windows2text: %v\n", err)
			return 1
		}
		defer closeBackend(backend)
		if err := ndjson.NewServer(backend, version).Serve(ctx, stdin, stdout); err != nil {
			fmt.Fprintf(stderr, "windows2text: %v\n", err)
			return 1
		}
		return 0
	case "windows", "snapshot", "observe":
		return oneShot(ctx, cmd, rest, stdout, stderr)
	}
	fmt.Fprintf(stderr, "windows2text: unknown command %q\n", cmd)
	fmt.Fprint(stderr, usage)
	return 2
}

// options are the one-shot commands' flags.
type options struct {
	scope, view, hwnd                     string
	maxDepth, maxNodes, maxText, pid, max int
	visibleOnly, json, includeTree        bool
	set                                   map[string]bool
}

func newFlags(out io.Writer) *flag.FlagSet {
	f, _ := flagSet(out)
	return f
}

func flagSet(out io.Writer) (*flag.FlagSet, *options) {
	o := &options{}
	f := flag.NewFlagSet("windows2text", flag.ContinueOnError)
	f.SetOutput(out)
	f.StringVar(&o.scope, "scope", "foreground", "foreground, desktop, cursor, process or hwnd")
	f.StringVar(&o.view, "view", "control", "control, raw or content")
	f.IntVar(&o.maxDepth, "max-depth", uitree.DefaultMaxDepth, "deepest level kept below the root")
	f.IntVar(&o.maxNodes, "max-nodes", uitree.DefaultMaxNodes, "most elements (windows: most windows)")
	f.IntVar(&o.maxText, "max-text", uitree.DefaultMaxText, "most characters of one name or value")
	f.BoolVar(&o.visibleOnly, "visible-only", false, "drop elements that are off screen (observe: always on)")
	f.IntVar(&o.pid, "pid", 0, "process id (implies --scope process)")
	f.StringVar(&o.hwnd, "hwnd", "", "window id from windows (implies --scope hwnd)")
	f.IntVar(&o.max, "max-targets", uitree.DefaultMaxTargets, "observe: most targets")
	f.BoolVar(&o.includeTree, "include-tree", false, "observe: also print the tree")
	f.BoolVar(&o.json, "json", false, "print the protocol's JSON result instead of text")
	return f, o
}

func oneShot(ctx context.Context, cmd string, args []string, stdout, stderr io.Writer) int {
	f, o := flagSet(stderr)
	if err := f.Parse(args); err != nil {
		return 2
	}
	if f.NArg() > 0 {
		fmt.Fprintf(stderr, "windows2text: unexpected argument %q\n", f.Arg(0))
		return 2
	}
	o.set = map[string]bool{}
	f.Visit(func(fl *flag.Flag) { o.set[fl.Name] = true })
	// The one-shot commands build the same parameters a client would
	// send, so the CLI and the protocol check them the same way.
	params := map[string]any{}
	if cmd == "windows" {
		if o.set["max-nodes"] {
			params["maxNodes"] = o.maxNodes
		}
	} else {
		for name, key := range map[string]string{"scope": "scope", "view": "view", "max-depth": "maxDepth",
			"max-nodes": "maxNodes", "max-text": "maxText", "visible-only": "visibleOnly", "pid": "pid", "hwnd": "hwnd"} {
			if o.set[name] {
				params[key] = f.Lookup(name).Value.(flag.Getter).Get()
			}
		}
		// --pid and --hwnd name their scope; saying it again is optional.
		if !o.set["scope"] {
			switch {
			case o.set["pid"]:
				params["scope"] = "process"
			case o.set["hwnd"]:
				params["scope"] = "hwnd"
			}
		}
		if cmd == "observe" {
			if o.set["max-targets"] {
				params["maxTargets"] = o.max
			}
			if o.includeTree {
				params["includeTree"] = true
			}
		}
	}
	backend, err := newBackend(ctx)
	if err != nil {
		fmt.Fprintf(stderr, "windows2text: %v\n", err)
		return 1
	}
	defer closeBackend(backend)
	line, _ := json.Marshal(map[string]any{"id": 1, "method": cmd, "params": params})
	srv := ndjson.NewServer(backend, version)
	resp, _ := srv.Handle(ctx, line)
	var r struct {
		OK     bool            `json:"ok"`
		Result json.RawMessage `json:"result"`
		Error  *ndjson.WireError
	}
	if err := json.Unmarshal(resp, &r); err != nil {
		fmt.Fprintf(stderr, "windows2text: %v\n", err)
		return 1
	}
	if !r.OK {
		fmt.Fprintf(stderr, "windows2text: %s: %s\n", r.Error.Code, r.Error.Message)
		return 1
	}
	if o.json {
		fmt.Fprintln(stdout, string(r.Result))
		return 0
	}
	if err := printText(stdout, cmd, r.Result, srv, o); err != nil {
		fmt.Fprintf(stderr, "windows2text: %v\n", err)
		return 1
	}
	return 0
}

// printText renders a result for people.
func printText(w io.Writer, cmd string, result json.RawMessage, srv *ndjson.Server, o *options) error {
	switch cmd {
	case "windows":
		var list uitree.WindowList
		if err := json.Unmarshal(result, &list); err != nil {
			return err
		}
		for _, win := range list.Windows {
			active := ""
			if win.Active {
				active = " active"
			}
			fmt.Fprintf(w, "%s\tpid=%d\t%s\t%s %q\t%dx%d+%d+%d%s\n", win.ID, win.PID, win.App, win.Role, win.Title,
				win.Bounds.Width, win.Bounds.Height, win.Bounds.X, win.Bounds.Y, active)
		}
		if list.More {
			fmt.Fprintln(w, "… more windows (raise --max-nodes)")
		}
		printUnresponsive(w, list.Unresponsive)
	case "snapshot":
		snap := srv.Latest()
		if snap == nil {
			return errors.New("no snapshot")
		}
		if snap.Tree.App != "" {
			fmt.Fprintf(w, "# %s (%s, %d elements)\n", snap.Tree.App, snap.ID, snap.Nodes)
		}
		fmt.Fprint(w, uitree.Text(snap, o.maxText))
		if snap.Tree.Truncated {
			fmt.Fprintln(w, "# truncated by --max-nodes")
		}
		printUnresponsive(w, snap.Tree.Unresponsive)
	case "observe":
		var obs struct {
			App     string   `json:"app"`
			Window  string   `json:"window"`
			Visible []string `json:"visible"`
			Context []string `json:"context"`
			Omitted int      `json:"omittedTargets"`
		}
		if err := json.Unmarshal(result, &obs); err != nil {
			return err
		}
		title := obs.App
		if obs.Window != "" {
			title += " — " + strconv.Quote(obs.Window)
		}
		fmt.Fprintf(w, "# %s\n", strings.TrimSpace(title))
		for i, l := range obs.Visible {
			fmt.Fprintf(w, "%d. %s\n", i, l)
		}
		if obs.Omitted > 0 {
			fmt.Fprintf(w, "… %d more targets (raise --max-targets)\n", obs.Omitted)
		}
		if len(obs.Context) > 0 {
			fmt.Fprintln(w, "# context")
			for _, c := range obs.Context {
				fmt.Fprintf(w, "- %s\n", c)
			}
		}
		if o.includeTree {
			if snap := srv.Latest(); snap != nil {
				fmt.Fprintln(w, "# tree")
				fmt.Fprint(w, uitree.Text(snap, o.maxText))
			}
		}
	}
	return nil
}

func printUnresponsive(w io.Writer, un []uitree.Unresponsive) {
	for _, u := range un {
		fmt.Fprintf(w, "# unresponsive: %s (pid %d): %s\n", u.App, u.PID, u.Error)
	}
}

func closeBackend(b uitree.Backend) {
	if c, ok := b.(uitree.Closer); ok {
		c.Close()
	}
}
