#!/usr/bin/env python3
"""Keystroke latency through a terminal relay: the time from a byte written to the (outer) terminal
until its echo comes back out of it, for a program run on that terminal.

Usage: bench_overlay_keys.py KEYS -- COMMAND [ARGS...]

The harness plays the real terminal: it runs COMMAND on a pseudo-terminal (80x24) of its own,
types KEYS letters one at a time (each followed by DEL, which erases it, at a random pause of 20-40
ms so no two keys share a frame), and times each letter from the write until that letter appears
in what the terminal receives. The letters are ones no escape sequence ghostpipe writes contains.
Prints: median p90 max (milliseconds), then the count.
"""
import fcntl, os, pty, random, select, statistics, struct, sys, termios, time

LETTERS = b"xyzqwertu"


def main():
    keys = int(sys.argv[1])
    argv = sys.argv[sys.argv.index("--") + 1:]
    pid, fd = pty.fork()
    if pid == 0:
        os.execvp(argv[0], argv)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    os.kill(pid, 28)  # SIGWINCH: the size is set after the fork

    def drain(quiet):
        """Reads until nothing arrives for `quiet` seconds."""
        while True:
            r, _, _ = select.select([fd], [], [], quiet)
            if not r:
                return
            try:
                if not os.read(fd, 65536):
                    return
            except OSError:
                return

    drain(1.0)
    random.seed(7)
    latencies = []
    for i in range(keys):
        letter = LETTERS[i % len(LETTERS):][:1]
        start = time.perf_counter()
        os.write(fd, letter)
        seen = b""
        while letter not in seen:
            r, _, _ = select.select([fd], [], [], 2.0)
            if not r:
                break
            seen += os.read(fd, 65536)
        else:
            latencies.append(time.perf_counter() - start)
        os.write(fd, b"\x7f")
        drain(0.02 + random.random() * 0.02)
    os.write(fd, b"\x04")  # EOF for cat
    drain(0.3)
    try:
        os.kill(pid, 9)
    except ProcessLookupError:
        pass
    os.waitpid(pid, 0)
    ms = sorted(x * 1000 for x in latencies)
    if not ms:
        print("no echo seen")
        sys.exit(1)
    p90 = ms[int(len(ms) * 0.9) - 1]
    print(f"{statistics.median(ms):.3f} {p90:.3f} {ms[-1]:.3f} {len(ms)}")


main()
