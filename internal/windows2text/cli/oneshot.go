package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"textfirst/internal/windows2text/ndjson"
	"textfirst/internal/windows2text/uitree"
)

// options are the flags of the one-shot commands (windows, snapshot,
// observe): the snapshot parameters of the protocol, and --json.
type options struct {
	scope, view, hwnd                     string
	maxDepth, maxNodes, maxText, pid, max int
	visibleOnly, json, includeTree        bool
}

// oneShotFlags are the flags every one-shot command takes; each command
// shows in its help only those that mean something to it (shown), and
// accepts the others, as before the move to cobra.
func oneShotFlags(cmd *cobra.Command, shown ...string) *options {
	o := &options{}
	f := cmd.Flags()
	f.SortFlags = false
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
	f.VisitAll(func(fl *pflag.Flag) {
		if !slices.Contains(shown, fl.Name) {
			fl.Hidden = true
		}
	})
	cmd.RegisterFlagCompletionFunc("scope", fixedValues("foreground", "desktop", "cursor", "process", "hwnd"))
	cmd.RegisterFlagCompletionFunc("view", fixedValues("control", "raw", "content"))
	return o
}

func fixedValues(values ...string) cobra.CompletionFunc {
	return func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return values, cobra.ShellCompDirectiveNoFileComp
	}
}

// snapshotParams are the protocol parameters the flags given on the
// command line say, as a client would send them, so that the command line
// and the protocol check them the same way.
func snapshotParams(f *pflag.FlagSet) map[string]any {
	params := map[string]any{}
	for name, key := range map[string]string{"scope": "scope", "view": "view", "max-depth": "maxDepth",
		"max-nodes": "maxNodes", "max-text": "maxText", "visible-only": "visibleOnly", "pid": "pid", "hwnd": "hwnd"} {
		if f.Changed(name) {
			params[key] = flagValue(f, name)
		}
	}
	// --pid and --hwnd name their scope; saying it again is optional.
	if !f.Changed("scope") {
		switch {
		case f.Changed("pid"):
			params["scope"] = "process"
		case f.Changed("hwnd"):
			params["scope"] = "hwnd"
		}
	}
	return params
}

// flagValue is a flag's value as its Go type (int, bool or string).
func flagValue(f *pflag.FlagSet, name string) any {
	switch f.Lookup(name).Value.Type() {
	case "int":
		v, _ := f.GetInt(name)
		return v
	case "bool":
		v, _ := f.GetBool(name)
		return v
	}
	v, _ := f.GetString(name)
	return v
}

// noArgs refuses words after a one-shot command.
func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return usageError("unexpected argument %q\nRun '%s --help' for usage.", args[0], cmd.CommandPath())
	}
	return nil
}

// oneShot opens the backend, runs method with params through the protocol
// server, and prints its result: the JSON result with --json, else text
// (print, given the result as the method returned it).
func (p Program) oneShot(ctx context.Context, stdout io.Writer, method string, params map[string]any, asJSON bool,
	print func(w io.Writer, result any, srv *ndjson.Server) error) error {
	return p.withBackend(ctx, func(backend uitree.Backend) error {
		raw, err := json.Marshal(params)
		if err != nil {
			return fmt.Errorf("cli: encoding the parameters of %s: %w", method, err)
		}
		srv := ndjson.NewServer(backend, p.Version)
		result, err := srv.Call(ctx, method, raw)
		if err != nil {
			we := ndjson.ErrorOf(err)
			return fmt.Errorf("%s: %s", we.Code, we.Message)
		}
		if !asJSON {
			return print(stdout, result, srv)
		}
		// The result as the protocol's response carries it.
		wire, err := json.Marshal(result)
		if err != nil {
			return fmt.Errorf("%s: encoding the result: %w", uitree.CodeInternalError, err)
		}
		fmt.Fprintln(stdout, string(wire))
		return nil
	})
}

func printUnresponsive(w io.Writer, un []uitree.Unresponsive) {
	for _, u := range un {
		fmt.Fprintf(w, "# unresponsive: %s (pid %d): %s\n", u.App, u.PID, u.Error)
	}
}
