#!/usr/bin/env python3
"""The SCC test corpus (Tests/Data/formats/scc/) and its expected cue lists.

    Scripts/gen_scc_corpus.py import TTCONV PYCAPTION LIBCAPTION   # copy the samples in (git dirs or work trees)
    Scripts/gen_scc_corpus.py expect                               # regenerate expected/*.jsonl

`import` copies each project's SCC samples beside its licence: ttconv's test resources, the SCC
fixtures of pycaption's test suite (Python strings there, written out as files here), libcaption's
unit-test file. The projects: github.com/sandflow/ttconv (BSD-2-Clause), github.com/pbs/pycaption
(Apache-2.0), github.com/szatmary/libcaption (MIT).

`expect` runs the reference readers over every sample (`pip install ttconv pycaption`) and writes,
per sample and reader, one JSON line per cue: {"start": ms, "end": ms, "text": "..."} (markup
removed, lines joined by "\\n"). SCCReferenceTests compares ghostpipe's cues with them and says
where, and why, it follows another reading. It then runs Scripts/gen_scc_ffmpeg.py (FFmpeg's cc_dec in
real time: expected/*.ffmpeg.jsonl and expected/ffmpeg-version.txt; SCCFFmpegReferenceTests).
"""
import json, os, re, subprocess, sys, types

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Data", "formats", "scc")


def show(repo, path):
    """A file of a repository: its work tree, else its git directory's HEAD."""
    if os.path.exists(os.path.join(repo, path)):
        return open(os.path.join(repo, path), "rb").read()
    return subprocess.run(["git", "-C", repo, "show", "HEAD:" + path], check=True, capture_output=True).stdout


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def import_samples(ttconv, pycaption, libcaption):
    for name in ["pop-on", "paint-on", "mix-rows-roll-up"]:
        write(f"{root}/ttconv/{name}.scc", show(ttconv, f"src/test/resources/scc/{name}.scc"))
    write(f"{root}/ttconv/LICENSE.txt", show(ttconv, "LICENSE.txt"))
    # pycaption keeps its samples as pytest fixtures: run the module with a stand-in for pytest.
    fake = types.ModuleType("pytest")
    fake.fixture = lambda *a, **k: (lambda f: f)
    sys.modules["pytest"] = fake
    namespace = {}
    exec(show(pycaption, "tests/fixtures/scc.py").decode(), namespace)
    for name, value in sorted(namespace.items()):
        if name.startswith("sample_scc") or name.startswith("scc_") or name.startswith("sample_no"):
            text = value()
            if isinstance(text, str) and "Scenarist" in text or re.search(r"\d\d:\d\d:\d\d[:;]\d\d", str(text)):
                write(f"{root}/pycaption/{name}.scc", text.encode())
    write(f"{root}/pycaption/LICENSE", show(pycaption, "LICENSE"))
    write(f"{root}/libcaption/tos.scc", show(libcaption, "unit_tests/tos.scc"))
    write(f"{root}/libcaption/LICENSE.txt", show(libcaption, "LICENSE.txt"))


def plain(text):
    return re.sub(r"<[^>]*>", "", text)


def ttconv_cues(text):
    import logging
    logging.disable(logging.CRITICAL)
    import ttconv.scc.reader as reader, ttconv.srt.writer as writer
    srt = writer.from_model(reader.to_model(text))
    cues = []
    for block in re.split(r"\n\s*\n", srt.strip()):
        lines = block.split("\n")
        if len(lines) < 2:
            continue
        m = re.match(r"(\d+):(\d+):(\d+),(\d+) --> (\d+):(\d+):(\d+),(\d+)", lines[1])
        if not m:
            continue
        g = [int(x) for x in m.groups()]
        ms = lambda h, m_, s, f: ((h * 60 + m_) * 60 + s) * 1000 + f
        cues.append({"start": ms(*g[:4]), "end": ms(*g[4:]), "text": plain("\n".join(lines[2:]))})
    return cues


def pycaption_cues(text):
    from pycaption import SCCReader
    captions = SCCReader().read(text)
    cues = []
    for language in captions.get_languages():
        for c in captions.get_captions(language):
            cues.append({"start": round(c.start / 1000), "end": round(c.end / 1000),
                         "text": c.get_text().replace("\r", "")})
    return cues


def expect():
    readers = {"ttconv": ttconv_cues, "pycaption": pycaption_cues}
    for project in sorted(os.listdir(root)):
        folder = os.path.join(root, project)
        if not os.path.isdir(folder) or project == "expected":
            continue
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".scc"):
                continue
            text = open(os.path.join(folder, name), encoding="utf-8").read()
            for reader, read in readers.items():
                out = f"{root}/expected/{project}/{name[:-4]}.{reader}.jsonl"
                try:
                    cues = read(text)
                except Exception as error:  # a reader that fails on a sample says so in its file
                    write(out, (json.dumps({"error": f"{type(error).__name__}: {error}"}) + "\n").encode())
                    continue
                write(out, "".join(json.dumps(c, ensure_ascii=False) + "\n" for c in cues).encode())
    subprocess.run([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "gen_scc_ffmpeg.py")], check=True)


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "import":
        import_samples(*sys.argv[2:])
    elif len(sys.argv) == 2 and sys.argv[1] == "expect":
        expect()
    else:
        sys.exit(__doc__)
