#!/usr/bin/env python3
"""A hostile clock: writes into a named pipe what `ghostpipe --follow FIFO` reads as a player's
clock (lines of `SECONDS [paused|playing] [speed=F]`), badly on purpose, for the tests.

    hostile_clock.py FIFO MODE

MODE:
  values  lines with values no player means (`5 speed=1e-20`, 1e308, -1e10, 99999:99:99, nan, inf,
          a 10,000-digit number), each 500 times, then `1.5` and the pipe's end
  junk    binary junk, a 1 MB line with no newline, 100,000 bad lines, then `1.5` and the end
Standard library only.
"""
import sys


def lines(mode):
    if mode == "values":
        bad = ["5 speed=1e-20", "5 speed=1e308", "5 speed=5e-324", "1e308", "-1e10", "1e10", "99999:99:99", "nan",
               "inf", "-inf", "9" * 10000, "5 speed=nan", "5 paused speed=-1", "0x10", "1e-400"]
        out = []
        for _ in range(500):
            out += bad
        return [l.encode() + b"\n" for l in out] + [b"1.5\n"]
    if mode == "junk":
        return [bytes(range(256)) + b"\n", b"\x00" * 1000 + b"\n", b"y" * (1 << 20), b"\n"] + \
            [b"garbage %d\n" % i for i in range(100000)] + [b"1.5\n"]
    return []


def main():
    path, mode = sys.argv[1], sys.argv[2]
    with open(path, "wb") as fifo:
        for line in lines(mode):
            try:
                fifo.write(line)
            except BrokenPipeError:
                return
        fifo.flush()


if __name__ == "__main__":
    main()
