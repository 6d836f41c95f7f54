package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"textfirst/internal/windows2text/uitree"
)

// SnapshotArgs are the snapshot parameters of the protocol.
type SnapshotArgs struct {
	Scope       string `json:"scope,omitempty" jsonschema:"which part of the desktop: foreground (the active window, the default), desktop, cursor, process (needs pid) or hwnd (needs hwnd)"`
	View        string `json:"view,omitempty" jsonschema:"control (default: unnamed layout containers dropped), content (also decoration dropped) or raw"`
	MaxDepth    *int   `json:"maxDepth,omitempty" jsonschema:"deepest level kept below the root (default 32)"`
	MaxNodes    *int   `json:"maxNodes,omitempty" jsonschema:"most elements walked (default 2000)"`
	MaxText     *int   `json:"maxText,omitempty" jsonschema:"most characters kept of one name or value (default 2000)"`
	VisibleOnly *bool  `json:"visibleOnly,omitempty" jsonschema:"drop elements that are off screen"`
	PID         *int   `json:"pid,omitempty" jsonschema:"the process of scope process"`
	Hwnd        string `json:"hwnd,omitempty" jsonschema:"the window of scope hwnd, as the windows tool lists it"`
}

// ObserveArgs are observe's parameters.
type ObserveArgs struct {
	SnapshotArgs
	MaxTargets  *int   `json:"maxTargets,omitempty" jsonschema:"most targets (and most context lines) listed (default 100)"`
	IncludeTree *bool  `json:"includeTree,omitempty" jsonschema:"also return the whole element tree (large)"`
	Format      string `json:"format,omitempty" jsonschema:"json (default: visible, context and targets) or text (one line per target: ref, role, name, value, actions, states; then context lines; about a third of the size)"`
	MaxBytes    *int   `json:"maxBytes,omitempty" jsonschema:"keep the answer within this many bytes (at least 256), filled with targets (the focused one first, then reading order) and context lines in proportion; the rest is counted and a cursor continues"`
	MaxTokens   *int   `json:"maxTokens,omitempty" jsonschema:"like maxBytes, counted as four bytes a token"`
	Cursor      string `json:"cursor,omitempty" jsonschema:"continue the latest observation where its previous page stopped (give only cursor, format and maxBytes/maxTokens)"`
	StableIDs   bool   `json:"stableIds,omitempty" jsonschema:"also give each target a stable id (k and ten hex digits) that stays the same across snapshots while its application, role, name and path do; resolve maps it to the current ref"`
}

// protocolArgs are the observe parameters the protocol method takes.
func (a ObserveArgs) protocolArgs() ObserveArgs {
	a.StableIDs = false
	return a
}

// WindowsArgs are the windows tool's parameters.
type WindowsArgs struct {
	MaxNodes *int `json:"maxNodes,omitempty" jsonschema:"most windows listed (default 100)"`
}

// RefArgs are the parameters every action takes.
type RefArgs struct {
	Ref    string `json:"ref" jsonschema:"the element's ref from the latest observe or snapshot, like s4:e12"`
	WaitMs *int   `json:"waitMs,omitempty" jsonschema:"how long to let the application settle afterwards, 0 to 5000 ms (default 100)"`
}

type setValueArgs struct {
	RefArgs
	Value string `json:"value" jsonschema:"the new text"`
}
type setRangeArgs struct {
	RefArgs
	Value float64 `json:"value" jsonschema:"the new number"`
}
type scrollArgs struct {
	RefArgs
	Horizontal string `json:"horizontal,omitempty" jsonschema:"no_amount (default), small_increment, small_decrement, large_increment or large_decrement"`
	Vertical   string `json:"vertical,omitempty" jsonschema:"no_amount (default), small_increment, small_decrement, large_increment or large_decrement"`
}
type clickArgs struct {
	RefArgs
	Button string `json:"button,omitempty" jsonschema:"left (default), right or middle"`
	Count  *int   `json:"count,omitempty" jsonschema:"1 (default), 2 or 3 clicks"`
}
type typeTextArgs struct {
	RefArgs
	Text  string `json:"text" jsonschema:"the text to type"`
	Clear *bool  `json:"clear,omitempty" jsonschema:"select all and delete first"`
}
type keyArgs struct {
	RefArgs
	Key   string `json:"key" jsonschema:"a key or chord: Enter, Tab, Escape, arrows, F1-F12, CTRL+SHIFT+P ..."`
	Focus *bool  `json:"focus,omitempty" jsonschema:"focus the element first (default true)"`
}

// actionDescriptions say what each action does, for the model.
var actionDescriptions = map[uitree.Action]string{
	uitree.ActionInvoke:         "Invoke (press, activate) a button, menu item or link.",
	uitree.ActionSetValue:       "Set the text of an editable field.",
	uitree.ActionSetRange:       "Set the number of a slider, spin button or other range control.",
	uitree.ActionFocus:          "Give an element the keyboard focus.",
	uitree.ActionToggle:         "Toggle a check box or toggle button.",
	uitree.ActionSelect:         "Select an item of a list, tree, table or tab list.",
	uitree.ActionExpand:         "Expand an expander, tree item, combo box or menu.",
	uitree.ActionCollapse:       "Collapse an expander, tree item, combo box or menu.",
	uitree.ActionScrollIntoView: "Scroll an element into view.",
	uitree.ActionScroll:         "Scroll a container by an amount on each axis.",
	uitree.ActionClick:          "Click an element with the mouse (a physical click at its centre).",
	uitree.ActionTypeText:       "Focus an element and type text, optionally clearing it first.",
	uitree.ActionKey:            "Send a key or chord to an element.",
}

func (s *Server) addTools() {
	readOnly := &sdk.ToolAnnotations{ReadOnlyHint: true}
	sdk.AddTool(s.mcp, &sdk.Tool{Name: "windows", Description: "List the visible top-level windows (title, app, pid, hwnd, active).", Annotations: readOnly},
		locked(s, func(ctx context.Context, in WindowsArgs) (*sdk.CallToolResult, any, error) {
			res, err := s.call(ctx, "windows", in)
			if err != nil {
				return nil, nil, err
			}
			return textResult(windowsText(res.(uitree.WindowList))), res, nil
		}))
	sdk.AddTool(s.mcp, &sdk.Tool{Name: "snapshot", Description: "Capture the accessibility tree (refs of the previous snapshot expire). Answers the tree as indented text lines and as structure. Prefer observe for deciding what to do.", Annotations: readOnly},
		locked(s, func(ctx context.Context, in SnapshotArgs) (*sdk.CallToolResult, any, error) {
			res, err := s.call(ctx, "snapshot", in)
			if err != nil {
				return nil, nil, err
			}
			return textResult(uitree.Text(s.rpc.Latest(), 0)), res, nil
		}))
	sdk.AddTool(s.mcp, &sdk.Tool{Name: "observe", Description: "Capture the foreground window and list its actionable targets (ref, role, name, value, actions, states) and context text. Refs of the previous observation expire. Use format text and maxBytes to keep the answer small; follow cursor for the rest.", Annotations: readOnly},
		locked(s, s.observe))
	addAction(s, uitree.ActionInvoke, func(in RefArgs) RefArgs { return in })
	addAction(s, uitree.ActionSetValue, func(in setValueArgs) setValueArgs { return in })
	addAction(s, uitree.ActionSetRange, func(in setRangeArgs) setRangeArgs { return in })
	for _, a := range []uitree.Action{uitree.ActionFocus, uitree.ActionToggle, uitree.ActionSelect, uitree.ActionExpand, uitree.ActionCollapse, uitree.ActionScrollIntoView} {
		addAction(s, a, func(in RefArgs) RefArgs { return in })
	}
	addAction(s, uitree.ActionScroll, func(in scrollArgs) scrollArgs { return in })
	addAction(s, uitree.ActionClick, func(in clickArgs) clickArgs { return in })
	addAction(s, uitree.ActionTypeText, func(in typeTextArgs) typeTextArgs { return in })
	addAction(s, uitree.ActionKey, func(in keyArgs) keyArgs { return in })
	sdk.AddTool(s.mcp, &sdk.Tool{Name: "resolve", Description: "Map a stable id (from observe with stableIds) to its ref in the latest snapshot, or say that it is gone. Observe first to resolve against the screen as it is now.", Annotations: readOnly},
		locked(s, s.resolve))
	sdk.AddTool(s.mcp, &sdk.Tool{Name: "step", Description: "Observe, plan one action on a target, and perform it only when act is true, then observe again. Without act:true nothing is done: the answer is the observation and the action that would be performed."},
		locked(s, s.step))
	sdk.AddTool(s.mcp, &sdk.Tool{Name: "wait", Description: "Wait, without observing again and again, until a condition holds or timeoutMs passes: an element appears or disappears, a window opens or closes, a ref's value or states change, or the application goes quiet. Driven by the platform's accessibility events. The refs held stay valid, unless an element that appeared comes with its ref: then its snapshot is the latest.", Annotations: readOnly},
		locked(s, s.wait))
	if sw, ok := s.backend.(uitree.AccessibilitySwitch); ok {
		sdk.AddTool(s.mcp, &sdk.Tool{Name: "enable_accessibility", Description: "Switch the desktop's accessibility on as screen readers do, for applications that show no tree (Firefox started without accessibility): applications started afterwards expose their trees; restart one that is already running."},
			locked(s, func(ctx context.Context, _ struct{}) (*sdk.CallToolResult, any, error) {
				if err := sw.EnableAccessibility(ctx); err != nil {
					return nil, nil, uitree.Errorf(uitree.CodeActionFailed, "%w", err)
				}
				return textResult("accessibility is on: start (or restart) the application to read it\n"), map[string]any{"enabled": true}, nil
			}))
	}
	sdk.AddTool(s.mcp, &sdk.Tool{Name: "changes", Description: "Capture a new snapshot and list what changed since an earlier one (default: the latest): elements added, removed, renamed, value and state changes, focus and window changes. The new snapshot's refs become the current ones."},
		locked(s, s.changes))
}

// locked adapts a handler to the SDK and serialises it; a returned error
// becomes a tool error with the protocol's code.
func locked[In any](s *Server, h func(ctx context.Context, in In) (*sdk.CallToolResult, any, error)) sdk.ToolHandlerFor[In, any] {
	return func(ctx context.Context, _ *sdk.CallToolRequest, in In) (*sdk.CallToolResult, any, error) {
		s.mu.Lock()
		defer s.mu.Unlock()
		res, out, err := h(ctx, in)
		if err != nil {
			return toolError(err), nil, nil
		}
		return res, out, nil
	}
}

// addAction adds the tool of one action method.
func addAction[In any](s *Server, a uitree.Action, params func(In) In) {
	sdk.AddTool(s.mcp, &sdk.Tool{Name: string(a), Description: actionDescriptions[a] + " Needs a ref from the latest observe or snapshot.",
		Annotations: &sdk.ToolAnnotations{DestructiveHint: new(bool)}},
		locked(s, func(ctx context.Context, in In) (*sdk.CallToolResult, any, error) {
			res, err := s.call(ctx, string(a), params(in))
			if err != nil {
				return nil, nil, err
			}
			return textResult(actionText(res)), res, nil
		}))
}

// observe runs the observe method. With format text the model gets the
// text and the structure beside it leaves the text out.
func (s *Server) observe(ctx context.Context, in ObserveArgs) (*sdk.CallToolResult, any, error) {
	res, err := s.call(ctx, "observe", in.protocolArgs())
	if err != nil {
		return nil, nil, err
	}
	out, structured, err := observeResult(res)
	if err != nil || !in.StableIDs {
		return out, structured, err
	}
	return s.withStableIDs(out, structured.(map[string]any))
}

func observeResult(res any) (*sdk.CallToolResult, any, error) {
	m, err := asMap(res)
	if err != nil {
		return nil, nil, err
	}
	if text, ok := m["text"].(string); ok {
		delete(m, "text")
		return textResult(text), m, nil
	}
	return nil, m, nil
}

// asMap turns a result into its JSON object.
func asMap(v any) (map[string]any, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var m map[string]any
	return m, json.Unmarshal(b, &m)
}

// windowsText lists one window a line, or says there is none.
func windowsText(l uitree.WindowList) string {
	var b strings.Builder
	if len(l.Windows) == 0 && !l.More {
		return "no windows\n"
	}
	for _, w := range l.Windows {
		fmt.Fprintf(&b, "%s %s app %s pid %d", w.ID, uitree.Quote(w.Title), uitree.Quote(w.App), w.PID)
		if w.Active {
			b.WriteString(" [active]")
		}
		b.WriteByte('\n')
	}
	if l.More {
		b.WriteString("… more windows (raise maxNodes)\n")
	}
	return b.String()
}

// actionText writes an action's result on one line:
// "toggle s4:e12: verified, settled; states enabled,checked".
func actionText(res any) string {
	m, _ := asMap(res)
	var b strings.Builder
	fmt.Fprintf(&b, "%v %v:", m["action"], m["ref"])
	for _, k := range []string{"verified", "settled", "gone"} {
		if v, _ := m[k].(bool); v {
			b.WriteString(" " + k)
		} else if k != "gone" {
			b.WriteString(" not " + k)
		}
	}
	if v, ok := m["value"].(string); ok {
		b.WriteString("; value " + uitree.Quote(v))
	}
	if tr, ok := m["transformed"].(string); ok {
		b.WriteString("; " + tr)
	}
	if st, ok := m["states"].([]any); ok && len(st) > 0 {
		var names []string
		for _, x := range st {
			names = append(names, fmt.Sprint(x))
		}
		b.WriteString("; states " + strings.Join(names, ","))
	}
	return b.String()
}
