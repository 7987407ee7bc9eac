#!/usr/bin/env bash
# GHOSTPIPE_BIN=path runs another build (an earlier one, to compare before and after).
# --follow against a real mpv (figures, not tests): how far mpv's position is from each cue's start
# at the instant ghostpipe shows the cue, with mpv playing at speed 1 and then 2, and seeking.
#
# How it is measured: mpv (headless: --vo=null --ao=null) plays a 70 s test film made by mpv itself;
# ghostpipe follows it with `-o json` into a pipe, and this script stamps each cue's line on arrival
# (time.monotonic). A second IPC client (this script) observes mpv's time-pos, which mpv reports once
# per frame (every 40 ms at 25 fps), and stamps each report on arrival the same way. mpv's position
# at a cue's arrival is interpolated linearly between the reports around it (at mpv's speed), so
# both sides carry the same socket latency; offset = position - cue start (positive: ghostpipe late).
# A cue that a seek landed inside is left out (it shows at once, by design). Also: the CPU time
# ghostpipe uses while it waits 3 s for a socket that is not there (target: ~0, no busy loop).
#   bash Scripts/bench_follow.sh            (needs mpv; about 50 s)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v mpv >/dev/null || { echo "bench_follow: needs mpv (apt-get install mpv)" >&2; exit 1; }
[ -n "${GHOSTPIPE_BIN:-}" ] || swift build -c release 2>&1 | grep -E "error" || true
BIN=${GHOSTPIPE_BIN:-$PWD/.build/release/ghostpipe}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mpv --no-config --really-quiet --no-terminal --o="$WORK/film.mkv" --ovc=mpeg4 \
    "av://lavfi:testsrc=duration=70:size=64x64:rate=25" </dev/null
python3 - "$BIN" "$WORK" <<'PY'
import json, os, resource, select, socket, subprocess, sys, time
binary, work = sys.argv[1], sys.argv[2]
# A cue every 0.37 s (never on a frame boundary twice in a row), 0.2 s long, for 70 s.
cues = [round(0.5 + 0.37 * k, 3) for k in range(int(69 / 0.37))]
def stamp(s):
    h, s = divmod(s, 3600); m, s = divmod(s, 60)
    return f"{int(h):02}:{int(m):02}:{s:06.3f}".replace(".", ",")
with open(f"{work}/cues.srt", "w") as f:
    for k, s in enumerate(cues):
        f.write(f"{k + 1}\n{stamp(s)} --> {stamp(s + 0.2)}\ncue {k}\n\n")
sock = f"{work}/mpv.sock"
mpv = subprocess.Popen(["mpv", "--no-config", "--vo=null", "--ao=null", "--idle=no", "--pause", "--really-quiet",
                        "--no-terminal", f"--input-ipc-server={sock}", f"{work}/film.mkv"], stdin=subprocess.DEVNULL)
gp = subprocess.Popen([binary, "--follow", f"mpv:{sock}", "-o", "json", f"{work}/cues.srt"],
                      stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, bufsize=0)
client = socket.socket(socket.AF_UNIX)
for _ in range(200):
    try: client.connect(sock); break
    except OSError: time.sleep(0.05)
client.setblocking(False)
def command(*c): client.sendall((json.dumps({"command": list(c)}) + "\n").encode())
command("observe_property", 1, "time-pos")
reports, shown = [], []   # (arrival, position); (arrival, cue text)
speed_at = []             # (instant, speed)
pending = {"mpv": b"", "gp": b""}
seeks = []                # instants of seeks: cues shown just after are excluded
def pump(seconds):
    end = time.monotonic() + seconds
    while True:
        left = end - time.monotonic()
        if left <= 0: return
        ready, _, _ = select.select([client, gp.stdout], [], [], left)
        now = time.monotonic()
        for r in ready:
            key = "mpv" if r is client else "gp"
            data = client.recv(65536) if r is client else os.read(gp.stdout.fileno(), 65536)
            if not data: return
            pending[key] += data
            *lines, pending[key] = pending[key].split(b"\n")
            for line in lines:
                m = json.loads(line)
                if key == "mpv" and m.get("event") == "property-change" and isinstance(m.get("data"), float):
                    reports.append((now, m["data"]))
                elif key == "gp":
                    shown.append((now, m["text"]))
pump(1.0)
command("set_property", "pause", False); speed_at.append((time.monotonic(), 1.0)); pump(20)
command("seek", 3.0, "absolute"); seeks.append(time.monotonic()); pump(10)
command("set_property", "speed", 2.0); speed_at.append((time.monotonic(), 2.0)); pump(12)
command("seek", 20.0, "absolute"); seeks.append(time.monotonic()); pump(10)
command("quit"); pump(3)
gp.wait(timeout=10); mpv.wait(timeout=10)

def position(t):
    """mpv's position at instant t: linear between the reports around it (not across a seek)."""
    before = [r for r in reports if r[0] <= t]
    after = [r for r in reports if r[0] > t]
    if not before or not after: return None
    (t0, p0), (t1, p1) = before[-1], after[0]
    rate = (p1 - p0) / (t1 - t0) if t1 > t0 else 0
    if not (0 < rate < 3): return None     # a seek or a pause between them
    return p0 + (t - t0) * rate
phases = {1.0: [], 2.0: []}
for t, text in shown:
    if any(0 <= t - s < 0.6 for s in seeks): continue
    speed = [s for (i, s) in speed_at if i <= t][-1] if speed_at and speed_at[0][0] <= t else 1.0
    p = position(t)
    if p is None: continue
    start = cues[int(text.split()[1])]
    phases[speed].append((p - start) * 1000 / speed)   # in ms of real time
def stats(name, xs):
    xs = sorted(xs); a = [abs(x) for x in xs]; a.sort()
    q = lambda v, f: v[min(len(v) - 1, int(f * len(v)))]
    print(f"speed {name}: {len(xs)} cues  offset p50 {q(xs, 0.5):+.1f} ms  |offset| p50 {q(a, 0.5):.1f} ms  "
          f"p99 {q(a, 0.99):.1f} ms  max {a[-1]:.1f} ms   (target: within 20 ms)")
for s, xs in phases.items():
    if xs: stats(s, xs)
print(f"mpv reported time-pos {len(reports)} times; ghostpipe showed {len(shown)} cues")

# CPU while waiting for a socket that never comes.
before = resource.getrusage(resource.RUSAGE_CHILDREN)
p = subprocess.Popen([binary, "--follow", f"mpv:{work}/none.sock", f"{work}/cues.srt"],
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
time.sleep(3); p.terminate(); p.wait()
after = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000
print(f"waiting 3 s for a missing socket: {cpu:.1f} ms CPU (backoff 20 ms doubling to 500 ms: about 10 tries)")
PY
