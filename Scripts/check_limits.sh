#!/usr/bin/env bash
# Bad input, clear outcome: runs the release binary on inputs no test suite should hold in memory,
# and prints PASS/FAIL with the figures. bash Scripts/check_limits.sh
set -uo pipefail
cd "$(dirname "$0")/.."
swift build -c release 2>&1 | grep -E "error" || true
BIN=$PWD/.build/release/ghostpipe
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
failures=0
check() { if [ "$1" = 0 ]; then echo "PASS  $2"; else echo "FAIL  $2"; failures=$((failures + 1)); fi; }
rss() { /usr/bin/time -f "%M" -o "$WORK/rss" "$@"; local status=$?; RSS_KB=$(cat "$WORK/rss" | tail -1); return $status; }

# A 1 GB line without a newline: streamed through, memory bounded (pipe and terminal paths).
rss sh -c "head -c 1000000000 /dev/zero | tr '\\0' 'a' | '$BIN' --instant | wc -c > '$WORK/count'"
[ "$(cat "$WORK/count")" = 1000000000 ] && [ "$RSS_KB" -lt 200000 ]
check $? "1 GB line without a newline, plain: all 1000000000 bytes out, peak RSS of the pipeline ${RSS_KB} KB"
rss sh -c "head -c 200000000 /dev/zero | tr '\\0' 'a' | '$BIN' --instant -o terminal --width 80 | wc -c > '$WORK/count'"
[ "$RSS_KB" -lt 200000 ]
check $? "200 MB line, terminal layout (a word longer than the screen, broken at the margin): peak RSS ${RSS_KB} KB"

# Endless input at a pace: backpressure keeps the queue, and memory, bounded.
for mode in plain terminal; do
    sh -c "yes | '$BIN' --cps 5000 -o $mode > /dev/null" &
    sleep 4
    GP=$(pgrep -n -f "$BIN --cps 5000 -o $mode")
    RSS_A=$(awk '/VmRSS/ {print $2}' /proc/$GP/status)
    sleep 4
    RSS_B=$(awk '/VmRSS/ {print $2}' /proc/$GP/status)
    kill "$GP" 2>/dev/null; wait 2>/dev/null
    [ "$RSS_B" -lt 30000 ] && [ $((RSS_B - RSS_A)) -lt 2000 ]
    check $? "yes | ghostpipe --cps 5000 -o $mode: RSS ${RSS_A} KB after 4 s, ${RSS_B} KB after 8 s"
done

# Subtitles that never end, or are not subtitles at all: read as they come, memory flat (each
# stays under 64 MB; endless ones run for 5 s).
limit() { [ "$RSS_KB" -lt 65536 ]; }
rss sh -c "yes x | timeout 5 '$BIN' -f srt --instant -o json > /dev/null 2> '$WORK/err'"
limit; check $? "yes x | ghostpipe -f srt --instant -o json (5 s): peak RSS ${RSS_KB} KB; $(head -1 "$WORK/err")"
# Endless cues that each draw a warning: five messages and a count, none of them kept.
rss sh -c "yes '1
00:00:01,000 --> 00:00:00,500
x
' | timeout 5 '$BIN' --instant -o json > /dev/null 2> '$WORK/err'"
limit && [ "$(wc -l < "$WORK/err")" -le 6 ]
check $? "endless cues that end before they start (5 s): peak RSS ${RSS_KB} KB, $(wc -l < "$WORK/err") lines on stderr"
rss sh -c "timeout 5 '$BIN' -f vtt --instant -o json /dev/zero > /dev/null 2> '$WORK/err'"
limit; check $? "ghostpipe -f vtt --instant -o json /dev/zero (5 s): peak RSS ${RSS_KB} KB; $(head -1 "$WORK/err")"
rss sh -c "(printf '1\n00:00:01,000 --> 00:00:02,000\n'; yes 'a cue that never ends') | timeout 5 '$BIN' -f srt --instant -o json > '$WORK/out' 2> '$WORK/err'"
limit && [ "$(wc -l < "$WORK/out")" = 1 ]
check $? "one never-ending cue from a pipe (5 s): peak RSS ${RSS_KB} KB; $(head -1 "$WORK/err")"
python3 - "$WORK/bigcue.srt" <<'PY2'
import sys
with open(sys.argv[1], "w") as f:
    f.write("1\n00:00:01,000 --> 00:00:02,000\n")
    line = "x" * 99 + "\n"
    for _ in range(2_000_000):
        f.write(line)
    f.write("\n2\n00:00:03,000 --> 00:00:04,000\nafter\n")
PY2
rss sh -c "'$BIN' --instant -o json '$WORK/bigcue.srt' > '$WORK/out' 2> '$WORK/err'"
limit && [ "$(wc -l < "$WORK/out")" = 2 ] && grep -q '"after"' "$WORK/out"
check $? "200 MB inside one SRT cue: both cues out, peak RSS ${RSS_KB} KB; $(head -1 "$WORK/err")"
# LRC and SAMI stream like SubRip (read whole, 10 MB of each peaked at 388 MB and 210 MB, and
# endless lyrics never played): every cue out, memory flat.
python3 - "$WORK/big.lrc" "$WORK/big.smi" <<'PY3'
import sys
with open(sys.argv[1], "w") as f:
    f.write("[ti:Big]\n[ar:Someone]\n")
    for i in range(560_000):
        t = 100 + i * 10
        f.write(f"[{t // 6000:02}:{t // 100 % 60:02}.{t % 100:02}]line {i}\n")
with open(sys.argv[2], "w") as f:
    f.write("<SAMI><HEAD><STYLE><!--\n.ENCC { Name: English; lang: en-US; }\n--></STYLE></HEAD><BODY>\n")
    for i in range(310_000):
        f.write(f"<SYNC Start={i * 100}><P Class=ENCC>line {i}\n")
    f.write("</BODY></SAMI>\n")
PY3
rss sh -c "'$BIN' --instant -o json '$WORK/big.lrc' > '$WORK/out' 2> '$WORK/err'"
limit && [ "$(wc -l < "$WORK/out")" = 560001 ] && [ ! -s "$WORK/err" ]
check $? "$(du -h "$WORK/big.lrc" | cut -f1) LRC of 560,000 lines: $(wc -l < "$WORK/out") cues (and the title card), peak RSS ${RSS_KB} KB"
rss sh -c "'$BIN' --instant -o json '$WORK/big.smi' > '$WORK/out' 2> '$WORK/err'"
limit && [ "$(wc -l < "$WORK/out")" = 310000 ] && [ ! -s "$WORK/err" ]
check $? "$(du -h "$WORK/big.smi" | cut -f1) SAMI of 310,000 syncs: $(wc -l < "$WORK/out") cues, peak RSS ${RSS_KB} KB"
rss sh -c "yes '[00:01.00]x' | timeout 5 '$BIN' --format lrc --instant -o json > '$WORK/out' 2> '$WORK/err'"
limit && [ "$(wc -l < "$WORK/out")" -gt 0 ] && [ "$(wc -l < "$WORK/err")" -le 6 ]
check $? "yes '[00:01.00]x' | ghostpipe --format lrc (5 s): $(wc -l < "$WORK/out") cues out, peak RSS ${RSS_KB} KB; $(head -1 "$WORK/err" | cut -c1-90)"
# SAMI whose first <SYNC> never comes: what is read is searched once (searched again from its start
# at each read, 20 MB took 5.3 s, 94 % of it searching: the time grew with the square of the size).
python3 -c "import sys; sys.stdout.write('<SAMI><BODY>\\n' + '<P>x\\n' * 4000000)" > "$WORK/nosync.smi"
START=$(date +%s.%N)
rss sh -c "'$BIN' --instant -o json '$WORK/nosync.smi' > /dev/null 2> '$WORK/err'"
SECONDS_TAKEN=$(echo "$(date +%s.%N) - $START" | bc)
limit && [ "$(echo "$SECONDS_TAKEN < 2" | bc)" = 1 ] && grep -q "no SAMI cues found" "$WORK/err"
check $? "$(du -h "$WORK/nosync.smi" | cut -f1) of SAMI without a <SYNC>: read in $(echo "$SECONDS_TAKEN" | cut -c1-5) s, peak RSS ${RSS_KB} KB; $(head -1 "$WORK/err")"
# A blank line every other row: the renderer forgets the blank rows that scrolled off (68 MB and
# growing for these 2 million before).
python3 -c "import sys; sys.stdout.write('a\\n\\n' * 2000000)" > "$WORK/blanks.txt"
rss "$BIN" --instant -o cast "$WORK/blanks.txt" > /dev/null
[ "$RSS_KB" -lt 40000 ]
check $? "2 million lines between blank lines, recorded: peak RSS ${RSS_KB} KB"
# --duration reads the whole text first: it stops reading at its limit and says so.
for effect in typewriter fade credits; do
    rss sh -c "yes 'some words here' | '$BIN' --duration 1 -e $effect -o terminal --width 80 > /dev/null 2> '$WORK/err'"
    limit && grep -q "the rest is not read" "$WORK/err"
    check $? "yes | ghostpipe --duration 1 -e $effect -o terminal: peak RSS ${RSS_KB} KB; $(head -1 "$WORK/err" | cut -c1-90)…"
done

# Slides hold one slide and the next; a paragraph that never ends is cut (each runs for 5 s; every
# slide was kept before: 305 MB → 1.28 GB in 10 s). Credits on a line that never ends: cut there.
# (timeout returns as soon as it has signalled its child, before the child has said what it cut:
# a second's sleep lets it.)
for extra in "" "--instant"; do
    rss sh -c "yes | timeout 5 '$BIN' --layout slides -o terminal --width 80 --height 24 $extra > /dev/null 2> '$WORK/err'; sleep 1"
    limit && grep -q "slide 1 cut at 65536 characters" "$WORK/err"
    check $? "yes | ghostpipe --layout slides $extra (5 s): peak RSS ${RSS_KB} KB; $(head -1 "$WORK/err" | cut -c1-90)"
    rss sh -c "yes 'a slide
' | timeout 5 '$BIN' --layout slides -o terminal --width 80 --height 24 $extra > /dev/null 2> '$WORK/err'"
    limit
    check $? "yes 'a slide\\n' | ghostpipe --layout slides $extra (5 s): peak RSS ${RSS_KB} KB"
done
rss sh -c "yes | tr -d '\\n' | timeout 5 '$BIN' -e credits -o terminal --width 80 --height 24 > /dev/null 2> '$WORK/err'; sleep 1"
limit && grep -q "line 1 cut at 65536 characters" "$WORK/err"
check $? "yes | tr -d '\\n' | ghostpipe -e credits (5 s): peak RSS ${RSS_KB} KB; $(head -1 "$WORK/err" | cut -c1-90)"
rss sh -c "head -c 100000000 /dev/zero | tr '\\0' 'a' | '$BIN' -e credits --instant -o terminal --width 80 --height 24 > /dev/null 2> '$WORK/err'"
limit && grep -q "line 1 cut at 65536 characters (99934464 more characters" "$WORK/err"
check $? "a 100 MB line, -e credits --instant: peak RSS ${RSS_KB} KB; $(head -1 "$WORK/err" | cut -c1-90)"

# A million cues: parsed, sorted and played (instant JSON), in seconds and bounded memory.
python3 - "$WORK/million.srt" <<'PY'
import sys
with open(sys.argv[1], "w") as f:
    for i in range(1_000_000):
        s = i * 2
        f.write(f"{i+1}\n{s//3600:02}:{s//60%60:02}:{s%60:02},000 --> {s//3600:02}:{s//60%60:02}:{s%60:02},900\nCue {i+1}\n\n")
PY
START=$(date +%s.%N)
rss "$BIN" --instant -o json "$WORK/million.srt" > "$WORK/million.json"
STATUS=$?
END=$(date +%s.%N)
LINES=$(wc -l < "$WORK/million.json")
[ $STATUS = 0 ] && [ "$LINES" = 1000000 ]
check $? "a million cues ($(du -h "$WORK/million.srt" | cut -f1)): $LINES JSON lines in $(echo "$END - $START" | bc | cut -c1-5) s, peak RSS ${RSS_KB} KB"

# Times beyond 100 hours, and --start past them.
printf '1\n100:00:00,000 --> 100:00:01,500\nlate\n\n2\n123:45:06,789 --> 123:45:07,000\nlater\n' > "$WORK/long.srt"
OUT=$("$BIN" --instant -o json "$WORK/long.srt")
[ "$OUT" = '{"start":360000.000,"end":360001.500,"text":"late"}
{"start":445506.789,"end":445507.000,"text":"later"}' ]
check $? "cues at 100 h and 123 h: $(echo "$OUT" | head -1)"
OUT=$("$BIN" -o plain --start 123:45:06.5 "$WORK/long.srt")
[ "$OUT" = "later" ]
check $? "--start 123:45:06.5 skips to the last cue at once: '$OUT'"

# Empty input, a directory, a missing file.
: > "$WORK/empty.txt"
OUT=$("$BIN" --instant "$WORK/empty.txt"; echo "status=$?")
[ "$OUT" = "status=0" ]
check $? "empty file: no output, $OUT"
OUT=$("$BIN" --instant -o terminal "$WORK/empty.txt" | od -An -c | tr -d ' \n')
[ -z "$OUT" ]
check $? "empty file on a terminal: nothing written at all"
ERR=$("$BIN" --instant "$WORK" 2>&1 >/dev/null; echo "status=$?")
echo "$ERR" | grep -q "Is a directory" && echo "$ERR" | grep -q "status=1"
check $? "directory: $(echo "$ERR" | head -1) ($(echo "$ERR" | tail -1))"
ERR=$("$BIN" --instant "$WORK/nope.srt" samples/motd.txt 2>&1 >/dev/null; echo "status=$?")
echo "$ERR" | grep -q "nope.srt: No such file or directory" && echo "$ERR" | grep -q "status=1"
check $? "missing file among others: $(echo "$ERR" | head -1)"

# Invalid UTF-8, NUL, overlong forms, lone surrogates: U+FFFD on a terminal, never a crash.
printf 'a\x00b\xc0\xafc\xed\xa0\x80d\xffe\n' > "$WORK/bad.txt"
OUT=$("$BIN" --instant -o terminal "$WORK/bad.txt" | tr -d '\033[K\r')
[ "$OUT" = "a�b��c���d�e" ]
check $? "invalid UTF-8, NUL, overlong, surrogate: '$OUT'"

echo
[ $failures = 0 ] && echo "all checks passed" || echo "$failures check(s) failed"
exit $failures
