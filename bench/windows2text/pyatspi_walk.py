#!/usr/bin/python3
"""Walk one application's windows with pyatspi (Debian's python3-pyatspi),
reading what windows2text reads for every element: role, states,
interfaces, name, child count, screen extents, children, action names,
range values and, for edit roles, the text.

Usage: pyatspi_walk.py PID ITERATIONS [showing]
With "showing", the walk reads only what is on screen, as observe does: a
child that is not SHOWING (a link scrolled out of a web page) is left with
its subtree after its states are read.
Prints one JSON line: {"nodes": N, "ms": [per-walk milliseconds...]}.
"""
import json
import sys
import time

import pyatspi

TEXT_ROLES = {pyatspi.ROLE_TEXT, pyatspi.ROLE_ENTRY, pyatspi.ROLE_TERMINAL,
              pyatspi.ROLE_DOCUMENT_FRAME, pyatspi.ROLE_DOCUMENT_TEXT,
              pyatspi.ROLE_DOCUMENT_WEB, pyatspi.ROLE_SPIN_BUTTON, pyatspi.ROLE_COMBO_BOX}


def read(acc):
    role = acc.getRole()
    acc.getState().getStates()
    ifaces = set(pyatspi.listInterfaces(acc))
    acc.name
    n = acc.childCount
    if "Component" in ifaces:
        acc.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    if "Action" in ifaces:
        a = acc.queryAction()
        [a.getName(i) for i in range(a.nActions)]
    if "Value" in ifaces:
        v = acc.queryValue()
        try:
            (v.minimumValue, v.maximumValue, v.currentValue)
        except Exception:
            # Chromium's hidden sliders fail one Get; windows2text reads
            # on too.
            pass
    if "Text" in ifaces and role in TEXT_ROLES:
        acc.queryText().getText(0, -1)
    return n


SHOWING_ONLY = False


def walk(acc):
    count = 1
    n = read(acc)
    for i in range(n):
        child = acc.getChildAtIndex(i)
        if child is None:
            continue
        if SHOWING_ONLY and not child.getState().contains(pyatspi.STATE_SHOWING):
            continue
        count += walk(child)
    return count


def main():
    global SHOWING_ONLY
    pid, iterations = int(sys.argv[1]), int(sys.argv[2])
    SHOWING_ONLY = len(sys.argv) > 3 and sys.argv[3] == "showing"
    desktop = pyatspi.Registry.getDesktop(0)
    app = None
    for a in desktop:
        if a is not None and a.get_process_id() == pid:
            app = a
    if app is None:
        sys.exit("no application with pid %d" % pid)
    windows = [w for w in app if w is not None and w.getState().contains(pyatspi.STATE_SHOWING)]
    times, nodes = [], 0
    for _ in range(iterations):
        # libatspi caches what it read; clear it so every walk asks the
        # application, as windows2text does.
        for w in windows:
            w.clearCache()
        start = time.perf_counter()
        nodes = sum(walk(w) for w in windows)
        times.append((time.perf_counter() - start) * 1000)
    print(json.dumps({"nodes": nodes, "ms": times}))


if __name__ == "__main__":
    main()
