#!/bin/sh
# The accessibility bridge's figures (BENCHMARKS.md): in a private accessible desktop
# (scripts/accessibility-session.sh), `limelight-bench --accessibility frames` times a frame with
# and without its screen on the bus; then `--accessibility serve` serves a screen of 1,000 views,
# which a pyatspi client fetches (GetItems, AT-SPI2's cache) and walks as a screen reader does. Run after
# `swift build -c release --product limelight-bench`.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
BIN=$(cd "$HERE/.." && swift build -c release --show-bin-path)/limelight-bench
DIR=$(mktemp -d)
cat > "$DIR/client" <<'PY'
#!/usr/bin/python3
import pyatspi, json, os, time
from gi.repository import GLib, Gio, Atspi

def find_app():
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        app = desktop.getChildAtIndex(i)
        if app is not None and app.name == "Limelight bench":
            return app
    return None

def walk(o, extents=False):
    n = 1
    o.name; o.getRole(); o.getState()
    if extents:
        o.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    for i in range(o.childCount):
        n += walk(o.getChildAtIndex(i), extents)
    return n

def best(f, runs=5):
    times = []
    for _ in range(runs):
        t = time.perf_counter(); count = f(); times.append((time.perf_counter() - t) * 1000)
    return count, sorted(times)[len(times) // 2]

out = {}
def meet():
    # libatspi asks a new app for its cache (GetItems) and takes the reply in the main loop.
    app = find_app()
    if app is None:
        GLib.timeout_add(100, meet); return False
    GLib.timeout_add(1000, measure, app)
    return False

def measure(app):
    # The whole tree in one call, as libatspi asks it of an app it meets.
    bus = Gio.DBusConnection.new_for_address_sync(Gio.bus_get_sync(Gio.BusType.SESSION).call_sync(
        "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None, None, 0, -1, None).unpack()[0],
        Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)
    # The app's name on the bus: the connection of its process.
    names = bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "ListNames", None, None, 0, -1, None).unpack()[0]
    def pid(n):
        try:
            return bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetConnectionUnixProcessID",
                                 GLib.Variant("(s)", (n,)), None, 0, -1, None).unpack()[0]
        except GLib.Error:
            return 0
    name = next(n for n in names if n.startswith(":") and pid(n) == int(os.environ["APP_PID"]))
    def items():
        reply = bus.call_sync(name, "/org/a11y/atspi/cache", "org.a11y.atspi.Cache", "GetItems", None, None, 0, -1, None)
        return reply.get_child_value(0).n_children()
    out["items"], out["getItemsMs"] = best(items)
    frame = app.getChildAtIndex(0)
    out["elements"], out["cachedWalkMs"] = best(lambda: walk(frame))
    _, out["cachedWalkWithExtentsMs"] = best(lambda: walk(frame, True), 3)
    app.set_cache_mask(Atspi.Cache.NONE)
    def fresh():
        app.clear_cache(); return walk(frame)
    _, out["uncachedWalkMs"] = best(fresh, 3)
    pyatspi.Registry.stop()
    return False
GLib.timeout_add(200, meet)
GLib.timeout_add(120000, pyatspi.Registry.stop)
pyatspi.Registry.start()
print(json.dumps(out))
PY
chmod +x "$DIR/client"
printf '#!/bin/sh\n' > "$DIR/none"; chmod +x "$DIR/none"
# The frames, with no client; then the screen of 1,000 views from a process of its own.
sh "$HERE/accessibility-session.sh" "$DIR/frames" "$DIR/none" "$BIN" --accessibility frames
cat "$DIR/frames/app.log"
sh "$HERE/accessibility-session.sh" "$DIR/desktop" "$DIR/client" "$BIN" --accessibility serve > "$DIR/client.out"
STATUS=$?
echo
echo "served: $(cat "$DIR/client.out")"
[ -s "$DIR/desktop/client.log" ] && cat "$DIR/desktop/client.log" >&2
rm -rf "$DIR"
exit $STATUS
