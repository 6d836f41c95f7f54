#!/usr/bin/env bash
# Speech benchmarks, in one run:
#   BenchmarkReadLatency  time from Read to the first audio sample played and
#                         to the first Word, on a private PulseAudio null sink
#                         (a real-time clock), libespeak-ng, stream warm.
#   BenchmarkFirstWordEngines  time from Read to the first Word with
#                         libespeak-ng and with speech-dispatcher (espeak-ng
#                         module, private daemon), alternating, one null sink;
#                         reports the speechd/espeak ratio.
#   BenchmarkExport       tw's export (narration, word timings, WAV) against
#                         the espeak-ng command writing the same 2,300 words
#                         to a WAV file, as multiples of real time.
# Usage: bench/speech/run.sh [COUNT]   (iterations per benchmark, default 10)
set -euo pipefail
cd "$(dirname "$0")/../.."
bash scripts/deps-speech.sh
export PATH="/usr/local/go/bin:$PATH"
go test -count=1 -run '^$' -bench 'BenchmarkReadLatency|BenchmarkFirstWordEngines|BenchmarkExport' -benchtime "${1:-10}x" ./internal/tw/speech/
