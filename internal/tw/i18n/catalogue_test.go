package i18n

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"textfirst/internal/tw/i18n/internal/extract"
	"textfirst/internal/tw/i18n/internal/po"
)

// TestEveryMessageHasEveryTranslation is the catalogue's completeness
// check: each key written at a call site has an entry in each language,
// no language keeps entries for keys no longer used, and no visible text
// bypasses the catalogue.
func TestEveryMessageHasEveryTranslation(t *testing.T) {
	r, err := extract.Messages("..")
	if err != nil {
		t.Fatal(err)
	}
	keys, bypass := r.Keys, r.Bypass
	if len(keys) < 150 {
		t.Fatalf("found only %d message keys; the extraction is broken", len(keys))
	}
	for _, b := range bypass {
		t.Errorf("%s: text shown or said without the catalogue", b)
	}
	used := map[string]bool{}
	for _, k := range keys {
		used[k.Text] = true
	}
	for _, l := range Languages {
		if l.Code == "en" {
			continue
		}
		entries := For(l.Code).catalogue()
		if len(entries) == 0 {
			t.Errorf("%s: no catalogue", l.Code)
			continue
		}
		var missing []string
		for _, k := range keys {
			if _, ok := entries[k.Text]; !ok && !seen(&missing, k.Text) {
				t.Errorf("%s:%d: no %s translation of %q", k.File, k.Line, l.Code, k.Text)
			}
		}
		for k := range entries {
			if !used[k] {
				t.Errorf("%s: entry for %q, which no code uses", l.Code, k)
			}
		}
	}
	for k := range For("en").catalogue() {
		if !used[k] {
			t.Errorf("en: entry for %q, which no code uses", k)
		}
	}
}

func seen(list *[]string, k string) bool {
	for _, s := range *list {
		if s == k {
			return true
		}
	}
	*list = append(*list, k)
	return false
}

var verb = regexp.MustCompile(`%(\[\d+\])?[-+# 0]*\d*([a-zA-Z%])`)

// sampleArgs makes arguments for a key's verbs: a number for %d, a text
// holding '%' (as a heading might) for %s, an error for %v.
func sampleArgs(key string, n int) []any {
	var args []any
	for _, m := range verb.FindAllStringSubmatch(key, -1) {
		switch m[2] {
		case "d":
			args = append(args, n)
		case "s", "q":
			args = append(args, "T%d 50%x")
		case "v":
			args = append(args, errors.New("E%s"))
		}
	}
	return args
}

// verbsOf lists a format's verbs with their argument numbers, sorted.
func verbsOf(format string) []string {
	var out []string
	next := 1
	for _, m := range verb.FindAllStringSubmatch(format, -1) {
		if m[2] == "%" {
			continue
		}
		n := next
		if m[1] != "" {
			n, _ = strconv.Atoi(strings.Trim(m[1], "[]"))
		}
		next = n + 1
		out = append(out, strconv.Itoa(n)+m[2])
	}
	sort.Strings(out)
	return out
}

// TestTranslationsTakeTheKeysArguments formats every entry of every
// language with arguments like real ones: each must use the same
// arguments as its English key, print no fmt error, and print text
// arguments literally (a '%' in them stays).
func TestTranslationsTakeTheKeysArguments(t *testing.T) {
	for _, l := range Languages {
		p := For(l.Code)
		for key, v := range p.catalogue() {
			if v.count == 0 {
				s := v.forms[0]
				if got, want := strings.Join(verbsOf(s), " "), strings.Join(verbsOf(key), " "); got != want {
					t.Errorf("%s %q: translation %q takes %s, the key %s", l.Code, key, s, got, want)
				}
			}
			for _, n := range []int{0, 1, 2, 3, 5, 11, 100, 102} {
				args := sampleArgs(key, n)
				out := p.Sprintf(key, args...)
				if strings.Contains(out, "%!") {
					t.Errorf("%s %q with %v: %q", l.Code, key, args, out)
				}
				for _, a := range args {
					if s, ok := a.(string); ok && !strings.Contains(out, s) {
						t.Errorf("%s %q: text argument %q not printed as it is: %q", l.Code, key, s, out)
					}
				}
				if strings.TrimSpace(out) == "" {
					t.Errorf("%s %q: empty", l.Code, key)
				}
			}
		}
	}
}

// TestCataloguesRead: each language's PO file reads without error (a key
// given twice in one file is one), so no language silently falls back to
// English.
func TestCataloguesRead(t *testing.T) {
	for _, l := range Languages {
		if _, err := builtIn(l); err != nil {
			t.Errorf("%s: %v", l.Code, err)
		}
	}
	dup := "msgid \"Find\"\nmsgstr \"Rechercher\"\n\nmsgid \"Find\"\nmsgstr \"Trouver\"\n"
	if _, err := readCatalogue([]byte(dup), For("fr").Lang()); err == nil {
		t.Error("a key given twice is not reported")
	}
}

// TestCountedMessagesFollowTheTemplate: a key has plural forms in every
// language or in none, as in the template (English's), and each PO file's
// Plural-Forms header has as many forms as tw gives the language.
func TestCountedMessagesFollowTheTemplate(t *testing.T) {
	en := For("en").catalogue()
	for _, l := range Languages {
		data, err := locales.ReadFile("locales/" + l.Code + ".po")
		if err != nil {
			t.Fatal(err)
		}
		f, err := po.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf("nplurals=%d;", len(l.forms))
		if h := f.Header("Plural-Forms"); !strings.HasPrefix(h, want) {
			t.Errorf("%s: Plural-Forms %q, want %s ...", l.Code, h, want)
		}
		for key, m := range For(l.Code).catalogue() {
			if counted := en[key].count > 0; counted != (m.count > 0) {
				t.Errorf("%s %q: counted %v, in English %v", l.Code, key, m.count > 0, counted)
			}
		}
	}
}

// TestTemplateIsUpToDate: locales/tw.pot is what go generate makes of the
// source today.
func TestTemplateIsUpToDate(t *testing.T) {
	en, err := locales.ReadFile("locales/en.po")
	if err != nil {
		t.Fatal(err)
	}
	want, err := extract.Template("..", en)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join("locales", "tw.pot"))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Error("locales/tw.pot is out of date: run go generate ./internal/tw/i18n")
	}
}

// BenchmarkReadCatalogue is what a language costs the first time it
// formats a message: reading its PO file.
func BenchmarkReadCatalogue(b *testing.B) {
	for _, l := range Languages {
		b.Run(l.Code, func(b *testing.B) {
			for b.Loop() {
				if _, err := builtIn(l); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
