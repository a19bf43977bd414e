#!/bin/sh
# Orca reading a Limelight window, with no desktop, speakers or display needed:
#
#   scripts/orca-session.sh DIR [APP [ARGS...]]       (make orca: the sample app's home tour)
#
# starts the private accessible desktop of scripts/accessibility-session.sh (Xvfb, a session bus,
# AT-SPI2's bus and registry), APP in it (default: the debug build's `limelight --tour
# assets/tours/home.json`), then speech-dispatcher with its dummy output module (it speaks to no
# sound card; its log keeps every message) and Orca speaking through it. Each thing Orca says is
# printed as it is said, one line each ("Orca: Step 1 of 5: Welcome dialog …"); KEYS (default
# "Return": on to the next step) are pressed in the window one by one, LISTEN seconds apart
# (default 4), after the first words. The log's path is printed first; DIR keeps it, and Orca's
# own debug log, after the session ends. Exit status: 0 when Orca said something, 1 when it said
# nothing, 3 when the desktop could not be started.
set -u
[ $# -ge 1 ] || { echo "usage: scripts/orca-session.sh DIR [APP [ARGS...]]" >&2; exit 2; }
for tool in Xvfb xdotool dbus-daemon speech-dispatcher orca /usr/bin/python3; do
    command -v "$tool" > /dev/null || { echo "orca-session: $tool is not installed (make test-deps installs it)" >&2; exit 3; }
done
DIR=$(mkdir -p "$1" && cd "$1" && pwd) || exit 3
shift
HERE=$(cd "$(dirname "$0")" && pwd)
if [ $# -eq 0 ]; then
    set -- "$HERE/../.build/debug/limelight" --tour "$HERE/../assets/tours/home.json"
fi
rm -rf "$DIR/orca" "$DIR/client.py"
cat > "$DIR/client.py" <<'PYTHON'
#!/usr/bin/python3
# Speech-dispatcher (dummy output) and Orca for a window already on the accessibility bus; each
# utterance printed as it arrives; the keys pressed after the first.
import html, os, re, subprocess, sys, time
here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "orca")
os.makedirs(os.path.join(here, "conf")); os.makedirs(os.path.join(here, "log"))
with open(os.path.join(here, "conf", "speechd.conf"), "w") as f:
    f.write('AddModule "dummy" "sd_dummy" ""\nDefaultModule dummy\nAudioOutputMethod "libao"\nLogLevel 5\n')
log = os.path.join(here, "log", "speech-dispatcher.log")
print("orca-session: what Orca asks speech-dispatcher to say is logged in " + log, flush=True)
socket = os.path.join(here, "speechd.sock")
speechd = subprocess.Popen(["speech-dispatcher", "-s", "-C", os.path.join(here, "conf"), "-L", os.path.join(here, "log"),
                            "-S", socket, "-c", "unix_socket", "-t", "300", "-P", os.path.join(here, "pid"), "-l", "5"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
for _ in range(100):
    if os.path.exists(socket):
        break
    time.sleep(0.1)
env = dict(os.environ, SPEECHD_ADDRESS="unix_socket:" + socket)
orca = subprocess.Popen(["orca", "--replace", "--debug-file=" + os.path.join(here, "orca.debug")], env=env,
                        stdout=subprocess.DEVNULL, stderr=open(os.path.join(here, "orca.err"), "w"))
said = 0
def listen(seconds):
    global said
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            text = open(log, encoding="utf-8", errors="replace").read()
        except OSError:
            text = ""
        found = [html.unescape(re.sub(r"<[^>]*>", "", s)).strip()
                 for s in re.findall(r"Queueing message \|(.*?)\| with priority", text, re.S)]
        for words in found[said:]:
            print("Orca: " + words, flush=True)
        said = max(said, len(found))
        time.sleep(0.2)
pause = float(os.environ.get("LISTEN", "4"))
# The first words: Orca found the window and its first step.
deadline = time.time() + 40
while said == 0 and time.time() < deadline:
    listen(0.5)
window = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", os.environ["APP_PID"]],
                        capture_output=True, text=True).stdout.split()
for key in os.environ.get("KEYS", "Return").split():
    listen(pause)
    if window:
        subprocess.run(["xdotool", "windowfocus", window[0]], check=False)
    subprocess.run(["xdotool", "key", key], check=False)
listen(pause)
orca.terminate(); speechd.terminate()
for p in (orca, speechd):
    try:
        p.wait(5)
    except subprocess.TimeoutExpired:
        p.kill()
sys.exit(0 if said else 1)
PYTHON
chmod +x "$DIR/client.py"
exec sh "$HERE/accessibility-session.sh" "$DIR" "$DIR/client.py" "$@"
