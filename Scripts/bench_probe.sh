#!/usr/bin/env bash
# The time the terminal width probe adds: the same text with and without clusters terminals
# disagree on, drawn with --instant in a real terminal (tmux answers the cursor queries), timed
# by hyperfine inside that terminal. bash Scripts/bench_probe.sh
set -euo pipefail
cd "$(dirname "$0")/.."
command -v hyperfine >/dev/null || { echo "needs hyperfine (apt-get install hyperfine)"; exit 1; }
swift build -c release 2>&1 | grep -E "error" || true
BIN=$PWD/.build/release/ghostpipe
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"; tmux -L gp-probe-bench kill-server 2>/dev/null || true' EXIT
printf 'Families 👨‍👩‍👧 👩‍💻, thumbs 👍🏽 👍🏿, hearts ❤️, keycaps 1️⃣ #️⃣, flags 🇰🇷 🇺🇸\n' > "$WORK/disputed.txt"
printf 'Plain text 한국어 e\xcc\x81tude 中文 😀 ⌚ with nothing to ask about at all....\n' > "$WORK/plain.txt"
tmux -L gp-probe-bench new-session -d -s gp-probe-bench -x 100 -y 30 \
  "hyperfine -N --output=inherit --warmup 20 --runs 300 --export-json $WORK/result.json \
     '$BIN --instant $WORK/plain.txt' \
     '$BIN --instant --widths spec $WORK/disputed.txt' \
     '$BIN --instant $WORK/disputed.txt' > $WORK/hyperfine.log 2>&1; touch $WORK/done"
for _ in $(seq 1 600); do [ -f "$WORK/done" ] && break; sleep 0.1; done
python3 - "$WORK/result.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
plain, spec, probed = (x["median"] * 1000 for x in r)
print(f"no disputed clusters (nothing asked)      median {plain:.3f} ms")
print(f"disputed clusters, --widths spec          median {spec:.3f} ms")
print(f"disputed clusters, asked (10 clusters)    median {probed:.3f} ms")
print(f"time the probe adds: {probed - spec:.3f} ms (target <= 5 ms); without disputed clusters: no query is written")
PY
