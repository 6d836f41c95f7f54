// Package ndjson is the windows2text protocol server: one JSON request per
// input line, exactly one JSON response per output line, requests run one
// at a time in input order. It owns the snapshot references (uitree.Refs)
// and turns every failure into one of the protocol's error codes.
//
// Beyond the fields the protocol's examples show, results carry:
//
//   - windows: {"windows":[{"hwnd","title","app","pid","role","bounds",
//     "active","visible","notResponding"}],"truncated","unresponsive"};
//     the window of an application that did not answer stays in the list
//     with notResponding:true (from the window system or the last
//     listing; on Linux its hwnd may then be "x11:0x..."). On Linux hwnd is a
//     string (the window's AT-SPI bus name and object path); on Windows it
//     is the decimal HWND. snapshot's hwnd parameter takes either form.
//   - snapshot: {"snapshotId","scope","view","app","nodeCount","truncated",
//     "unresponsive","root"}; each element is {"ref","role","nativeRole",
//     "name","value","states","bounds","actions","children",
//     "omittedChildren"}, windows also "app","pid","hwnd".
//   - observe: also "window" (the window's title), "omittedTargets",
//     "omittedContext", "truncated", "unresponsive", and "tree" with
//     includeTree. visibleOnly defaults to true for observe. Its optional
//     format ("json" or "text"), maxBytes, maxTokens and cursor keep an
//     observation within a budget and page through it (page.go); without
//     them nothing changes.
//   - actions: {"ref","action","verified","states","value","gone",
//     "settled"}, read back once the application has settled: no
//     relevant accessibility event for a quiet period (40 ms on Linux),
//     bounded by waitMs. settled is false when waitMs ran out first (or
//     was 0). An effect that can be read back (value, checked, expanded,
//     selected, focus, in view) and did not happen is action_failed, so
//     verified is true in every success but one: the application took
//     the action and then stopped answering before its effect could be
//     read (verified false, gone false; it is in no error, since the
//     action was done and a retry would do it twice).
//
// "unresponsive" lists applications that did not answer within the call
// timeout; their part of the desktop is missing instead of the request
// failing, and a snapshot or observation they cut short says
// "truncated":true (as one maxNodes cut does), keeping what was read. Parameters that a method does not take are invalid_params, not
// ignored; a ref that is not of the form sN:eM is invalid_params, one that
// is not in the latest snapshot unknown_ref.
package ndjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"textfirst/internal/windows2text/uitree"
)

// Request is one decoded request line.
type Request struct {
	// ID is the request's id exactly as sent (a JSON string or number), or
	// nil when the line had no usable id.
	ID json.RawMessage
	// Method is the method name.
	Method string
	// Params is the params object as sent, or nil when absent or null.
	Params json.RawMessage
}

// Response is one response line. Exactly one of Result and Error is set.
type Response struct {
	ID     json.RawMessage `json:"id"`
	OK     bool            `json:"ok"`
	Result any             `json:"result,omitempty"`
	Error  *WireError      `json:"error,omitempty"`
}

// MarshalJSON writes {"id","ok":true,"result"} or {"id","ok":false,"error"}:
// a result is present even when empty, and never beside an error.
func (r Response) MarshalJSON() ([]byte, error) {
	if r.OK {
		result := r.Result
		if result == nil {
			result = struct{}{}
		}
		return json.Marshal(struct {
			ID     json.RawMessage `json:"id"`
			OK     bool            `json:"ok"`
			Result any             `json:"result"`
		}{r.ID, true, result})
	}
	return json.Marshal(struct {
		ID    json.RawMessage `json:"id"`
		OK    bool            `json:"ok"`
		Error *WireError      `json:"error"`
	}{r.ID, false, r.Error})
}

// WireError is the error object of a failed response.
type WireError struct {
	Code    uitree.Code `json:"code"`
	Message string      `json:"message"`
}

var nullID = json.RawMessage("null")

// DecodeRequest parses one line. It returns the request and, when the line
// is not a valid envelope, an invalid_request error; the request's ID is
// then whatever id could be recovered (nil if none), so the error can still
// be answered to the right id.
func DecodeRequest(line []byte) (Request, error) {
	var req Request
	line = bytes.TrimSpace(line)
	if len(line) == 0 || line[0] != '{' {
		return req, uitree.Errorf(uitree.CodeInvalidRequest, "a request must be one JSON object per line")
	}
	var env map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(line))
	if err := dec.Decode(&env); err != nil {
		return req, uitree.Errorf(uitree.CodeInvalidRequest, "the line is not valid JSON: %s", jsonProblem(err))
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return req, uitree.Errorf(uitree.CodeInvalidRequest, "the line has data after the request object")
	}
	rawID, hasID := env["id"]
	if !hasID {
		return req, uitree.Errorf(uitree.CodeInvalidRequest, "the request has no id")
	}
	switch {
	case len(rawID) > 0 && rawID[0] == '"':
		var s string
		if json.Unmarshal(rawID, &s) != nil {
			return req, uitree.Errorf(uitree.CodeInvalidRequest, "id is not a valid string")
		}
		// The id is copied to the response as sent: never raw bytes that
		// are not UTF-8.
		if !utf8.Valid(rawID) {
			return req, uitree.Errorf(uitree.CodeInvalidRequest, "id is not valid UTF-8")
		}
	case len(rawID) > 0 && (rawID[0] == '-' || (rawID[0] >= '0' && rawID[0] <= '9')):
	default:
		return req, uitree.Errorf(uitree.CodeInvalidRequest, "id must be a string or a number")
	}
	req.ID = rawID
	rawMethod, ok := env["method"]
	if !ok {
		return req, uitree.Errorf(uitree.CodeInvalidRequest, "the request has no method")
	}
	if json.Unmarshal(rawMethod, &req.Method) != nil || req.Method == "" {
		return req, uitree.Errorf(uitree.CodeInvalidRequest, "method must be a non-empty string")
	}
	if p, ok := env["params"]; ok && !bytes.Equal(p, nullID) {
		if len(p) == 0 || p[0] != '{' {
			return req, uitree.Errorf(uitree.CodeInvalidParams, "params must be an object")
		}
		req.Params = p
	}
	return req, nil
}

// DecodeParams decodes params strictly into out: an unknown parameter or a
// value of the wrong type is invalid_params naming the parameter.
func DecodeParams(params json.RawMessage, out any) error {
	if params == nil {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(params))
	dec.DisallowUnknownFields()
	if err := dec.Decode(out); err != nil {
		return uitree.Errorf(uitree.CodeInvalidParams, "%s", jsonProblem(err))
	}
	return nil
}

// jsonProblem words a decoding error for a client.
func jsonProblem(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		field := te.Field
		if field == "" {
			field = "value"
		}
		return fmt.Sprintf("%s must be %s, not %s", field, kindName(te.Type.Kind().String()), te.Value)
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("%s (at byte %d)", se.Error(), se.Offset)
	}
	msg := err.Error()
	if rest, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		return "unknown parameter " + rest
	}
	return strings.TrimPrefix(msg, "json: ")
}

func kindName(k string) string {
	switch k {
	case "int", "int64", "int32", "float64":
		return "a number"
	case "string":
		return "a string"
	case "bool":
		return "true or false"
	case "ptr":
		return "a value of another type"
	}
	return "a " + k
}

// encodeResponse renders one response line (without the newline). HTML
// characters are not escaped: labels are read by programs and people.
func encodeResponse(r Response) ([]byte, error) {
	if r.ID == nil {
		r.ID = nullID
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(r); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}
