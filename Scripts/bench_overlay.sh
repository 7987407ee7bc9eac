#!/usr/bin/env bash
# GHOSTPIPE_BIN=path runs another build (an earlier one, to compare before and after).
# What the overlay costs (issue 7): throughput and keystroke latency.
#
# 1. Throughput: `seq 1 2000000` run directly and under `ghostpipe --overlay` (subtitles playing in
#    the band) in the same 80x24 tmux pane, one after the other, RUNS times each; the time is taken
#    by the pane's shell from just before the command to just after it ends (ghostpipe's start and
#    end included). Prints the medians and their ratio (target: at most 1.5).
# 2. Keystroke latency: Scripts/bench_overlay_keys.py types letters into `cat` run directly, through
#    util-linux `script` (a plain pseudo-terminal relay) and through the overlay, and times each
#    letter until its echo comes back out of the terminal. Prints median/p90/max per path and the
#    overlay's median minus the relay's (target: under 1 ms).
#
# Uses the release build (built if missing). tmux runs on a socket of its own, killed at the end.
# Usage: Scripts/bench_overlay.sh [RUNS [KEYS]]   (defaults 5 and 300)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${1:-5}"
keys="${2:-300}"
bin="${GHOSTPIPE_BIN:-$root/.build/release/ghostpipe}"
if [[ ! -x $bin ]]; then
    echo "building: swift build -c release" >&2
    (cd "$root" && swift build -c release 2>&1 | grep -v "Using 'dlopen'" >&2) || true
fi
srt="$root/samples/english.srt"
work="$(mktemp -d)"
socket="ghostpipe-bench-overlay-$$"
cleanup() {
    tmux -L "$socket" kill-server 2>/dev/null || true
    rm -f "/tmp/tmux-$(id -u)/$socket"
    rm -rf "$work"
}
trap cleanup EXIT

# --- 1. Throughput -------------------------------------------------------------------------------
tmux -L "$socket" -f /dev/null new-session -d -s bench -x 80 -y 24 "env PS1='$ ' TERM=xterm-256color bash --norc --noprofile"
tmux -L "$socket" set-option -t bench status off >/dev/null
sleep 0.5
results="$work/results"
: > "$results"
timed() {  # timed LABEL COMMAND...: runs COMMAND in the pane, appends "LABEL NANOSECONDS" to results
    local label="$1"; shift
    local before
    before=$(wc -l < "$results")
    tmux -L "$socket" send-keys -t bench "clear; s=\$(date +%s%N); $*; e=\$(date +%s%N); echo $label \$((e - s)) >> $results" Enter
    local waited=0
    while [[ $(wc -l < "$results") -eq $before ]]; do
        sleep 0.1
        waited=$((waited + 1))
        if [[ $waited -gt 1200 ]]; then echo "timed out: $label" >&2; exit 1; fi
    done
}
for _ in $(seq "$runs"); do
    timed direct seq 1 2000000
    timed overlay "'$bin' --overlay '$srt' -- seq 1 2000000"
done
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }
direct=$(awk '$1 == "direct" { print $2 }' "$results" | median)
overlay=$(awk '$1 == "overlay" { print $2 }' "$results" | median)
range() { awk -v l="$1" '$1 == l { v = $2 / 1e9; if (min == "" || v < min) min = v; if (v > max) max = v }
                         END { printf "%.3f-%.3f", min, max }' "$results"; }
echo "throughput: seq 1 2000000 in an 80x24 tmux pane, median of $runs runs (min-max)"
awk -v d="$direct" -v o="$overlay" -v dr="$(range direct)" -v or="$(range overlay)" 'BEGIN {
    printf "  direct   %8.3f s  (%s)\n  overlay  %8.3f s  (%s)\n  ratio    %8.2f  (overlay / direct; target <= 1.5)\n",
           d / 1e9, dr, o / 1e9, or, o / d }'

# --- 2. Keystroke latency ------------------------------------------------------------------------
printf '1\n01:00:00,000 --> 01:00:02,000\nlater\n' > "$work/late.srt"  # an empty band while typing
keys_py="$root/Scripts/bench_overlay_keys.py"
echo "keystroke latency: $keys letters into cat, write to echo on the outer terminal (ms: median p90 max)"
read -r d50 d90 dmax _ < <(python3 "$keys_py" "$keys" -- cat)
printf "  direct          %7.3f %7.3f %7.3f\n" "$d50" "$d90" "$dmax"
relay50=""
if command -v script >/dev/null; then
    read -r relay50 r90 rmax _ < <(python3 "$keys_py" "$keys" -- script -qfc cat /dev/null)
    printf "  script relay    %7.3f %7.3f %7.3f\n" "$relay50" "$r90" "$rmax"
fi
read -r o50 o90 omax _ < <(python3 "$keys_py" "$keys" -- "$bin" --overlay "$work/late.srt" -- cat)
printf "  overlay         %7.3f %7.3f %7.3f\n" "$o50" "$o90" "$omax"
base="${relay50:-$d50}"
awk -v o="$o50" -v b="$base" -v what="${relay50:+script relay}" 'BEGIN {
    printf "  added by the overlay (median): %.3f ms over the %s (target < 1 ms)\n", o - b, what == "" ? "direct run" : what }'
