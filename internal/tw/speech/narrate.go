package speech

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/narration"
	"textfirst/internal/tw/speech/engine"
)

// SpanKind says how a piece of spoken text relates to the document.
type SpanKind int

const (
	Literal  SpanKind = iota // spoken as written
	Expanded                 // spoken differently ("Dr" as "Doctor", "1,250" as "1250")
	Inserted                 // spoken with no document text ("comma" with punctuation all)
	Elided                   // document text not spoken (a symbol with punctuation none)
)

// MapSpan is one entry of the offset map between spoken text and document:
// spoken code points [SpokenStart, SpokenEnd) stand for document code points
// [DocStart, DocEnd). Inserted spans have an empty document range, elided
// spans an empty spoken range.
type MapSpan struct {
	Kind                   SpanKind
	SpokenStart, SpokenEnd int
	DocStart, DocEnd       int
}

// Segment is one utterance of a reading, prepared from the canonical text:
// what the engine speaks, where each of its words is in the document, and
// the silence that follows it (after a heading, paragraph or list item).
type Segment struct {
	Utterance engine.Utterance
	// DocWords[i] is the document range of Utterance.Words[i]; a word
	// continuous reading inserts (a role, a count, a column header) has an
	// empty range, at the place it is said.
	DocWords []engine.Span
	// Said, in continuous reading, is parallel to DocWords: Said[i], when
	// not empty, is the text of the narration's utterance whose first
	// document word is Words[i], for a front end that shows what is read.
	// Nil otherwise.
	Said    []string
	Map     []MapSpan
	PauseMs int
	End     int // document position after the segment
	// Voice, when not "", is the voice the segment is said in instead of
	// the reading voice: a segment of words continuous reading inserts,
	// said in a voice of the interface language (Narrator.insertVoice).
	Voice string
}

// Window sizes, in words: the first utterance is short so that reading starts
// at once; later ones are long enough for natural prosody. An utterance ends
// at a block end (heading, paragraph, list item), at a sentence end once it
// holds windowWords, and at the latest at 2*windowWords.
const (
	firstWindowWords = 20
	windowWords      = 120
)

// Narrator prepares the segments of a reading lazily, one window at a time,
// so that reading a 10 MB document starts at once. It is not safe for
// concurrent use.
type Narrator struct {
	tok     *tokenizer
	to      int
	p       Params
	pauses  []pausePoint
	pi      int
	pending *token
	count   int
	lex     *lexScanner   // speech.pronunciations; nil when there are none
	breaks  *breakScanner // speech.markup_pauses; nil when off or none
	// breakPause is the silence pause markup asked for before the segment
	// being prepared had a word: it is added to the segment before.
	breakPause int
	doc        *doc.Document
	from       int

	// Continuous reading (NewContinuousNarrator): the utterances, the one
	// being read, its next piece, and its text until its first document
	// word takes it.
	src         *utteranceSource
	cur         narration.Utterance
	piece       int
	inUtterance bool
	said        string
	// insertVoice, when not "", is the voice of the interface language
	// that says the inserted words: they are then segments of their own
	// (Segment.Voice), apart from the document's words.
	insertVoice string
	parts       []token // the tokens of an inserted piece, still to read

	started bool    // ahead holds the next segment
	ahead   Segment // read one segment ahead, to know which is the last
	aheadOK bool
}

type pausePoint struct{ pos, ms int }

// NewNarrator prepares reading d from code point from to to (exclusive).
func NewNarrator(d *doc.Document, from, to int, p Params) *Narrator {
	from = max(0, min(from, d.Len()))
	to = max(from, min(to, d.Len()))
	text := d.Text[d.Byte(from):d.Byte(to)]
	n := &Narrator{tok: newTokenizer(text, from), to: to, p: p.Clamp(), doc: d, from: from}
	n.lex = newLexScanner(n.p.Lexicon, text, from)
	n.breaks = newBreakScanner(n.p.MarkupPauses, text, from)
	for _, m := range d.All() {
		if m.End <= from || m.End > to {
			continue
		}
		ms := 0
		switch m.Kind {
		case doc.Heading:
			ms = n.p.PauseHeadingMs
		case doc.Paragraph:
			ms = n.p.PauseParagraphMs
		case doc.ListItem:
			ms = n.p.PauseListItemMs
		default:
			continue
		}
		n.pauses = append(n.pauses, pausePoint{m.End, ms})
	}
	sort.Slice(n.pauses, func(i, j int) bool { return n.pauses[i].pos < n.pauses[j].pos })
	return n
}

// pauseIn returns the pause owed to a block boundary inside the gap
// [start, end], or -1 when there is none. A blank line counts as a paragraph
// end too (plain text built without markers; the end of a list).
func (n *Narrator) pauseIn(g token) int {
	ms := -1
	for n.pi < len(n.pauses) && n.pauses[n.pi].pos < g.Start {
		n.pi++
	}
	for n.pi < len(n.pauses) && n.pauses[n.pi].pos <= g.End {
		ms = max(ms, n.pauses[n.pi].ms)
		n.pi++
	}
	if strings.Count(g.Text, "\n") >= 2 {
		ms = max(ms, n.p.PauseParagraphMs)
	}
	return ms
}

func (n *Narrator) nextToken() (token, bool) {
	if n.pending != nil {
		t := *n.pending
		n.pending = nil
		return t, true
	}
	if n.src != nil {
		return n.nextPieceToken()
	}
	return n.tok.next()
}

// Next returns the next segment, or false at the end of the range. The
// last segment has no pause after it: nothing follows it, and a reading of
// one sentence should end when its last word has been heard.
func (n *Narrator) Next() (Segment, bool) {
	if !n.started {
		n.started = true
		n.ahead, n.aheadOK = n.nextSpoken()
		n.breakPause = 0 // nothing was said before it
	}
	seg, ok := n.ahead, n.aheadOK
	if !ok {
		return Segment{}, false
	}
	n.ahead, n.aheadOK = n.nextSpoken()
	seg.PauseMs += n.breakPause
	n.breakPause = 0
	if !n.aheadOK {
		seg.PauseMs = 0
	}
	return seg, true
}

// nextSpoken returns the next segment that has something to say.
func (n *Narrator) nextSpoken() (Segment, bool) {
	for {
		seg, ok := n.next()
		if !ok {
			return Segment{}, false
		}
		if strings.TrimSpace(seg.Utterance.Text) != "" {
			return seg, true
		}
	}
}

func (n *Narrator) next() (Segment, bool) {
	limit := windowWords
	if n.count == 0 {
		limit = firstWindowWords
	}
	var b builder
	any := false
	for {
		t, ok := n.nextToken()
		if !ok {
			if !any {
				return Segment{}, false
			}
			n.count++
			return b.segment(n.to, 0), true
		}
		any = true
		if n.splitsAt(&b, t) {
			n.pending = &t
			n.count++
			return b.segment(t.Start, 0), true
		}
		if t.Inserted {
			n.addInserted(&b, t)
			continue
		}
		if n.breaks != nil {
			if m, ok := n.breaks.at(t.Start); ok && m.start < t.End {
				ms := m.ms + n.addBreak(&b, t, m)
				if len(b.words) > 0 {
					n.count++
					return b.segment(m.end, ms), true
				}
				n.breakPause += ms
				continue
			}
		}
		if n.lex != nil {
			if m, ok := n.lex.at(t.Start); ok && m.start < t.End {
				n.addPronounced(&b, t, m)
				continue
			}
		}
		if t.Word {
			if len(b.words) >= 2*limit {
				n.pending = &t
				n.count++
				return b.segment(t.Start, 0), true
			}
			n.addWord(&b, t)
			continue
		}
		pause := n.pauseIn(t)
		if t.Boundary {
			n.addBoundary(&b, t)
		} else {
			n.addGap(&b, t)
		}
		if pause >= 0 && len(b.words) > 0 {
			n.count++
			return b.segment(t.End, pause), true
		}
		if len(b.words) >= limit && (t.Boundary || endsSentence(t.Text)) {
			n.count++
			return b.segment(t.End, 0), true
		}
	}
}

// splitsAt reports whether the segment being built ends before token t
// because t is said in another voice: with an insertVoice, inserted words
// and the document's words (those it repeats, such as a column's header,
// included) are never in one segment. It marks b with the voice of the
// words t adds.
func (n *Narrator) splitsAt(b *builder, t token) bool {
	if n.insertVoice == "" {
		return false
	}
	switch {
	case t.Inserted && !t.Repeated && hasWordChar(t.Text):
		if b.document {
			return true
		}
		b.voice = n.insertVoice
	case !t.Inserted && t.Word, t.Repeated && hasWordChar(t.Text):
		if b.voice != "" {
			return true
		}
		b.document = true
	}
	return false
}

// hasWordChar reports whether s holds a letter or a digit (something to
// say, not only punctuation and spaces).
func hasWordChar(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0
}

func endsSentence(gap string) bool {
	return strings.ContainsAny(gap, ".!?…") && strings.ContainsAny(gap, " \n\t")
}

// builder accumulates spoken text, its words and its offset map.
type builder struct {
	text     strings.Builder
	n        int // code points written
	words    []engine.Span
	docWords []engine.Span
	said     []string // nil until a word begins an utterance
	spans    []MapSpan
	skipDot  bool // the word just written consumed the "." that follows it
	// With a Narrator's insertVoice: voice is set once inserted words are
	// written (the segment's Voice), document once the document's words
	// are.
	voice    string
	document bool
}

func (b *builder) write(kind SpanKind, s string, docStart, docEnd int) engine.Span {
	start := b.n
	b.text.WriteString(s)
	b.n += utf8.RuneCountInString(s)
	b.spans = append(b.spans, MapSpan{Kind: kind, SpokenStart: start, SpokenEnd: b.n, DocStart: docStart, DocEnd: docEnd})
	return engine.Span{Start: start, End: b.n}
}

// addWord adds a spoken word sp standing for the document range w; said,
// when not empty, is the utterance it begins (see Segment.Said).
func (b *builder) addWord(sp, w engine.Span, said string) {
	if said != "" && b.said == nil {
		b.said = make([]string, len(b.words), len(b.words)+1)
	}
	b.words = append(b.words, sp)
	b.docWords = append(b.docWords, w)
	if b.said != nil {
		b.said = append(b.said, said)
	}
}

func (b *builder) segment(end, pause int) Segment {
	if b.said != nil {
		b.said = append(b.said, make([]string, len(b.words)-len(b.said))...)
	}
	return Segment{
		Utterance: engine.Utterance{Text: b.text.String(), Words: b.words},
		DocWords:  b.docWords, Said: b.said, Map: b.spans, PauseMs: pause, End: end, Voice: b.voice,
	}
}

// takeSaid returns the text of the utterance being read the first time it
// is asked for, then "".
func (n *Narrator) takeSaid() string {
	s := n.said
	n.said = ""
	return s
}

// abbreviations are spoken in full. titleAbbrev ones never end a sentence.
var abbreviations = map[string]string{
	"Dr": "Doctor", "Mr": "Mister", "Mrs": "Missus", "Prof": "Professor",
	"e.g": "for example", "i.e": "that is", "etc": "et cetera", "vs": "versus",
	"approx": "approximately", "Fig": "Figure", "Jr": "Junior", "Sr": "Senior",
}

func (n *Narrator) addWord(b *builder, t token) {
	text := t.Text
	kind := Literal
	if full, ok := abbreviations[text]; ok && !n.p.KeepAbbreviations {
		if g, ok := n.tok.peek(0); ok && !g.Word && strings.HasPrefix(g.Text, ".") {
			text, kind = full, Expanded
			// "etc." may end a sentence: keep its full stop before a capital.
			b.skipDot = !(t.Text == "etc" && capitalFollows(g.Text[1:], n.tok))
		}
	} else if plain, ok := groupedNumber(text); ok {
		text, kind = plain, Expanded
	}
	sp := b.write(kind, text, t.Start, t.End)
	b.addWord(sp, engine.Span{Start: t.Start, End: t.End}, n.takeSaid())
}

func capitalFollows(rest string, tok *tokenizer) bool {
	if s := strings.TrimSpace(rest); s != "" {
		r, _ := utf8.DecodeRuneInString(s)
		return unicode.IsUpper(r)
	}
	// The raw segments after the "." (peek(0)) up to the next word.
	for i := 1; ; i++ {
		w, ok := tok.peek(i)
		if !ok {
			return true
		}
		if strings.TrimSpace(w.Text) == "" {
			continue
		}
		r, _ := utf8.DecodeRuneInString(w.Text)
		return unicode.IsUpper(r)
	}
}

// groupedNumber turns "1,250" or "12,345.5" into "1250" and "12345.5", so
// that no engine reads the comma as a pause between two numbers.
func groupedNumber(s string) (string, bool) {
	intPart, frac, _ := strings.Cut(s, ".")
	groups := strings.Split(intPart, ",")
	if len(groups) < 2 || len(groups[0]) == 0 || len(groups[0]) > 3 {
		return "", false
	}
	for i, g := range groups {
		if !allDigits(g) || i > 0 && len(g) != 3 {
			return "", false
		}
	}
	if frac != "" && !allDigits(frac) || strings.Contains(frac, ".") {
		return "", false
	}
	out := strings.Join(groups, "")
	if strings.Contains(s, ".") {
		out += "." + frac
	}
	return out, true
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// prosodic punctuation shapes the voice's phrasing; it is kept in the spoken
// text at every level (and named too with punctuation "all").
const prosodic = ".,;:!?…"

var punctuationNames = map[rune]string{
	'.': "period", ',': "comma", ';': "semicolon", ':': "colon", '!': "exclamation mark",
	'?': "question mark", '…': "ellipsis", '"': "quote", '“': "left quote", '”': "right quote",
	'\'': "apostrophe", '‘': "left quote", '’': "right quote", '(': "left paren", ')': "right paren",
	'[': "left bracket", ']': "right bracket", '{': "left brace", '}': "right brace",
	'-': "dash", '–': "en dash", '—': "em dash", '/': "slash", '\\': "backslash", '&': "and",
	'@': "at", '#': "number", '%': "percent", '*': "star", '+': "plus", '=': "equals",
	'<': "less than", '>': "greater than", '|': "bar", '_': "underscore", '~': "tilde",
	'^': "caret", '$': "dollar", '€': "euro", '£': "pound", '`': "backtick", '§': "section",
}

// addGap writes the text between two words according to the punctuation
// level: line breaks become spaces; with "none", symbols are dropped; with
// "all", every symbol is named.
func (n *Narrator) addGap(b *builder, t token) {
	pos := t.Start
	text := t.Text
	if b.skipDot && strings.HasPrefix(text, ".") {
		b.write(Elided, "", pos, pos+1)
		text, pos = text[1:], pos+1
		b.skipDot = false
	}
	b.skipDot = false
	var lit strings.Builder
	litStart := pos
	flush := func(at int) {
		if lit.Len() > 0 {
			b.write(Literal, lit.String(), litStart, at)
			lit.Reset()
		}
		litStart = at
	}
	for _, r := range text {
		switch {
		case unicode.IsSpace(r) || unicode.IsControl(r):
			lit.WriteRune(' ') // engines take C strings: a NUL would end the text
		case n.p.Punctuation == "all" && punctuationNames[r] != "":
			flush(pos)
			s := " " + punctuationNames[r]
			if strings.ContainsRune(prosodic, r) {
				s += string(r)
			}
			b.write(Expanded, s+" ", pos, pos+1)
			litStart = pos + 1
		case n.p.Punctuation == "none" && (unicode.IsPunct(r) || unicode.IsSymbol(r)) && !strings.ContainsRune(prosodic, r):
			flush(pos)
			b.write(Elided, " ", pos, pos+1)
			litStart = pos + 1
		default:
			lit.WriteRune(r)
		}
		pos++
	}
	flush(pos)
}

// addPronounced says a pronunciation: the tokens from t up to the end of
// match m are said as the text before the match, the replacement, and the
// text after it, as one Expanded span. Their words count as one word whose
// document range runs from the first of them to the last, so positions
// still point at the text as written.
func (n *Narrator) addPronounced(b *builder, t token, m lexMatch) {
	group := []token{t}
	last := t
	for last.End < m.end {
		next, ok := n.nextToken()
		if !ok {
			break
		}
		group = append(group, next)
		last = next
	}
	var all strings.Builder
	wordStart, wordEnd := -1, -1
	for _, g := range group {
		all.WriteString(g.Text)
		if g.Word {
			if wordStart < 0 {
				wordStart = g.Start
			}
			wordEnd = g.End
		}
	}
	runes := []rune(all.String())
	pre := string(runes[:min(max(m.start-t.Start, 0), len(runes))])
	post := string(runes[min(max(m.end-t.Start, 0), len(runes)):])
	spoken := strings.Map(spaceControls, pre+m.say+post)
	b.skipDot = false
	sp := b.write(Expanded, spoken, t.Start, last.End)
	if wordStart >= 0 {
		b.addWord(sp, engine.Span{Start: wordStart, End: wordEnd}, n.takeSaid())
	}
}

// addBreak leaves pause markup m out of what is said: the text of token t
// before m is said as usual, the tokens up to m's end are consumed into
// one Elided span, and what follows m in the last of them is read next.
// It returns the pause owed to a block end in t before m (0 when none);
// the caller adds it to m's silence.
func (n *Narrator) addBreak(b *builder, t token, m breakMatch) int {
	owed := 0
	if m.start > t.Start {
		runes := []rune(t.Text)
		before := t
		before.Text, before.End = string(runes[:m.start-t.Start]), m.start
		owed = max(0, n.pauseIn(before))
		n.addGap(b, before) // markup starts with "<": never inside a word
	}
	last := t
	for last.End < m.end {
		next, ok := n.nextToken()
		if !ok {
			break
		}
		last = next
	}
	b.skipDot = false
	b.write(Elided, "", m.start, min(m.end, last.End))
	if last.End > m.end {
		runes := []rune(last.Text)
		rest := last
		rest.Text, rest.Start = string(runes[m.end-last.Start:]), m.end
		n.pending = &rest
	}
	return owed
}
