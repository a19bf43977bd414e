#!/usr/bin/python3
"""A small GTK 3 app to capture over AT-SPI2: a mail window with a search field, a list of
messages, two settings and a button, in English or Japanese.

    /usr/bin/python3 examples/gtk/mail.py [--lang ja] [--rows N]

Its name on the accessibility bus is "gtk-mail"; the widgets carry accessible ids (compose,
search, mail.N, notifications, dark) that tours name as targets."""
import argparse

import gi
gi.require_version("Gtk", "3.0")
gi.require_version("Atk", "1.0")
from gi.repository import Atk, GLib, Gtk  # noqa: E402

WORDS = {
    "en": dict(title="Inbox", search="Search mail", compose="Compose", hint="Writes a new message",
               notifications="Notifications", dark="Dark theme",
               mails=["Lunch on Friday?", "Your order has shipped", "Minutes of the weekly meeting", "Photos from the trip"]),
    "ja": dict(title="受信トレイ", search="メールを検索", compose="作成", hint="新しいメッセージを書きます",
               notifications="通知", dark="ダークテーマ",
               mails=["金曜日にランチ?", "ご注文の品を発送しました", "週次会議の議事録", "旅行の写真"]),
}


def named(widget, ident, name=None, description=None):
    accessible = widget.get_accessible()
    accessible.set_accessible_id(ident)
    if name:
        accessible.set_name(name)
    if description:
        accessible.set_description(description)
    return widget


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lang", default="en", choices=sorted(WORDS))
    parser.add_argument("--rows", type=int, default=4)
    args = parser.parse_args()
    w = WORDS[args.lang]
    GLib.set_prgname("gtk-mail")
    GLib.set_application_name("gtk-mail")
    window = Gtk.Window(title="gtk-mail")
    window.set_default_size(480, 640)
    window.connect("destroy", Gtk.main_quit)
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=8, margin=12)
    window.add(box)
    title = Gtk.Label(xalign=0)
    title.set_markup("<big><b>%s</b></big>" % GLib.markup_escape_text(w["title"]))
    box.pack_start(named(title, "title"), False, False, 0)
    search = Gtk.SearchEntry(placeholder_text=w["search"])
    box.pack_start(named(search, "search", w["search"]), False, False, 0)
    rows = Gtk.ListBox()
    for i in range(args.rows):
        subject = w["mails"][i % len(w["mails"])] + ("" if i < len(w["mails"]) else " (%d)" % (i + 1))
        row = Gtk.ListBoxRow()
        row.add(named(Gtk.Label(label=subject, xalign=0, margin=8), "mail.%d" % i))
        rows.add(row)
    scroller = Gtk.ScrolledWindow(vexpand=True)
    scroller.add(named(rows, "mails", w["title"]))
    box.pack_start(scroller, True, True, 0)
    box.pack_start(named(Gtk.CheckButton(label=w["notifications"], active=True), "notifications"), False, False, 0)
    line = Gtk.Box(spacing=8)
    line.pack_start(Gtk.Label(label=w["dark"]), False, False, 0)
    line.pack_end(named(Gtk.Switch(), "dark", w["dark"]), False, False, 0)
    box.pack_start(line, False, False, 0)
    box.pack_start(named(Gtk.Button(label=w["compose"]), "compose", None, w["hint"]), False, False, 0)
    window.show_all()
    window.present()

    def shown():
        print("gtk-mail: the window is shown (on the accessibility bus)", flush=True)
        return False
    GLib.timeout_add(200, shown)
    Gtk.main()


if __name__ == "__main__":
    main()
