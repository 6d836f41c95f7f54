#!/usr/bin/env bash
# Debian packages the speech tests need: libespeak-ng (loaded at run time
# through purego, so no -dev package), the espeak-ng command (benchmarks),
# speech-dispatcher with its espeak-ng module, PulseAudio with a null sink
# (a real played-samples clock without a sound card), and sox (to measure
# WAV durations in tests).
set -euo pipefail
source "$(dirname "$0")/apt.sh"
apt_need espeak-ng libespeak-ng1 speech-dispatcher speech-dispatcher-espeak-ng \
  speech-dispatcher-flite speech-dispatcher-festival festival festvox-kallpc16k \
  pulseaudio pulseaudio-utils sox
