package speech_test

import (
	"os"
	"testing"
	"time"

	"textfirst/internal/tw/doc"
	"textfirst/internal/tw/speech"
	"textfirst/internal/tw/speech/speechtest"
)

// TestSpeechdReadsParagraph reads through a private speech-dispatcher
// (espeak-ng module) playing to a private PulseAudio null sink, so index
// marks come as the audio is played.
func TestSpeechdReadsParagraph(t *testing.T) {
	server := speechtest.StartPulse(t)
	speechtest.StartSpeechd(t, server)
	s, notices, err := speech.Open(speech.Options{Backend: "speechd"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if s.ID() != "speechd" || len(notices) != 0 {
		t.Fatalf("opened %q with notices %q, want speechd and none", s.ID(), notices)
	}
	d := doc.New(paragraph, doc.Meta{}, []doc.Marker{{Kind: doc.Paragraph, Start: 0, End: len([]rune(paragraph))}})
	_, audio := expectedTimes(t, d, speech.DefaultParams())
	rec := newRecorder()
	start := time.Now()
	s.ReadWith(d, 0, d.Len(), rec.handler())
	if !rec.wait(t, 60*time.Second) {
		t.Fatal("Done(false), want Done(true)")
	}
	checkWords(t, paragraph, rec.words, paragraphWords)
	span := rec.words[len(rec.words)-1].at.Sub(rec.words[0].at)
	t.Logf("first word %v after Read; words spread over %v; espeak's own audio for the same text lasts %v",
		rec.words[0].at.Sub(start), span, audio)
	// The same voice at the same rate: the marks must be spread like
	// libespeak-ng's own audio for the text (typically within 5%), not come
	// all at once. On a loaded machine speech-dispatcher's playback can
	// stall and stretch (seen: 16 s for 6 s of speech), so the upper bound
	// is loose.
	if span < audio*6/10 || span > audio*4 {
		t.Errorf("words came within %v for about %v of speech", span, audio)
	}
	for i := 1; i < len(rec.words); i++ {
		if rec.words[i].at.Before(rec.words[i-1].at) {
			t.Fatalf("word %d came before word %d", i, i-1)
		}
	}
}

func speechtestStart(t *testing.T) string {
	server := speechtest.StartPulse(t)
	speechtest.StartSpeechd(t, server)
	return server
}

// TestSpeechdSayDuringReading: an announcement while reading is heard at
// once; the reading carries on from the word it was on and completes, each
// word heard in order (the interrupted word may be heard again).
func TestSpeechdSayDuringReading(t *testing.T) {
	speechtestStart(t)
	p := speech.DefaultParams()
	p.Rate = 450
	s, _, err := speech.Open(speech.Options{Backend: "speechd", Params: p})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	rec := readParagraphFiveWords(t, s)
	s.Say("Bookmark added.")
	if !rec.wait(t, 60*time.Second) {
		t.Fatal("the reading was stopped by an announcement")
	}
	var got []heard
	for i, w := range rec.words {
		if i > 0 && w.start == rec.words[i-1].start {
			continue // the word that was interrupted, heard again
		}
		got = append(got, w)
	}
	t.Logf("%d word events for %d words", len(rec.words), len(got))
	checkWords(t, paragraph, got, paragraphWords)
}

// TestSpeechdRestart: speech-dispatcher is killed and another one started
// (as after a crash or an upgrade); restart_speech (Service.Restart)
// rebuilds the engine on the new daemon, and reading works again.
func TestSpeechdRestart(t *testing.T) {
	pulse := speechtest.StartPulse(t)
	dir := speechtest.StartSpeechdModules(t, pulse, "espeak-ng")
	p := speech.DefaultParams()
	p.Rate = 500
	s, _, err := speech.Open(speech.Options{Backend: "speechd", Params: p, Strict: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	d := doc.New("Hello there, my friend.", doc.Meta{}, nil)
	read := func() (*recorder, bool) {
		rec := newRecorder()
		s.ReadWith(d, 0, d.Len(), rec.handler())
		return rec, rec.wait(t, 20*time.Second)
	}
	if _, ok := read(); !ok {
		t.Fatal("the first reading did not complete")
	}
	pv, _ := speechtest.Daemons.Load(dir)
	pv.(*os.Process).Kill()
	speechtest.StartSpeechdModules(t, pulse, "flite")
	notices, err := s.Restart()
	if err != nil || s.ID() != "speechd" {
		t.Fatalf("Restart: %v (engine %s, notices %q)", err, s.ID(), notices)
	}
	rec, ok := read()
	if !ok || len(rec.words) != 4 {
		t.Fatalf("after the restart: completed %v, %d words", ok, len(rec.words))
	}
}
