#!/usr/bin/env bash
# Debian packages the terminal reader's tests need: tmux (a real terminal
# driven with send-keys and read with capture-pane) and libespeak-ng (the
# highlight test reads aloud with espeak-ng, loaded at run time), xclip and
# Xvfb (Ctrl+C puts the copy on a real X clipboard, read back with xclip),
# hyphen-en-us (syllables are split by its hyphenation patterns).
set -euo pipefail
source "$(dirname "$0")/apt.sh"
apt_need tmux libespeak-ng1 espeak-ng-data xclip xvfb hyphen-en-us
