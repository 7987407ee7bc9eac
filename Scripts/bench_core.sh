#!/usr/bin/env bash
# GHOSTPIPE_BIN=path runs another build (an earlier one, to compare before and after).
# Core benchmarks (figures, not tests): start-up against cat, pacing measured in a pseudo-terminal
# with pace.py (a tool kept outside the repository: Scripts/shared_tools.sh), and --instant plain
# throughput against cat, and json/cast (SRT=file adds subtitles). Run on a quiet machine:
#   bash Scripts/bench_core.sh [seconds-of-pacing (default 10)]
set -euo pipefail
cd "$(dirname "$0")/.."
PACE_SECONDS=${1:-10}
source Scripts/shared_tools.sh
pace=$(shared_tool pace.py) || exit 1
[ -n "${GHOSTPIPE_BIN:-}" ] || swift build -c release 2>&1 | grep -E "error|Compiling|Build" | grep -v dlopen || true
BIN=${GHOSTPIPE_BIN:-.build/release/ghostpipe}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

echo "== start-up: one line, --instant, to /dev/null (median of 500 runs, same harness) =="
printf 'Hello, world.\n' > "$WORK/line.txt"
python3 - "$BIN" "$WORK/line.txt" <<'PY'
import os, subprocess, sys, time, statistics
binary, line = sys.argv[1], sys.argv[2]
def run(argv, n=500):
    times = []
    with open(line, 'rb') as f, open(os.devnull, 'wb') as null:
        for _ in range(n):
            f.seek(0)
            t = time.perf_counter_ns()
            subprocess.run(argv, stdin=f, stdout=null, check=True)
            times.append(time.perf_counter_ns() - t)
    times.sort()
    return statistics.median(times) / 1e6, times[int(len(times) * 0.9)] / 1e6
# Interleave to share the machine's noise.
cat1 = run(['cat'], 250); gp1 = run([binary, '--instant'], 250)
cat2 = run(['cat'], 250); gp2 = run([binary, '--instant'], 250)
cat = min(cat1[0], cat2[0]); gp = min(gp1[0], gp2[0])
print(f"cat       median {cat:.3f} ms")
print(f"ghostpipe median {gp:.3f} ms   ratio {gp / cat:.2f}x  (target <= 1.5x)")
PY
echo
echo "== start-up on a pseudo-terminal that answers the cursor query (median of 150 interleaved runs) =="
python3 Scripts/bench_startup_pty.py "$BIN" "$WORK/line.txt" 150
if command -v hyperfine >/dev/null; then
    hyperfine -N --warmup 50 --runs 1000 --input "$WORK/line.txt" --output null "cat" "$BIN --instant" 2>/dev/null \
        | grep -E "Time|±|faster|slower|cat|ghostpipe" || true
fi

echo
echo "== pacing: ${PACE_SECONDS}s at 100 graphemes/s in a pseudo-terminal (pace.py) =="
python3 - "$PACE_SECONDS" > "$WORK/pace.txt" <<'PY'
import random, sys
random.seed(1)
words = "the quick brown fox jumps over a lazy dog 한국어 문장 👍🏽 café ghost pipe".split()
n = int(float(sys.argv[1]) * 100)
# Lines shorter than the terminal: no soft wraps, whose hanging spaces are never written (pace.py
# would count each as a missing grapheme).
text, line = [], []
while sum(len(l) + 1 for l in text) < n:
    line.append(random.choice(words))
    if len(" ".join(line)) > 60:
        text.append(" ".join(line)); line = []
print("\n".join(text)[: n - 1])
PY
# --widths spec: pace.py's pseudo-terminal does not answer cursor queries, so the width probe for
# the text's emoji would wait its 300 ms once (and its probe text would count as a grapheme).
python3 "$pace" --cps 100 --input "$WORK/pace.txt" --cols 200 --rows 50 \
    -- "$BIN" --cps 100 --no-pauses --widths spec | tail -1 | tr ' ' '\n' \
    | grep -E "^(units|span_s|expected_span_s|effective_rate|late_ms_p50|late_ms_p99|late_ms_max|drift_end_ms|slope_ppm|chunks_ending_mid_utf8|graphemes_split_across_chunks)=" \
    | python3 -c "
import sys
d = dict(l.strip().split('=') for l in sys.stdin)
span, exp = float(d['span_s']), float(d['expected_span_s'])
print(f\"graphemes {d['units']}  span {span:.4f} s (expected {exp:.4f})  total-time error {abs(span-exp)/exp*100:.3f} %  (target <= 0.5 %)\")
print(f\"lateness p50 {d['late_ms_p50']} ms  p99 {d['late_ms_p99']} ms  max {d['late_ms_max']} ms  (target p99 <= 2 ms)\")
print(f\"drift at end {d['drift_end_ms']} ms  slope {d['slope_ppm']} ppm  split UTF-8 chunks {d['chunks_ending_mid_utf8']}  split clusters {d['graphemes_split_across_chunks']}\")
"

echo
echo "== throughput: --instant plain, 100 MB to /dev/null, against cat =="
python3 - "$WORK/big.txt" <<'PY'
import sys
line = "The fans hum. A single terminal glows in the dark, its cursor blinking like a heartbeat.\n"
mixed = "한국어 문장은 띄어쓰기로 나뉩니다. Family 👨‍👩‍👧 flag 🇰🇷 café e\u0301tude.\n"
chunk = (line * 9 + mixed).encode()
with open(sys.argv[1], "wb") as f:
    for _ in range(100_000_000 // len(chunk)):
        f.write(chunk)
PY
SIZE=$(stat -c %s "$WORK/big.txt")
cat "$WORK/big.txt" > /dev/null
best() { local b=999; for _ in 1 2 3; do local s e; s=$(date +%s.%N); "$@" < "$WORK/big.txt" > /dev/null; e=$(date +%s.%N); b=$(echo "$e - $s < $b" | bc -l | grep -q 1 && echo "$e - $s" | bc -l || echo $b); done; echo "$b"; }
T_CAT=$(best cat)
T_GP=$(best "$BIN" --instant)
python3 -c "
size=$SIZE; c=$T_CAT; g=$T_GP
print(f'file {size/1e6:.1f} MB (90 % ASCII lines, 10 % Korean/emoji/combining)')
print(f'cat       {c*1000:7.1f} ms  {size/c/1e6:8.1f} MB/s')
print(f'ghostpipe {g*1000:7.1f} ms  {size/g/1e6:8.1f} MB/s  (target >= 1000 MB/s: a pipe gets the bytes as they come)')
"
"$BIN" --instant < "$WORK/big.txt" | cmp - "$WORK/big.txt" && echo "output identical to input: yes"
/usr/bin/time -f "ghostpipe peak RSS %M KB" "$BIN" --instant < "$WORK/big.txt" > /dev/null

echo
echo "== throughput of the outputs that carry time: --instant -o json / -o cast, CPU seconds (best of 3) =="
head -c 10000000 "$WORK/big.txt" > "$WORK/10mb.txt"
head -c 1000000 "$WORK/big.txt" > "$WORK/1mb.txt"
cpu() { local b=999; for _ in 1 2 3; do local t; t=$( { /usr/bin/time -f "%U %S" "$@" > /dev/null; } 2>&1 | awk '{print $1 + $2}'); b=$(python3 -c "print(min($b, $t))"); done; echo "$b"; }
T_JSON=$(cpu "$BIN" --instant -o json "$WORK/10mb.txt")
T_CAST=$(cpu "$BIN" --instant -o cast "$WORK/1mb.txt")
python3 -c "
print(f'json  10 MB text  {$T_JSON:6.2f} s  {10/max($T_JSON, 0.001):7.1f} MB/s  (target >= 50 MB/s)')
print(f'cast   1 MB text  {$T_CAST:6.2f} s  {1/max($T_CAST, 0.001):7.1f} MB/s  (target >= 50 MB/s)')
"
if [ -n "${SRT:-}" ] && [ -s "$SRT" ]; then
    SRT_MB=$(python3 -c "import os; print(os.path.getsize('$SRT') / 1e6)")
    T_SJ=$(cpu "$BIN" --instant -o json "$SRT")
    T_SP=$(cpu "$BIN" --instant -o plain "$SRT")
    python3 -c "
print(f'json  SRT {$SRT_MB:.0f} MB   {$T_SJ:6.2f} s  {$SRT_MB/max($T_SJ, 0.001):7.1f} MB/s  (target >= 300 MB/s)')
print(f'plain SRT {$SRT_MB:.0f} MB   {$T_SP:6.2f} s  {$SRT_MB/max($T_SP, 0.001):7.1f} MB/s  (target >= 300 MB/s)')
"
else
    echo "(SRT=path/to/big.srt adds the subtitle figures; ../shared/tools/gen_srt.py --target-mb 50 makes one)"
fi
