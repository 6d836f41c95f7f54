#!/usr/bin/env bash
# fuzz-sessions.sh [SECONDS]: a long run of the sequence fuzzer of tw serve
# (seeded random sessions of actions, prompts, lists, keys, typing and edit
# mode against an in-process server with a real core; see
# internal/tw/rpc/sessions_test.go). Default 300 seconds. A failing seed is
# printed with the session up to the crash; replay it with
# TW_FUZZ_SEED=N go test -run TestRandomSessions ./internal/tw/rpc.
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${1:-300}"
TW_FUZZ_SECONDS="$secs" go test -count=1 -v -timeout "$((secs + 300))s" \
	-run '^TestRandomSessions$' ./internal/tw/rpc | grep -E 'sessions_test|^(ok|FAIL|---)'
