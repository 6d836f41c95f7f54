// Command tw is a textweaver-compatible reading engine: a terminal reader,
// command-line tools, and a JSON-RPC server (tw serve --stdio).
package main

import (
	"os"

	"textfirst/internal/tw/cli"
	_ "textfirst/internal/tw/tui" // tw open FILE: the terminal reader
)

func main() {
	os.Exit(cli.Main(os.Args[1:], cli.Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv}))
}
