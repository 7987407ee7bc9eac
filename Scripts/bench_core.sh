#!/usr/bin/env bash
# GHOSTPIPE_BIN=path runs another build (an earlier one, to compare before and after).
# Core benchmarks (figures, not tests): start-up against cat, pacing measured in a pseudo-terminal
# with pace.py (a tool kept outside the repository: Scripts/shared_tools.sh), and --instant plain
# throughput against cat, and json/cast (SRT=file adds subtitles). Run on a quiet machine:
#   bash Scripts/bench_core.sh [seconds-of-pacing (default 10)]
# With valgrind installed it also counts instructions per input byte for json and cast (the figure
# that does not move with the machine's load: compare builds with it, GHOSTPIPE_BIN=old).
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
    return times
# Interleave to share the machine's noise.
cat, gp = [], []
for _ in range(10):
    cat += run(['cat'], 50); gp += run([binary, '--instant'], 50)
def line(name, t):
    return f"{name:9} min {min(t) / 1e6:.3f}  median {statistics.median(t) / 1e6:.3f}  max {max(t) / 1e6:.3f} ms"
print(line("cat", cat))
print(line("ghostpipe", gp) + f"   ratio of medians {statistics.median(gp) / statistics.median(cat):.2f}x  (target <= 1.5x)")
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
echo "== throughput: --instant to /dev/null (plain, json, cast; SRT=file adds subtitles), against cat and pv =="
python3 - "$WORK/big.txt" <<'PY'
import sys
line = "The fans hum. A single terminal glows in the dark, its cursor blinking like a heartbeat.\n"
mixed = "한국어 문장은 띄어쓰기로 나뉩니다. Family 👨‍👩‍👧 flag 🇰🇷 café e\u0301tude.\n"
chunk = (line * 9 + mixed).encode()
with open(sys.argv[1], "wb") as f:
    for _ in range(100_000_000 // len(chunk)):
        f.write(chunk)
PY
head -c 10000000 "$WORK/big.txt" > "$WORK/10mb.txt"
head -c 1000000 "$WORK/big.txt" > "$WORK/1mb.txt"
ROUNDS=${ROUNDS:-5}
specs=("cat 100 MB|$WORK/big.txt|0|cat")
command -v pv >/dev/null && specs+=("pv -q 100 MB|$WORK/big.txt|0|pv -q")
specs+=("plain 100 MB|$WORK/big.txt|1000|$BIN --instant"
        "json 10 MB text|$WORK/10mb.txt|50|$BIN --instant -o json"
        "cast 1 MB text|$WORK/1mb.txt|50|$BIN --instant -o cast"
        # The same on 10 MB: start-up and first touches weigh less, and a round lasts long enough
        # to show which of its speeds a shared machine ran at.
        "cast 10 MB text|$WORK/10mb.txt|50|$BIN --instant -o cast")
if [ -n "${SRT:-}" ] && [ -s "$SRT" ]; then
    # The file named, not read from standard input: the format is detected from its name and content.
    specs+=("cat SRT|$SRT|0|cat"
            "json SRT|$SRT|300|$BIN --instant -o json $SRT"
            "plain SRT|$SRT|300|$BIN --instant -o plain $SRT")
else
    echo "(SRT=path/to/big.srt adds the subtitle figures; ../shared/tools/gen_srt.py --target-mb 50 makes one)"
fi
echo "file: 90 % ASCII lines, 10 % Korean/emoji/combining; $ROUNDS rounds, interleaved (ROUNDS=n to change)"
python3 Scripts/bench_throughput.py "$ROUNDS" "${specs[@]}"
"$BIN" --instant < "$WORK/big.txt" | cmp - "$WORK/big.txt" && echo "plain output identical to input: yes"
/usr/bin/time -f "ghostpipe --instant 100 MB: peak RSS %M KB" "$BIN" --instant < "$WORK/big.txt" > /dev/null
if [ -n "${SRT:-}" ] && [ -s "$SRT" ]; then
    /usr/bin/time -f "ghostpipe --instant -o json SRT: peak RSS %M KB (file $(( $(stat -c %s "$SRT") / 1024 )) KB)" "$BIN" --instant -o json "$SRT" > /dev/null
fi
if command -v valgrind >/dev/null; then
    # Instructions per byte of input (callgrind's total; the same on a busy or a quiet machine).
    head -c 100000 "$WORK/big.txt" > "$WORK/100kb.txt"
    for mode in json cast; do
        valgrind --tool=callgrind --callgrind-out-file="$WORK/cg.out" "$BIN" --instant -o $mode "$WORK/100kb.txt" > /dev/null 2> /dev/null
        total=$(grep -E "^(summary|totals):" "$WORK/cg.out" | head -1 | awk '{print $2}')
        echo "--instant -o $mode, 100 KB of the same text: $total instructions, $(( total / 100000 )) per byte"
    done
fi
