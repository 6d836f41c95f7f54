// Command gencorpus writes the bench/tw benchmark document:
// gencorpus -size 10000000 -o FILE.md
package main

import (
	"flag"
	"fmt"
	"os"

	"textfirst/bench/tw/corpus"
)

func main() {
	size := flag.Int("size", 10_000_000, "the document's size in bytes (at least)")
	out := flag.String("o", "", "the file to write")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "Error: gencorpus needs -o FILE.")
		os.Exit(2)
	}
	if err := os.WriteFile(*out, corpus.Markdown(*size), 0o644); err != nil {
		fmt.Fprintf(os.Stderr, "Error: cannot write %s: %v.\n", *out, err)
		os.Exit(1)
	}
}
