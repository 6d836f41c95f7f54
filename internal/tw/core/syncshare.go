package core

import (
	"errors"

	"textfirst/internal/atomicfile"
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
	return said, syncfolder.PublishShare(c, mine)
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
