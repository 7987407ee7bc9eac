#!/usr/bin/env bash
# Throughput of the terminal emulator (TerminalEmulator) on generated program output: `seq`,
# `ls -l --color`, coloured `git log -p`, a full-screen repaint, CJK/emoji text.
#
# Builds Scripts/bench_emulator_main.swift with `swiftc -O -wmo` (whole-module, as `swift build -c release`
# does) together with the library sources the emulator needs (its own, the escape parser in TerminalModel/Escapes/, cells and widths), as
# module GhostpipeCore, so no benchmark target is needed in Package.swift, and prints MB/s (10^6 bytes
# per second, best of RUNS runs) for feeding alone and for feeding while taking frames (scrollback,
# dirty rows, their cells) as the overlay will. Times are the benchmark thread's CPU time. Figures, not
# a pass/fail test: compare runs on the same machine.
# Usage: Scripts/bench_emulator.sh [RUNS [NAME-FILTER]]   e.g. Scripts/bench_emulator.sh 5 seq
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
core="$root/Sources/GhostpipeCore"
build="${TMPDIR:-/tmp}/ghostpipe-bench"
mkdir -p "$build"
out="$build/bench_emulator"

sources=("$root/Scripts/bench_emulator_main.swift" "$core"/TerminalModel/*.swift "$core"/TerminalModel/Escapes/*.swift
         "$core/Model/Frame.swift" "$core/Model/Style.swift" "$core/Model/Placement.swift"
         "$core/Text/DisplayWidth.swift" "$core/Text/WidthTable.generated.swift" "$core/Text/UTF8Sequence.swift"
         "$core/Text/GraphemeSegmenter.swift" "$core/Text/ColumnWidths.swift" "$core/Support/ByteWords.swift")

if [[ ! -x $out || -n $(find "${sources[@]}" -newer "$out" 2>/dev/null) ]]; then
    echo "building: swiftc -O -wmo -parse-as-library -module-name GhostpipeCore (emulator sources + driver) -o $out" >&2
    swiftc -O -wmo -swift-version 6 -parse-as-library -module-name GhostpipeCore "${sources[@]}" -o "$out"
fi
"$out" "${1:-5}" "${2:-}"
