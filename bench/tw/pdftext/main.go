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
	"unicode"

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
		fmt.Printf("%.4f\n", wer(words(string(ref)), words(string(hyp))))
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
	s = strings.ReplaceAll(s, "-\n", "")
	var out []string
	for _, w := range strings.Fields(s) {
		w = strings.ToLower(strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }))
		if w == "" || strings.IndexFunc(w, unicode.IsLetter) < 0 {
			continue
		}
		out = append(out, w)
	}
	return out
}

func wer(ref, got []string) float64 {
	prev := make([]int, len(got)+1)
	cur := make([]int, len(got)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ref); i++ {
		cur[0] = i
		for j := 1; j <= len(got); j++ {
			c := prev[j-1]
			if ref[i-1] != got[j-1] {
				c++
			}
			cur[j] = min(c, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return float64(prev[len(got)]) / float64(max(1, len(ref)))
}
