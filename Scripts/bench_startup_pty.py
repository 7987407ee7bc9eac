# Start-up on a pseudo-terminal that answers cursor queries as a terminal would: cat and ghostpipe
# --instant on a one-line banner, interleaved; prints the medians and their ratio.
# Usage: python3 Scripts/bench_startup_pty.py GHOSTPIPE LINE-FILE [RUNS]
import os, pty, select, statistics, sys, time
binary, line = sys.argv[1], sys.argv[2]
def once(argv):
    t = time.perf_counter_ns()
    pid, fd = pty.fork()
    if pid == 0:
        f = os.open(line, os.O_RDONLY)
        os.dup2(f, 0)
        os.environ["TERM"] = "xterm-256color"
        os.execvp(argv[0], argv)
    queries = 0
    while True:
        try:
            data = os.read(fd, 4096)
        except OSError:
            break
        if not data:
            break
        # Answer each cursor-position query as a terminal would (row 12, column 1).
        for _ in range(data.count(b"\x1b[6n")):
            os.write(fd, b"\x1b[12;1R")
            queries += 1
    os.waitpid(pid, 0)
    os.close(fd)
    return time.perf_counter_ns() - t, queries
times = {"cat": [], "ghostpipe": []}
queries = 0
for _ in range(int(sys.argv[3]) if len(sys.argv) > 3 else 150):
    times["cat"].append(once(["cat"])[0])
    elapsed, q = once([binary, "--instant"])
    times["ghostpipe"].append(elapsed)
    queries = max(queries, q)
def line(name, t):
    return f"{name:9} min {min(t) / 1e6:.3f}  median {statistics.median(t) / 1e6:.3f}  max {max(t) / 1e6:.3f} ms"
cat = statistics.median(times["cat"])
gp = statistics.median(times["ghostpipe"])
print(line("cat", times["cat"]))
print(line("ghostpipe", times["ghostpipe"]) + f"   ratio of medians {gp / cat:.2f}x  ({queries} cursor query answered; target <= 1.1x)")
