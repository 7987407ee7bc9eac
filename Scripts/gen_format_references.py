#!/usr/bin/env python3
"""Writes the expected cue lists of the film-format corpus (Tests/Data/formats/<format>/) from
reference tools, one `<file>.expected.json` beside each subtitle file; the test suite
(FilmCorpusTests) compares ghostpipe's cues with them.

    Scripts/gen_format_references.py            # every format whose tool is installed
    Scripts/gen_format_references.py microdvd   # one format

The tools (installed at data-generation time only; the tests read the committed JSON):

- MicroDVD, MPL2, SubViewer 1 and 2, Spruce STL: FFmpeg (Debian's `ffmpeg`), `ffmpeg -i FILE -f srt -`
  (`-f microdvd` before `-i` for MicroDVD)
  (pysubs2 agrees on MicroDVD's and MPL2's times, but leaves `/`, `\\`, `_` and `{y:…}` as text
  where FFmpeg, like ghostpipe, reads them as styles);
- TMPlayer: pysubs2 (`pip install pysubs2`; FFmpeg does not read it);
- EBU STL: ttconv (`pip install ttconv`), `tt convert --otype SRT`, with its defaults.

Lines at negative times (gaupol's samples begin with two, a file shifted too far) are removed from
the copy the tool reads: the tools disagree there (pysubs2's MicroDVD and TMPlayer patterns have no
minus sign, FFmpeg reads SubViewer's `-00:00:01.47` as +1.47); FilmCorpusTests leaves the cues of
those lines out of the comparison and checks them on their own.

Each JSON file: {"tool": "NAME VERSION", "cues": [{"start": MS, "end": MS, "text": "…"}, …]}, text
without markup, lines joined by "\\n".
"""
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "Tests", "Data", "formats")
EXTENSIONS = {"microdvd": (".sub",), "mpl2": (".txt",), "tmplayer": (".txt",), "subviewer": (".sub",),
              "spruce": (".stl",), "ebu-stl": (".stl",)}
NEGATIVE = re.compile(rb"^\s*[{\[]?-")


def without_negative_lines(path, fmt):
    """A copy of the file without its lines at negative times (see above), as a temporary path. In
    SubViewer, a negative timing line's block (up to the next blank line) goes with it."""
    with open(path, "rb") as f:
        data = f.read()
    if fmt != "ebu-stl":
        kept = []
        skipping = False
        for line in data.splitlines(keepends=True):
            if NEGATIVE.match(line):
                skipping = fmt == "subviewer"
                continue
            if skipping:
                skipping = bool(line.strip())
                if skipping:
                    continue
            kept.append(line)
        data = b"".join(kept)
    handle, temp = tempfile.mkstemp(suffix=os.path.splitext(path)[1])
    with os.fdopen(handle, "wb") as f:
        f.write(data)
    return temp


def ass_plain(text):
    return re.sub(r"\{[^}]*\}", "", text).replace(r"\N", "\n").replace(r"\n", "\n").strip()


def pysubs2_cues(path, fmt):
    import pysubs2
    kwargs = {}
    if fmt == "microdvd":
        with open(path, encoding="utf-8") as f:
            first = f.readline().strip()
        kwargs["fps"] = None if re.match(r"^\{1\}\{1\}[\d.]+$", first) else 23.976
    subs = pysubs2.load(path, format_={"microdvd": "microdvd", "mpl2": "mpl2", "tmplayer": "tmp"}[fmt], **kwargs)
    return "pysubs2 " + pysubs2.__version__, [{"start": e.start, "end": e.end, "text": ass_plain(e.text)} for e in subs]


SRT_TIME = re.compile(r"(\d+):(\d\d):(\d\d)[,.](\d{3})\s*-->\s*(\d+):(\d\d):(\d\d)[,.](\d{3})")


def srt_cues(text):
    cues = []
    for block in re.split(r"\n\s*\n", text.replace("\r\n", "\n").strip()):
        lines = block.split("\n")
        for k, line in enumerate(lines):
            m = SRT_TIME.search(line)
            if m:
                g = [int(x) for x in m.groups()]
                start = ((g[0] * 60 + g[1]) * 60 + g[2]) * 1000 + g[3]
                end = ((g[4] * 60 + g[5]) * 60 + g[6]) * 1000 + g[7]
                body = "\n".join(re.sub(r"</?(?:i|b|u|s|font)(?:\s[^>]*)?>", "", x).strip() for x in lines[k + 1:])
                cues.append({"start": start, "end": end, "text": body.strip()})
                break
    return cues


def ffmpeg_cues(path, fmt):
    version = subprocess.run(["ffmpeg", "-version"], capture_output=True, text=True, check=True).stdout.split()[2]
    # MicroDVD's demuxer is named: FFmpeg's probe refuses a first line that holds more than the
    # frame rate (`{1}{1}25.000 movie info: …`, as SubEdit writes it), which its demuxer reads.
    demuxer = ["-f", "microdvd"] if fmt == "microdvd" else []
    out = subprocess.run(["ffmpeg", "-loglevel", "error"] + demuxer + ["-i", path, "-f", "srt", "-"],
                         capture_output=True, check=True).stdout.decode("utf-8", "replace")
    return "ffmpeg " + version, srt_cues(out)


def ttconv_cues(path):
    from importlib.metadata import version
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "out.srt")
        subprocess.run(["tt", "convert", "-i", path, "-o", out, "--itype", "STL", "--otype", "SRT"],
                       capture_output=True, check=True)
        with open(out, encoding="utf-8") as f:
            return "ttconv " + version("ttconv"), srt_cues(f.read())


def generate(fmt):
    folder = os.path.join(CORPUS, fmt)
    for name in sorted(os.listdir(folder)):
        if not name.endswith(EXTENSIONS[fmt]) or name.endswith(".expected.json"):
            continue
        path = os.path.join(folder, name)
        temp = without_negative_lines(path, fmt)
        try:
            if fmt == "tmplayer":
                tool, cues = pysubs2_cues(temp, fmt)
            elif fmt == "ebu-stl":
                tool, cues = ttconv_cues(temp)
            else:
                tool, cues = ffmpeg_cues(temp, fmt)
        except Exception as e:  # a file the tool cannot read: said, and no expectation written
            print(f"{fmt}/{name}: {type(e).__name__}: {e}", file=sys.stderr)
            continue
        finally:
            os.unlink(temp)
        with open(path + ".expected.json", "w", encoding="utf-8") as f:
            json.dump({"tool": tool, "cues": cues}, f, ensure_ascii=False, indent=0)
            f.write("\n")
        print(f"{fmt}/{name}: {len(cues)} cues ({tool})")


def main():
    formats = sys.argv[1:] or list(EXTENSIONS)
    for fmt in formats:
        if fmt not in EXTENSIONS:
            sys.exit(f"gen_format_references.py: no format '{fmt}' (have: {', '.join(EXTENSIONS)})")
        generate(fmt)


if __name__ == "__main__":
    main()
