package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"textfirst/internal/atomicfile"
	"textfirst/internal/tw/core"
	"textfirst/internal/tw/docstate"
	"textfirst/internal/tw/export"
	"textfirst/internal/tw/session"
	"textfirst/internal/tw/settings"
)

// updateCmd is `tw update`: tw reaches no network, so it says its version
// and how a tw of each kind of installation is updated.
func updateCmd(env Env) *cobra.Command {
	return &cobra.Command{
		Use:   "update",
		Short: "Say tw's version and how to update it",
		Long: `tw update prints tw's version and how to update it. tw downloads nothing
itself and checks no web site: a tw installed from a package is updated with
the system's package manager, one built from source by building the newer
source.`,
		Example: "  tw update",
		Args:    noArguments(env, "update"),
		RunE: func(c *cobra.Command, args []string) error {
			fmt.Fprintln(env.Stdout, env.tr("tw %s. tw downloads nothing itself: update it as it was installed, with the package manager (sudo apt update, then sudo apt upgrade) or by building the newer source (go install ./cmd/tw).", core.Version))
			return nil
		},
	}
}

// dictateCmd is `tw dictate`: an audio file transcribed offline by
// PocketSphinx.
func dictateCmd(env Env) *cobra.Command {
	return &cobra.Command{
		Use:   "dictate AUDIO",
		Short: "Transcribe speech in an audio file to text, offline",
		Long: `tw dictate prints the words spoken in AUDIO, one phrase a line, as
PocketSphinx (the Debian packages pocketsphinx and pocketsphinx-en-us, US
English, or the model dictation.model and dictation.model_dir name) hears them,
with nothing sent anywhere. AUDIO is a WAV file of 16 kHz mono, or any audio
ffmpeg reads (it is converted first). In the reader,
dictate (Ctrl+Shift+F9) types what the microphone hears in edit mode.`,
		Example: "  tw dictate memo.wav\n  tw dictate lecture.ogg > lecture.txt",
		Args:    cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			wav, cleanup, err := dictationInput(args[0])
			if err != nil {
				return fail(env.p, 1, "tw dictate: "+err.Error(), "")
			}
			defer cleanup()
			m := core.DictationModelOf(env.setting)
			cmd, err := core.DictationCommand(m, "-infile", wav)
			if errors.Is(err, core.ErrNoDictationModel) {
				return fail(env.p, 1, env.tr("tw dictate: the dictation model %s is not in %s", m.Name, m.Dir),
					env.tr("Set dictation.model and dictation.model_dir to a PocketSphinx model, or install the Debian package pocketsphinx-en-us."))
			}
			if errors.Is(err, core.ErrNoDictation) {
				return fail(env.p, 1, env.tr("tw dictate: the recognizer is missing"), env.tr("Install the Debian packages pocketsphinx and pocketsphinx-en-us."))
			}
			var stderr strings.Builder
			cmd.Stdout, cmd.Stderr = env.Stdout, &stderr
			if err := cmd.Run(); err != nil {
				return fail(env.p, 1, fmt.Sprintf("tw dictate: %v %s", err, strings.TrimSpace(stderr.String())), "")
			}
			return nil
		},
	}
}

// dictationInput is path as a 16 kHz mono WAV file: path itself when it is
// a .wav, else a conversion by ffmpeg into a temporary file.
func dictationInput(path string) (string, func(), error) {
	if _, err := os.Stat(path); err != nil {
		return "", nil, err
	}
	if isSphinxWAV(path) {
		return path, func() {}, nil
	}
	ffmpeg, err := exec.LookPath("ffmpeg")
	if err != nil {
		return "", nil, fmt.Errorf("%s is not a WAV file of 16 kHz mono, and converting it needs ffmpeg (Debian package ffmpeg)", path)
	}
	dir, err := os.MkdirTemp("", "tw-dictate-")
	if err != nil {
		return "", nil, err
	}
	wav := filepath.Join(dir, "audio.wav")
	if out, err := exec.Command(ffmpeg, "-v", "error", "-i", path, "-ar", "16000", "-ac", "1", "-sample_fmt", "s16", wav).CombinedOutput(); err != nil {
		os.RemoveAll(dir)
		return "", nil, fmt.Errorf("ffmpeg could not convert %s: %s", path, strings.TrimSpace(string(out)))
	}
	return wav, func() { os.RemoveAll(dir) }, nil
}

// isSphinxWAV reports whether path is a WAV file as PocketSphinx reads
// it: 16-bit PCM, 16 kHz, mono.
func isSphinxWAV(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	h := make([]byte, 36)
	if _, err := io.ReadFull(f, h); err != nil {
		return false
	}
	le16 := func(i int) int { return int(h[i]) | int(h[i+1])<<8 }
	rate := le16(24) | le16(26)<<16
	return string(h[0:4]) == "RIFF" && string(h[8:12]) == "WAVE" && le16(20) == 1 && le16(22) == 1 && rate == 16000 && le16(34) == 16
}

// vaultCmd is `tw vault`: an Obsidian vault, a folder of Markdown notes,
// taken into the library or given a document's notes and highlights.
func vaultCmd(env Env) *cobra.Command {
	var home string
	c := &cobra.Command{
		Use:   "vault",
		Short: "Import an Obsidian vault into the library, or export a document's notes to one",
		Long: `An Obsidian vault is a folder of Markdown notes. tw vault import VAULT adds it
to the library (as tw library add does), so its notes are listed and searched
with the other documents. tw vault export FILE VAULT writes FILE's notes and
highlights, under their headings, as a Markdown note in VAULT, with its title,
source and a tw tag in its front matter.`,
		Example: "  tw vault import ~/Notes\n  tw vault export book.epub ~/Notes",
		Args:    cobra.NoArgs,
		RunE:    func(c *cobra.Command, args []string) error { return c.Help() },
	}
	c.PersistentFlags().StringVar(&home, "home", "", "settings, places and marks (else $TEXTWEAVER_HOME)")
	imp := &cobra.Command{
		Use: "import VAULT", Short: "Add the vault to the library and index its notes", Args: cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			add := libraryOpener{env: env, home: &home}.addCmd()
			return add.RunE(add, args)
		},
	}
	exp := &cobra.Command{
		Use: "export FILE VAULT", Short: "Write the document's notes and highlights as a note in the vault", Args: cobra.ExactArgs(2),
		RunE: func(c *cobra.Command, args []string) error { return exportToVault(env, home, args[0], args[1]) },
	}
	c.AddCommand(imp, exp)
	return c
}

// exportToVault writes the study sheet of file's marks as a note of vault.
func exportToVault(env Env, home, file, vault string) error {
	if info, err := os.Stat(vault); err != nil || !info.IsDir() {
		return usage(env.p, "vault export", env.tr("%s is not a folder", vault))
	}
	d, st, err := loadMarks(env, "vault export", []string{file}, home)
	if err != nil {
		return err
	}
	title := d.Meta.Title
	if title == "" {
		title = strings.TrimSuffix(filepath.Base(d.Meta.Path), filepath.Ext(d.Meta.Path))
	}
	name := strings.Map(func(r rune) rune {
		if strings.ContainsRune(`/\:*?"<>|#^[]`, r) {
			return '-'
		}
		return r
	}, title)
	front := fmt.Sprintf("---\ntitle: %q\nsource: %q\ntags: [tw]\n---\n\n", title, d.Meta.Path)
	out := filepath.Join(vault, name+".md")
	data := append([]byte(front), export.StudySheet(d, export.Marks(d, st))...)
	if err := atomicfile.Write(out, data, 0o644); err != nil {
		return fail(env.p, 1, "tw vault export: "+err.Error(), "")
	}
	fmt.Fprintln(env.Stdout, out)
	return nil
}

// starSettings is what tw takes of Star's settings.json.
type starSettings struct {
	Rate      *int                                       `json:"tts_rate"`
	Positions map[string]struct{ Offset int }            `json:"reading_positions"`
	Bookmarks map[string]map[string]struct{ Offset int } `json:"bookmarks"`
	Recent    []string                                   `json:"recent_files"`
}

// migrateStarCmd is `tw migrate-star`: Star's rate, reading positions and
// bookmarks taken into tw's home.
func migrateStarCmd(env Env) *cobra.Command {
	var home, from string
	var dry, asJSON bool
	c := &cobra.Command{
		Use:   "migrate-star",
		Short: "Import Star's speech rate, reading positions and bookmarks",
		Long: `tw migrate-star reads Star's settings.json (in --from, else Star's folder in
the configuration folder) and imports its speech rate, the reading position
of each document and its bookmarks into tw's home, merged with what tw keeps,
then prints what was imported and what was skipped, and why. Star's files are
only read. --dry-run imports nothing.`,
		Example: "  tw migrate-star --dry-run\n  tw migrate-star --from ~/.config/star --json",
		Args:    noArguments(env, "migrate-star"),
		RunE: func(c *cobra.Command, args []string) error {
			if from == "" {
				cfg, err := os.UserConfigDir()
				if err != nil {
					return usage(env.p, "migrate-star", env.tr("no configuration folder is known here; use --from"))
				}
				from = filepath.Join(cfg, "star")
			}
			data, err := os.ReadFile(filepath.Join(from, "settings.json"))
			if err != nil {
				return fail(env.p, 1, env.tr("tw migrate-star: no Star settings in %s", from), env.tr("Use --from with Star's configuration folder."))
			}
			var star starSettings
			if err := json.Unmarshal(data, &star); err != nil {
				return fail(env.p, 1, fmt.Sprintf("tw migrate-star: %s: %v", filepath.Join(from, "settings.json"), err), "")
			}
			report := migrateStar(env, session.Home(home, env.Getenv), star, dry)
			if asJSON {
				return printJSON(env.Stdout, report)
			}
			for _, r := range report {
				fmt.Fprintf(env.Stdout, "%s: %s\n", r.What, r.Outcome)
			}
			return nil
		},
	}
	c.Flags().StringVar(&home, "home", "", "tw's settings, places and marks (else $TEXTWEAVER_HOME)")
	c.Flags().StringVar(&from, "from", "", "Star's configuration folder")
	c.Flags().BoolVar(&dry, "dry-run", false, "say what would be imported, and write nothing")
	c.Flags().BoolVar(&asJSON, "json", false, "print the report as JSON")
	return c
}

// starItem is one line of the migration's report.
type starItem struct {
	What    string `json:"what"`
	Outcome string `json:"outcome"`
}

// migrateStar imports star into home (nothing when dry) and reports each
// part.
func migrateStar(env Env, home string, star starSettings, dry bool) []starItem {
	var report []starItem
	if star.Rate != nil {
		out := env.tr("imported, %d words a minute", *star.Rate)
		spec, _ := settings.Lookup("speech.rate")
		if st, _, err := settings.Open(home); err != nil {
			out = env.tr("skipped: %v", err)
		} else if r := float64(*star.Rate); r < spec.Min || r > spec.Max {
			out = env.tr("skipped: %d words a minute is outside %d to %d", *star.Rate, int(spec.Min), int(spec.Max))
		} else if !dry {
			if _, err := st.Set("speech.rate", *star.Rate); err != nil {
				out = env.tr("skipped: %v", err)
			}
		}
		report = append(report, starItem{"speech.rate", out})
	}
	paths := map[string]bool{}
	for p := range star.Positions {
		paths[p] = true
	}
	for p := range star.Bookmarks {
		paths[p] = true
	}
	sorted := make([]string, 0, len(paths))
	for p := range paths {
		sorted = append(sorted, p)
	}
	sort.Strings(sorted)
	for _, p := range sorted {
		report = append(report, starItem{p, migrateStarDocument(env, home, p, star, dry)})
	}
	if len(star.Recent) > 0 {
		report = append(report, starItem{"recent_files", env.tr("skipped: tw's recent documents are those it opened; add their folders with tw library add")})
	}
	return report
}

// migrateStarDocument takes path's reading position and bookmarks into
// its state, merged with what tw keeps.
func migrateStarDocument(env Env, home, path string, star starSettings, dry bool) string {
	d, err := loadDoc(env, "migrate-star", path, "")
	if err != nil {
		return env.tr("skipped: %v", err)
	}
	store := docstate.Store{Home: home}
	base, err := store.Load(d.Meta.Path)
	if err != nil {
		return env.tr("skipped: %v", err)
	}
	mine := docstate.Clone(base)
	mine.Length, mine.Hash = d.Len(), docstate.Hash(d.Text)
	clamp := func(n int) int { return min(max(n, 0), d.Len()) }
	if pos, ok := star.Positions[path]; ok {
		mine.Place = &docstate.Place{Char: clamp(pos.Offset)}
	}
	names := make([]string, 0, len(star.Bookmarks[path]))
	for name := range star.Bookmarks[path] {
		names = append(names, name)
	}
	sort.Strings(names)
	added := 0
	for _, name := range names {
		b := docstate.Bookmark{Name: name, Char: clamp(star.Bookmarks[path][name].Offset)}
		if !containsBookmark(mine.Bookmarks, b) {
			mine.Bookmarks = append(mine.Bookmarks, b)
			added++
		}
	}
	if !dry {
		if _, err := store.Update(base, mine); err != nil {
			return env.tr("skipped: %v", err)
		}
	}
	if _, placed := star.Positions[path]; placed {
		return env.tr("imported: the reading position and %d bookmarks", added)
	}
	return env.tr("imported: %d bookmarks", added)
}

func containsBookmark(list []docstate.Bookmark, b docstate.Bookmark) bool {
	for _, x := range list {
		if x.Name == b.Name && x.Char == b.Char {
			return true
		}
	}
	return false
}
