#!/usr/bin/env python3
"""FFmpeg's reading of the SCC corpus: expected/<project>/<name>.ffmpeg.jsonl (gen_scc_corpus.py expect
calls it; or run it alone).

FFmpeg's `scc` demuxer makes each line one packet stamped with the line's timecode, read as wall time
((HH*3600 + MM*60 + SS) * 1000 + FF * 33 ms); its `cc_dec` decoder with `real_time=1` emits the screen
each time it changes (roll-up, paint-on and pop-on alike), with no end. One JSON line per event:
{"start": ms, "text": "..."} (markup removed, \\h as a space, rows joined by "\\n", "" for a cleared screen).
The FFmpeg version used is written to expected/ffmpeg-version.txt.
"""
import json, os, re, subprocess

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Data", "formats", "scc")


def events(path):
    srt = subprocess.run(["ffmpeg", "-hide_banner", "-loglevel", "error", "-real_time", "1", "-real_time_latency_msec", "0", "-i", path, "-f", "srt", "-"],
                         check=True, capture_output=True).stdout.decode("utf-8")
    out = []
    for block in re.split(r"\n\n(?=\d+\n)", srt.replace("\r", "").strip()):
        lines = block.split("\n")
        m = re.match(r"(\d+):(\d+):(\d+),(\d+) -->", lines[1]) if len(lines) > 1 else None
        if not m:
            continue
        h, mi, s, ms = (int(x) for x in m.groups())
        # ASS markup as FFmpeg writes it into SRT: tags, {\an7}, and \h for a cell left blank.
        text = re.sub(r"<[^>]*>|\{\\[^}]*\}", "", "\n".join(lines[2:])).replace("\\h", " ")
        out.append({"start": ((h * 60 + mi) * 60 + s) * 1000 + ms, "text": text})
    return out


def main():
    version = subprocess.run(["ffmpeg", "-version"], check=True, capture_output=True).stdout.decode().splitlines()[0]
    with open(f"{root}/expected/ffmpeg-version.txt", "w") as f:
        f.write(version + "\nffmpeg -real_time 1 -real_time_latency_msec 0 -i SAMPLE.scc -f srt -\n")
    for project in sorted(os.listdir(root)):
        folder = os.path.join(root, project)
        if not os.path.isdir(folder) or project == "expected":
            continue
        for name in sorted(n for n in os.listdir(folder) if n.endswith(".scc")):
            with open(f"{root}/expected/{project}/{name[:-4]}.ffmpeg.jsonl", "w", encoding="utf-8") as f:
                f.writelines(json.dumps(e, ensure_ascii=False) + "\n" for e in events(os.path.join(folder, name)))


if __name__ == "__main__":
    main()
