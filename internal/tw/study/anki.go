package study

import (
	"archive/zip"
	"bytes"
	"crypto/sha1"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	_ "modernc.org/sqlite" // the SQLite engine of Anki's collection

	"textfirst/internal/atomicfile"
	"textfirst/internal/lazyregexp"
)

// An Anki deck (.apkg) is a zip holding the collection, a SQLite database
// in Anki's schema (collection.anki2; Anki 2.1.28 and later also write
// collection.anki21, which is read first), and media, a JSON map of the
// media files. Notes keep their fields in one text, separated by the
// unit separator, as HTML.

// ErrNotADeck is wrapped by every error about a file that is not an Anki
// deck this package can read.
var ErrNotADeck = errors.New("study: not an Anki deck")

// MaxCollection bounds the collection read from a deck.
const MaxCollection = 512 << 20

const fieldSep = "\x1f"

// SplitFields splits a note's fields.
func SplitFields(flds string) []string { return strings.Split(flds, fieldSep) }

var (
	breakTag = lazyregexp.New(`(?i)<\s*(br|/?div|/?p|/?li|/?tr)\b[^>]*>`)
	anyTag   = lazyregexp.New(`<[^>]*>`)
	sound    = lazyregexp.New(`\[sound:[^\]]*\]`)
	clozeRe  = lazyregexp.New(`\{\{c(\d+)::((?s:.*?))(?:::((?s:.*?)))?\}\}`)
)

// PlainText is a field's HTML as plain text: breaks become spaces, tags
// and sound references go, entities are decoded, white space collapsed.
func PlainText(field string) string {
	s := breakTag.ReplaceAllString(field, " ")
	s = anyTag.ReplaceAllString(s, "")
	s = sound.ReplaceAllString(s, "")
	return strings.Join(strings.Fields(html.UnescapeString(s)), " ")
}

// ClozeText reads a cloze field ("{{c1::Paris}} is in {{c2::France::country}}"):
// the question with each deletion replaced by blank (or by its hint in
// brackets), and the deleted words, joined by commas; false when the
// field has no deletion.
func ClozeText(field, blank string) (question, answer string, ok bool) {
	var answers []string
	q := clozeRe.ReplaceAllStringFunc(field, func(m string) string {
		sub := clozeRe.FindStringSubmatch(m)
		answers = append(answers, PlainText(sub[2]))
		if sub[3] != "" {
			return blank + " [" + sub[3] + "]"
		}
		return blank
	})
	if len(answers) == 0 {
		return "", "", false
	}
	return PlainText(q), strings.Join(answers, ", "), true
}

// Note is one note read from a deck: its id in the deck and its fields as
// plain text, with whether its note type is cloze.
type Note struct {
	GUID   string
	Fields []string
	Raw    []string // the fields as the deck has them (HTML)
	Cloze  bool
	Tags   string
	// Reviews are the grades of the note's cards in Anki's review log
	// (reviews only, not learning steps), oldest first.
	Reviews []Review
}

// CardsFromNotes makes one question card of each note (its first field asks, its
// second answers) or cloze card (each deletion blanked), created at now,
// with the note's grades; notes with nothing to ask or to answer make none.
func CardsFromNotes(notes []Note, blank string, now int64) []Card {
	var out []Card
	for _, n := range notes {
		c := Card{ID: CardID(FromAnki, n.GUID), Source: FromAnki, SourceID: n.GUID, Created: now,
			Reviews: append([]Review{}, n.Reviews...)}
		switch {
		case len(n.Raw) == 0:
			continue
		case n.Cloze || clozeRe.MatchString(n.Raw[0]):
			q, a, ok := ClozeText(n.Raw[0], blank)
			if !ok {
				continue
			}
			c.Kind, c.Question, c.Answer = Cloze, q, a
		case len(n.Fields) >= 2:
			c.Kind, c.Question, c.Answer = Question, n.Fields[0], n.Fields[1]
		default:
			continue
		}
		c.Question, c.Answer = Collapse(c.Question, MaxText), Collapse(c.Answer, MaxText)
		if c.Question == "" || c.Answer == "" {
			continue
		}
		out = append(out, c)
	}
	return out
}

// collectionIn finds the collection in a deck's zip: collection.anki21,
// else collection.anki2. A deck in Anki's newest format only
// (collection.anki21b, compressed) is refused with what to do.
func collectionIn(zr *zip.Reader) (*zip.File, error) {
	byName := map[string]*zip.File{}
	for _, f := range zr.File {
		byName[f.Name] = f
	}
	for _, name := range []string{"collection.anki21", "collection.anki2"} {
		if f, ok := byName[name]; ok {
			if f.UncompressedSize64 > MaxCollection {
				return nil, fmt.Errorf("%w: its collection is over %d MB", ErrNotADeck, MaxCollection>>20)
			}
			return f, nil
		}
	}
	if _, ok := byName["collection.anki21b"]; ok {
		return nil, fmt.Errorf("%w: it is in Anki's newest format only; export it from Anki with \"Support older Anki versions\" checked", ErrNotADeck)
	}
	return nil, fmt.Errorf("%w: the zip holds no collection.anki2", ErrNotADeck)
}

// extractCollection copies the deck's collection (data, the deck's bytes)
// to a file in dir, and returns its path.
func extractCollection(data []byte, dir string) (string, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return "", fmt.Errorf("%w: %w", ErrNotADeck, err)
	}
	f, err := collectionIn(zr)
	if err != nil {
		return "", err
	}
	rc, err := f.Open()
	if err != nil {
		return "", fmt.Errorf("%w: %w", ErrNotADeck, err)
	}
	defer rc.Close()
	path := filepath.Join(dir, "collection.sqlite")
	out, err := os.Create(path)
	if err != nil {
		return "", fmt.Errorf("study: %w", err)
	}
	n, err := io.Copy(out, io.LimitReader(rc, MaxCollection+1))
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", fmt.Errorf("%w: %w", ErrNotADeck, err)
	}
	if n > MaxCollection {
		return "", fmt.Errorf("%w: its collection is over %d MB", ErrNotADeck, MaxCollection>>20)
	}
	return path, nil
}

// ReadDeck reads the notes of the Anki deck at path. A file that is not a
// deck, or whose collection is damaged, is an error wrapping ErrNotADeck.
func ReadDeck(path string) ([]Note, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("study: %w", err)
	}
	return ReadDeckData(data)
}

// ReadDeckData reads the notes of an Anki deck held in data.
func ReadDeckData(data []byte) ([]Note, error) {
	dir, err := os.MkdirTemp("", "tw-apkg-")
	if err != nil {
		return nil, fmt.Errorf("study: %w", err)
	}
	defer os.RemoveAll(dir)
	coll, err := extractCollection(data, dir)
	if err != nil {
		return nil, err
	}
	db, err := sql.Open("sqlite", "file:"+coll+"?mode=ro")
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNotADeck, err)
	}
	defer db.Close()
	clozeModels, err := clozeModelsOf(db)
	if err != nil {
		return nil, err
	}
	reviews, err := reviewsOf(db)
	if err != nil {
		return nil, err
	}
	rows, err := db.Query(`SELECT id, guid, mid, flds, tags FROM notes ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNotADeck, err)
	}
	defer rows.Close()
	var notes []Note
	for rows.Next() {
		var n Note
		var id, mid int64
		var flds string
		if err := rows.Scan(&id, &n.GUID, &mid, &flds, &n.Tags); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrNotADeck, err)
		}
		n.Reviews = reviews[id]
		n.Raw = SplitFields(flds)
		for _, f := range n.Raw {
			n.Fields = append(n.Fields, PlainText(f))
		}
		n.Cloze = clozeModels[mid]
		notes = append(notes, n)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNotADeck, err)
	}
	return notes, nil
}

// reviewsOf reads the review log's grades (type 1, reviews; ease 1 to 4
// are again, hard, good and easy), by note id, oldest first. A deck
// without a review log has none.
func reviewsOf(db *sql.DB) (map[int64][]Review, error) {
	out := map[int64][]Review{}
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('revlog', 'cards')`).Scan(&n); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNotADeck, err)
	}
	if n < 2 {
		return out, nil
	}
	rows, err := db.Query(`SELECT c.nid, r.id, r.ease FROM revlog r JOIN cards c ON c.id = r.cid
		WHERE r.type = 1 AND r.ease BETWEEN 1 AND 4 ORDER BY r.id`)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNotADeck, err)
	}
	defer rows.Close()
	for rows.Next() {
		var nid, at int64
		var ease int
		if err := rows.Scan(&nid, &at, &ease); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrNotADeck, err)
		}
		out[nid] = append(out[nid], Review{Grade: Grade(ease), At: at / 1000})
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNotADeck, err)
	}
	return out, nil
}

// clozeModelsOf reads which note types of the collection are cloze (type
// 1 in col.models).
func clozeModelsOf(db *sql.DB) (map[int64]bool, error) {
	var models string
	if err := db.QueryRow(`SELECT models FROM col LIMIT 1`).Scan(&models); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNotADeck, err)
	}
	var m map[string]struct {
		Type int `json:"type"`
	}
	out := map[int64]bool{}
	if json.Unmarshal([]byte(models), &m) != nil {
		return out, nil // newer collections keep note types in their own table
	}
	for id, x := range m {
		if n, err := strconv.ParseInt(id, 10, 64); err == nil && x.Type == 1 {
			out[n] = true
		}
	}
	return out, nil
}

// ankiSchema is Anki's collection schema, version 11.
const ankiSchema = `
CREATE TABLE col (id integer primary key, crt integer not null, mod integer not null, scm integer not null,
 ver integer not null, dty integer not null, usn integer not null, ls integer not null, conf text not null,
 models text not null, decks text not null, dconf text not null, tags text not null);
CREATE TABLE notes (id integer primary key, guid text not null, mid integer not null, mod integer not null,
 usn integer not null, tags text not null, flds text not null, sfld integer not null, csum integer not null,
 flags integer not null, data text not null);
CREATE TABLE cards (id integer primary key, nid integer not null, did integer not null, ord integer not null,
 mod integer not null, usn integer not null, type integer not null, queue integer not null, due integer not null,
 ivl integer not null, factor integer not null, reps integer not null, lapses integer not null, left integer not null,
 odue integer not null, odid integer not null, flags integer not null, data text not null);
CREATE TABLE revlog (id integer primary key, cid integer not null, usn integer not null, ease integer not null,
 ivl integer not null, lastIvl integer not null, factor integer not null, time integer not null, type integer not null);
CREATE TABLE graves (usn integer not null, oid integer not null, type integer not null);
CREATE INDEX ix_notes_usn on notes (usn);
CREATE INDEX ix_cards_usn on cards (usn);
CREATE INDEX ix_revlog_usn on revlog (usn);
CREATE INDEX ix_cards_nid on cards (nid);
CREATE INDEX ix_cards_sched on cards (did, queue, due);
CREATE INDEX ix_revlog_cid on revlog (cid);
CREATE INDEX ix_notes_csum on notes (csum);
`

// fieldHTML is plain text as a field's HTML.
func fieldHTML(s string) string {
	return strings.ReplaceAll(html.EscapeString(s), "\n", "<br>")
}

// checksum is Anki's note checksum: the first 8 hex digits of the SHA-1
// of the sort field, as a number.
func checksum(sortField string) int64 {
	sum := sha1.Sum([]byte(sortField))
	return int64(binary.BigEndian.Uint32(sum[:4]))
}

// guidOf is a card's note id in a deck: stable for one card of one
// document, so a deck exported again updates the notes Anki has.
func guidOf(document, id string) string {
	sum := sha256.Sum256([]byte(document + "\x00" + id))
	return hex.EncodeToString(sum[:8])
}

// WriteDeck writes cards as an Anki deck named name to path, atomically:
// one Basic note (Front, Back) per card, with the card's grades as
// Anki's review log and its schedule as Anki's. now is the time of the
// export, in Unix seconds.
func WriteDeck(path, name, document string, cards []Card, now int64) error {
	dir, err := os.MkdirTemp("", "tw-apkg-")
	if err != nil {
		return fmt.Errorf("study: %w", err)
	}
	defer os.RemoveAll(dir)
	coll := filepath.Join(dir, "collection.anki2")
	if err := writeCollection(coll, name, document, cards, now); err != nil {
		return err
	}
	data, err := os.ReadFile(coll)
	if err != nil {
		return fmt.Errorf("study: %w", err)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range []struct {
		name string
		data []byte
	}{{"collection.anki2", data}, {"media", []byte("{}")}} {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: f.name, Method: zip.Deflate, Modified: time.Unix(now, 0).UTC()})
		if err != nil {
			return fmt.Errorf("study: %w", err)
		}
		if _, err := w.Write(f.data); err != nil {
			return fmt.Errorf("study: %w", err)
		}
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("study: %w", err)
	}
	if err := atomicfile.Write(path, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("study: %w", err)
	}
	return nil
}

func writeCollection(path, name, document string, cards []Card, now int64) error {
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		return fmt.Errorf("study: %w", err)
	}
	defer db.Close()
	// The file is a temporary one, zipped once it is complete: no journal
	// or syncing is needed to keep it whole.
	if _, err := db.Exec(`PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF`); err != nil {
		return fmt.Errorf("study: %w", err)
	}
	tx, err := db.Begin()
	if err != nil {
		return fmt.Errorf("study: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.Exec(ankiSchema); err != nil {
		return fmt.Errorf("study: %w", err)
	}
	var stmts [3]*sql.Stmt
	for i, q := range []string{
		`INSERT INTO notes VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, '')`,
		`INSERT INTO cards VALUES (?, ?, ?, 0, ?, -1, ?, ?, ?, ?, ?, ?, 0, 0, 0, 0, 0, '')`,
		`INSERT INTO revlog VALUES (?, ?, -1, ?, 0, 0, 0, 0, 1)`,
	} {
		if stmts[i], err = tx.Prepare(q); err != nil {
			return fmt.Errorf("study: %w", err)
		}
		defer stmts[i].Close()
	}
	addNote, addCard, addReview := stmts[0], stmts[1], stmts[2]
	const modelID, deckID = 1342697561419, 1342697561420
	ms := now * 1000
	crt := now - now%DaySeconds
	models, decks := ankiModels(modelID, deckID, name, now), ankiDecks(deckID, name, now)
	if _, err := tx.Exec(`INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, '{}')`,
		crt, ms, ms, ankiConf, models, decks, ankiDeckConf); err != nil {
		return fmt.Errorf("study: %w", err)
	}
	type review struct {
		card int64
		Review
	}
	var reviews []review
	for i, c := range cards {
		id := ms + int64(i)
		front, back := fieldHTML(c.Question), fieldHTML(c.Answer)
		if _, err := addNote.Exec(
			id, guidOf(document, c.ID), modelID, now, " textweaver "+string(c.Kind)+" ", front+fieldSep+back,
			c.Question, checksum(c.Question)); err != nil {
			return fmt.Errorf("study: %w", err)
		}
		s := c.Schedule()
		typ, queue, due, ivl, factor := 0, 0, int64(i+1), 0, 2500
		if !s.New() {
			typ, queue, ivl, factor = 2, 2, s.IntervalDays, int(s.Ease*1000+0.5)
			due = (s.Due - crt) / DaySeconds
		}
		if _, err := addCard.Exec(
			id, id, deckID, now, typ, queue, due, ivl, factor, len(c.Reviews)); err != nil {
			return fmt.Errorf("study: %w", err)
		}
		for _, r := range c.Reviews {
			reviews = append(reviews, review{id, r})
		}
	}
	// A review's id is its time in milliseconds; grades given in the same
	// millisecond take the next ones, in time order.
	sort.SliceStable(reviews, func(i, j int) bool { return reviews[i].At < reviews[j].At })
	last := int64(0)
	for _, r := range reviews {
		last = max(r.At*1000, last+1)
		if _, err := addReview.Exec(last, r.card, int(r.Grade)); err != nil {
			return fmt.Errorf("study: %w", err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("study: %w", err)
	}
	return nil
}

const ankiConf = `{"nextPos":1,"estTimes":true,"activeDecks":[1],"sortType":"noteFld","timeLim":0,"sortBackwards":false,"addToCur":true,"curDeck":1,"newBury":true,"newSpread":0,"dueCounts":true,"curModel":null,"collapseTime":1200}`

const ankiDeckConf = `{"1":{"id":1,"name":"Default","mod":0,"usn":0,"maxTaken":60,"autoplay":true,"timer":0,"replayq":true,"dyn":false,` +
	`"new":{"delays":[1,10],"ints":[1,4,7],"initialFactor":2500,"order":1,"perDay":20,"bury":true,"separate":true},` +
	`"rev":{"perDay":200,"ease4":1.3,"fuzz":0.05,"ivlFct":1,"maxIvl":36500,"bury":true,"minSpace":1},` +
	`"lapse":{"delays":[10],"mult":0,"minInt":1,"leechFails":8,"leechAction":0}}}`

func ankiModels(modelID, deckID int64, name string, now int64) string {
	field := func(n string, ord int) map[string]any {
		return map[string]any{"name": n, "ord": ord, "sticky": false, "rtl": false, "font": "Arial", "size": 20, "media": []any{}}
	}
	m := map[string]any{strconv.FormatInt(modelID, 10): map[string]any{
		"id": modelID, "name": "Basic (textweaver)", "type": 0, "mod": now, "usn": -1, "sortf": 0, "did": deckID,
		"tmpls": []any{map[string]any{"name": "Card 1", "ord": 0, "qfmt": "{{Front}}",
			"afmt": "{{FrontSide}}<hr id=answer>{{Back}}", "did": nil, "bqfmt": "", "bafmt": ""}},
		"flds":     []any{field("Front", 0), field("Back", 1)},
		"css":      ".card { font-family: arial; font-size: 20px; text-align: center; }",
		"latexPre": "", "latexPost": "", "tags": []any{}, "vers": []any{},
		"req": []any{[]any{0, "any", []any{0}}},
	}}
	data, _ := json.Marshal(m) // maps of plain values always marshal
	return string(data)
}

func ankiDecks(deckID int64, name string, now int64) string {
	deck := func(id int64, n string) map[string]any {
		return map[string]any{"id": id, "name": n, "desc": "", "mod": now, "usn": -1, "collapsed": false,
			"newToday": []int{0, 0}, "revToday": []int{0, 0}, "lrnToday": []int{0, 0}, "timeToday": []int{0, 0},
			"dyn": 0, "conf": 1, "extendNew": 10, "extendRev": 50}
	}
	data, _ := json.Marshal(map[string]any{"1": deck(1, "Default"), strconv.FormatInt(deckID, 10): deck(deckID, name)})
	return string(data)
}
