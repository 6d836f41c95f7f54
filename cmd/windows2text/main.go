// Command windows2text turns the desktop's UI tree into text for
// computer-use agents: "windows2text help" lists its commands. The command
// line is internal/windows2text/cli; this file picks the platform's backend
// (backend_*.go) and runs it.
package main

import (
	"os"

	"textfirst/internal/windows2text/cli"
)

// version is the executable's version; release builds set it with
// -ldflags "-X main.version=...".
var version = "0.1.0-dev"

func main() {
	p := cli.Program{Version: version, Backend: newBackend}
	os.Exit(p.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
