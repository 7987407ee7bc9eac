# Skipping the rest of a very long line with a key, beside its anchor: in a real terminal (tmux),
# ghostpipe types FILE at its default pace; after a moment a key is pressed (any key shows
# everything at once) and the time from the key to ghostpipe's exit is measured. The anchor is
# `cat FILE` in the same terminal, from its start to its exit. Runs alternate; medians are printed
# side by side with their ratio.
#
# Usage: python3 Scripts/bench_skip_long_line.py GHOSTPIPE FILE [ROUNDS]
# Example:
#   head -c 10000000 /dev/zero | tr '\0' a > /tmp/long.txt
#   python3 Scripts/bench_skip_long_line.py .build/release/ghostpipe /tmp/long.txt 5
import os, shlex, statistics, subprocess, sys, tempfile, time

binary, path = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
session = f"skipbench{os.getpid()}"
scratch = tempfile.mkdtemp(prefix="skipbench")
stamp = "python3 -c 'import time; print(time.monotonic())'"

def tmux(*args):
    return subprocess.run(["tmux", *args], capture_output=True, text=True).stdout

def run(command):
    """Runs `command` in a fresh 80x24 tmux session; returns the monotonic time it ended."""
    end = os.path.join(scratch, "end")
    if os.path.exists(end):
        os.remove(end)
    script = f"{command}; {stamp} > {end}.new; mv {end}.new {end}; sleep 60"
    tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "24", script)
    return end

def wait(end, limit=300):
    deadline = time.monotonic() + limit
    while not os.path.exists(end):
        if time.monotonic() > deadline:
            raise SystemExit("timed out")
        time.sleep(0.005)
    with open(end) as f:
        value = float(f.read())
    tmux("kill-session", "-t", session)
    return value

def cat_once():
    start = os.path.join(scratch, "start")
    end = run(f"{stamp} > {start}; cat {shlex.quote(path)}")
    finished = wait(end)
    with open(start) as f:
        return finished - float(f.read())

def skip_once():
    end = run(f"{shlex.quote(binary)} {shlex.quote(path)}")
    time.sleep(1.0)  # typing at its pace by now
    key = time.monotonic()
    tmux("send-keys", "-t", session, "x")
    return wait(end) - key

times = {"cat": [], "skip": []}
for _ in range(rounds):
    times["cat"].append(cat_once())
    times["skip"].append(skip_once())
cat = statistics.median(times["cat"])
skip = statistics.median(times["skip"])
size = os.path.getsize(path) / 1e6
def line(name, t, extra=""):
    return f"{name:28} min {min(t):7.3f}  median {statistics.median(t):7.3f}  max {max(t):7.3f} s{extra}"
print(f"{size:.1f} MB in one line, tmux 80x24, {rounds} rounds")
print(line("cat (anchor)", times["cat"]))
print(line("ghostpipe, after the key", times["skip"], f"   ratio of medians {skip / cat:.2f}x  (target <= 1.5x)"))
