#!/usr/bin/env bash
# Fuzzing: libFuzzer targets for the code that reads untrusted input (Scripts/fuzz/*.swift).
#
#   Scripts/fuzz.sh [SECONDS] [TARGET...]     # default: 60 s each for decode subrip webvtt ass sami lrc scc microdvd
#                                             # mpl2 subviewer tmplayer spruce ebustl ttml srv3 srv1 sbv live arguments player follow
#   Scripts/fuzz.sh 20                        # the CI smoke run
#   FUZZ_BUILD_ONLY=1 Scripts/fuzz.sh         # build the targets, run nothing
#
# Needs only the Swift toolchain (swiftc, and the clang and lld that come with it). Everything built
# or found goes to .build/fuzz/ (git-ignored): bin/ the targets, corpus/<target>/ the growing
# corpus (kept between runs), artifacts/<target>/ crashes, timeouts and slow units, logs/.
#
# A target is the library's sources compiled once with -sanitize=fuzzer,address into a static library
# and module, linked with the C shim and the target file. Seeds: Scripts/fuzz/corpus/<target>/,
# samples/, and hostile inputs generated below; dictionaries: Scripts/fuzz/*.dict.
#
# Exits non-zero if any target crashed, failed a property, timed out (-timeout=5) or ran out of
# memory: more than 512 MB resident, or one allocation over 256 MB (-rss_limit_mb=512
# -malloc_limit_mb=256: a memory bomb is a finding, as a crash is). Reproduce one artifact with `.build/fuzz/bin/TARGET ARTIFACT`; run a
# finished corpus with every input repeated N times (super-linear parsing shows as slow units and
# timeouts) with `FUZZ_AMPLIFY=N .build/fuzz/bin/TARGET -runs=0 -timeout=5 .build/fuzz/corpus/TARGET`.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
shift || true
all_targets=(decode subrip webvtt ass sami lrc scc microdvd mpl2 subviewer tmplayer spruce ebustl ttml srv3 srv1 sbv live arguments player follow)
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=("${all_targets[@]}")
for t in "${targets[@]}"; do
    [[ -f $root/Scripts/fuzz/$t.swift ]] || { echo "fuzz: unknown target '$t' (have: ${all_targets[*]})" >&2; exit 2; }
done
[[ $seconds =~ ^[0-9]+$ ]] || { echo "fuzz: SECONDS must be a whole number, not '$seconds'" >&2; exit 2; }

build=$root/.build/fuzz
mkdir -p "$build"/{bin,lib,modules,include,corpus,seeds,artifacts,logs}
toolchain_bin=$(dirname "$(command -v swiftc)")
clang=$toolchain_bin/clang
[[ -x $clang ]] || clang=clang
swift_flags=(-swift-version 6 -parse-as-library -O -g -sanitize=fuzzer,address)
linker=()
[[ -x $toolchain_bin/ld.lld || -n $(command -v ld.lld 2>/dev/null) ]] && linker=(-use-ld=lld)

# --- Build ---------------------------------------------------------------------------------------
# The C shim gets the module map SwiftPM would generate.
cat > "$build/include/module.modulemap.new" <<EOF
module CGhostpipe {
    header "$root/Sources/CGhostpipe/include/CGhostpipe.h"
    export *
}
EOF
cmp -s "$build/include/module.modulemap.new" "$build/include/module.modulemap" 2>/dev/null \
    || mv "$build/include/module.modulemap.new" "$build/include/module.modulemap"
rm -f "$build/include/module.modulemap.new"

mapfile -t library_sources < <(find "$root/Sources/GhostpipeCore" -name '*.swift' | sort)
library=$build/lib/libGhostpipeCore.a
newer() { [[ ! -e $1 ]] || [[ -n $(find "${@:2}" -newer "$1" 2>/dev/null | head -1) ]]; }

if newer "$build/lib/system.o" "$root/Sources/CGhostpipe"; then
    echo "fuzz: building the C shim"
    "$clang" -c -O1 -g -fsanitize=address -I "$root/Sources/CGhostpipe/include" \
        "$root/Sources/CGhostpipe/system.c" -o "$build/lib/system.o"
fi
if newer "$library" "${library_sources[@]}" "$build/lib/system.o" "$0"; then
    echo "fuzz: building GhostpipeCore with -sanitize=fuzzer,address (${#library_sources[@]} files)"
    rm -f "$library"
    swiftc "${swift_flags[@]}" -wmo -module-name GhostpipeCore -enable-upcoming-feature ExistentialAny \
        -I "$build/include" -emit-library -static -emit-module \
        -emit-module-path "$build/modules/GhostpipeCore.swiftmodule" \
        "${library_sources[@]}" -o "$library"
fi
for t in "${targets[@]}"; do
    extra=("$root/Scripts/fuzz/FuzzSupport.swift")
    [[ $t == subrip || $t == webvtt || $t == ass || $t == sami || $t == lrc || $t == scc || $t == microdvd || $t == mpl2 \
        || $t == subviewer || $t == tmplayer || $t == spruce || $t == ttml || $t == srv3 || $t == srv1 || $t == sbv || $t == live ]] \
        && extra+=("$root/Scripts/fuzz/CueChecks.swift")
    # The tests' check of what may reach a terminal, shared rather than copied.
    [[ $t == player ]] && extra+=("$root/Tests/TestSupport/TerminalVocabulary.swift")
    if newer "$build/bin/$t" "$root/Scripts/fuzz/$t.swift" "${extra[@]}" "$library"; then
        echo "fuzz: building target $t"
        swiftc "${swift_flags[@]}" "${linker[@]}" -module-name "Fuzz_$t" -I "$build/modules" -I "$build/include" \
            "$root/Scripts/fuzz/$t.swift" "${extra[@]}" "$library" "$build/lib/system.o" -o "$build/bin/$t"
    fi
done
[[ -z ${FUZZ_BUILD_ONLY:-} ]] || exit 0

# --- Seeds ---------------------------------------------------------------------------------------
# Regenerated every run (cheap) into .build/fuzz/seeds/<target>/; the committed ones are copied in.
seed() { # seed TARGET NAME  (content on stdin)
    cat > "$build/seeds/$1/$2"
}
make_seeds() {
    local t=$1 dir=$build/seeds/$1
    rm -rf "$dir"; mkdir -p "$dir"
    [[ -d $root/Scripts/fuzz/corpus/$t ]] && cp "$root/Scripts/fuzz/corpus/$t"/* "$dir"/ 2>/dev/null || true
    case $t in
    decode)
        # Byte 0 picks the encoding (low nibble; 0–3 none) and the file-descriptor check (0x10).
        local sample i=0
        for sample in "$root"/samples/*; do
            { printf '\x10'; cat "$sample"; } | seed decode "sample-$i-sniff"
            { printf '\x05'; cat "$sample"; } | seed decode "sample-$i-cp949"
            { printf '\x16'; cat "$sample"; } | seed decode "sample-$i-cp1252-fd"
            i=$((i + 1))
        done
        printf '\x10\xef\xbb\xbfBOM \xc3\xa9\r\n' | seed decode bom-utf8
        printf '\x00\xff\xfeh\x00i\x00\n\x00' | seed decode bom-utf16le
        printf '\x00\xfe\xff\x00h\x00i' | seed decode bom-utf16be
        printf '\x00\xff\xfe\x00\x00h\x00\x00\x00' | seed decode bom-utf32le
        printf '\x10h\x00e\x00l\x00l\x00o\x00\n\x00' | seed decode bomless-utf16
        printf '\x07\x82\xa0\x82\xa2\x81\x40' | seed decode shift-jis
        printf '\x0c\x1b$B$"$$\x1b(Bx' | seed decode iso-2022-jp
        printf '\x00\xc0\xaf\xed\xa0\x80\xf4\x90\x80\x80\xe2\x82\xc3\xa9\xf0\x9f' | seed decode broken-utf8
        printf '\x00a\x1b[31mred\x1b[0m \x1b]0;title\x07 \x1bP1$r\x1b\\ \xc2\x9b2J \xc2\x9d8;;x\xc2\x9c \x1b(B\x1b7\r\n' | seed decode escapes
        printf '\x00e\xcc\x81 \xf0\x9f\x91\x8b\xf0\x9f\x8f\xbd \xf0\x9f\x87\xb0\xf0\x9f\x87\xb7\xf0\x9f\x87\xba \xe0\xa4\x95\xe0\xa5\x8d\xe0\xa4\xb7 \xd8\x80a \xe1\x84\x80\xe1\x85\xa1\xe1\x86\xa8\r\n' | seed decode graphemes
        printf '\x00\xf0\x9f\x91\xa8\xe2\x80\x8d\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x91\xa7\x1b[m\xe2\x80\x8d\xcc\x81' | seed decode zwj-escape
        ;;
    subrip|webvtt)
        local f
        for f in "$root"/samples/*.srt "$root"/samples/*.vtt; do cp "$f" "$dir/"; done
        printf '1\r\n00:00:01,000 --> 00:00:02,500 X1:1 X2:2\r\n<i>a</i> {\\an8}&amp; <font color="#ff0000">b</font>\r\n\r\n2\r\n0:0:3.5->0:0:2\r\n' | seed "$t" srt-mixed
        printf '1\n00:00:01,000 --> 00:00:02,000\n\n\n2\n00:0a:00,000 --> x\n3\n99:59:59,999 - > 100:00:00,000\n<b><i>x</b>\n42' | seed "$t" srt-broken
        printf 'WEBVTT - header\nX-TIMESTAMP-MAP=MPEGTS:0\n\nSTYLE\n::cue(.a) { color: lime; font-weight: bold }\n::cue { background: rgb(0, 0, 50%%) }\n\nNOTE hi\n\nid1\n00:01.000 --> 00:02.000 line:0 position:10%%,line-left size:50%% align:start\n<c.a.bg_blue>x</c> <v Bob>y</v> <ruby>z<rt>w</rt></ruby> <00:01.500>k &lt;\n\n00:00:03.000 --> 00:00:01.000\nbackwards\n' | seed "$t" vtt-full
        printf 'WEBVTT\r\rREGION\rid:r\r\r1:00:00.000 --> 1:00:01.000 line:-1,end\r<i.x>a\r-->\r' | seed "$t" vtt-cr
        ;;
    player)
        # Bytes 0–5 choose effect × output, columns, rows, flags, pace, events; the rest is input.
        local sample i=0
        for sample in "$root"/samples/*; do
            { printf '\x00\x13\x09\x00\x3f\x03'; head -c 3000 "$sample"; } | seed player "sample-$i-screen"
            { printf '\x0d\x20\x17\x21\xff\x05'; head -c 3000 "$sample"; } | seed player "sample-$i-plain-terminal"
            { printf '\x15\x00\x00\x00\x10\x00'; head -c 3000 "$sample"; } | seed player "sample-$i-pipe"
            i=$((i + 1))
        done
        printf '\x03\x13\x05\x00\x20\x07progress 10%%\rprogress 100%%\r\nN\bNA\bAM\bME\bE _\bx \xed\x95\x9c\b\b\xed\x95\x9c\r\n' | seed player motions
        # Terminal streams (flag 128: --wrap char): motion, erases, scroll regions, styled spaces, rewrites.
        printf '\x00\x14\x06\x81\x40\x00top\n\n\x1b[2Aab\x1b[3Cc\x1b[1B\rx\x1b[41m  \x1b[0m\n\x1b[s12\x1b[u\x1b[1P\x1b[2@_\x1b[2;4r\x1b[3S\x1b[99999A\x1b[K\x1b[2J\x1b[?7lwide past the margin\x1b[?7h\r\x1b[2Kdone\n' | seed player stream
        printf '\x00\x50\x18\x80\x10\x00' | cat - "$root/Tests/Data/streams/neofetch.out" | seed player neofetch
        printf '\x04\x01\x02\x00\xff\x07\xf0\x9f\x91\xa8\xe2\x80\x8d\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x91\xa7 \xea\xb0\x80 e\xcc\x81\x1b[31mred\x1b]0;t\x07\n' | seed player narrow
        printf '\x19\x50\x10\x04\x40\x06WEBVTT\n\n00:00.000 --> 00:01.000\n<b>a</b> <00:00.500>b\n\n00:00.500 --> 00:02.000 line:0\nc\n' | seed player vtt
        printf '\x1e\x28\x08\x44\x40\x041\n00:00:00,000 --> 00:00:01,000\nx\n\n2\n00:00:00,500 --> 00:00:09,000\n\xed\x95\x9c\n' | seed player srt
        ;;
    ttml)
        local f
        for f in "$root"/Tests/Data/formats/ttml/imsc-tests/imsc1/ttml/{timing,styling,region,misc}/*.ttml "$root"/Tests/Data/formats/ttml/imsc-tests/imsc1_1/ttml/ruby/*.ttml; do
            cp "$f" "$dir/$(basename "$(dirname "$f")")-$(basename "$f")"
        done
        printf '<tt:tt xmlns:tt="http://www.w3.org/2006/10/ttaf1"><tt:body timeContainer="seq"><tt:div><tt:p begin="00:00:01:12.1" dur="5f">a<tt:br/>&#x1F600;&amp;<tt:span begin="2t" end="1s" tts:ruby="text">b</tt:span></tt:p><![CDATA[<x>]]><!-- c --><p xml:space="preserve" begin=1 end=</tt:div>' | seed ttml broken
        ;;
    srv3|srv1|sbv)
        printf '<timedtext format="3"><body><w id="1" wp="1"/><p t="0" d="100" w="1"><s ac="0">a</s><s t="50"> b</s></p><p t="x"><text t="5" d="-1">c &amp;amp;</text>' | seed "$t" srv3
        printf '<transcript><text start="0.5" dur="1">a &amp;#39; &amp;lt;i&amp;gt;b</text><text start=".">\n</text><text start="1e9" dur="nan">' | seed "$t" srv1
        printf '0:00:00.599,0:00:04.160\r\na[br]b\r\n\r\n9:99:99.9,0:0:0\r\nx\n\n0:00:01,0:00:00\n' | seed "$t" sbv
        ;;
    live)
        cp "$root"/Tests/Data/live/*.{tsv,jsonl,json,txt} "$dir/"
        printf '{\n  "result" : [{"start": 1e400, "end": -1, "word": "\\ud800x"}],\n  "text" : "a\\u0000"\n}\n{"partial": "b\n[00:00:01.000 --> 00:00:00.500]  c\r\033[2K\rd\n### Transcription 1 START | t0 = 99999999999999 ms\n' | seed "$t" live-broken
        ;;
    ass|sami|lrc)
        local f
        for f in "$root"/samples/*.ass "$root"/samples/*.smi "$root"/samples/*.lrc; do cp "$f" "$dir/"; done
        printf '[Events]\r\nDialogue: 0,0:00:01.00,0:00:05.00,*x,,0,0,0,,{\\k50\\fad(1,2)}a{\\kf20\\t(\\1a&HFF&)}b{unclosed\r\nDialogue: 0,9:99:99.99,0,x\r\n[Fonts]\r\nM\r\n' | seed "$t" ass-broken
        printf '<sami><body><sync start=1><p class=a>x<sync start=-5><p>y<sync start="2" end="1"><p class=a>&nbsp<sync start=3>z<!--' | seed "$t" sami-broken
        printf '[offset:+99999999]\n[00:1x.0]a\n[00:01.00][00:00.50]<00:00.10>b <00:99.99>c\n[length:00:00]\n[::]\n' | seed "$t" lrc-broken
        ;;
    microdvd|mpl2|subviewer|tmplayer|spruce|ebustl)
        # The corpus of Tests/Data/formats (gaupol's, ttconv's and IRT's files, hand-made ones).
        local f
        for f in "$root"/Tests/Data/formats/*/*; do
            [[ -f $f ]] || continue  # (a corpus in folders of its own: SCC's, TTML's)
            case $f in *.expected.json|*/COPYING*|*/LICENSE*|*/NOTICE*) continue ;; esac
            cp "$f" "$dir/"
        done
        printf '{1}{1}29.97\n{-5}{}{Y:b,i,u,s}{c:$zz}|{y:}x\n{999999999999999}{1}y\n{1}{2}{c:$0000FF}{f:Arial}/z\n' | seed "$t" microdvd-broken
        printf '[-9][]/\\_\n[1][999999999999999999]a|/b\n[x][2]\n' | seed "$t" mpl2-broken
        printf '[INFORMATION]\n[END INFORMATION]\n-99:59:59.999,00:00:00.1\na[br][BR]<i>b\n\n[00:00:01]\n[00:00:02]\n' | seed "$t" subviewer-broken
        printf '00:00:01,1=a\n00:00:01,2=\n-0:00:01:b|c\n99:59:59=d\n00:00:02,x=e\n' | seed "$t" tmplayer-broken
        printf '$FrameRate = 0\n$Italic = TRUE\n00:00:01:99 , 00:00:00:00 , ^I^B^U|\n//c\n$VertAlign = Center\n9999:59:59:00,0:0:0:0,x\n' | seed "$t" spruce-broken
        ;;
    scc)
        local f
        for f in "$root"/Tests/Data/formats/scc/*/*.scc; do cp "$f" "$dir/"; done
        printf 'Scenarist_SCC V1.0\n\n00:00:00;99\t9425 94ad 9470 c1c1 91ae 1c20 9220 94a1 94a4 97a3 1020 172e zz 4c\n00:00:00:00\t152f 1d2f 0f01 9429 1370 ff80\n' | seed "$t" scc-broken
        ;;
    follow)
        printf '{"event":"property-change","id":1,"name":"time-pos","data":12.5}\n{"event":"seek"}\n{"event":"playback-restart"}\n{"event":"property-change","id":3,"name":"speed","data":2}\n{"request_id":0,"error":"success"}\n{"event":"shutdown"}\n' | seed follow mpv
        printf '0\n12.5 paused\n3 playing speed=1.5\nbad\n-1e3\n\n' | seed follow clock
        printf '5 speed=1e-20\n360000000 speed=0.01\n-360000000 speed=100\n1e10\n0.000000001 speed=5e-324\n' | seed follow clock-extremes
        printf '{"event":"property-change","id":1,"name":"time-pos","data":1e300}\n{"event":"property-change","id":3,"name":"speed","data":5e-324}\n{"event":"property-change","id":1,"name":"time-pos","data":-1e10}\n{"event":"property-change","id":3,"name":"speed","data":1e308}\n' | seed follow mpv-extremes
        printf '{"a":[1,-2.5e10,true,false,null,"\\u00e9\\ud83d\\ude00\\ud800"],"b":{"c":{}}}\n' | seed follow json
        ;;
    arguments)
        # Byte 0: bit 0 stdout is a terminal, bit 1 it has a size (bytes 1, 2), bit 2 six env values first.
        printf '\x03\x4f\x17--wpm\x00300\x00-iV\x00file.txt' | seed arguments basic
        printf '\x01\x00\x00--output=cast\x00--record\x00x.cast\x00--effect\x00typewriter\x00--seed\x0042' | seed arguments record
        printf '\x05\x00\x00xterm-256color\x00truecolor\x00\x00132\x0050\x00/bin/sh\x00--color\x00always\x00--colors\x00256\x00-' | seed arguments env
        printf '\x00\x00\x00-d\x0000:01:02,500\x00--width\x0010000\x00--height\x001\x00--\x00--help' | seed arguments duration
        printf '\x01\x00\x00--wmp\x00--accel=0.5\x00-c\x001e9\x00--no-pauses\x00--list-effects\x00-w300' | seed arguments misc
        printf '\x00\x00\x00--cps\x001e-10\x00--speed\x005e-324\x00--offset\x002562047h\x00--start\x00-2562047h\x00--duration\x00100000h' | seed arguments extremes
        ;;
    esac
}

# Extreme numbers in every numeric field each target parses: times near the Int64 limits (in
# milliseconds, frames, ticks), 99999:99:99, negative ones, huge frame and tick rates, exponents
# (1e308, 1e309, 5e-324) and long digit strings. Traps and spins on such values are findings.
extreme_seeds() {
    local t=$1 big=9223372036854775807 small=-9223372036854775808 digits
    digits=$(printf '9%.0s' {1..400})
    case $t in
    subrip|webvtt|player)
        local srt="1\n2562047:47:16,854 --> 2562047:47:16,855\nend of Int64\n\n2\n99999:99:99,999 --> 99999:99:99,999\na\n\n3\n-00:00:01,000 --> 00:00:01,000\nb\n\n4\n00:00:00,$digits --> 00:00:$digits,000\nc\n\n5\n$big:00:00,000 --> $big:59:59,999\nd\n"
        local vtt="WEBVTT\n\n99999999:59:59.999 --> 99999999:59:59.999 line:1e308%% position:$big%% size:-1e308%%\na\n\n00:00.000 --> 00:01.000\n<$big:00:00.000>b <99999:99:99.999>c\n\n$digits:00.000 --> -00:01.000\nd\n"
        if [[ $t = player ]]; then
            { printf '\x1e\x28\x08\x44\x40\x04'; printf "$srt"; } | seed player extreme-srt
            { printf '\x19\x50\x10\x04\x40\x06'; printf "$vtt"; } | seed player extreme-vtt
        else
            printf "$srt" | seed "$t" extreme-srt
            printf "$vtt" | seed "$t" extreme-vtt
        fi
        ;;
    ass)
        printf "[Script Info]\nPlayResX: 1e308\nPlayResY: $big\nTimer: 1e-308\n\n[V4+ Styles]\nFormat: Name, Fontsize, Outline, MarginL\nStyle: Default,1e308,$small,$big\n\n[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\nDialogue: $big,99999:99:99.99,$big:00:00.00,Default,,$small,$big,1e308,,{\\\\fad($big,$small)\\\\k$digits\\\\move(1e308,-1e308,0,0,$big,$small)\\\\t($small,$big,\\\\fs1e309)\\\\pos(1e308,5e-324)}a\nDialogue: 0,-0:00:01.00,0:00:$digits.00,Default,,0,0,0,,{\\\\kf-$big\\\\fade(255,0,255,$small,$big,0,$big)}b\n" | seed ass extreme
        ;;
    sami)
        printf "<SAMI><BODY>\n<SYNC Start=$big><P>a\n<SYNC Start=$small><P>b\n<SYNC Start=$digits><P>c\n<SYNC Start=1e308><P>d\n<SYNC Start=99999999999999 End=-1><P>e\n" | seed sami extreme
        ;;
    lrc)
        printf "[offset:$small]\n[99999:99.99]a\n[$big:00.00]b\n[00:$digits.00]c\n[-00:01.00]d\n[00:01.00]<99999:99.999>e <$big:00.00>f\n[offset:+$digits]\n[length:$big:00]\n" | seed lrc extreme
        ;;
    scc)
        printf "Scenarist_SCC V1.0\n\n99:99:99;99\t9420 9420 c1c1 942f\n\n$big:00:00:00\t9420 c2c2 942f\n\n-00:00:01:00\t9420 942c\n\n00:00:00:$digits\t9420 c3c3 942f\n" | seed scc extreme
        ;;
    microdvd|mpl2|subviewer|tmplayer|spruce|ebustl)
        printf "{1}{1}1e308\n{$big}{$small}a\n{$digits}{1}b\n{1}{1}5e-324\n{-1}{$big}c\n" | seed "$t" extreme-microdvd
        printf "[$big][$small]a\n[$digits][1]b\n[-1][0]c\n" | seed "$t" extreme-mpl2
        printf "[INFORMATION]\n[END INFORMATION]\n99999:99:99.999,$big:00:00.00\na\n\n-00:00:01.00,00:00:$digits.00\nb\n" | seed "$t" extreme-subviewer
        printf "99999:99:99=a\n$big:00:00=b\n00:00:$digits=c\n-01:00:00,1=d\n" | seed "$t" extreme-tmplayer
        printf "\$FrameRate = 1e308\n00:00:01:00 , 00:00:02:00 , a\n\$FrameRate = 5e-324\n99999:99:99:99 , $big:00:00:00 , b\n\$FrameRate = $digits\n-00:00:01:00 , 00:00:00:$digits , c\n" | seed "$t" extreme-spruce
        local stl
        for stl in "$root"/Tests/Data/formats/ebu-stl/*.stl; do
            [[ -f $stl ]] || continue
            # Every time code byte of every TTI block at 0xFF (hours, minutes, seconds, frames).
            python3 - "$stl" "$build/seeds/$t/extreme-$(basename "$stl")" <<'PY'
import sys
data = bytearray(open(sys.argv[1], "rb").read())
data[3:8] = b"STL99"                       # a frame rate no file has
for block in range(1024, len(data) - 127, 128):
    data[block + 5:block + 13] = b"\xff" * 8  # TCI and TCO
open(sys.argv[2], "wb").write(bytes(data))
PY
            break
        done
        ;;
    ttml)
        printf "<tt xmlns=\"http://www.w3.org/ns/ttml\" xmlns:ttp=\"http://www.w3.org/ns/ttml#parameter\" ttp:frameRate=\"$big\" ttp:frameRateMultiplier=\"1e308 5e-324\" ttp:tickRate=\"$digits\" ttp:subFrameRate=\"$big\"><body begin=\"$big""h\" dur=\"1e308s\"><div begin=\"-1s\"><p begin=\"99:99:99:99.99\" end=\"$digits""ms\">a</p><p begin=\"$big""t\" end=\"1e309s\">b</p><p begin=\"00:00:00:$big\" dur=\"$small""f\">c</p><p begin=\"5e-324s\" end=\"$big:00:00\">d</p></div></body></tt>" | seed ttml extreme
        ;;
    srv3|srv1|sbv)
        printf "<timedtext format=\"3\"><body><p t=\"$big\" d=\"$big\">a</p><p t=\"$small\" d=\"$small\">b</p><p t=\"$digits\" d=\"1\"><s t=\"$big\">c</s></p></body></timedtext>" | seed "$t" extreme-srv3
        printf "<transcript><text start=\"1e308\" dur=\"1e308\">a</text><text start=\"-1e308\" dur=\"5e-324\">b</text><text start=\"$digits\" dur=\"1e309\">c</text></transcript>" | seed "$t" extreme-srv1
        printf "99999:99:99.999,$big:00:00.000\na\n\n-0:00:01.000,0:00:$digits.000\nb\n" | seed "$t" extreme-sbv
        ;;
    live)
        printf "{\"result\": [{\"start\": 1e308, \"end\": 1e309, \"word\": \"a\"}, {\"start\": -1e308, \"end\": 5e-324, \"word\": \"b\"}], \"text\": \"a b\"}\n{\"result\": [{\"start\": $big, \"end\": $digits, \"word\": \"c\"}], \"text\": \"c\"}\n[99999:99:99.999 --> $big:00:00.000]  d\n[-00:00:01.000 --> 00:00:$digits.000]  e\n### Transcription 1 START | t0 = $big ms | t1 = $small ms\n" | seed live extreme
        ;;
    follow)
        printf "99999:99:99\n$big\n$small\n$digits\nnan\ninf\n-inf\n1e-400\n1e309 paused\n5 speed=1e309\n5 speed=$digits\n5 speed=-0\n" | seed follow clock-more-extremes
        printf "{\"event\":\"property-change\",\"id\":1,\"name\":\"time-pos\",\"data\":$digits}\n{\"event\":\"property-change\",\"id\":1,\"name\":\"time-pos\",\"data\":1e309}\n{\"event\":\"property-change\",\"id\":3,\"name\":\"speed\",\"data\":-1e309}\n{\"event\":\"property-change\",\"id\":1,\"name\":\"time-pos\",\"data\":\"NaN\"}\n{\"event\":\"property-change\",\"id\":1,\"name\":\"time-pos\",\"data\":$small}\n" | seed follow mpv-more-extremes
        ;;
    arguments)
        printf "\x00\x00\x00--wpm\x001e308\x00--fps\x00$big\x00--width\x00$big\x00--height\x00$small\x00--offset\x0099999:99:99\x00--accel\x005e-324" | seed arguments extremes-more
        printf "\x00\x00\x00-d\x00$digits\x00--start\x001e309s\x00--seed\x00$digits\x00--cps\x00-1e308\x00--speed\x00nan" | seed arguments extremes-digits
        ;;
    esac
}

dict_for() {
    case $1 in
    decode) echo "$root/Scripts/fuzz/decode.dict" ;;
    subrip|webvtt) echo "$root/Scripts/fuzz/subtitles.dict" ;;
    ass|sami|lrc|scc|microdvd|mpl2|subviewer|tmplayer|spruce|ebustl|ttml|srv3|srv1|sbv|live) echo "$root/Scripts/fuzz/formats.dict" ;;
    arguments) echo "$root/Scripts/fuzz/arguments.dict" ;;
    player) echo "$root/Scripts/fuzz/subtitles.dict" ;;
    follow) echo "$root/Scripts/fuzz/follow.dict" ;;
    esac
}
max_len_for() {
    case $1 in
    decode) echo 8192 ;;       # past the 4 KiB UTF-16 sniffing window
    arguments) echo 512 ;;
    player) echo 4096 ;;       # every run plays the whole input
    *) echo 16384 ;;
    esac
}

# --- Run -----------------------------------------------------------------------------------------
failed=()
summary=()
for t in "${targets[@]}"; do
    make_seeds "$t"
    extreme_seeds "$t"
    corpus=$build/corpus/$t
    artifacts=$build/artifacts/$t
    log=$build/logs/$t.log
    mkdir -p "$corpus" "$artifacts"
    echo "fuzz: running $t for ${seconds}s (log: ${log#"$root"/})"
    status=0
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1} \
    nice -n 10 "$build/bin/$t" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=512 -malloc_limit_mb=256 \
        -max_len="$(max_len_for "$t")" -dict="$(dict_for "$t")" -print_final_stats=1 \
        -report_slow_units=2 -artifact_prefix="$artifacts/" \
        "$corpus" "$build/seeds/$t" > "$log" 2>&1 || status=$?
    stat() { sed -n "s/^stat::$1: *//p" "$log" | tail -1; }
    last=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1 || true)
    cov=$(sed -nE 's/.*cov: ([0-9]+).*/\1/p' <<<"$last")
    ft=$(sed -nE 's/.*ft: ([0-9]+).*/\1/p' <<<"$last")
    corp=$(sed -nE 's/.*corp: ([0-9]+\/[0-9]+[a-zA-Z]*).*/\1/p' <<<"$last")
    slow=$(grep -c '^Slowest unit' "$log" || true)
    line=$(printf '%-10s execs=%-10s exec/s=%-7s cov=%-6s ft=%-6s corpus=%-12s slowest=%ss' \
        "$t" "$(stat number_of_executed_units)" "$(stat average_exec_per_sec)" "${cov:-?}" "${ft:-?}" \
        "${corp:-?}" "$(stat slowest_unit_time_sec)")
    if (( status != 0 )); then
        line+="  FAILED (exit $status)"
        failed+=("$t")
        grep -E '^(==[0-9]+==ERROR|PROPERTY FAILED|SUMMARY|artifact_prefix|Test unit written|ALARM)' "$log" | head -8 | sed 's/^/    /' >&2 || true
    fi
    (( slow > 0 )) && line+="  ($slow slow-unit reports: see $log)"
    summary+=("$line")
    echo "$line"
done

echo
echo "fuzz summary (${seconds}s per target):"
printf '  %s\n' "${summary[@]}"
if (( ${#failed[@]} > 0 )); then
    echo "fuzz: FAILED: ${failed[*]} (artifacts in ${build#"$root"/}/artifacts/)" >&2
    exit 1
fi
