package cli

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"textfirst/internal/tw/core"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/load"
	"textfirst/internal/tw/settings"
	"textfirst/internal/tw/units"
)

func infoCmd(env Env) *cobra.Command {
	var home string
	var asJSON bool
	var from string
	c := &cobra.Command{
		Use:     "info FILE",
		Short:   "Describe a document: format, size, structure, reading time",
		Long:    "Describe FILE (- reads standard input): its format, title, size in characters,\nwords, sentences, lines and paragraphs, its structure, and how long it takes\nto read aloud at the default rate.",
		Example: "  tw info notes.md\n  tw info notes.md --json",
		Args:    oneDocument(env, "info"),
		RunE: func(c *cobra.Command, args []string) error {
			d, err := loadDoc(env, "info", args[0], from)
			if err != nil {
				return err
			}
			printInfo(env, d, asJSON)
			return nil
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	c.Flags().StringVar(&home, "home", "", "settings, places and marks (else $TEXTWEAVER_HOME)")
	addFromFlag(c, &from)
	return c
}

func printInfo(env Env, d *doc.Document, asJSON bool) {
	ix := units.New(d)
	// Words and sentences are counted at once, each in one pass.
	counted := make(chan int)
	go func() { counted <- ix.WordCount() }()
	paragraphs, sentences := ix.Counts()
	words := <-counted
	// The structure's counts, from one pass over the markers.
	kinds := d.KindCounts()
	count := func(k doc.Kind) int { return kinds[k] }
	rate := settings.Defaults{}.Int("speech.rate")
	minutes := core.ReadingMinutes(words, rate)
	str := func(p *string) any {
		if p == nil {
			return nil
		}
		return *p
	}
	pages, hasPages := pageCount(d, kinds[doc.PageBreak] > 0)
	if asJSON {
		out := map[string]any{"file": d.Meta.Path, "format": d.Meta.Format, "title": d.Meta.Title,
			"author": str(d.Meta.Author), "language": str(d.Meta.Language), "characters": d.Len(),
			"words": words, "sentences": sentences, "lines": ix.Lines(), "paragraphs": paragraphs,
			"headings": count(doc.Heading), "lists": count(doc.List), "tables": count(doc.Table),
			"links": count(doc.Link), "images": count(doc.Image), "reading_minutes": minutes, "rate": rate}
		if hasPages {
			out["pages"] = pages
		}
		if missing := d.Meta.Properties[load.PropertyMissingAudio]; missing != "" {
			out["missing_audio"] = strings.Split(missing, ", ")
		}
		data, _ := json.MarshalIndent(out, "", "  ")
		fmt.Fprintln(env.Stdout, string(data))
		return
	}
	orNone := func(p *string) string {
		if p == nil {
			return "unknown"
		}
		return *p
	}
	w := onTerminal(env.Stdout)
	fmt.Fprintf(w, "File: %s\n", d.Meta.Path)
	fmt.Fprintf(w, "Format: %s\n", d.Meta.Format)
	fmt.Fprintf(w, "Title: %s\n", d.Meta.Title)
	fmt.Fprintf(w, "Author: %s\n", orNone(d.Meta.Author))
	fmt.Fprintf(w, "Language: %s\n", orNone(d.Meta.Language))
	fmt.Fprintf(w, "Characters: %d\n", d.Len())
	fmt.Fprintf(w, "Words: %d\n", words)
	fmt.Fprintf(w, "Sentences: %d\n", sentences)
	fmt.Fprintf(w, "Lines: %d\n", ix.Lines())
	fmt.Fprintf(w, "Paragraphs: %d\n", paragraphs)
	if hasPages {
		fmt.Fprintf(w, "Pages: %d\n", pages)
	}
	if missing := d.Meta.Properties[load.PropertyMissingAudio]; missing != "" {
		fmt.Fprintf(w, "Missing audio: %s\n", missing)
	}
	fmt.Fprintf(w, "Structure: %d headings, %d lists, %d tables, %d links, %d images\n",
		count(doc.Heading), count(doc.List), count(doc.Table), count(doc.Link), count(doc.Image))
	if minutes == 1 {
		fmt.Fprintf(w, "Reading time: about 1 minute at %d words per minute\n", rate)
	} else {
		fmt.Fprintf(w, "Reading time: about %d minutes at %d words per minute\n", minutes, rate)
	}
}

// pageCount is the number of pages of a document that has pages: a PDF's
// "pages" property, else the pages its markers give (a DAISY book, an EPUB
// page list, a DOCX or ODT's written page breaks); ok is false for one that
// has none. breaks says whether the document has page break markers.
func pageCount(d *doc.Document, breaks bool) (n int, ok bool) {
	if n, err := strconv.Atoi(d.Meta.Properties["pages"]); err == nil && n >= 0 {
		return n, true
	}
	if !breaks {
		return 0, false
	}
	if pages := d.Pages(); len(pages) > 0 {
		return len(pages), true
	}
	return 0, false
}
