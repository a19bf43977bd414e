#!/bin/sh
# A private accessible desktop for trying and testing an app with screen readers:
#
#   scripts/accessibility-session.sh DIR CLIENT APP [ARGS...]
#
# starts an X server (Xvfb, a free display), a session bus, AT-SPI2's accessibility bus and
# registry (at-spi2-core), then APP with ARGS (its output in DIR/app.log), waits until it says it
# is on the accessibility bus, and runs CLIENT (an executable: a pyatspi script, a shell script
# that starts Orca) with DISPLAY, DBUS_SESSION_BUS_ADDRESS and APP_PID set; CLIENT's standard
# output is this script's, its errors go to DIR/client.log. Everything started here is stopped at
# the end; the exit status is CLIENT's (3: the desktop could not be started).
set -u
DIR=$1; CLIENT=$2; shift 2
mkdir -p "$DIR/home" "$DIR/runtime" || exit 3
chmod 700 "$DIR/runtime"
export HOME="$DIR/home" XDG_RUNTIME_DIR="$DIR/runtime" XDG_CONFIG_HOME="$DIR/home/.config"
export XDG_DATA_HOME="$DIR/home/.local/share" XDG_STATE_HOME="$DIR/home/.local/state" XDG_CACHE_HOME="$DIR/home/.cache"
unset WAYLAND_DISPLAY AT_SPI_BUS_ADDRESS SDL_VIDEODRIVER

# Files, not pipes: a forked daemon keeps what it printed to open. -noreset: the server does not
# reset itself when its last client leaves, so no client starting then is refused.
Xvfb -displayfd 1 -screen 0 1280x1024x24 -nolisten tcp -noreset > "$DIR/display" 2> /dev/null &
XVFB=$!
for i in $(seq 1 100); do [ -s "$DIR/display" ] && break; sleep 0.1; done
[ -s "$DIR/display" ] || { kill $XVFB; echo "accessibility-session: Xvfb did not start" >&2; exit 3; }
export DISPLAY=":$(cat "$DIR/display")"
dbus-daemon --session --fork --print-address=1 --print-pid=1 > "$DIR/bus" || { kill $XVFB; exit 3; }
export DBUS_SESSION_BUS_ADDRESS=$(sed -n 1p "$DIR/bus")
DAEMON=$(sed -n 2p "$DIR/bus")
/usr/libexec/at-spi-bus-launcher --launch-immediately > /dev/null 2>&1 < /dev/null &
LAUNCHER=$!
# The registry is up once it owns its name on the accessibility bus.
for i in $(seq 1 100); do
    dbus-send --session --print-reply --dest=org.a11y.Bus /org/a11y/bus org.a11y.Bus.GetAddress > /dev/null 2>&1 && break
    sleep 0.1
done
"$@" > "$DIR/app.log" 2>&1 < /dev/null &
export APP_PID=$!
for i in $(seq 1 150); do grep -q "accessibility bus" "$DIR/app.log" && break; sleep 0.1; done
timeout 120 "$CLIENT" 2> "$DIR/client.log"
STATUS=$?
# An app asked to quit may stay (an editor with unsaved changes asks first): it gets five seconds.
kill $APP_PID 2> /dev/null
for i in $(seq 1 50); do kill -0 $APP_PID 2> /dev/null || break; sleep 0.1; done
kill -9 $APP_PID 2> /dev/null; wait $APP_PID 2> /dev/null
# The launcher's bus and the registry it started go with it; so does whatever the client left.
for CHILD in $(pgrep -P $LAUNCHER); do pkill -P $CHILD; kill $CHILD; done
kill $LAUNCHER $DAEMON $XVFB 2> /dev/null
wait $XVFB 2> /dev/null
exit $STATUS
