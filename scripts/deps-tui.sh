#!/usr/bin/env bash
# Debian packages the terminal reader's tests need: tmux (a real terminal
# driven with send-keys and read with capture-pane) and libespeak-ng (the
# highlight test reads aloud with espeak-ng, loaded at run time).
set -euo pipefail
source "$(dirname "$0")/apt.sh"
apt_need tmux libespeak-ng1 espeak-ng-data
