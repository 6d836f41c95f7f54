// Command pdftext is bench/tw/pdf.sh's helper: `pdftext FILE` prints the
// canonical text tw's PDF loader gives for FILE; `pdftext -wer KNOWN FILE`
// prints the word error rate of FILE's words against KNOWN's (both
// lowercased, without punctuation or numbers), words out of order counting
// as errors.
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"textfirst/internal/testkit"
	"textfirst/internal/tw/load/pdf"
)

func main() {
	werMode := flag.Bool("wer", false, "print the word error rate of FILE against KNOWN")
	flag.Parse()
	if *werMode {
		if flag.NArg() != 2 {
			fmt.Fprintln(os.Stderr, "usage: pdftext -wer KNOWN FILE")
			os.Exit(2)
		}
		ref, err1 := os.ReadFile(flag.Arg(0))
		hyp, err2 := os.ReadFile(flag.Arg(1))
		if err1 != nil || err2 != nil {
			fmt.Fprintln(os.Stderr, err1, err2)
			os.Exit(1)
		}
		fmt.Printf("%.4f\n", testkit.WER(words(string(ref)), words(string(hyp))))
		return
	}
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: pdftext FILE")
		os.Exit(2)
	}
	data, err := os.ReadFile(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	d, err := pdf.Load(flag.Arg(0), data)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Println(d.Text)
}

func words(s string) []string {
	// Line-end hyphens that other tools keep ("informa-\ntion") join.
	return testkit.Words(strings.ReplaceAll(s, "-\n", ""))
}
