package main

import (
	"fmt"
	"io"
	"os"

	"textfirst/internal/load"
)

func main() {
	data, _ := io.ReadAll(os.Stdin)
	d, err := load.Bytes(os.Args[1], data)
	if err != nil {
		fmt.Println("ERR", err)
		os.Exit(1)
	}
	fmt.Printf("TEXT %q\nMETA title=%q", d.Text, d.Meta.Title)
	if d.Meta.Author != nil { fmt.Printf(" author=%q", *d.Meta.Author) }
	if d.Meta.Language != nil { fmt.Printf(" lang=%q", *d.Meta.Language) }
	fmt.Println()
	for _, m := range d.Markers {
		fmt.Printf("  %-13s %3d-%-3d L%d lab=%q ref=%q %q\n", m.Kind, m.Start, m.End, m.Level, m.Label, m.Reference, d.Slice(m.Start, m.End))
	}
}
