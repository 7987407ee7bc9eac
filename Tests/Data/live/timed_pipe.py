#!/usr/bin/python3
"""Copies standard input to standard output a line at a time, flushed, and appends each line with
the monotonic instant it was written (seconds, CLOCK_MONOTONIC) to LOG: `SECONDS<TAB>LINE`.
The live-caption tests put it between a recogniser and ghostpipe to time what reaches the screen.

    Scripts/live_recogniser.py | Tests/Data/live/timed_pipe.py LOG | ghostpipe
"""
import sys
import time

with open(sys.argv[1], "a", encoding="utf-8") as log:
    for line in sys.stdin:
        sys.stdout.write(line)
        sys.stdout.flush()
        log.write(f"{time.clock_gettime(time.CLOCK_MONOTONIC):.6f}\t{line}")
        log.flush()
