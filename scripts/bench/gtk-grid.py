#!/usr/bin/python3
"""A GTK 3 window of about N accessible elements, for the capture benchmark: a grid of small
buttons and check buttons filling a 1200x900 window. Its name on the accessibility bus is
"gtk-grid"."""
import sys

import gi
gi.require_version("Gtk", "3.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

count = int(sys.argv[1]) if len(sys.argv) > 1 else 500
GLib.set_prgname("gtk-grid")
css = Gtk.CssProvider()
css.load_from_data(b"* { font-size: 9px; } button, checkbutton { padding: 0 2px; min-height: 0; }")
Gtk.StyleContext.add_provider_for_screen(Gdk.Screen.get_default(), css, Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION)
window = Gtk.Window(title="gtk-grid")
window.set_default_size(1200, 900)
window.connect("destroy", Gtk.main_quit)
grid = Gtk.Grid(row_spacing=2, column_spacing=2, margin=4)
columns = 20
for i in range(count):
    widget = Gtk.Button(label="B%d" % i) if i % 2 == 0 else Gtk.CheckButton(label="C%d" % i)
    grid.attach(widget, i % columns, i // columns, 1, 1)
window.add(grid)
window.show_all()
GLib.timeout_add(300, lambda: print("gtk-grid: the window is shown (on the accessibility bus)", flush=True) and False)
Gtk.main()
