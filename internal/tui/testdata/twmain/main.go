// Command twmain is tw with the terminal reader linked in, for the tests
// of internal/tui while cmd/tw does not import it yet.
package main

import (
	"os"

	"textfirst/internal/cli"
	_ "textfirst/internal/tui"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], cli.Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv}))
}
