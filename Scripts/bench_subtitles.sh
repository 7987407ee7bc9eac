#!/usr/bin/env bash
# GHOSTPIPE_BIN=path runs another build (an earlier one, to compare before and after).
# Subtitle benchmarks (figures, not tests): cue-start lateness over a long file played at --speed 50,
# on a pipe (each cue's line stamped on arrival) and on a pseudo-terminal (each cue's first
# grapheme), then parsing against Python's srt (Scripts/bench_parse.sh).
#   bash Scripts/bench_subtitles.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/shared_tools.sh
gen_srt=$(shared_tool gen_srt.py) || exit 1
[ -n "${GHOSTPIPE_BIN:-}" ] || swift build -c release 2>&1 | grep -E "error" || true
BIN=${GHOSTPIPE_BIN:-$PWD/.build/release/ghostpipe}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
# A two-hour film (1600 cues), played 50 times faster: 2.4 minutes of cue starts.
python3 "$gen_srt" --seed 7 -o "$WORK/film.srt" >/dev/null
python3 - "$BIN" "$WORK/film.srt" <<'PY'
import os, pty, re, select, subprocess, sys, time, json
binary, film = sys.argv[1], sys.argv[2]
speed = 50.0
cues = json.loads(subprocess.run([binary, "--instant", "-o", "json", film], capture_output=True, check=True).stdout.decode().replace("}\n{", "},\n{").join(["[", "]"]).replace("\n]", "]"))
starts = [c["start"] / speed for c in cues]
def stats(name, late):
    late = sorted(late)
    p = lambda q: late[min(len(late) - 1, int(q * len(late)))]
    print(f"{name}: {len(late)} cues  lateness p50 {p(0.5):.3f} ms  p99 {p(0.99):.3f} ms  max {late[-1]:.3f} ms  (target p99 <= 2 ms)")

# On a pipe: ghostpipe writes each cue's text and a newline at its start instant.
t0 = time.monotonic()
proc = subprocess.Popen([binary, "-o", "plain", "--speed", "50", film], stdout=subprocess.PIPE, bufsize=0)
arrivals, buffer = [], b""
while True:
    chunk = proc.stdout.read(65536)
    if not chunk: break
    now = time.monotonic()
    buffer += chunk
    arrivals.extend([now] * chunk.count(b"\n"))
proc.wait()
# Line k belongs to the cue whose text it starts; cues may hold several lines: count them.
lines_per_cue = [c["text"].count("\n") + 1 for c in cues]
first_line, k = [], 0
for n in lines_per_cue:
    first_line.append(arrivals[k] if k < len(arrivals) else None); k += n
# Lateness against the typical offset of arrival from schedule (the median), not the first cue's:
# a first cue stalled by a busy machine would otherwise show every later one early by as much.
import statistics
base = statistics.median(a - s for a, s in zip(first_line, starts) if a)
stats("pipe (plain)      ", [(a - base - s) * 1000 for a, s in zip(first_line, starts) if a])

# On a pseudo-terminal: the first visible grapheme of each cue.
pid, fd = pty.fork()
if pid == 0:
    os.environ["TERM"] = "xterm-256color"
    os.execv(binary, [binary, "--speed", "50", "--no-keys", "--widths", "spec", film])  # the pty answers no cursor queries
chunks = []
while True:
    r, _, _ = select.select([fd], [], [], 5)
    if not r: break
    try: data = os.read(fd, 65536)
    except OSError: break
    if not data: break
    chunks.append((time.monotonic(), data))
os.waitpid(pid, 0)
# A cue starts with a write that begins drawing a new cue: detect writes following a band clear.
# Simpler and exact: match each cue's first grapheme in order in the stream of visible text.
visible = []
for t, data in chunks:
    text = re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]", b"", data).replace(b"\r", b"").replace(b"\n", b"")
    if text.strip(): visible.append((t, text.decode("utf-8", "replace")))
k, offsets = 0, []
for t, text in visible:
    if k < len(cues):
        first = cues[k]["text"].lstrip()[:1]
        if first and text.lstrip().startswith(first):
            offsets.append(t - starts[k]); k += 1
base = statistics.median(offsets)
stats("terminal (pty)    ", [(o - base) * 1000 for o in offsets])
PY
# A --track file is parsed as it is read: loading a 30 MiB one (350,000 cues) holds its cues, not
# its bytes too. Anchor: the file's size; read whole first, the peak was that and half again higher
# (debug builds: 355,252 KiB before, 306,828 KiB after).
python3 "$gen_srt" --seed 7 -o "$WORK/big.srt" --target-mb 30 >/dev/null
printf '1\n00:00:01,000 --> 00:00:02,000\nx\n\n' > "$WORK/one.srt"
size_kib=$(( $(stat -c %s "$WORK/big.srt") / 1024 ))
/usr/bin/time -f "--track of ${size_kib} KiB: %e s to load, peak RSS %M KiB" \
    "$BIN" -o json --instant --start 99:59:50 "$WORK/one.srt" --track "$WORK/big.srt" 2>&1 >/dev/null | tail -1
bash Scripts/bench_parse.sh 2>&1 | tail -12
