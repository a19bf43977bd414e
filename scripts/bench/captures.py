#!/usr/bin/python3
"""The capture benchmark: `limelight capture` of a GTK window of about 500 elements and of a web
page of about 1,000 nodes, each alternated run by run with the screenshot alone (ImageMagick's
`import` of the same window; Chromium's own `--screenshot` of the same page at the same size),
wall time and peak memory (the whole process tree's) of each.

    scripts/accessibility-session.sh DIR scripts/bench/captures.py /usr/bin/python3 scripts/bench/gtk-grid.py 500

(`make bench-captures` runs it so) with the release binary in LIMELIGHT (default
.build/release/limelight); RUNS (default 7) pairs of each."""
import json, os, resource, statistics, subprocess, sys, tempfile, time

LIMELIGHT = os.environ.get("LIMELIGHT", ".build/release/limelight")
RUNS = int(os.environ.get("RUNS", "7"))
CHROMIUM = "/usr/lib/chromium/chromium"


def measure(argv):
    """Seconds and peak resident KiB of `argv` and every process it waited for."""
    probe = ("import resource, subprocess, sys, time\n"
             "t = time.monotonic(); r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
             "print(time.monotonic() - t, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, r.returncode)")
    out = subprocess.run(["/usr/bin/python3", "-c", probe] + argv, capture_output=True, text=True).stdout.split()
    if out[2] != "0":
        sys.exit("failed: " + " ".join(argv))
    return float(out[0]), int(out[1])


def page(folder, nodes):
    """A page of about `nodes` accessibility nodes: rows of a link, a text and a button."""
    rows = nodes // 3
    items = "\n".join('<li><a href="#" data-testid="open.%d">Message %d</a> <span>from someone</span> <button>Archive</button></li>' % (i, i) for i in range(rows))
    path = os.path.join(folder, "page.html")
    with open(path, "w") as f:
        f.write('<!DOCTYPE html><html><head><meta charset="utf-8"><style>ul{columns:4;font:12px sans-serif;margin:0;padding:4px} li{list-style:none;height:14px}</style></head><body><ul>%s</ul></body></html>' % items)
    return path


def elements(path):
    n = 0
    def walk(e):
        nonlocal n
        n += 1
        for c in e.get("children", []):
            walk(c)
    for e in json.load(open(path))["elements"]:
        walk(e)
    return n


def pairs(name, capture, baseline):
    rows = {"capture": [], "alone": []}
    for i in range(RUNS):
        order = [("capture", capture), ("alone", baseline)] if i % 2 == 0 else [("alone", baseline), ("capture", capture)]
        for key, argv in order:
            rows[key].append(measure(argv))
    c = statistics.median(t for t, _ in rows["capture"]); a = statistics.median(t for t, _ in rows["alone"])
    cm = max(m for _, m in rows["capture"]); am = max(m for _, m in rows["alone"])
    lo = min(t for t, _ in rows["capture"]) / max(t for t, _ in rows["alone"]); hi = max(t for t, _ in rows["capture"]) / min(t for t, _ in rows["alone"])
    print(json.dumps({"bench": name, "capture_s": round(c, 3), "alone_s": round(a, 3), "ratio": round(c / a, 2),
                      "ratio_range": [round(lo, 2), round(hi, 2)], "capture_peak_mib": round(cm / 1024, 1), "alone_peak_mib": round(am / 1024, 1)}), flush=True)


folder = tempfile.mkdtemp(prefix="limelight-bench-")
# The GTK window: found on the bus, its box read from the capture itself.
subprocess.run([LIMELIGHT, "capture", "--atspi", "gtk-grid", "--out", folder], check=True, stdout=subprocess.DEVNULL)
capture = json.load(open(os.path.join(folder, "gtk-grid.capture.json")))
print(json.dumps({"gtk_elements": elements(os.path.join(folder, "gtk-grid.capture.json"))}), flush=True)
window = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "^gtk-grid$"], capture_output=True, text=True).stdout.split()[0]
pairs("gtk", [LIMELIGHT, "capture", "--atspi", "gtk-grid", "--out", folder],
      ["/usr/bin/import", "-window", window, os.path.join(folder, "import.png")])
html = page(folder, 1000)
subprocess.run([LIMELIGHT, "capture", "--url", "file://" + html, "--out", folder], check=True, stdout=subprocess.DEVNULL)
print(json.dumps({"web_elements": elements(os.path.join(folder, "page.capture.json"))}), flush=True)
profile = os.path.join(folder, "profile")
pairs("web", [LIMELIGHT, "capture", "--url", "file://" + html, "--out", folder],
      [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=" + profile,
       "--window-size=1280,800", "--screenshot=" + os.path.join(folder, "alone.png"), "file://" + html])
