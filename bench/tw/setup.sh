#!/usr/bin/env bash
# Sourced first by the bench/tw scripts: strict mode, the repository's top
# as the working folder, Go on PATH, apt_need (scripts/apt.sh), a scratch
# folder $work removed on exit, and this tree's tw built as $work/tw.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
export PATH="/usr/local/go/bin:$PATH"
source scripts/apt.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/tw" ./cmd/tw
