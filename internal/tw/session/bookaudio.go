package session

import (
	"textfirst/internal/tw/bookaudio"
	"textfirst/internal/tw/core"
	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/units"
)

// narrated is the voice that reads a talking book with its own recorded
// narration (package bookaudio) when the book has one and
// reading.book_audio is "auto", and with speech otherwise. Its voices,
// notices and restart are the speech service's; a reading of less than a
// whole clip (a word, a character) is spoken.
type narrated struct {
	voiced
	// base reads with speech (the service, or the service shown when
	// there is no audio device).
	base   core.Speaker
	book   *bookaudio.Player
	wanted func() bool
}

var (
	_ core.Voicer            = narrated{}
	_ core.NoticeSpeaker     = narrated{}
	_ core.ContinuousSpeaker = narrated{}
)

// narratedVoice wraps the voice base of the session's speech service.
func (s *Session) narratedVoice(v voiced, base core.Speaker) narrated {
	return narrated{voiced: v, base: base, book: bookaudio.New(v.Service.Sink, nil), wanted: s.wantsBookAudio}
}

// wantsBookAudio reports whether a book's recording reads it
// (reading.book_audio is not "speech").
func (s *Session) wantsBookAudio() bool {
	return s.Settings == nil || s.Settings.String("reading.book_audio") != "speech"
}

func (n narrated) ID() string { return n.base.ID() }

func (n narrated) Read(d *doc.Document, from, to int, word func(start, end int), done func(completed bool)) {
	if n.wanted() && n.book.Covers(d, from, to) {
		n.base.Stop()
		n.book.Read(d, from, to, word, done)
		return
	}
	n.book.Stop()
	n.base.Read(d, from, to, word, done)
}

func (n narrated) Stop() {
	n.book.Stop()
	n.base.Stop()
}

// ReadContinuous reads continuously: with the book's recording when it
// covers the range, else with the base voice's narration of the
// document's structure (core.ContinuousSpeaker), never with the embedded
// service directly, which would bypass both the recording and what the
// base shows as it reads.
func (n narrated) ReadContinuous(ix *units.Index, from, to int, word func(start, end int), done func(completed bool)) {
	if n.wanted() && n.book.Covers(ix.Doc, from, to) {
		n.base.Stop()
		n.book.Read(ix.Doc, from, to, word, done)
		return
	}
	n.book.Stop()
	if cs, ok := n.base.(core.ContinuousSpeaker); ok {
		cs.ReadContinuous(ix, from, to, word, done)
		return
	}
	n.base.Read(ix.Doc, from, to, word, done)
}
