package ndjson

import (
	"context"
	"encoding/json"

	"textfirst/internal/windows2text/uitree"
)

// Call runs one method with its params (nil for none) as Handle would,
// for servers of other protocols (MCP) that share this one's methods,
// references and errors. The error is a *uitree.Error with the protocol's
// code; a panic becomes internal_error.
func (s *Server) Call(ctx context.Context, method string, params json.RawMessage) (any, error) {
	result, _, err := s.call(ctx, Request{Method: method, Params: params})
	return result, err
}

// Publish makes tree the latest snapshot, as snapshot and observe do with
// the trees they capture, for servers that capture trees themselves.
func (s *Server) Publish(tree *uitree.Tree) *uitree.Snapshot {
	return s.refs.Publish(tree)
}
