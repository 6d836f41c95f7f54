// Package rpc is tw's JSON-RPC 2.0 server (`tw serve --stdio`), as the
// contract in specs/textweaver-json-rpc.md describes it: framing per
// message, requests answered in order, notifications for announcements,
// playback and the word being spoken, and every object's fields in
// alphabetical order.
package rpc

import (
	"bytes"
	"encoding/json"
)

// Error codes: JSON-RPC's own, and the server's.
const (
	CodeParseError     = -32700 // the message is not JSON
	CodeInvalidRequest = -32600 // not a JSON-RPC 2.0 request
	CodeMethodNotFound = -32601 // no such method
	CodeInvalidParams  = -32602 // a parameter is missing or wrong
	CodeInternalError  = -32603 // a bug in the server: a method panicked
	CodeNoDocument     = -32001 // the method needs an open document
	CodeOpenFailed     = -32002 // the document could not be opened
	CodeShutDown       = -32003 // a request after shutdown
	CodeNotEditing     = -32004 // insert outside edit mode
)

// The spec's fixed messages.
const (
	msgNotRequest = "Not a JSON-RPC 2.0 request"
	msgEmptyBatch = "Empty batch"
	msgNoDocument = "No document is open; call open first"
	msgShutDown   = "The server is shutting down; send exit"
	msgNotEditing = "insert needs edit mode; run the toggle_edit_mode action first"
)

// Error is a JSON-RPC error.
type Error struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *Error) Error() string { return e.Message }

func paramsError(msg string) *Error { return &Error{CodeInvalidParams, msg} }

// response is a reply; the fields are in alphabetical order on purpose.
type response struct {
	Error   *Error          `json:"error,omitempty"`
	ID      json.RawMessage `json:"id"`
	JSONRPC string          `json:"jsonrpc"`
	Result  json.RawMessage `json:"result,omitempty"`
}

// notification is a message from the server with no id.
type notification struct {
	JSONRPC string `json:"jsonrpc"`
	Method  string `json:"method"`
	Params  any    `json:"params"`
}

// marshal encodes v without HTML escaping; maps come out with sorted keys.
func marshal(v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return []byte(`null`)
	}
	return bytes.TrimRight(buf.Bytes(), "\n")
}

var nullID = json.RawMessage("null")
