#!/usr/bin/env bash
# Debian packages the tw server tests need: python3 runs the spec's
# minimal client (internal/tw/rpc TestSpecPythonClient) unchanged.
# bench/tw/compare.sh installs pandoc itself; the tests do not need it.
# wamerican is the word list spelling checks use (internal/tw/spell);
# wordnet-base is the dictionary of tw define and define_word
# (internal/tw/lexicon); hunspell and its dictionaries suggest spellings in
# the six interface languages (internal/tw/spell); sqlite3, zip and unzip build
# and read back the Anki decks of the study tests (internal/tw/study);
# texlive-base ships xampl.bib, the BibTeX sample the reference importers are
# tested on (internal/tw/cite, with pandoc and bibutils of deps-export.sh);
# xdg-utils's xdg-open opens the browser preview (preview_in_browser);
# pocketsphinx and pocketsphinx-en-us are the offline recognizer and its
# model that dictation uses (tw dictate, the dictate action).
set -euo pipefail
source "$(dirname "$0")/apt.sh"
apt_need python3 sqlite3 zip unzip wamerican wordnet-base hunspell hunspell-en-us hunspell-de-de hunspell-fr hunspell-es hunspell-pt-pt hunspell-ar pocketsphinx pocketsphinx-en-us \
	texlive-base xdg-utils
