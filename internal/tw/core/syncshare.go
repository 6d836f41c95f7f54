package core

import (
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"time"

	"textfirst/internal/atomicfile"
	"textfirst/internal/tw/lexicon"
	"textfirst/internal/tw/readstats"
	"textfirst/internal/tw/settings"
	"textfirst/internal/tw/spell"
	"textfirst/internal/tw/syncfolder"
)

// syncShare keeps the user's own lists in step with the other computers'
// (syncfolder.Share), whatever the document: for each list its setting
// shares, it takes what the others have and this computer lacks, then
// publishes this computer's lists. Each list here is changed under its
// lock and written atomically, and each computer writes only its own
// share, so two computers syncing at once lose nothing. It returns the
// sentences that say what arrived.
func (a *App) syncShare(c syncfolder.Config, now int64) (said []string, err error) {
	others, err := syncfolder.OtherShares(c)
	if errors.Is(err, syncfolder.ErrNoFolder) {
		return nil, err
	}
	// A share that cannot be read is left out; the others still count.
	mine := syncfolder.Share{Saved: now}
	if a.opts.Settings.Bool("sync.words") {
		words, n, err := a.syncWords(others)
		if err != nil {
			return said, err
		}
		mine.Words = words
		if n > 0 {
			said = append(said, a.tr("%d words arrived in your word list.", n))
		}
	}
	if a.opts.Settings.Bool("sync.glossary") {
		terms, n, err := a.syncGlossary(others)
		if err != nil {
			return said, err
		}
		mine.Glossary = terms
		if n > 0 {
			said = append(said, a.tr("%d glossary terms arrived.", n))
		}
		table, n := a.syncPronunciations(others)
		mine.Pronunciations = table
		if n > 0 {
			said = append(said, a.tr("%d pronunciations arrived.", n))
		}
	}
	if a.opts.Settings.Bool("sync.favorite_voices") {
		voices, n := a.syncFavoriteVoices(others)
		mine.FavoriteVoices = voices
		if n > 0 {
			said = append(said, a.tr("%d favorite voices arrived.", n))
		}
	}
	if a.opts.Settings.Bool("sync.statistics") {
		own, err := a.syncStatistics(others)
		if err != nil {
			return said, err
		}
		mine.Statistics = &own
	}
	if a.opts.Settings.Bool("sync.key_overrides") {
		keys, from, err := a.syncKeyOverrides(others)
		if err != nil {
			return said, err
		}
		mine.KeyOverrides = keys
		if from != "" {
			said = append(said, a.tr("The key overrides arrived from %s.", from))
		}
	}
	if a.opts.Settings.Bool("sync.profiles") {
		profiles, n, err := a.syncProfiles(others)
		if err != nil {
			return said, err
		}
		mine.Profiles = profiles
		if n > 0 {
			said = append(said, a.tr("%d settings profiles arrived.", n))
		}
	}
	if a.opts.Settings.Bool("sync.settings") {
		ledger, n, err := a.syncSettings(others, now)
		if err != nil {
			return said, err
		}
		mine.Settings = ledger
		if n > 0 {
			said = append(said, a.tr("%d settings arrived.", n))
		}
	}
	return said, syncfolder.PublishShare(c, mine)
}

// syncProfiles takes the other computers' settings profiles: a profile
// this computer lacks arrives, and one saved more recently elsewhere
// replaces the one of its name here (the newest wins, keeping the time it
// was saved, so it stays the newest everywhere; a profile deleted here
// comes back while another computer has it). A profile is only a file
// here: which one is in use, if any, stays this computer's, and none is
// applied. A profile that cannot be one here (its name, or not TOML) is
// left out. It returns the profiles as they then are here and how many
// arrived.
func (a *App) syncProfiles(others []syncfolder.Share) (mine map[string]syncfolder.File, arrived int, err error) {
	profiles := settings.ProfilesIn(a.opts.Home)
	err = atomicfile.WithLock(profiles.Dir, func() error {
		files, err := profiles.Files()
		if err != nil {
			return err
		}
		mine = map[string]syncfolder.File{}
		for _, f := range files {
			mine[f.Name] = syncfolder.File{Text: string(f.Text), Modified: f.Modified.UnixNano()}
		}
		came := map[string]bool{}
		for _, s := range others {
			for name, f := range s.Profiles {
				if here, ok := mine[name]; ok && (f.Modified <= here.Modified || f.Text == here.Text) {
					continue
				}
				if profiles.Put(settings.ProfileFile{Name: name, Text: []byte(f.Text), Modified: time.Unix(0, f.Modified)}) != nil {
					continue
				}
				mine[name] = f
				came[name] = true
			}
		}
		arrived = len(came)
		return nil
	})
	return mine, arrived, err
}

// syncKeyOverrides replaces the home's key overrides file with the newest
// other computer's copy when it is newer than this one's and says
// something else (a file the others have arrives where there is none; a
// file removed here is not removed elsewhere). The file that arrives is
// written atomically and keeps the time it was changed on its computer,
// so it stays the newest copy everywhere. It returns the file as it then
// is here (nil for none) and the computer it came from ("" when none
// arrived); a front end that keeps keys sees KeyOverridesArrived change.
func (a *App) syncKeyOverrides(others []syncfolder.Share) (mine *syncfolder.File, from string, err error) {
	path := filepath.Join(a.opts.Home, KeyOverridesFile)
	read := func() (*syncfolder.File, error) {
		fi, err := os.Stat(path)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		return &syncfolder.File{Text: string(data), Modified: fi.ModTime().UnixNano()}, nil
	}
	err = atomicfile.WithLock(path, func() error {
		here, err := read()
		if err != nil {
			return err
		}
		newest, newestFrom := here, ""
		for _, s := range others {
			if f := s.KeyOverrides; f != nil && (newest == nil || f.Modified > newest.Modified) {
				newest, newestFrom = f, s.Computer
			}
		}
		if newestFrom == "" || (here != nil && here.Text == newest.Text) {
			mine = here
			return nil
		}
		if err := atomicfile.Write(path, []byte(newest.Text), atomicfile.PrivateFile); err != nil {
			return err
		}
		at := time.Unix(0, newest.Modified)
		if err := os.Chtimes(path, at, at); err != nil {
			return err
		}
		mine, from = newest, newestFrom
		return nil
	})
	if from != "" {
		a.keysArrived++
	}
	return mine, from, err
}

// syncStatistics keeps the other computers' own reading statistics here,
// each in place of what this home had of it (readstats.SaveSynced), and
// returns this computer's own, to share.
func (a *App) syncStatistics(others []syncfolder.Share) (readstats.Stats, error) {
	own, err := readstats.Load(a.opts.Home)
	if err != nil {
		return own, err
	}
	records := map[string]readstats.Stats{}
	for _, s := range others {
		if s.Statistics != nil {
			records[s.Computer] = *s.Statistics
		}
	}
	if len(records) == 0 {
		return own, nil
	}
	return own, readstats.SaveSynced(a.opts.Home, records)
}

// syncFavoriteVoices adds the other computers' favorite voices that are
// not favorites here to the end of speech.favorite_voices, and returns
// the list as it then is and how many arrived.
func (a *App) syncFavoriteVoices(others []syncfolder.Share) (voices []string, arrived int) {
	voices = slices.Clone(a.favorites())
	for _, s := range others {
		for _, v := range s.FavoriteVoices {
			if v != "" && !slices.Contains(voices, v) {
				voices = append(voices, v)
				arrived++
			}
		}
	}
	if arrived > 0 && !a.setSetting("speech.favorite_voices", voices) {
		return a.favorites(), 0
	}
	return voices, arrived
}

// syncGlossary adds the other computers' glossary terms that the user's
// glossary lacks to it (a term here keeps its senses), and returns the
// glossary's terms as they then are and how many arrived. With no
// glossary yet, and lexicon.glossary not set, the terms that arrive make
// glossary.json in the home, where define looks.
func (a *App) syncGlossary(others []syncfolder.Share) (terms []syncfolder.GlossaryTerm, arrived int, err error) {
	path := a.glossaryFile()
	if a.opts.Settings.String("lexicon.glossary") == "" {
		if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			path = filepath.Join(a.opts.Home, "glossary.json")
		}
	}
	var theirs []lexicon.Group
	for _, s := range others {
		for _, t := range s.Glossary {
			for _, sense := range t.Senses {
				theirs = append(theirs, lexicon.Group{Lemma: t.Term, PartOfSpeech: lexicon.PartOfSpeech(sense.PartOfSpeech),
					Senses: []lexicon.Sense{{Definition: sense.Definition, Examples: sense.Examples, Synonyms: sense.Synonyms}}})
			}
		}
	}
	var g *lexicon.Glossary
	err = atomicfile.WithLock(path, func() error {
		added, err := lexicon.AddToGlossaryFile(path, theirs, atomicfile.WritePrivate)
		if err != nil {
			return err
		}
		arrived = len(added)
		g, err = lexicon.LoadGlossary(path)
		return err
	})
	byTerm := map[string]int{}
	for _, gr := range g.Groups() {
		i, ok := byTerm[lexicon.Normalize(gr.Lemma)]
		if !ok {
			i = len(terms)
			byTerm[lexicon.Normalize(gr.Lemma)] = i
			terms = append(terms, syncfolder.GlossaryTerm{Term: gr.Lemma})
		}
		for _, s := range gr.Senses {
			terms[i].Senses = append(terms[i].Senses, syncfolder.GlossarySense{PartOfSpeech: string(gr.PartOfSpeech),
				Definition: s.Definition, Examples: s.Examples, Synonyms: s.Synonyms})
		}
	}
	return terms, arrived, err
}

// textTables are settings with tables of texts (settings.Store).
type textTables interface {
	TextTable(path string) map[string]string
}

// syncPronunciations adds the other computers' speech.pronunciations
// entries whose words have none here (an entry here wins), and returns the
// table as it then is and how many arrived.
func (a *App) syncPronunciations(others []syncfolder.Share) (table map[string]string, arrived int) {
	tables, ok := a.opts.Settings.(textTables)
	if !ok {
		return nil, 0
	}
	table = map[string]string{}
	maps.Copy(table, tables.TextTable("speech.pronunciations"))
	for _, s := range others {
		for name, say := range s.Pronunciations {
			if _, here := table[name]; !here {
				table[name] = say
				arrived++
			}
		}
	}
	if arrived > 0 && !a.setSetting("speech.pronunciations", table) {
		return tables.TextTable("speech.pronunciations"), 0
	}
	return table, arrived
}

// syncWords adds the other computers' personal words that this home's
// word list lacks, and returns the list as it then is and how many
// arrived.
func (a *App) syncWords(others []syncfolder.Share) (words []string, arrived int, err error) {
	path := personalWordList(a.opts.Home)
	var theirs []string
	for _, s := range others {
		theirs = append(theirs, s.Words...)
	}
	write := func(path string, data []byte) error { return atomicfile.Write(path, data, atomicfile.PrivateFile) }
	err = atomicfile.WithLock(path, func() error {
		added, err := spell.MergeWordList(path, theirs, write)
		if err != nil {
			return err
		}
		arrived = len(added)
		words, err = spell.ReadWordList(path)
		return err
	})
	if arrived > 0 {
		rereadPersonalWords(a.opts.Home)
	}
	return words, arrived, err
}
