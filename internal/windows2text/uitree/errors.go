package uitree

import (
	"errors"
	"fmt"
)

// Code is one of the protocol's error codes. The table below is the whole
// vocabulary a client can receive; the comments are the spec's meanings.
type Code string

const (
	// CodeInvalidRequest: malformed request envelope.
	CodeInvalidRequest Code = "invalid_request"
	// CodeInvalidParams: missing or invalid method parameters.
	CodeInvalidParams Code = "invalid_params"
	// CodeUnknownMethod: unsupported method.
	CodeUnknownMethod Code = "unknown_method"
	// CodeUnknownRef: reference not present in the latest snapshot.
	CodeUnknownRef Code = "unknown_ref"
	// CodeStaleElement: the underlying provider invalidated the element.
	CodeStaleElement Code = "stale_element"
	// CodeUnsupportedPattern: the element does not expose the requested
	// pattern (also used for actions this build does not implement yet).
	CodeUnsupportedPattern Code = "unsupported_pattern"
	// CodeReadOnly: attempted to modify a read-only value.
	CodeReadOnly Code = "read_only"
	// CodeNotClickable: no clickable point or usable bounds.
	CodeNotClickable Code = "not_clickable"
	// CodeInputFailed: input injection failed.
	CodeInputFailed Code = "input_failed"
	// CodeActionFailed: the provider rejected the action.
	CodeActionFailed Code = "action_failed"
	// CodeInternalError: unexpected implementation failure.
	CodeInternalError Code = "internal_error"
)

// Codes lists every error code of the protocol.
var Codes = []Code{
	CodeInvalidRequest, CodeInvalidParams, CodeUnknownMethod, CodeUnknownRef,
	CodeStaleElement, CodeUnsupportedPattern, CodeReadOnly, CodeNotClickable,
	CodeInputFailed, CodeActionFailed, CodeInternalError,
}

// Error is a failure with a protocol code. Compare errors by code with
// CodeOf, never by message.
type Error struct {
	Code    Code
	Message string
	// Err is the underlying cause, if any.
	Err error
}

func (e *Error) Error() string { return string(e.Code) + ": " + e.Message }

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Errorf makes an *Error with a formatted message.
func Errorf(code Code, format string, args ...any) *Error {
	err := fmt.Errorf(format, args...)
	return &Error{Code: code, Message: err.Error(), Err: errors.Unwrap(err)}
}

// CodeOf returns the protocol code of err: its *Error's code, or
// internal_error for any other error.
func CodeOf(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return CodeInternalError
}
