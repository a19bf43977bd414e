#!/usr/bin/python3
"""Drops a file on an X11 window as a file manager does, through the XDND protocol (version 5):
enter, position, drop, and the file's URI handed over through the XdndSelection as text/uri-list.
Used by the real-window tests (xdotool has no drag and drop).

    xdnd-drop.py [--source-gone] WINDOW_ID FILE [X Y]     (X Y in the window, default its middle)
Exits 0 once the target has finished the drop, 1 if it refused it or did not answer in 10 s.

--source-gone: the drop comes from a window that is destroyed before the target answers (a file
manager closed mid-drag, a drop tool that gave up): enter, position and drop are sent from it, and
the script exits 0 as soon as they are sent, with nobody left to take the target's answers.
"""
import os
import sys
import time
import urllib.parse

from Xlib import X, Xatom, display, protocol


def main():
    args = sys.argv[1:]
    source_gone = "--source-gone" in args
    args = [a for a in args if a != "--source-gone"]
    window_id = int(args[0], 0)
    path = os.path.abspath(args[1])
    d = display.Display()
    target = d.create_resource_object("window", window_id)
    geometry = target.get_geometry()
    x = int(args[2]) if len(args) > 3 else geometry.width // 2
    y = int(args[3]) if len(args) > 3 else geometry.height // 2
    root_xy = target.translate_coords(d.screen().root, 0, 0)
    rx, ry = -root_xy.x + x, -root_xy.y + y

    atom = lambda name: d.intern_atom(name)
    uri_list = atom("text/uri-list")
    selection = atom("XdndSelection")
    source = d.screen().root.create_window(0, 0, 1, 1, 0, X.CopyFromParent)
    source.set_selection_owner(selection, X.CurrentTime)
    aware = target.get_full_property(atom("XdndAware"), Xatom.ATOM)
    version = min(5, aware.value[0]) if aware else 5

    def send(kind, data):
        event = protocol.event.ClientMessage(window=target, client_type=atom(kind), data=(32, data))
        target.send_event(event, event_mask=0)
        d.flush()

    if source_gone:
        # The source window (and with it the selection it owned) is gone before the target reads
        # a message of it: every answer the target sends is to a window that no longer exists.
        source.destroy()
        d.sync()
        send("XdndEnter", [source.id, version << 24, uri_list, 0, 0])
        send("XdndPosition", [source.id, 0, (rx << 16) | ry, X.CurrentTime, atom("XdndActionCopy")])
        send("XdndDrop", [source.id, 0, X.CurrentTime, 0, 0])
        d.sync()
        return 0
    send("XdndEnter", [source.id, version << 24, uri_list, 0, 0])
    send("XdndPosition", [source.id, 0, (rx << 16) | ry, X.CurrentTime, atom("XdndActionCopy")])
    deadline = time.time() + 10
    dropped = False
    while time.time() < deadline:
        while d.pending_events():
            e = d.next_event()
            if e.type == X.ClientMessage and e.client_type == atom("XdndStatus"):
                if not dropped:
                    if not e.data[1][1] & 1:
                        print("xdnd-drop: the window does not accept the drop", file=sys.stderr)
                        return 1
                    send("XdndDrop", [source.id, 0, X.CurrentTime, 0, 0])
                    dropped = True
            elif e.type == X.SelectionRequest:
                value = ("file://" + urllib.parse.quote(path) + "\r\n").encode()
                requestor = e.requestor
                requestor.change_property(e.property, e.target, 8, value)
                notify = protocol.event.SelectionNotify(time=e.time, requestor=requestor, selection=e.selection,
                                                        target=e.target, property=e.property)
                requestor.send_event(notify)
                d.flush()
            elif e.type == X.ClientMessage and e.client_type == atom("XdndFinished"):
                return 0
        time.sleep(0.01)
    print("xdnd-drop: no answer from the window" + (" after the drop" if dropped else ""), file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
