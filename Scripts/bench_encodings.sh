#!/usr/bin/env bash
# Code pages (figures, not tests): decoding throughput of a large CP949 and GBK file against iconv,
# the detector's time on a file's 64 KiB head, start-up with and without a code page, and what the
# tables and models add to the binary. GHOSTPIPE_BIN=path runs another build.
#   bash Scripts/bench_encodings.sh [megabytes (default 20)]
set -euo pipefail
cd "$(dirname "$0")/.."
MB=${1:-20}
[ -n "${GHOSTPIPE_BIN:-}" ] || swift build -c release 2>&1 | grep -E "error|Compiling|Build" | grep -v dlopen || true
BIN=${GHOSTPIPE_BIN:-.build/release/ghostpipe}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

python3 - "$WORK" "$MB" <<'PY'
import os, sys
work, mb = sys.argv[1], int(sys.argv[2])
corpus = "Tests/Data/encodings/dialogue"
for lang, codec, name in (("ko", "cp949", "cp949"), ("zh-hans", "gbk", "gbk")):
    lines = []
    for f in sorted(os.listdir(corpus)):
        if f.startswith(lang + "-"):
            lines += open(os.path.join(corpus, f), encoding="utf-8").read().split("\n")
    block = "\n".join(l for l in lines if l) + "\n"
    data = block.encode(codec)
    with open(os.path.join(work, name + ".txt"), "wb") as out:
        out.write(data * (mb * 1_000_000 // len(data) + 1))
    # A subtitle file of the same text, for the detector.
    cues = "".join(f"{k + 1}\n00:00:{k % 60:02},000 --> 00:00:{k % 60:02},900\n{l}\n\n" for k, l in enumerate(lines * 200) if l)
    with open(os.path.join(work, name + ".srt"), "wb") as out:
        out.write(cues.encode(codec)[: 1 << 16])
PY

best() {  # best of 3 wall-clock seconds of a command
    python3 - "$@" <<'PY'
import subprocess, sys, time
times = []
for _ in range(3):
    t = time.perf_counter()
    subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    times.append(time.perf_counter() - t)
print(f"{min(times):.3f}")
PY
}

echo "== decoding throughput: ${MB} MB to UTF-8, to /dev/null (best of 3) =="
for page in cp949 gbk; do
    f="$WORK/$page.txt"
    size=$(stat -c %s "$f")
    gp=$(best "$BIN" --instant -o plain --encoding "$page" "$f")
    ic=$(best iconv -f "$page" -t UTF-8 "$f")
    python3 -c "import sys; s=$size/1e6; print(f'$page  ghostpipe {s/$gp:7.1f} MB/s ({$gp:.3f} s)   iconv {s/$ic:7.1f} MB/s ({$ic:.3f} s)   ratio {$gp/$ic:.2f}x')"
done

echo
echo "== detection: a 64 KiB subtitle file, not UTF-8, nothing named (median of 21 runs, whole process) =="
for page in cp949 gbk; do
    python3 - "$BIN" "$WORK/$page.srt" <<'PY'
import subprocess, sys, time, statistics
binary, path = sys.argv[1], sys.argv[2]
def run(argv):
    t = time.perf_counter()
    r = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=True)
    return time.perf_counter() - t, r.stderr.decode().strip()
detected = [run([binary, "--instant", "-o", "plain", path]) for _ in range(21)]
page = path.rsplit("/", 1)[1].split(".")[0]  # cp949.srt -> cp949
named = [run([binary, "--instant", "-o", "plain", "--encoding", page, path]) for _ in range(21)]
d = statistics.median(t for t, _ in detected) * 1000
n = statistics.median(t for t, _ in named) * 1000
print(f"{path.rsplit('/', 1)[1]:10} detected {d:6.1f} ms   named {n:6.1f} ms   detector {d - n:5.1f} ms   says: {detected[0][1]}")
PY
done

echo
echo "== start-up (median of 300 interleaved runs): one UTF-8 line vs one CP949 line with --encoding cp949 =="
printf 'Hello, world.\n' > "$WORK/line.txt"
python3 -c "import sys; sys.stdout.buffer.write('안녕하세요, 세계.\n'.encode('cp949'))" > "$WORK/line-cp949.txt"
python3 - "$BIN" "$WORK/line.txt" "$WORK/line-cp949.txt" <<'PY'
import os, subprocess, sys, time, statistics
binary, utf8, cp949 = sys.argv[1:]
def once(argv, path):
    with open(path, 'rb') as f, open(os.devnull, 'wb') as null:
        t = time.perf_counter_ns()
        subprocess.run(argv, stdin=f, stdout=null, check=True)
        return time.perf_counter_ns() - t
cat, plain, legacy = [], [], []
for _ in range(300):
    cat.append(once(['cat'], utf8))
    plain.append(once([binary, '--instant'], utf8))
    legacy.append(once([binary, '--instant', '--encoding', 'cp949'], cp949))
c, p, l = (statistics.median(x) / 1e6 for x in (cat, plain, legacy))
print(f"cat {c:.3f} ms   ghostpipe (UTF-8) {p:.3f} ms = {p / c:.2f}x cat   ghostpipe --encoding cp949 {l:.3f} ms = {l / c:.2f}x cat")
PY

echo
echo "== binary =="
ls -l "$BIN" | awk '{print "size", $5, "bytes"}'
if command -v size >/dev/null; then size "$BIN" | tail -1 | awk '{print "text", $1, " data", $2, " bss", $3}'; fi
for sym in CodePageTables LanguageModels; do
    n=$(nm -S --size-sort "$BIN" 2>/dev/null | grep "$sym" | while read -r _ size _; do echo $((16#$size)); done | paste -sd+ | bc)
    echo "symbols of $sym: $n bytes (code and string data the linker kept under that name)"
done
