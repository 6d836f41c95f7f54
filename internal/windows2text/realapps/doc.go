// Package realapps holds end-to-end tests of windows2text against real
// applications installed from Debian (scripts/deps-desktop.sh): a Qt 5
// editor, Chromium, mousepad, zenity and galculator, each driven through
// "windows2text serve" on one private desktop per test binary.
package realapps
