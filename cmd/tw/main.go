// Command tw is a textweaver-compatible reading engine: a terminal reader,
// command-line tools, and a JSON-RPC server (tw serve --stdio). Its command
// line is internal/tw/cli.
package main

import (
	"os"

	"textfirst/internal/tw/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], cli.OS()))
}
