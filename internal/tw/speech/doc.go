// Package speech reads documents aloud with word-by-word position events.
//
// The pieces, in the order audio flows:
//
//   - Narration (Narrator) prepares what is spoken from the canonical text:
//     abbreviations and grouped numbers expanded, punctuation per the
//     speech.punctuation level, line breaks as spaces. Each utterance carries
//     an offset map back to the document (MapSpan) and the document range of
//     each of its words, and the pause owed after it (heading, paragraph,
//     list item). Utterances are prepared a window at a time, so a 10 MB
//     document starts at once. Continuous reading (NewContinuousNarrator,
//     Service.ReadContinuousWith) speaks the narration of package
//     narration: the words it inserts for the structure ("heading level
//     2", "Row 1: Name is") are spoken words with no document range, never
//     reported as heard.
//   - Engines (package engine) never see a document. A Synthesizer
//     (libespeak-ng, null) returns audio with the sample where each word
//     starts; a Speaker (speech-dispatcher) plays audio itself and reports
//     words as heard.
//   - Sinks play a Synthesizer's audio and say how much has been played:
//     the sound server (DeviceSink), a clock that plays nothing (ClockSink,
//     with a speed factor for tests), a WAV file (WAVSink). A word is
//     released when its first sample has been played.
//   - The Service ties them together for the reader: Read, Stop, Say,
//     SetParams. Each Read runs in its own pipeline; a stopped or replaced
//     pipeline's events are dropped, so no word of an old reading reaches a
//     new one. Export writes a document to a WAV file with word timings.
package speech
