package core

import (
	"fmt"
	"time"

	"textfirst/internal/tw/readstats"
)

var _ = registerHandlers(func(t *actionTable) {
	handle(t, anytime, map[string]actionHandler{
		"reading_statistics": (*App).readingStatistics,
	})
})

// statsFlushEvery is how often the statistics of a reading in progress
// are written: a process killed while reading loses at most this much.
const statsFlushEvery = time.Minute

// statsRecorder counts the reading aloud of the open document between
// writes of the statistics (package readstats): the time read aloud, the
// furthest point heard and whether this opening's session is counted.
type statsRecorder struct {
	began    time.Time // when the reading in progress began; zero: none
	seconds  float64   // read aloud and not yet written
	furthest int       // the furthest end of a word heard, not yet written
	counted  bool      // this opening's session is counted (or pending)
	pending  bool      // the session is counted and not yet written
	written  time.Time // the last write
}

// statsPlayback follows the playback state from was to now.
func (a *App) statsPlayback(was, now string) {
	switch {
	case now == Reading && was != Reading:
		a.stats.began = a.now()
		if !a.stats.counted {
			a.stats.counted, a.stats.pending = true, true
		}
	case was == Reading && now != Reading:
		a.statsFlush()
		a.stats.began = time.Time{}
	}
}

// statsHeard notes a word heard up to end, and writes the statistics when
// the last write is statsFlushEvery old.
func (a *App) statsHeard(end int) {
	a.stats.furthest = max(a.stats.furthest, end)
	if a.now().Sub(a.stats.written) >= statsFlushEvery {
		a.statsFlush()
	}
}

// statsFlush writes what was read aloud since the last write.
func (a *App) statsFlush() {
	now := a.now()
	if !a.stats.began.IsZero() {
		a.stats.seconds += now.Sub(a.stats.began).Seconds()
		a.stats.began = now
	}
	a.stats.written = now
	if a.d == nil || a.d.Meta.Path == "" || a.guide || a.opts.Home == "" || !a.opts.Settings.Bool("stats.enabled") {
		return
	}
	if a.stats.seconds <= 0 && !a.stats.pending && a.stats.furthest == 0 {
		return
	}
	delta := readstats.Delta{Path: a.d.Meta.Path, Title: a.title, Seconds: a.stats.seconds, NewSession: a.stats.pending,
		Furthest: a.percent(min(a.stats.furthest, a.d.Len())), FurthestChar: a.stats.furthest, At: now}
	if err := readstats.Add(a.opts.Home, delta); err != nil {
		a.opts.Logger.Printf("%v", err)
		return
	}
	a.stats.seconds, a.stats.pending, a.stats.furthest = 0, false, 0
}

// statsOpened starts the counting of a document just opened.
func (a *App) statsOpened() {
	a.stats = statsRecorder{written: a.now()}
}

// readingStatistics lists the reading statistics: the totals, the open
// document's, then the ten documents read longest.
func (a *App) readingStatistics() {
	if a.playback == Reading {
		a.statsFlush()
	}
	load := readstats.Load
	if a.opts.Settings.Bool("sync.enabled") && a.opts.Settings.Bool("sync.statistics") {
		// The other computers' reading too, as sync last brought it.
		load = readstats.LoadWithSynced
	}
	s, err := load(a.opts.Home)
	if err != nil {
		a.sayError(a.tr("The reading statistics cannot be read: %v", err))
		return
	}
	items := a.statisticsItems(s)
	intro := ""
	if !a.opts.Settings.Bool("stats.enabled") {
		intro = a.tr("Reading statistics are off: nothing new is counted. Turn on stats.enabled to count.") + " "
	}
	l := &List{Title: a.tr("Reading statistics"), Items: items}
	if intro != "" {
		l.intro = intro + a.listIntro(l)
	}
	a.openList(l)
}

// statisticsItems are the lines of the statistics list.
func (a *App) statisticsItems(s readstats.Stats) []string {
	open := ""
	if a.d != nil {
		open = a.d.Meta.Path
	}
	return StatisticsLines(a.tr, s, open)
}

// StatisticsLines are the reading statistics as tw says them, with tr,
// the catalogue of the interface language: the totals, the document at
// path open (when it has any; "" for none), then the ten documents read
// longest.
func StatisticsLines(tr func(key string, args ...any) string, s readstats.Stats, open string) []string {
	if len(s.Documents) == 0 {
		return []string{tr("Nothing read aloud yet.")}
	}
	seconds, sessions := s.Totals()
	lines := []string{tr("In all: %s read aloud, sessions: %d, documents: %d.", FormatReadTime(tr, seconds), sessions, len(s.Documents))}
	if d, ok := s.Documents[open]; ok {
		lines = append(lines, tr("This document: %s read aloud, sessions: %d, furthest point: %d percent.", FormatReadTime(tr, d.Seconds), d.Sessions, d.Furthest))
	}
	for i, d := range s.MostRead(10) {
		title := d.Title
		if title == "" {
			title = d.Path
		}
		lines = append(lines, tr("%d. %s: %s read aloud, sessions: %d, furthest point: %d percent.", i+1, title, FormatReadTime(tr, d.Seconds), d.Sessions, d.Furthest))
	}
	return lines
}

// FormatReadTime says a time read aloud ("1 h 05 min", "12 min", "40 s")
// with tr, the catalogue of the interface language.
func FormatReadTime(tr func(key string, args ...any) string, seconds float64) string {
	s := int(seconds + 0.5)
	switch {
	case s >= 3600:
		return tr("%d h %s min", s/3600, fmt.Sprintf("%02d", s%3600/60))
	case s >= 60:
		return tr("%d min", s/60)
	default:
		return tr("%d s", s)
	}
}
