#!/usr/bin/env bash
# Benchmarks windows2text's AT-SPI snapshot against a pyatspi walk of the
# same applications (gtk3-widget-factory, a 2,000-row GTK list) on a
# private Xvfb desktop, side by side in one run.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash scripts/deps-desktop.sh
export PATH="/usr/local/go/bin:$PATH"
go test -count=1 -run TestWalkMatchesPyatspi -bench SideBySide -benchtime 1x ./bench/windows2text
go test -count=1 -run '^$' -bench Actions -benchtime 1x ./bench/windows2text
