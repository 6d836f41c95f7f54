package readstats_test

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"textfirst/internal/tw/readstats"
)

// TestAddMergesUnderTheLock: deltas added by many writers at once are all
// counted, and the file is whole JSON after each.
func TestAddMergesUnderTheLock(t *testing.T) {
	home := t.TempDir()
	at := time.Date(2026, 12, 3, 21, 0, 0, 0, time.UTC)
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			d := readstats.Delta{Path: "/books/a.epub", Title: "A", Seconds: 30, NewSession: i%2 == 0, Furthest: i * 5, FurthestChar: i * 50, At: at.Add(time.Duration(i) * time.Second)}
			if err := readstats.Add(home, d); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	s, err := readstats.Load(home)
	if err != nil {
		t.Fatal(err)
	}
	d := s.Documents["/books/a.epub"]
	if d == nil || d.Seconds != 600 || d.Sessions != 10 || d.Furthest != 95 || d.FurthestChar != 950 || !d.Last.Equal(at.Add(19*time.Second)) {
		t.Errorf("merged %+v", d)
	}
}

// TestMostReadAreTheTenReadLongest: longest first, ties by the last read.
func TestMostReadAreTheTenReadLongest(t *testing.T) {
	home := t.TempDir()
	at := time.Date(2026, 12, 3, 21, 0, 0, 0, time.UTC)
	var deltas []readstats.Delta
	for i := range 12 {
		deltas = append(deltas, readstats.Delta{Path: filepath.Join("/b", string(rune('a'+i))), Seconds: float64(i % 6), At: at.Add(time.Duration(i) * time.Minute)})
	}
	if err := readstats.Add(home, deltas...); err != nil {
		t.Fatal(err)
	}
	s, _ := readstats.Load(home)
	var got []string
	for _, d := range s.MostRead(10) {
		got = append(got, filepath.Base(d.Path))
	}
	if want := "l f k e j d i c h b"; strings.Join(got, " ") != want {
		t.Errorf("most read %q, want %q", got, want)
	}
	if sec, sessions := s.Totals(); sec != 30 || sessions != 0 {
		t.Errorf("totals %v s, %d sessions", sec, sessions)
	}
}

// TestDamagedFileIsSaidAndReplaced: a file edited by hand into bad JSON
// is an error naming it when read, and the next reading replaces it.
func TestDamagedFileIsSaidAndReplaced(t *testing.T) {
	home := t.TempDir()
	file := readstats.File(home)
	if err := os.MkdirAll(filepath.Dir(file), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(`{"documents": {"x": `), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := readstats.Load(home); err == nil || !strings.Contains(err.Error(), "stats.json is damaged") {
		t.Fatalf("damaged file read with %v", err)
	}
	if err := readstats.Add(home, readstats.Delta{Path: "/a", Seconds: 5, NewSession: true}); err != nil {
		t.Fatal(err)
	}
	s, err := readstats.Load(home)
	if err != nil || s.Documents["/a"].Sessions != 1 {
		t.Errorf("after the damage: %+v, %v", s.Documents["/a"], err)
	}
}

// FuzzLoad: whatever the file holds, Load returns statistics in range or
// an error, and never panics.
func FuzzLoad(f *testing.F) {
	f.Add([]byte(`{"documents":{"/a":{"seconds":12.5,"sessions":2,"furthest_percent":40}}}`))
	f.Add([]byte(`{"documents":{"/a":null,"/b":{"seconds":-5,"furthest_percent":900}}}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		home := t.TempDir()
		file := readstats.File(home)
		if err := os.MkdirAll(filepath.Dir(file), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, data, 0o600); err != nil {
			t.Fatal(err)
		}
		s, err := readstats.Load(home)
		if err != nil {
			return
		}
		for p, d := range s.Documents {
			if d == nil || d.Path != p || d.Seconds < 0 || d.Sessions < 0 || d.Furthest < 0 || d.Furthest > 100 {
				t.Fatalf("loaded %q: %+v", p, d)
			}
		}
		s.MostRead(10)
	})
}

// BenchmarkAdd is one write of the statistics (what reading does each
// minute and when it stops) into a home that has 1,000 documents'.
func BenchmarkAdd(b *testing.B) {
	home := b.TempDir()
	var deltas []readstats.Delta
	for i := range 1000 {
		deltas = append(deltas, readstats.Delta{Path: filepath.Join("/books", strings.Repeat("x", i%40), string(rune('a'+i%26)), time.Duration(i).String()), Title: "A book", Seconds: 60, NewSession: true})
	}
	if err := readstats.Add(home, deltas...); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		if err := readstats.Add(home, readstats.Delta{Path: "/books/now.epub", Seconds: 60, Furthest: 10}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestSyncedRecordsReplaceAndAdd: SaveSynced keeps each computer's record
// in place of the one before (never adding it twice) and leaves the other
// computers'; LoadWithSynced adds them to the home's own, a document in
// both counting the time and sessions of each and the further point.
func TestSyncedRecordsReplaceAndAdd(t *testing.T) {
	home := t.TempDir()
	at := time.Unix(1000, 0)
	if err := readstats.Add(home, readstats.Delta{Path: "/a", Seconds: 10, NewSession: true, Furthest: 20, At: at}); err != nil {
		t.Fatal(err)
	}
	record := func(seconds float64, sessions, furthest int) readstats.Stats {
		return readstats.Stats{Documents: map[string]*readstats.Doc{"/a": {Seconds: seconds, Sessions: sessions, Furthest: furthest, Last: at}}}
	}
	for _, step := range []map[string]readstats.Stats{
		{"desk": record(5, 1, 50), "lab": record(100, 9, 90)},
		{"desk": record(30, 2, 60)}, // the desk's newer record replaces its old one
	} {
		if err := readstats.SaveSynced(home, step); err != nil {
			t.Fatal(err)
		}
	}
	s, err := readstats.LoadWithSynced(home)
	if err != nil {
		t.Fatal(err)
	}
	d := s.Documents["/a"]
	if d == nil || d.Seconds != 140 || d.Sessions != 12 || d.Furthest != 90 {
		t.Errorf("with the synced records: %+v", d)
	}
	if own, _ := readstats.Load(home); own.Documents["/a"].Seconds != 10 {
		t.Errorf("the home's own record changed: %+v", own.Documents["/a"])
	}
}
