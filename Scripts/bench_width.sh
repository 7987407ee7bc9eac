#!/usr/bin/env bash
# Width throughput of DisplayWidth over 1 MiB of mixed text (and of each kind of text on its own).
#
# Builds Scripts/bench_width.swift with `swiftc -O -wmo` (whole-module, as `swift build -c release`
# does) together with the library's width sources, so no benchmark target is needed in Package.swift,
# and prints MB/s and graphemes/s. Figures, not a pass/fail test: compare runs on the same machine.
# Usage: Scripts/bench_width.sh [output-binary]
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-${TMPDIR:-/tmp}/ghostpipe-bench-width}"
text="$root/Sources/GhostpipeCore/Text"

sources=("$root/Scripts/bench_width.swift" "$text/DisplayWidth.swift")
# The generated table is absent in the interim implementation; include it when it exists.
if [[ -f "$text/WidthTable.generated.swift" ]]; then
    sources+=("$text/WidthTable.generated.swift")
fi

echo "building: swiftc -O -wmo -parse-as-library ${sources[*]#"$root/"} -o $out" >&2
swiftc -O -wmo -parse-as-library "${sources[@]}" -o "$out"
"$out"
