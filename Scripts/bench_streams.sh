#!/usr/bin/env bash
# A long coloured stream shown at once on a terminal, beside its anchors (figures, not a test):
# `--instant` of 10 MB of `ls -laR --color=always` on a 120×40 pseudo-terminal — read as prose
# (`--wrap auto`, the default for text that never positions itself) and as a terminal stream
# (`--wrap char`, the emulator) — against `cat` of the same file, and against the CPU time of the
# emulator benchmark (`bench_emulator.sh`, feeding and taking frames) fed the same bytes. Runs in
# turns (round-robin, so the machine's noise falls on all alike); prints the median CPU seconds
# (user + system of the child, from wait4), its ratio to the emulator's, and the bytes written per
# byte of input. The target (issue 30): at most 2× the emulator's CPU, at most 1.2× the bytes.
#
# Usage: Scripts/bench_streams.sh [ROUNDS (default 5)] [FILE]   GHOSTPIPE_BIN=path: another build.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
[ -n "${GHOSTPIPE_BIN:-}" ] || swift build -c release --product ghostpipe 2>&1 | grep -E "error|Build" || true
bin=${GHOSTPIPE_BIN:-.build/release/ghostpipe}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
file=${2:-}
if [ -z "$file" ]; then
    file="$work/ls.txt"
    # 10 MB of a real listing (repeated if /usr holds less).
    while [ "$(stat -c %s "$file" 2>/dev/null || echo 0)" -lt 10000000 ]; do
        ls -laR --color=always /usr 2>/dev/null >> "$file" || true
    done
    head -c 10000000 "$file" > "$work/ls10.txt" && file="$work/ls10.txt"
fi

# The anchor: the emulator's CPU seconds for the same bytes (best of 3, its own rule).
anchor=$(BENCH_FILE="$file" TMPDIR="$work" Scripts/bench_emulator.sh 3 | awk '/^file /{print $(NF-2)}')
python3 - "$rounds" "$file" "$anchor" "$bin" <<'PY'
import fcntl, os, pty, statistics, struct, sys, termios
rounds, path, anchor_rate, binary = int(sys.argv[1]), sys.argv[2], float(sys.argv[3]), sys.argv[4]
size = os.path.getsize(path)
# The emulator reads the bytes a pty delivers ("\n" as "\r\n"); its MB/s is of those.
fed = size + open(path, "rb").read().count(b"\n")
anchor_cpu = fed / 1e6 / anchor_rate
commands = [("cat", ["cat", path]),
            ("ghostpipe --instant", [binary, "--instant", path]),
            ("  --wrap char", [binary, "--instant", "--wrap", "char", path])]

def run(argv):
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.execvp(argv[0], argv)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    written = 0
    while True:
        try:
            chunk = os.read(fd, 1 << 16)
        except OSError:
            break
        if not chunk:
            break
        written += len(chunk)
    _, status, usage = os.wait4(pid, 0)
    os.close(fd)
    return usage.ru_utime + usage.ru_stime, usage.ru_utime, written

results = {label: [] for label, _ in commands}
for _ in range(rounds):
    for label, argv in commands:
        results[label].append(run(argv))
print(f"{size / 1e6:.1f} MB to a 120x40 pty, {rounds} rounds; emulator anchor {anchor_cpu:.3f} s CPU ({anchor_rate:.1f} MB/s)")
print(f"{'':22} {'CPU s':>7} {'user s':>7} {'x anchor':>9} {'bytes out/in':>13}")
for label, _ in commands:
    cpu = statistics.median(r[0] for r in results[label])
    user = statistics.median(r[1] for r in results[label])
    out = statistics.median(r[2] for r in results[label])
    print(f"{label:22} {cpu:7.3f} {user:7.3f} {cpu / anchor_cpu:9.2f} {out / size:13.3f}")
print("target: ghostpipe at most 2.00x the anchor's CPU and 1.2 bytes out per byte in")
PY
