#!/usr/bin/env python3
"""Writes the cues of a SubRip file as ASS, SAMI, LRC, TTML, YouTube srv3, transcript (srv1) and SBV
files with the same cues, for comparing parsers on equal content (Scripts/bench_parse.sh).

    Scripts/gen_formats.py INPUT.srt OUTPUT_STEM      # writes OUTPUT_STEM.ass, .smi, .lrc, .ttml, .srv3, .srv1, .sbv

Markup is carried over as each format writes it: <i> <b> <u> as ASS override tags and SAMI tags,
<font color> as \\c&HBBGGRR& and <font color>; line breaks as \\N and <br>; LRC has no markup, so
its lines are plain and joined by spaces. Every tenth ASS and LRC cue gets word timing (karaoke),
so the word-timing paths are measured too; likewise every tenth TTML cue (spans with begin times)
and srv3 cue (<s t=> word offsets). TTML carries <i> <b> <u> and colours as styles by reference and
inline, in a bottom region; srv3 as pens; srv1 escapes its text twice, as YouTube's does; SBV is
plain.
"""
import re
import sys

TIMING = re.compile(r"(\d+):(\d+):(\d+)[,.](\d+)\s*-->\s*(\d+):(\d+):(\d+)[,.](\d+)")
TAG = re.compile(r"<[^>]*>")


def cues(path):
    with open(path, encoding="utf-8") as f:
        blocks = f.read().split("\n\n")
    for block in blocks:
        lines = block.strip("\n").split("\n")
        for k, line in enumerate(lines):
            m = TIMING.match(line)
            if m:
                g = [int(x) for x in m.groups()]
                start = ((g[0] * 60 + g[1]) * 60 + g[2]) * 1000 + g[3]
                end = ((g[4] * 60 + g[5]) * 60 + g[6]) * 1000 + g[7]
                yield start, end, lines[k + 1:]
                break


def ass_time(ms):
    cs = ms // 10
    return f"{cs // 360000}:{cs // 6000 % 60:02}:{cs // 100 % 60:02}.{cs % 100:02}"


def ass_text(lines):
    text = r"\N".join(lines)
    text = text.replace("<i>", r"{\i1}").replace("</i>", r"{\i0}").replace("<b>", r"{\b1}").replace("</b>", r"{\b0}")
    text = re.sub(r'<font color="#(..)(..)(..)">', lambda m: r"{\c&H%s%s%s&}" % (m[3], m[2], m[1]), text)
    return TAG.sub("", text.replace("</font>", r"{\c}"))


def karaoke(words, length_cs):
    each = max(1, length_cs // max(1, len(words)))
    return "".join(r"{\k%d}%s " % (each, w) for w in words).rstrip()


def lrc_time(ms):
    cs = ms // 10
    return f"{cs // 6000:02}:{cs // 100 % 60:02}.{cs % 100:02}"


def main():
    source, stem = sys.argv[1], sys.argv[2]
    with open(stem + ".ass", "w", encoding="utf-8") as a, open(stem + ".smi", "w", encoding="utf-8") as s, \
            open(stem + ".lrc", "w", encoding="utf-8") as l:
        a.write("[Script Info]\nScriptType: v4.00+\nPlayResX: 1920\nPlayResY: 1080\n\n[V4+ Styles]\n"
                "Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, "
                "Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, "
                "Alignment, MarginL, MarginR, MarginV, Encoding\n"
                "Style: Default,Arial,60,&H00FFFFFF,&H000000FF,&H00000000,&H80000000,0,0,0,0,100,100,0,0,1,3,1,2,60,60,40,1\n\n"
                "[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n")
        s.write("<SAMI>\n<HEAD>\n<STYLE TYPE=\"text/css\">\n<!--\nP { font-family: Arial; }\n"
                ".ENCC { Name: English; lang: en-US; SAMIType: CC; }\n-->\n</STYLE>\n</HEAD>\n<BODY>\n")
        for n, (start, end, lines) in enumerate(cues(source)):
            plain = [TAG.sub("", line) for line in lines]
            text = ass_text(lines)
            if n % 10 == 0:
                text = karaoke(" ".join(plain).split(), (end - start) // 10)
            a.write(f"Dialogue: 0,{ass_time(start)},{ass_time(end)},Default,,0,0,0,,{text}\n")
            body = "<br>\n".join(lines)
            s.write(f"<SYNC Start={start}><P Class=ENCC>\n{body}\n<SYNC Start={end}><P Class=ENCC>&nbsp;\n")
            words = " ".join(plain).split()
            if n % 10 == 0 and words:
                step = max(1, (end - start) // len(words))
                line = " ".join(f"<{lrc_time(start + k * step)}>{w}" for k, w in enumerate(words))
            else:
                line = " ".join(plain)
            l.write(f"[{lrc_time(start)}]{line}\n[{lrc_time(end)}]\n")
        s.write("</BODY>\n</SAMI>\n")


def xml_escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def ttml_time(ms):
    return f"{ms // 3600000:02}:{ms // 60000 % 60:02}:{ms // 1000 % 60:02}.{ms % 1000:03}"


def ttml_text(lines):
    text = "<br/>".join(xml_escape(TAG.sub("", line)) if "<" in line and not re.search(r"</?[ibu]>", line) else
                        re.sub(r"&lt;(/?)([ibu])&gt;", lambda m: {"i": '<span style="i">', "b": '<span tts:fontWeight="bold">',
                                                               "u": '<span tts:textDecoration="underline">'}[m[2]] if not m[1] else "</span>",
                               xml_escape(re.sub(r"</?font[^>]*>", "", line)))
                        for line in lines)
    return text


def sbv_time(ms):
    return f"{ms // 3600000}:{ms // 60000 % 60:02}:{ms // 1000 % 60:02}.{ms % 1000:03}"


def youtube(source, stem):
    all_cues = list(cues(source))
    with open(stem + ".ttml", "w", encoding="utf-8") as t:
        t.write('<?xml version="1.0" encoding="UTF-8"?>\n<tt xmlns="http://www.w3.org/ns/ttml" '
                'xmlns:tts="http://www.w3.org/ns/ttml#styling" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" '
                'ttp:frameRate="25" xml:lang="en">\n<head>\n<styling>\n'
                '<style xml:id="base" tts:color="white" tts:textAlign="center"/>\n'
                '<style xml:id="i" tts:fontStyle="italic"/>\n</styling>\n<layout>\n'
                '<region xml:id="bottom" tts:origin="10% 80%" tts:extent="80% 15%" tts:displayAlign="after"/>\n'
                '</layout>\n</head>\n<body region="bottom" style="base">\n<div>\n')
        for n, (start, end, lines) in enumerate(all_cues):
            if n % 10 == 0:
                words = " ".join(TAG.sub("", line) for line in lines).split()
                step = max(1, (end - start) // max(1, len(words)))
                body = " ".join(f'<span begin="{k * step}ms">{xml_escape(w)}</span>' for k, w in enumerate(words))
            else:
                body = ttml_text(lines)
            t.write(f'<p begin="{ttml_time(start)}" end="{ttml_time(end)}">{body}</p>\n')
        t.write("</div>\n</body>\n</tt>\n")
    with open(stem + ".srv3", "w", encoding="utf-8") as y:
        y.write('<?xml version="1.0" encoding="utf-8" ?><timedtext format="3">\n<head>\n<pen id="1" i="1"/>\n'
                '<wp id="1" ap="7" ah="50" av="95"/>\n<ws id="1" ju="2"/>\n</head>\n<body>\n')
        for n, (start, end, lines) in enumerate(all_cues):
            plain = [TAG.sub("", line) for line in lines]
            if n % 10 == 0:
                words = " ".join(plain).split()
                step = max(1, (end - start) // max(1, len(words)))
                body = "".join(f'<s t="{k * step}" ac="0">{" " if k else ""}{xml_escape(w)}</s>' for k, w in enumerate(words))
            else:
                body = xml_escape("\n".join(plain))
            pen = ' p="1"' if any("<i>" in line for line in lines) else ""
            y.write(f'<p t="{start}" d="{end - start}" wp="1" ws="1"{pen}>{body}</p>\n')
        y.write("</body>\n</timedtext>\n")
    with open(stem + ".srv1", "w", encoding="utf-8") as r, open(stem + ".sbv", "w", encoding="utf-8") as b:
        r.write('<?xml version="1.0" encoding="utf-8" ?><transcript>')
        for start, end, lines in all_cues:
            plain = "\n".join(TAG.sub("", line) for line in lines)
            r.write(f'<text start="{start / 1000:.3f}" dur="{(end - start) / 1000:.3f}">{xml_escape(xml_escape(plain))}</text>')
            b.write(f"{sbv_time(start)},{sbv_time(end)}\n{plain}\n\n")
        r.write("</transcript>\n")


if __name__ == "__main__":
    main()
    youtube(sys.argv[1], sys.argv[2])
