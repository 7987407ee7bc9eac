#!/usr/bin/env bash
# Parsing benchmark: ghostpipe's SubRip parser against the Python `srt` library on a generated
# 50 MB SubRip file (580,800 cues), then every format side by side on the same cues: the SubRip
# file written as ASS, SAMI and LRC by Scripts/gen_formats.py (generated once, next to it).
#
#   Scripts/bench_parse.sh [FILE]        # default: /tmp/ghostpipe-big50.srt, generated once
#   FORMATS=0 Scripts/bench_parse.sh     # SubRip against Python only
#
# Needs python3 (with `pip install srt` for the comparison), swiftc and awk. MB are 10^6 bytes; times are
# end to end: read the file, decode and validate UTF-8, parse every cue (and, in the second line,
# build every Cue with its styled runs too). Peak memory is the process's VmHWM.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
file=${1:-/tmp/ghostpipe-big50.srt}
build=${TMPDIR:-/tmp}/ghostpipe-bench
mkdir -p "$build"

if [[ ! -s $file ]]; then
    source "$root/Scripts/shared_tools.sh"
    gen=$(shared_tool gen_srt.py) || exit 1
    python3 "$gen" --target-mb 50 -o "$file"
fi

# The driver is compiled together with the library's sources, as one module (no package target
# required): the C shim gets the module map SwiftPM would generate, and is compiled beside it.
mapfile -t sources < <(find "$root/Sources/GhostpipeCore" -name '*.swift' | sort)
mkdir -p "$build/include"
printf 'module CGhostpipe {\n    header "%s"\n    export *\n}\n' "$root/Sources/CGhostpipe/include/CGhostpipe.h" > "$build/include/module.modulemap"
driver=$build/bench_parse
if [[ ! -x $driver || -n $(find "${sources[@]}" "$root/Scripts/bench_parse_main.swift" "$root/Sources/CGhostpipe" -newer "$driver" 2>/dev/null) ]]; then
    toolchain_bin=$(dirname "$(command -v swiftc)")
    clang=$toolchain_bin/clang; [[ -x $clang ]] || clang=clang
    "$clang" -c -O2 -I "$root/Sources/CGhostpipe/include" "$root/Sources/CGhostpipe/system.c" -o "$build/system.o"
    swiftc -O -wmo -swift-version 6 -parse-as-library -module-name GhostpipeCore -I "$build/include" \
        "$root/Scripts/bench_parse_main.swift" "${sources[@]}" "$build/system.o" -o "$driver"
fi

size=$(stat -c %s "$file")
# Arithmetic through awk (bc is not everywhere).
calc() { awk "BEGIN { print $1 }"; }
printf 'file: %s (%.1f MB)\n' "$file" "$(calc "$size / 1000000")"

# Best of three runs for time; memory from the same runs.
best=""
for _ in 1 2 3; do
    line=$("$driver" "$file")
    ms=$(sed -E 's/.*total_ms=([0-9]+).*/\1/' <<<"$line")
    if [[ -z $best ]] || (( ms < $(sed -E 's/.*total_ms=([0-9]+).*/\1/' <<<"$best") )); then best=$line; fi
done
get() { sed -E "s/.*$1=([0-9]+).*/\\1/" <<<"$2"; }
g_ms=$(get total_ms "$best"); g_cues=$(get cues "$best"); g_rss=$(get peak_rss_kib "$best")
printf 'ghostpipe:        %6.0f MB/s  %d ms  cues=%d  peak RSS %.1f MB (%.2fx the file)  [decode %d ms, parse %d ms]\n' \
    "$(calc "$size / 1000 / $g_ms")" "$g_ms" "$g_cues" "$(calc "$g_rss * 1024 / 1000000")" \
    "$(calc "$g_rss * 1024 / $size")" "$(get decode_ms "$best")" "$(get parse_ms "$best")"
m=$("$driver" "$file" --materialize)
m_ms=$(( $(get total_ms "$m") + $(get materialize_ms "$m") ))
printf 'ghostpipe + Cues: %6.0f MB/s  %d ms  (every Cue built with its runs: %d ms)  peak RSS %.1f MB\n' \
    "$(calc "$size / 1000 / $m_ms")" "$m_ms" "$(get materialize_ms "$m")" \
    "$(calc "$(get peak_rss_kib "$m") * 1024 / 1000000")"
echo "layout: $(grep -oE 'cue_stride=[0-9]+ record_stride=[0-9]+ storage_bytes=[0-9]+' <<<"$best")"

formats_table() {
    [[ ${FORMATS:-1} != 0 ]] || return 0
    local stem=${file%.srt}
    if [[ ! -s $stem.ass || ! -s $stem.smi || ! -s $stem.lrc || $file -nt $stem.ass ]]; then
        python3 "$root/Scripts/gen_formats.py" "$file" "$stem"
    fi
    echo
    echo "every format on the same cues (best of 3; MB/s of each file's own size; with every Cue built):"
    printf '  %-6s %8s %8s %9s %11s %9s %11s %10s\n' format MB cues "parse" "parse MB/s" "+Cues" "+Cues MB/s" "Mcues/s"
    local f
    for f in "$file" "$stem.ass" "$stem.smi" "$stem.lrc"; do
        local bytes best="" line ms
        bytes=$(stat -c %s "$f")
        for _ in 1 2 3; do
            line=$("$driver" "$f")
            ms=$(get total_ms "$line")
            if [[ -z $best ]] || (( ms < $(get total_ms "$best") )); then best=$line; fi
        done
        local m m_ms
        m=$("$driver" "$f" --materialize)
        m_ms=$(( $(get total_ms "$m") + $(get materialize_ms "$m") ))
        printf '  %-6s %8.1f %8d %7d ms %11.0f %6d ms %11.0f %10.2f\n' "${f##*.}" "$(calc "$bytes / 1000000")" \
            "$(get cues "$best")" "$(get total_ms "$best")" "$(calc "$bytes / 1000 / ($(get total_ms "$best") + 0.001)")" \
            "$m_ms" "$(calc "$bytes / 1000 / ($m_ms + 0.001)")" "$(calc "$(get cues "$best") / 1000 / ($m_ms + 0.001)")"
    done
}

if ! python3 -c 'import srt' 2>/dev/null; then
    echo "python srt: not installed (pip install srt) — comparison skipped"
    formats_table
    exit 0
fi
p=$(python3 - "$file" <<'PY'
import resource, sys, time
import srt
path = sys.argv[1]
t = time.perf_counter()
with open(path, encoding="utf-8") as f:
    subs = list(srt.parse(f.read()))
dt = time.perf_counter() - t
print(f"ms={int(dt * 1000)} cues={len(subs)} rss={resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}")
PY
)
p_ms=$(get ms "$p"); p_rss=$(get rss "$p")
printf 'python srt:       %6.1f MB/s  %d ms  cues=%d  peak RSS %.1f MB (%.2fx the file)\n' \
    "$(calc "$size / 1000 / $p_ms")" "$p_ms" "$(get cues "$p")" \
    "$(calc "$p_rss * 1024 / 1000000")" "$(calc "$p_rss * 1024 / $size")"
printf 'ratio:            %.1fx faster (%.1fx with every Cue built), %.1fx less memory\n' \
    "$(calc "$p_ms / $g_ms")" "$(calc "$p_ms / $m_ms")" "$(calc "$p_rss / $g_rss")"
formats_table
