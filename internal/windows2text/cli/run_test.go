package cli

import (
	"io"
)

// version is the version the tests' program reports.
const version = "0.1.0-test"

// run is windows2text's main without the process, with the platform's
// backend (testBackend).
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return Program{Version: version, Backend: testBackend}.Run(args, stdin, stdout, stderr)
}
