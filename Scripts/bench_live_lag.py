#!/usr/bin/python3
"""Input-to-screen lag of live captions: replays a recorded recogniser session (Tests/Data/live/*.tsv,
"MS<TAB>LINE" per line, see Scripts/live_recogniser.py) into a command's standard input through a
pipe, with the command's output on a pseudo-terminal (80x24, cursor reports answered), at 1x, 4x
and 10x the session's speed. For each final utterance ({"text": ...} with text) it times when the
screen first holds the final text completely (its last grapheme has appeared) after its line was
written: lag = that instant - the write. Prints p50/p99/max lag and the finals never shown, beside
the input's own timing (its length, lines, finals, and how long the command took to finish).

    Scripts/bench_live_lag.py [--session FILE]... [--speeds 1,4,10] [-- COMMAND...]

COMMAND defaults to .build/release/ghostpipe. Needs /usr/bin/python3 with Debian's python3-pyte
(the screen model). Figures depend on the machine: run it on a quiet one.
"""
import argparse
import fcntl
import glob
import json
import os
import re
import select
import statistics
import struct
import subprocess
import sys
import termios
import threading
import time

try:
    import pyte
except ImportError:
    sys.exit("bench_live_lag: needs pyte (Debian: apt-get install python3-pyte; run with /usr/bin/python3)")

ROWS, COLUMNS = 24, 80
REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def read_session(path):
    """[(offset_seconds, line_bytes)] of a recorded session."""
    lines = []
    with open(path, encoding="utf-8") as f:
        for raw in f:
            ms, _, line = raw.rstrip("\n").partition("\t")
            lines.append((int(ms) / 1000, (line + "\n").encode()))
    return lines


def final_text(line):
    """The text of a final utterance line, or None (a partial, an empty final, not JSON)."""
    try:
        value = json.loads(line)
    except ValueError:
        return None
    text = value.get("text") if isinstance(value, dict) else None
    return " ".join(text.split()) if text and text.strip() else None


def screen_texts(screen):
    """The screen's text two ways: rows run together (a line wrapped at the margin) and rows
    joined by a space (a line wrapped at a word), white space collapsed."""
    rows = screen.display
    together = " ".join("".join(rows).split())
    apart = " ".join(" ".join(row.rstrip() for row in rows).split())
    return together, apart


def replay(command, session, speed, timeout):
    """Runs command with the session fed at `speed`; returns (writes, shown, finished_s):
    the write instant of each line, and for each final (by line index) when the screen first held
    its text after its write."""
    master, slave = os.openpty()
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
    env = dict(os.environ, TERM="xterm-256color", COLUMNS=str(COLUMNS), LINES=str(ROWS))
    env.pop("NO_COLOR", None)
    start = time.monotonic()
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=slave, stderr=slave, env=env,
                               start_new_session=True,
                               preexec_fn=lambda: fcntl.ioctl(1, termios.TIOCSCTTY, 0), close_fds=True)
    os.close(slave)
    writes = [None] * len(session)

    def writer():
        try:
            for k, (offset, data) in enumerate(session):
                delay = start + offset / speed - time.monotonic()
                if delay > 0:
                    time.sleep(delay)
                process.stdin.write(data)
                process.stdin.flush()
                writes[k] = time.monotonic() - start
            process.stdin.close()
        except (BrokenPipeError, OSError):
            pass

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    screen = pyte.Screen(COLUMNS, ROWS)
    stream = pyte.ByteStream(screen)
    finals = [(k, final_text(line.decode())) for k, (_, line) in enumerate(session)]
    finals = [(k, text) for k, text in finals if text]
    shown = {}
    pending = list(finals)
    os.set_blocking(master, False)
    deadline = start + timeout
    finished = None
    ended = False
    while time.monotonic() < deadline and not ended:
        ready, _, _ = select.select([master], [], [], 0.02)
        if ready:
            # A burst: what comes within 10 ms of the last chunk. The screen is judged after it, so
            # text drawn and erased in one burst (a cue over when it arrives) does not count as shown.
            now = None
            while ready:
                try:
                    data = os.read(master, 65536)
                except BlockingIOError:
                    break
                except OSError:  # EIO: the command and everything it started have closed the pty
                    data = b""
                if not data:
                    ended = True
                    break
                now = time.monotonic() - start
                stream.feed(data)
                for _ in range(data.count(b"\x1b[6n")):
                    os.write(master, b"\x1b[%d;%dR" % (screen.cursor.y + 1, screen.cursor.x + 1))
                ready, _, _ = select.select([master], [], [], 0.01)
            if now is None:
                continue
            together, apart = screen_texts(screen)
            still = []
            for k, text in pending:
                written = writes[k]
                if written is not None and (text in together or text in apart):
                    shown[k] = max(0.0, now - written)
                else:
                    still.append((k, text))
            pending = still
        elif process.poll() is not None:
            break
    if ended or process.poll() is not None:
        try:
            process.wait(timeout=5)
            finished = time.monotonic() - start
        except subprocess.TimeoutExpired:
            pass
    if process.poll() is None:
        process.kill()
        process.wait()
    os.close(master)
    return writes, finals, shown, finished


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, max(0, round(p / 100 * len(values) + 0.5) - 1))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--session", action="append", help="a recorded session (default: Tests/Data/live/*.tsv)")
    parser.add_argument("--speeds", default="1,4,10", help="replay speeds (default 1,4,10)")
    parser.add_argument("command", nargs="*", help="the command (default: .build/release/ghostpipe)")
    args = parser.parse_args()
    command = args.command or [os.path.join(REPOSITORY, ".build/release/ghostpipe")]
    sessions = args.session or sorted(glob.glob(os.path.join(REPOSITORY, "Tests/Data/live/*.tsv")))
    print("command: %s   screen %dx%d" % (" ".join(command), COLUMNS, ROWS))
    print("%-34s %5s %6s %6s %8s %8s | %8s %8s %8s %6s" % (
        "session", "speed", "lines", "finals", "input s", "took s", "p50 ms", "p99 ms", "max ms", "unseen"))
    for path in sessions:
        session = read_session(path)
        length = session[-1][0] if session else 0
        for speed in [float(s) for s in args.speeds.split(",")]:
            writes, finals, shown, finished = replay(command, session, speed, timeout=length / speed + 90)
            lags = [shown[k] * 1000 for k, _ in finals if k in shown]
            row = "%-34s %4gx %6d %6d %8.2f %8s |" % (
                os.path.basename(path)[:34], speed, len(session), len(finals), length / speed,
                "%.2f" % finished if finished is not None else "timeout")
            if lags:
                row += " %8.0f %8.0f %8.0f" % (percentile(lags, 50), percentile(lags, 99), max(lags))
            else:
                row += " %8s %8s %8s" % ("-", "-", "-")
            print(row + " %6d" % (len(finals) - len(lags)))
            sys.stdout.flush()


if __name__ == "__main__":
    main()
