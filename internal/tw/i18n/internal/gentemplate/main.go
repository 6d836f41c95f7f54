// Command gentemplate writes the translators' template, locales/tw.pot,
// from the message keys in tw's source. go generate runs it in the i18n
// package's folder.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"textfirst/internal/tw/i18n/internal/extract"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "gentemplate:", err)
		os.Exit(1)
	}
}

func run() error {
	en, err := os.ReadFile(filepath.Join("locales", "en.po"))
	if err != nil {
		return err
	}
	pot, err := extract.Template("..", en)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join("locales", "tw.pot"), pot, 0o644)
}
