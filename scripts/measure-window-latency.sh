#!/bin/bash
# Latency on a real window, measured from grabbed frames: how long a tour file's save takes to
# reach the screen (`reload`), or a key typed into the editor's title field (`keystroke`).
# Needs Xvfb, xdotool and ffmpeg (x11grab at 200 fps: 5 ms a frame). Prints each sample and the
# median, in milliseconds from the save (or the key) to the first frame that shows it.
#   scripts/measure-window-latency.sh reload|keystroke [BINARY] [SAMPLES]
set -euo pipefail
what=${1:?reload or keystroke}
bin=$(realpath "${2:-.build/release/limelight}")
samples=${3:-8}
work=$(mktemp -d)
display=:${LATENCY_DISPLAY:-77}
export DISPLAY=$display
if ! xdpyinfo >/dev/null 2>&1; then Xvfb "$display" -screen 0 1400x1800x24 -nolisten tcp & sleep 1; fi
trap 'kill -9 $app 2>/dev/null || true; rm -rf "$work"' EXIT
if [ "$what" = reload ]; then
  echo '{"id": "live", "steps": [{"target": "fab", "title": "Version A", "text": "Add a card."}]}' > "$work/live.json"
  XDG_STATE_HOME=$work/state "$bin" --driver x11 --tour "$work/live.json" 2>/dev/null & app=$!
  sleep 3
  window=$(xdotool search --onlyvisible --pid $app | tail -1)
  crop="crop=150:40:110:560"
else
  cp "$(dirname "$0")/../assets/tours/home.json" "$work/edit.json"
  XDG_STATE_HOME=$work/state "$bin" edit "$work/edit.json" --driver x11 2>/dev/null & app=$!
  sleep 4
  window=$(xdotool search --onlyvisible --pid $app | tail -1)
  # The title field: found in the window's own layout by its place below the step list.
  fieldy=${FIELD_Y:-421}
  xdotool mousemove --window "$window" 600 "$fieldy" click 1; sleep 0.3; xdotool key --window "$window" End; sleep 0.3
  crop="crop=372:28:404:$((fieldy - 14))"
fi
eval "$(xdotool getwindowgeometry --shell "$window")"
for i in $(seq 1 "$samples"); do
  ffmpeg -loglevel info -f x11grab -framerate 200 -video_size "${WIDTH}x${HEIGHT}" -i "$display+$X,$Y" -t 1.0 \
    -vf "$crop,showinfo" -f null - 2> "$work/frames$i.txt" & grab=$!
  sleep 0.5
  python3 - "$what" "$work" "$i" "$window" <<'PY'
import os, subprocess, sys, time
what, work, i, window = sys.argv[1:]
if what == "reload":
    path = f"{work}/live.json"
    text = open(path).read()
    new = text.replace("Version A", "Version B") if "Version A" in text else text.replace("Version B", "Version A")
    open(f"{work}/.live.tmp", "w").write(new)
    t = time.time(); os.rename(f"{work}/.live.tmp", path)
else:
    # xdotool is started first and reads its commands from stdin: the key goes when the line is written.
    p = subprocess.Popen(["xdotool", "-"], stdin=subprocess.PIPE)
    p.stdin.write(b"sleep 0.3\n"); p.stdin.flush(); time.sleep(0.35)
    t = time.time(); p.stdin.write(f"key --window {window} x\n".encode()); p.stdin.flush()
    p.stdin.close(); p.wait()
open(f"{work}/at{i}", "w").write(repr(t))
PY
  wait $grab
done
python3 - "$work" "$samples" <<'PY'
import re, statistics, sys
work, n = sys.argv[1], int(sys.argv[2])
found = []
for i in range(1, n + 1):
    text = open(f"{work}/frames{i}.txt").read()
    start = float(re.search(r"start: ([0-9.]+)", text).group(1))
    frames = [(start + float(t), c) for t, c in re.findall(r"pts_time:([0-9.]+).*?checksum:([0-9A-F]+)", text)]
    at = float(open(f"{work}/at{i}").read())
    before = [c for t, c in frames if t < at]
    first = next((t for t, c in frames if t >= at and before and c != before[-1]), None)
    if first is None:
        print(f"sample {i}: no change seen"); continue
    found.append((first - at) * 1000)
    print(f"sample {i}: {found[-1]:.0f} ms")
if found: print(f"median {statistics.median(found):.0f} ms, {min(found):.0f}-{max(found):.0f} ms over {len(found)} samples")
PY
