# Throughput side by side: each command and its anchors run in turns (round-robin, so the machine's
# noise falls on all alike), and each is printed with the min / median / max of its rate in MB/s of
# input, its CPU seconds (user + system, median) and its ratio to the target.
#
# Usage: python3 Scripts/bench_throughput.py ROUNDS SPEC...
#   SPEC = LABEL|FILE|TARGET_MB_S|COMMAND ARGS...   (FILE on standard input; TARGET 0 = an anchor)
# Example:
#   python3 Scripts/bench_throughput.py 5 'cat|big.txt|0|cat' 'plain|big.txt|1000|ghostpipe --instant'
import os, resource, shlex, statistics, subprocess, sys, time

rounds = int(sys.argv[1])
specs = []
for spec in sys.argv[2:]:
    label, path, target, command = spec.split("|", 3)
    specs.append((label, path, float(target), shlex.split(command)))

results = {label: {"rate": [], "cpu": []} for label, *_ in specs}
with open(os.devnull, "wb") as null:
    for _ in range(rounds):
        for label, path, _target, argv in specs:
            size = os.path.getsize(path)
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            with open(path, "rb") as f:
                subprocess.run(argv, stdin=f, stdout=null, stderr=subprocess.DEVNULL, check=False)
            wall = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            results[label]["rate"].append(size / 1e6 / max(wall, 1e-6))
            results[label]["cpu"].append(cpu)

print(f"{'':24} {'MB/s min':>9} {'median':>9} {'max':>9}  {'CPU s':>6}  target")
for label, path, target, _argv in specs:
    rates, cpus = results[label]["rate"], results[label]["cpu"]
    median = statistics.median(rates)
    verdict = "anchor" if target == 0 else f"{target:.0f} MB/s: {median / target:.2f}x {'met' if median >= target else 'not met'}"
    print(f"{label:24} {min(rates):9.1f} {median:9.1f} {max(rates):9.1f}  {statistics.median(cpus):6.3f}  {verdict}")
