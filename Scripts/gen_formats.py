#!/usr/bin/env python3
"""Writes the cues of a SubRip file as ASS, SAMI, LRC, TTML, YouTube srv3, transcript (srv1) and SBV
files with the same cues, for comparing parsers on equal content (Scripts/bench_parse.sh), as the
film formats, and a two-hour film of SCC captions.

    Scripts/gen_formats.py INPUT.srt OUTPUT_STEM              # writes OUTPUT_STEM.ass, .smi, .lrc, .ttml, .srv3, .srv1, .sbv
    Scripts/gen_formats.py INPUT.srt OUTPUT_STEM film         # and the film formats: OUTPUT_STEM.sub
        # (MicroDVD at 23.976), .subviewer.sub (SubViewer 2), .mpl (MPL2), .tmp (TMPlayer),
        # .spruce.stl (Spruce STL at 25) and .ebu.stl (EBU STL, teletext, 25 fps)
    Scripts/gen_formats.py --scc-film OUTPUT.scc              # two hours of CEA-608 captions

The SCC film is what a broadcast carries: an hour of pop-on captions (two rows every few seconds,
some in italics or colour), then an hour of live roll-up (three rows, a row every two seconds)
with a stretch of paint-on; codes sent twice, odd parity, drop-frame timecodes, each line's pairs
one a frame before the next line begins.

Markup is carried over as each format writes it: <i> <b> <u> as ASS override tags and SAMI tags,
<font color> as \\c&HBBGGRR& and <font color>; line breaks as \\N and <br>; LRC has no markup, so
its lines are plain and joined by spaces. Every tenth ASS and LRC cue gets word timing (karaoke),
so the word-timing paths are measured too; likewise every tenth TTML cue (spans with begin times)
and srv3 cue (<s t=> word offsets). TTML carries <i> <b> <u> and colours as styles by reference and
inline, in a bottom region; srv3 as pens; srv1 escapes its text twice, as YouTube's does; SBV is
plain. The film formats get italics their way (MicroDVD
`{y:i}`, MPL2 `/`, SubViewer `<i>`, Spruce `^I`, EBU STL 0x80/0x81); TMPlayer has no markup; EBU
STL's text is Latin-1 letters only (others become `?`) and at most 112 bytes a block.
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


def plain_lines(lines):
    return [TAG.sub("", line) for line in lines]


def italic(lines):
    return any("<i>" in line for line in lines)


def write_film(source, stem):
    """The film formats (see the docstring)."""
    import struct
    fps = 23.976
    all_cues = list(cues(source))
    with open(stem + ".sub", "w", encoding="utf-8") as m, open(stem + ".subviewer.sub", "w", encoding="utf-8") as v, \
            open(stem + ".mpl", "w", encoding="utf-8") as p, open(stem + ".tmp", "w", encoding="utf-8") as t, \
            open(stem + ".spruce.stl", "w", encoding="utf-8") as s:
        m.write("{1}{1}23.976\n")
        v.write("[INFORMATION]\n[TITLE]\n[AUTHOR]\n[END INFORMATION]\n[SUBTITLE]\n[COLF]&HFFFFFF,[STYLE]no,[SIZE]18,[FONT]Arial\n\n")
        s.write("//Font select and font size\n$FontName       = Arial\n$FontSize       = 30\n\n")
        for start, end, lines in all_cues:
            plain = plain_lines(lines)
            it = italic(lines)
            m.write("{%d}{%d}%s%s\n" % (round(start / 1000 * fps), round(end / 1000 * fps), "{Y:i}" if it else "", "|".join(plain)))
            v.write("%s,%s\n%s\n\n" % (sv_time(start), sv_time(end), "[br]".join(lines)))
            p.write("[%d][%d]%s\n" % (start // 100, end // 100, "|".join(("/" if it else "") + x for x in plain)))
            t.write("%s:%s\n" % (tmp_time(start), "|".join(plain)))
            s.write("%s , %s , %s\n" % (spruce_time(start), spruce_time(end), ("^I" if it else "") + "|".join(plain)))
    with open(stem + ".ebu.stl", "wb") as e:
        gsi = bytearray(b" " * 1024)
        gsi[0:11] = b"850STL25.01"
        gsi[11:16] = b"100EN"
        gsi[238:243] = b"%05d" % min(len(all_cues), 99999)
        gsi[253:255] = b"23"
        gsi[256:264] = b"00000000"
        e.write(gsi)
        for n, (start, end, lines) in enumerate(all_cues):
            text = bytearray(b"\x0d\x07\x0b\x0b" + (b"\x80" if italic(lines) else b""))
            for k, line in enumerate(plain_lines(lines)):
                if k:
                    text += b"\x8a\x8a\x0d\x07\x0b\x0b"
                text += bytes(c if c < 0x80 else 0x3F for c in line.encode("latin-1", "replace"))
            text = bytes(text[:112]).ljust(112, b"\x8f")
            e.write(struct.pack("<BHBB", 0, n & 0xFFFF, 0xFF, 0) + ebu_time(start) + ebu_time(end)
                    + bytes([22, 2, 0]) + text)


def sv_time(ms):
    return f"{ms // 3600000:02}:{ms // 60000 % 60:02}:{ms // 1000 % 60:02}.{ms % 1000 // 10:02}"


def tmp_time(ms):
    return f"{ms // 3600000:02}:{ms // 60000 % 60:02}:{ms // 1000 % 60:02}"


def spruce_time(ms):
    return f"{ms // 3600000:02}:{ms // 60000 % 60:02}:{ms // 1000 % 60:02}:{ms % 1000 * 25 // 1000:02}"


def ebu_time(ms):
    return bytes([ms // 3600000 % 24, ms // 60000 % 60, ms // 1000 % 60, ms % 1000 * 25 // 1000])


def odd(byte):
    return byte if bin(byte).count("1") % 2 else byte | 0x80


def scc_words(data):
    """Text as pairs of standard characters with parity."""
    data = data.encode("ascii")
    if len(data) % 2:
        data += b"\0"
    return [f"{odd(data[k]):02x}{odd(data[k + 1]):02x}" for k in range(0, len(data), 2)]


def scc_code(b1, b2):
    word = f"{odd(b1):02x}{odd(b2):02x}"
    return [word, word]


def df_timecode(frames):
    """Frames at 29.97 as a drop-frame timecode."""
    d, m = divmod(frames, 17982)
    if m > 1:
        frames += 18 * d + 2 * ((m - 2) // 1798)
    else:
        frames += 18 * d
    f = frames % 30
    s = frames // 30 % 60
    mi = frames // 1800 % 60
    h = frames // 108000
    return f"{h:02}:{mi:02}:{s:02};{f:02}"


def scc_film(path):
    words = ("the night was cold and the lighthouse keeper climbed the stairs again to watch "
             "for ships that never came while the radio hissed and the sea kept its counsel").split()
    RCL, EOC, EDM, ENM = scc_code(0x14, 0x20), scc_code(0x14, 0x2F), scc_code(0x14, 0x2C), scc_code(0x14, 0x2E)
    RU3, CR, RDC = scc_code(0x14, 0x26), scc_code(0x14, 0x2D), scc_code(0x14, 0x29)
    ITALICS, YELLOW = scc_code(0x11, 0x2E), scc_code(0x11, 0x2A)
    PAC14, PAC15 = scc_code(0x14, 0x52), scc_code(0x14, 0x72)     # rows 14 and 15, indent 4
    lines, frame, n = [], 30, 0

    def phrase(k, count):
        return " ".join(words[(k + i) % len(words)] for i in range(count))[:28]

    def line(at, pairs):
        lines.append(f"{df_timecode(at)}\t{' '.join(pairs)}")
        return at + len(pairs)

    hour = 107892
    while frame < hour:                                           # pop-on
        pairs = ENM + RCL + PAC14 + (ITALICS if n % 7 == 0 else YELLOW if n % 11 == 0 else []) + scc_words(phrase(n, 6)) \
            + PAC15 + scc_words(phrase(n + 3, 6)) + EDM + EOC
        end = line(frame, pairs)
        frame = max(end, frame + 120 + (n % 5) * 15)
        n += 1
    frame = line(frame, EDM)
    while frame < 2 * hour:                                       # roll-up, a stretch of paint-on
        if n % 200 < 20:
            pairs = RDC + (scc_code(0x14, 0x72) if n % 2 else scc_code(0x14, 0x52)) + scc_words(phrase(n, 5))
        else:
            pairs = RU3 + CR + PAC15 + scc_words(phrase(n, 5))
        end = line(frame, pairs)
        frame = max(end, frame + 60)
        n += 1
    line(frame, EDM)
    with open(path, "w") as f:
        f.write("Scenarist_SCC V1.0\n\n" + "\n\n".join(lines) + "\n")


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
    if len(sys.argv) == 3 and sys.argv[1] == "--scc-film":
        scc_film(sys.argv[2])
    else:
        main()
        youtube(sys.argv[1], sys.argv[2])
        if sys.argv[3:4] == ["film"]:
            write_film(sys.argv[1], sys.argv[2])
