#!/usr/bin/env bash
# GHOSTPIPE_BIN=path runs another build (an earlier one, to compare before and after).
# Effects against terminaltexteffects (tte): bytes written and CPU time for the same 20×60 text
# (1.2 KB of ASCII), both run on a pseudo-terminal of 80×24 with TERM=xterm-256color and
# COLORTERM=truecolor, output drained and counted, CPU from wait4() (user + system, the process and
# its children). Pairs: `ghostpipe --effect letters` vs `tte randomsequence`, `ghostpipe --effect
# decrypt` vs `tte decrypt`. Targets: ghostpipe ≤ 1/50 of tte's bytes and ≤ 1/20 of its CPU.
# Figures, not a pass/fail test; compare runs on the same machine.
#
# Then ghostpipe alone, bytes per frame, for the effects tte has no counterpart for (fade, color at
# each colour depth) and for the placed layouts (--align, --place): the same text recorded with
# `-o cast --instant` (the exact timeline on a virtual clock; one cast event per frame drawn).
#
# Needs: python3, tte (`pip install terminaltexteffects`). Builds the release binary.
# Usage: Scripts/bench_effects.sh [runs]   (each figure is the median of `runs`, default 3)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${1:-3}"
[ -n "${GHOSTPIPE_BIN:-}" ] || (cd "$root" && swift build -c release 2>&1 | grep -E "error|Compiling|Build complete" >&2 || true)
ghostpipe="${GHOSTPIPE_BIN:-$root/.build/release/ghostpipe}"
# The real tte script, not a version manager's shim (whose shell start-up is not tte's cost).
tte="$(command -v pyenv >/dev/null && pyenv which tte 2>/dev/null || command -v tte)"
[[ -x "$ghostpipe" ]] || { echo "need $ghostpipe" >&2; exit 1; }
[[ -n "$tte" ]] || echo "tte not found (pip install terminaltexteffects): the comparison with it is skipped" >&2

text="$(mktemp "${TMPDIR:-/tmp}/ghostpipe-bench-effects.XXXXXX")"
trap 'rm -f "$text" "$text.slides"' EXIT
python3 - "$text" <<'PY'
import sys, textwrap
words = ("the ghost in the pipe types every word on time, not early and not late; "
         "letters come in groups, fade up from the dark, churn like a cipher and settle. ") * 20
lines = textwrap.wrap(words, 60)[:20]
open(sys.argv[1], "w").write("\n".join(line.ljust(60)[:60].rstrip() for line in lines) + "\n")
PY

[[ -z "$tte" ]] || python3 - "$runs" "$text" "$ghostpipe" "$tte" <<'PY'
import os, pty, sys, select, struct, fcntl, termios, time, statistics

runs, text, ghostpipe, tte = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
size = os.path.getsize(text)
env = dict(os.environ, TERM="xterm-256color", COLORTERM="truecolor", COLUMNS="80", LINES="24")
env.pop("NO_COLOR", None)

def measure(argv):
    """Runs argv on an 80×24 pseudo-terminal; returns (bytes written, CPU seconds, wall seconds)."""
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        os.execve(argv[0], argv, env)
    total, start = 0, time.monotonic()
    while True:
        try:
            ready, _, _ = select.select([fd], [], [], 1.0)
            if ready:
                chunk = os.read(fd, 65536)
                if not chunk: break
                total += len(chunk)
        except OSError:
            break
    _, status, usage = os.wait4(pid, 0)
    os.close(fd)
    return total, usage.ru_utime + usage.ru_stime, time.monotonic() - start

def median(argv):
    results = [measure(argv) for _ in range(runs)]
    return tuple(statistics.median(r[i] for r in results) for i in range(3))

pairs = [
    ("letters", [ghostpipe, "--effect", "letters", "--seed", "1", text],
     "randomsequence", [tte, "--input-file", text, "--canvas-width", "60", "--canvas-height", "20", "randomsequence"]),
    ("decrypt", [ghostpipe, "--effect", "decrypt", "--seed", "1", text],
     "decrypt", [tte, "--input-file", text, "--canvas-width", "60", "--canvas-height", "20", "decrypt"]),
]
print(f"text: {size} bytes, 20 lines × 60 columns; pty 80×24, truecolor; median of {runs} run(s)")
print(f"{'':34} {'bytes':>11} {'CPU s':>8} {'wall s':>7}")
for gname, gargv, tname, targv in pairs:
    gb, gc, gw = median(gargv)
    tb, tc, tw = median(targv)
    print(f"{'ghostpipe --effect ' + gname:34} {gb:11,.0f} {gc:8.3f} {gw:7.2f}")
    print(f"{'tte ' + tname:34} {tb:11,.0f} {tc:8.3f} {tw:7.2f}")
    print(f"{'  ratio (tte / ghostpipe)':34} {tb / max(gb, 1):10.0f}× {tc / max(gc, 1e-4):7.0f}×"
          f"   targets ≥ 50× bytes: {'met' if tb >= 50 * gb else 'MISSED'}, ≥ 20× CPU: {'met' if tc >= 20 * gc else 'MISSED'}")
PY

python3 - "$text" "$ghostpipe" <<'PY'
import json, subprocess, sys
text, ghostpipe = sys.argv[1], sys.argv[2]
rows = [
    ("--effect fade", ["--effect", "fade"]),
    ("--effect color (truecolor)", ["--effect", "color", "--palette", "green,yellow,red,none"]),
    ("--effect color --colors 256", ["--effect", "color", "--palette", "green,yellow,red,none", "--colors", "256"]),
    ("--effect color --colors 16", ["--effect", "color", "--palette", "green,yellow,red,none", "--colors", "16"]),
    ("--align center (typewriter)", ["--align", "center"]),
    ("--align center --place middle --effect fade", ["--align", "center", "--place", "middle", "--effect", "fade"]),
    ("--layout slides (5 slides of 4 lines, morph)", ["--layout", "slides", "SLIDES"]),
]
# The same lines as five slides of four (paragraphs separated by blank lines).
lines = open(text).read().splitlines()
slides = text + ".slides"
open(slides, "w").write("\n\n".join("\n".join(lines[i:i + 4]) for i in range(0, len(lines), 4)) + "\n")
print()
print("ghostpipe alone, 80×24, recorded with -o cast --instant (one event per frame drawn)")
print(f"{'':52} {'bytes':>9} {'frames':>7} {'bytes/frame':>12}")
for name, options in rows:
    files = [slides] if "SLIDES" in options else [text]
    options = [o for o in options if o != "SLIDES"]
    out = subprocess.run([ghostpipe, "-o", "cast", "--instant", "--seed", "1", "--width", "80", "--height", "24"] + options + files,
                         capture_output=True, check=True, env={"TERM": "xterm-256color", "PATH": "/usr/bin:/bin"}).stdout
    events = [json.loads(line) for line in out.decode().splitlines()[1:] if line.startswith("[")]
    frames = [e for e in events if e[1] == "o"]
    total = sum(len(e[2].encode()) for e in frames)
    print(f"{'ghostpipe ' + name:52} {total:9,} {len(frames):7} {total / max(1, len(frames)):12,.0f}")
PY

# Terminal streams revealed at the typewriter's pace (--wrap char: through the emulator): bytes
# written per cell the input prints, beside the input's own bytes per printed cell (what `cat`
# sends). A paced reveal writes only the cells that change, so a rewrite costs its changed cells.
python3 - "$ghostpipe" "$root" <<'PY'
import json, re, subprocess, sys, os
ghostpipe, root = sys.argv[1], sys.argv[2]
streams = {
    "progress rewrites (\\r, ESC[K), 100 steps": "".join(f"downloading {i:3d}% [{'#' * (i // 5):20}]\x1b[K\r" for i in range(101)) + "done\x1b[K\n",
    "ls -l in colour, 200 lines": "".join(f"-rw-r--r-- 1 user user {i * 37:8d} Nov 27 07:{i % 60:02d} \x1b[01;34mfile{i}\x1b[0m\n" for i in range(200)),
    "neofetch (recorded)": open(os.path.join(root, "Tests/Data/streams/neofetch.out"), encoding="utf-8", errors="replace").read(),
}
escape = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[ -/]*[0-~]")
print()
print("terminal streams, typewriter, 80×24, recorded with -o cast --instant --wrap char")
print(f"{'':44} {'cells':>7} {'input B':>9} {'B/cell':>7} {'written B':>10} {'B/cell':>7}")
for name, data in streams.items():
    printed = sum(1 for ch in escape.sub("", data) if ch >= " " and ch != "\x7f")
    out = subprocess.run([ghostpipe, "-o", "cast", "--instant", "--wrap", "char", "--cps", "500", "--width", "80", "--height", "24"],
                         input=data.encode(), capture_output=True, check=True, env={"TERM": "xterm-256color", "PATH": "/usr/bin:/bin"}).stdout
    events = [json.loads(line) for line in out.decode().splitlines()[1:] if line.startswith("[")]
    written = sum(len(e[2].encode()) for e in events if e[1] == "o")
    size = len(data.encode())
    print(f"{name:44} {printed:7,} {size:9,} {size / max(1, printed):7.2f} {written:10,} {written / max(1, printed):7.2f}")
PY
