#!/usr/bin/env bash
# Debian packages for the windows2text tests and benchmarks: a private X
# display (Xvfb), a D-Bus session with the AT-SPI accessibility bus, the GTK3
# test application (python3-gi), gtk3-widget-factory and Python's pyatspi for
# the benchmark comparison; and the real applications the end-to-end tests
# drive: a Qt 5 editor (featherpad), Chromium and Firefox ESR, a GTK editor
# (mousepad), a long-list dialog (zenity) and a calculator whose keys are
# toggle buttons (galculator), GTK 4's widget factory (gtk-4-examples: GTK 4
# sets VISIBLE without SHOWING); a PDF viewer whose pages keep their words
# in the Text interface (evince), a spreadsheet with its GTK 3 front end for
# the accessibility bridge (libreoffice-calc, libreoffice-gtk3); and a window
# manager (openbox) for the tests of focus and foreground on a managed
# desktop.
set -euo pipefail
source "$(dirname "$0")/apt.sh"
apt_need xvfb xauth at-spi2-core libatk-adaptor libatk-bridge2.0-0 dbus dbus-x11 x11-utils \
  python3-gi gir1.2-gtk-3.0 gir1.2-atspi-2.0 gtk-3-examples python3-pyatspi \
  featherpad chromium firefox-esr mousepad zenity galculator gtk-4-examples fonts-dejavu-core openbox \
  evince libreoffice-calc libreoffice-gtk3
