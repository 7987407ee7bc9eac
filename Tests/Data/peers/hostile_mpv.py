#!/usr/bin/env python3
"""A hostile mpv: listens on a Unix socket as `mpv --input-ipc-server=SOCKET` would and speaks
mpv's JSON IPC badly on purpose, for the tests that start ghostpipe --follow mpv:SOCKET against it.

    hostile_mpv.py SOCKET MODE

MODE:
  values      property changes with values no player means: time-pos 1e10, -1e10, 1e300, 1e309
              (inf), NaN-like strings, speed 1e308, 5e-324, 0, -1; each 200 times (a flood), then a
              sane time-pos 1.5 and speed 1, then `shutdown`
  errors      2000 `{"error":"..."}` replies, then shutdown
  garbage     lines that are not JSON, deep nesting (60,000 and 100,000 `[`), binary junk, a 4 MB line with no
              newline and then one, a sane time-pos 1.5 and `shutdown`
  silent      accepts and never answers (the test stops ghostpipe)
  disconnect  accepts and closes at once
Standard library only. Exits when the peer goes away.
"""
import os
import socket
import sys
import time


def events(mode):
    def change(name, data):
        return '{"event":"property-change","id":1,"name":"%s","data":%s}\n' % (name, data)
    if mode == "values":
        bad = [change("time-pos", v) for v in ("1e10", "-1e10", "1e300", "1e309", "-1e309", '"NaN"', '"nan"',
                                               '"-inf"', "99999999999999999999999999", "-0")]
        bad += [change("speed", v) for v in ("1e308", "5e-324", "0", "-1", "1e-20", '"fast"', "1e309")]
        out = []
        for _ in range(200):
            out += bad
        return out + [change("time-pos", "1.5"), change("speed", "1"), change("pause", "false"),
                      '{"event":"shutdown"}\n']
    if mode == "errors":
        return ['{"request_id":%d,"error":"property unavailable %d"}\n' % (i, i) for i in range(2000)] + ['{"event":"shutdown"}\n']
    if mode == "garbage":
        return ["not json at all\n", "{\"event\":\n", "}}}}{{{{\n", "[" * 60000 + "\n", '{"a":' * 12000 + "\n", "[" * 100000 + "\n",
                '{"event":"property-change","name":"time-pos","data":' + "9" * 100000 + "}\n",
                bytes(range(256)).decode("latin-1") + "\n", "x" * (4 << 20), "\n",
                '{"event":"property-change","name":"time-pos","data":1.5}\n', '{"event":"shutdown"}\n']
    return []


def main():
    path, mode = sys.argv[1], sys.argv[2]
    if os.path.exists(path):
        os.unlink(path)
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(path)
    server.listen(1)
    peer, _ = server.accept()
    if mode == "disconnect":
        peer.close()
        return
    peer.settimeout(0.5)
    try:
        peer.recv(4096)  # ghostpipe's observe_property commands
    except socket.timeout:
        pass
    if mode == "silent":
        while True:
            try:
                if not peer.recv(4096):
                    return
            except socket.timeout:
                continue
    peer.settimeout(None)
    try:
        for line in events(mode):
            peer.sendall(line.encode("latin-1"))
        time.sleep(0.5)
    except (BrokenPipeError, ConnectionResetError):
        pass
    peer.close()


if __name__ == "__main__":
    main()
