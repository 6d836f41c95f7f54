#!/usr/bin/python3
"""GTK3 test application for the windows2text tests and benchmarks.

Run with /usr/bin/python3 (python3-gi). Options:
  --title TEXT   window title (default "w2t test")
  --rows N       rows of the list at the bottom (default 30)
  --list-only    a window with only the list (for the 2,000-row benchmark)
  --state-file F record the answers of every question command below (entry,
                 check, scale, ...) as a JSON object {"entry": "entry Ada",
                 ...} in F, rewritten atomically within 20 ms of a change

It prints "ready" on stdout once its window is shown and then reads
commands, one per stdin line, answering each with "ok" (or "error ..."):
  present            give the window the keyboard focus
  status TEXT        set the status label's text
  rename TEXT        rename the Save button
  entry              print "entry <text>" with the Name entry's text
  check              print "check <0|1>" with the Bold check box's state
  scale              print "scale <value>" with the slider's value
  label              print "label <text>" with the status label's text
  selected           print "selected <row>" with the list's selected row (-1: none)
  expanded           print "expanded <0|1>" with the Details expander's state
  focus              print "focus <name>" with the focused widget's accessible name
  scrolled           print "scrolled <value>" with the list's vertical scroll position
  combo              print "combo <text>" with the colour combo box's active text
  options            print "options v=<value> h=<value> checked=<n,...>" with
                     the options pane's scroll positions and checked options
  pad                print "pad <button> <presses>": the last mouse button
                     pressed on the Pad button and the presses counted
  padreset           forget the Pad button's presses
  lastkey            print "lastkey <accelerator>" of the last key pressed in
                     the window, as Gtk.accelerator_name writes it
  pulse MS           change the status label every 10 ms for MS milliseconds
                     (a UI that does not settle)
  maxlen N           limit the Name entry to N characters (0: no limit)
  nofocus 0|1        make the Name entry refuse (1) or accept (0) the focus
  confirm            print "confirm <text>" of the label Save fills in
  popup              print "popup <0|1>": whether the combo box's popup is open
  popdown            close the combo box's popup if it is open
  reset              put the form back as it started (values, selection,
                     labels) and give Save the focus
  recreate           replace the Save button by a new one (the old one's
                     accessible goes stale)
  dialog TITLE       open a second window titled TITLE whose buttons close
                     it: "Close" at once, "Close later" 20 ms after the
                     click (the application goes on running)
  quit               exit
"""
import argparse
import json
import os
import sys

import gi

gi.require_version("Gdk", "3.0")
gi.require_version("Gtk", "3.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402


# The question commands; --state-file records all their answers.
QUERIES = ("entry", "check", "scale", "label", "selected", "expanded", "focus", "scrolled",
           "combo", "popup", "options", "confirm", "pad", "lastkey")
# How often the state file is brought up to date (when something changed).
STATE_INTERVAL_MS = 20


def named(widget, name):
    widget.get_accessible().set_name(name)
    return widget


def build(args):
    win = Gtk.Window(title=args.title)
    win.set_default_size(800, 600)
    win.move(0, 0)
    outer = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=4)
    win.add(outer)
    w = {}
    if not args.list_only:
        menubar = Gtk.MenuBar()
        file_item = Gtk.MenuItem(label="File")
        menu = Gtk.Menu()
        menu.append(Gtk.MenuItem(label="Open"))
        menu.append(Gtk.MenuItem(label="Quit"))
        file_item.set_submenu(menu)
        menubar.append(file_item)
        outer.pack_start(menubar, False, False, 0)

        row = Gtk.Box(spacing=4)
        w["row"] = row

        def on_save(button):
            w["status"].set_text("Saved")
            # The form as saved, for the agent test's final observation.
            model, it = w["list"].get_selection().get_selected()
            w["confirm"].set_text("Saved form: name=%s bold=%d volume=%g colour=%s row=%s" % (
                w["entry"].get_text(), int(w["bold"].get_active()), w["scale"].get_value(),
                w["combo"].get_active_text() or "", model[it][0] if it is not None else "none"))

        def make_save():
            button = Gtk.Button(label="Save")
            button.connect("clicked", on_save)
            return button

        w["make_save"] = make_save
        w["save"] = make_save()
        row.pack_start(w["save"], False, False, 0)
        w["disabled"] = Gtk.Button(label="Disabled")
        w["disabled"].set_sensitive(False)
        row.pack_start(w["disabled"], False, False, 0)
        w["bold"] = Gtk.CheckButton(label="Bold")
        row.pack_start(w["bold"], False, False, 0)
        w["link"] = Gtk.LinkButton(uri="https://example.invalid/", label="Help")
        row.pack_start(w["link"], False, False, 0)
        w["pad"] = Gtk.Button(label="Pad")
        w["pad_state"] = [0, 0]

        def on_pad(button, event):
            if event.type == Gdk.EventType.BUTTON_PRESS:
                w["pad_state"][0] = event.button
                w["pad_state"][1] += 1
            return event.button != 1

        w["pad"].connect("button-press-event", on_pad)
        row.pack_start(w["pad"], False, False, 0)
        outer.pack_start(row, False, False, 0)

        form = Gtk.Grid(column_spacing=4, row_spacing=4)
        form.attach(Gtk.Label(label="Name:"), 0, 0, 1, 1)
        w["entry"] = named(Gtk.Entry(text="Ada"), "Name")
        form.attach(w["entry"], 1, 0, 1, 1)
        form.attach(Gtk.Label(label="Password:"), 0, 1, 1, 1)
        w["password"] = named(Gtk.Entry(text="hunter2"), "Password")
        w["password"].set_visibility(False)
        form.attach(w["password"], 1, 1, 1, 1)
        w["readonly"] = named(Gtk.Entry(text="fixed"), "Serial")
        w["readonly"].set_editable(False)
        form.attach(w["readonly"], 1, 2, 1, 1)
        w["scale"] = named(Gtk.Scale.new_with_range(Gtk.Orientation.HORIZONTAL, 0, 100, 1), "Volume")
        w["scale"].set_value(30)
        w["scale"].set_size_request(200, -1)
        form.attach(w["scale"], 1, 3, 1, 1)
        # An entry named only by its label (GTK's labelled-by relation).
        city_label = Gtk.Label.new_with_mnemonic("_City:")
        w["city"] = Gtk.Entry(text="Paris")
        city_label.set_mnemonic_widget(w["city"])
        form.attach(city_label, 0, 5, 1, 1)
        form.attach(w["city"], 1, 5, 1, 1)
        w["combo"] = Gtk.ComboBoxText()
        for c in ("Red", "Green", "Blue"):
            w["combo"].append_text(c)
        w["combo"].set_active(0)
        form.attach(w["combo"], 1, 4, 1, 1)
        outer.pack_start(form, False, False, 0)

        # Thirty options in a short scroll pane: most are off screen but
        # walked, for scroll_into_view.
        w["options"] = []
        box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
        # Wider than the window: the pane scrolls both ways.
        box.set_size_request(1400, -1)
        for i in range(30):
            option = Gtk.CheckButton(label="Option %d" % i)
            w["options"].append(option)
            box.pack_start(option, False, False, 0)
        w["optscroller"] = Gtk.ScrolledWindow()
        w["optscroller"].set_policy(Gtk.PolicyType.ALWAYS, Gtk.PolicyType.ALWAYS)
        w["optscroller"].set_min_content_height(60)
        w["optscroller"].set_max_content_height(60)
        w["optscroller"].add(box)
        outer.pack_start(w["optscroller"], False, False, 0)

        w["expander"] = Gtk.Expander(label="Details")
        w["expander"].add(Gtk.Label(label="Hidden details"))
        outer.pack_start(w["expander"], False, False, 0)

        long_text = "Long text " + " ".join("word%d" % i for i in range(60))
        w["long"] = Gtk.Label(label=long_text)
        w["long"].set_line_wrap(True)
        w["long"].set_max_width_chars(80)
        outer.pack_start(w["long"], False, False, 0)

        # Ten nested frames: a deep branch for the maxDepth tests.
        parent = outer
        for i in range(10):
            frame = Gtk.Frame(label="Level %d" % (i + 1))
            if parent is outer:
                outer.pack_start(frame, False, False, 0)
            else:
                parent.add(frame)
            parent = frame
        parent.add(Gtk.Label(label="Deepest"))

        w["status"] = Gtk.Label(label="Status: ready")
        outer.pack_start(w["status"], False, False, 0)
        w["confirm"] = Gtk.Label(label="No form saved")
        outer.pack_start(w["confirm"], False, False, 0)

    store = Gtk.ListStore(str, str)
    for i in range(args.rows):
        store.append(["Row %d" % i, "value %d" % (i * 7)])
    view = Gtk.TreeView(model=store)
    for i, title in enumerate(("Item", "Value")):
        view.append_column(Gtk.TreeViewColumn(title, Gtk.CellRendererText(), text=i))
    w["list"] = named(view, "Items")
    scroller = Gtk.ScrolledWindow()
    w["scroller"] = scroller
    scroller.set_min_content_height(150 if not args.list_only else 500)
    scroller.add(view)
    outer.pack_start(scroller, True, True, 0)
    return win, w


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--title", default="w2t test")
    p.add_argument("--rows", type=int, default=30)
    p.add_argument("--list-only", action="store_true")
    p.add_argument("--state-file", default="")
    args = p.parse_args()
    win, w = build(args)
    win.connect("destroy", Gtk.main_quit)
    last_key = [""]

    def on_key(widget, event):
        mods = event.state & Gtk.accelerator_get_default_mod_mask()
        last_key[0] = Gtk.accelerator_name(event.keyval, mods)
        return False

    win.connect("key-press-event", on_key)
    win.show_all()

    def ready():
        print("ready", flush=True)
        return False

    GLib.timeout_add(50, ready)

    def query(cmd):
        """The answer to a question command: "<cmd> <value>"."""
        if cmd == "entry":
            return "entry " + w["entry"].get_text()
        if cmd == "check":
            return "check %d" % int(w["bold"].get_active())
        if cmd == "scale":
            return "scale %g" % w["scale"].get_value()
        if cmd == "label":
            return "label " + w["status"].get_text()
        if cmd == "selected":
            model, it = w["list"].get_selection().get_selected()
            return "selected %d" % (model.get_path(it)[0] if it is not None else -1)
        if cmd == "expanded":
            return "expanded %d" % int(w["expander"].get_expanded())
        if cmd == "focus":
            focused = win.get_focus()
            return "focus " + (focused.get_accessible().get_name() or "") if focused else "focus "
        if cmd == "scrolled":
            return "scrolled %g" % w["scroller"].get_vadjustment().get_value()
        if cmd == "combo":
            return "combo " + (w["combo"].get_active_text() or "")
        if cmd == "popup":
            return "popup %d" % int(w["combo"].get_property("popup-shown"))
        if cmd == "options":
            checked = [str(i) for i, o in enumerate(w["options"]) if o.get_active()]
            return "options v=%g h=%g checked=%s" % (
                w["optscroller"].get_vadjustment().get_value(),
                w["optscroller"].get_hadjustment().get_value(), ",".join(checked))
        if cmd == "confirm":
            return "confirm " + w["confirm"].get_text()
        if cmd == "pad":
            return "pad %d %d" % tuple(w["pad_state"])
        if cmd == "lastkey":
            return "lastkey " + last_key[0]
        raise KeyError(cmd)

    last_state = [None]

    def write_state():
        """Record every answerable question in the state file, atomically,
        when anything changed."""
        state = {}
        for q in QUERIES:
            try:
                state[q] = query(q)
            except KeyError:
                pass  # not in this window (--list-only)
        text = json.dumps(state, sort_keys=True)
        if text != last_state[0]:
            tmp = args.state_file + ".tmp"
            with open(tmp, "w") as f:
                f.write(text)
            os.replace(tmp, args.state_file)
            last_state[0] = text
        return True

    if args.state_file:
        write_state()
        GLib.timeout_add(STATE_INTERVAL_MS, write_state)

    def on_command(source, condition):
        line = sys.stdin.readline()
        if not line:
            Gtk.main_quit()
            return False
        cmd, _, arg = line.strip().partition(" ")
        reply = "ok"
        if cmd == "present":
            win.present()
            gdk_win = win.get_window()
            if gdk_win is not None:
                gdk_win.focus(0)
        elif cmd == "status":
            w["status"].set_text(arg)
        elif cmd == "rename":
            w["save"].set_label(arg)
        elif cmd in QUERIES:
            reply = query(cmd)
        elif cmd == "padreset":
            w["pad_state"][:] = [0, 0]
        elif cmd == "pulse":
            end = GLib.get_monotonic_time() + int(arg) * 1000
            count = [0]

            def tick():
                count[0] += 1
                w["status"].set_text("Pulse %d" % count[0])
                return GLib.get_monotonic_time() < end

            GLib.timeout_add(10, tick)
        elif cmd == "maxlen":
            w["entry"].set_max_length(int(arg))
        elif cmd == "nofocus":
            w["entry"].set_can_focus(arg != "1")
        elif cmd == "popdown":
            w["combo"].popdown()
        elif cmd == "reset":
            w["entry"].set_text("Ada")
            w["bold"].set_active(False)
            w["scale"].set_value(30)
            w["combo"].set_active(0)
            w["list"].get_selection().unselect_all()
            w["status"].set_text("Status: ready")
            w["confirm"].set_text("No form saved")
            w["save"].grab_focus()
        elif cmd == "recreate":
            w["save"].destroy()
            w["save"] = w["make_save"]()
            w["row"].pack_start(w["save"], False, False, 0)
            w["row"].reorder_child(w["save"], 0)
            w["save"].show()
        elif cmd == "dialog":
            dlg = Gtk.Window(title=arg)
            box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=6)
            close = Gtk.Button(label="Close")
            close.connect("clicked", lambda b, d=dlg: d.destroy())
            later = Gtk.Button(label="Close later")
            later.connect("clicked", lambda b, d=dlg: GLib.timeout_add(20, lambda: d.destroy() and False))
            box.pack_start(close, False, False, 0)
            box.pack_start(later, False, False, 0)
            dlg.add(box)
            dlg.show_all()
        elif cmd == "quit":
            Gtk.main_quit()
            return False
        else:
            reply = "error unknown command " + cmd
        print(reply, flush=True)
        return True

    GLib.io_add_watch(sys.stdin, GLib.IO_IN | GLib.IO_HUP, on_command)
    Gtk.main()


if __name__ == "__main__":
    main()
