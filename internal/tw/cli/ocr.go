package cli

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"textfirst/internal/tw/load/pdf"
)

func ocrCmd(env Env) *cobra.Command {
	c := &cobra.Command{
		Use:   "ocr",
		Short: "Text recognition for scanned pages: the engine's status, and reading a scan",
		Long: `tw ocr status says whether Tesseract (the Debian package tesseract-ocr), the
engine tw recognizes scanned pages and pictures with, is installed, and which
languages it has (a language's data is the package tesseract-ocr-LANG).
tw ocr read FILE recognizes a scanned PDF or a picture (PNG, JPEG, TIFF, GIF,
BMP, WebP) and prints its text, with progress on stderr.`,
		Example: "  tw ocr status\n  tw ocr read scan.png",
		Args:    cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usage(env.p, "ocr", env.tr("say what to do: status or read FILE"))
			}
			return usage(env.p, "ocr", env.tr("unknown command %q: use status or read FILE", args[0]))
		},
	}
	c.AddCommand(ocrStatusCmd(env), ocrReadCmd(env))
	return c
}

func ocrStatusCmd(env Env) *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:   "status",
		Short: "Say whether Tesseract is installed, and with which languages",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			bin, err := exec.LookPath("tesseract")
			var version string
			var langs []string
			if err == nil {
				if out, err := exec.Command(bin, "--version").CombinedOutput(); err == nil {
					version, _, _ = strings.Cut(strings.TrimSpace(string(out)), "\n")
				}
				if out, err := exec.Command(bin, "--list-langs").Output(); err == nil {
					for _, l := range strings.Split(string(out), "\n")[1:] {
						if l = strings.TrimSpace(l); l != "" && l != "osd" {
							langs = append(langs, l)
						}
					}
				}
			}
			if asJSON {
				var tess any
				if bin != "" {
					tess = map[string]any{"path": bin, "version": version, "languages": append([]string{}, langs...)}
				}
				return printJSON(env.Stdout, map[string]any{"tesseract": tess})
			}
			if bin == "" {
				fmt.Fprintln(env.Stdout, env.tr("Tesseract: not installed. Install it with: apt install tesseract-ocr"))
				return exitCode(1)
			}
			fmt.Fprintln(env.Stdout, env.tr("Tesseract: installed at %s (%s), with the languages %s.", bin, version, strings.Join(langs, ", ")))
			return nil
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print JSON: tesseract's path, version and languages (null when not installed)")
	return c
}

func ocrReadCmd(env Env) *cobra.Command {
	return &cobra.Command{
		Use:     "read FILE",
		Short:   "Recognize a scanned PDF or a picture and print its text",
		Example: "  tw ocr read scan.png > scan.txt",
		Args:    oneDocument(env, "ocr read"),
		RunE: func(c *cobra.Command, args []string) error {
			ext := strings.ToLower(filepath.Ext(args[0]))
			if ext != ".pdf" && !slices.Contains(pdf.ImageExtensions, ext) {
				return usage(env.p, "ocr read", env.tr("%s is not a PDF or a picture", args[0]))
			}
			d, err := loadDoc(env, "ocr read", args[0], "")
			if err != nil {
				return err
			}
			fmt.Fprintln(onTerminal(env.Stdout), d.Text)
			return nil
		},
	}
}
