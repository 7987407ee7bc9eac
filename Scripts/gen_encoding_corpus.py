#!/usr/bin/env python3
"""Generate the encoding detector's test corpus: Tests/Data/encodings/corpus/<sample>.<ENCODING>.srt.

Usage:
    python3 Scripts/gen_encoding_corpus.py

Each dialogue in Tests/Data/encodings/dialogue/ (UTF-8, one cue a line, written for the corpus and
kept apart from the detector's training text) becomes a small SubRip file in each code page its
language is written in, encoded by Python's codecs. The bytes are committed: the tests read them with
`--encoding` (the decoders must give back the dialogue) and without (the detector must choose a code
page that gives it back). Deterministic; Python 3 standard library only.
"""

from __future__ import annotations

import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DIALOGUE = os.path.join(ROOT, "Tests", "Data", "encodings", "dialogue")
CORPUS = os.path.join(ROOT, "Tests", "Data", "encodings", "corpus")

# Language -> (ghostpipe name, Python codec) for every code page its files come in.
ENCODINGS = {
    "ko": [("CP949", "cp949")],
    "zh-hans": [("GBK", "gbk"), ("GB18030", "gb18030")],
    "zh-hant": [("Big5", "big5hkscs")],
    "ja": [("Shift_JIS", "cp932"), ("EUC-JP", "euc_jp")],
    "ru": [("CP1251", "cp1251"), ("KOI8-R", "koi8_r"), ("CP866", "cp866"), ("ISO-8859-5", "iso8859_5")],
    "uk": [("CP1251", "cp1251"), ("KOI8-U", "koi8_u")],
    "bg": [("CP1251", "cp1251")],
    "cs": [("CP1250", "cp1250"), ("ISO-8859-2", "iso8859_2")],
    "hu": [("CP1250", "cp1250"), ("ISO-8859-2", "iso8859_2")],
    "pl": [("CP1250", "cp1250"), ("ISO-8859-2", "iso8859_2")],
    "sk": [("CP1250", "cp1250"), ("ISO-8859-2", "iso8859_2")],
    "hr": [("CP1250", "cp1250"), ("ISO-8859-2", "iso8859_2")],
    "ro": [("CP1250", "cp1250")],
    "el": [("CP1253", "cp1253"), ("ISO-8859-7", "iso8859_7")],
    "tr": [("CP1254", "cp1254")],
    "he": [("CP1255", "cp1255"), ("ISO-8859-8", "iso8859_8")],
    "ar": [("CP1256", "cp1256")],
    "th": [("CP874", "cp874")],
    **{lang: [("CP1252", "cp1252")] for lang in ("en", "fr", "de", "es", "pt", "it", "sv", "da", "nl")},
}

# Legacy Romanian files use the cedilla letters (CP1250 has no comma-below ones).
SUBSTITUTE = {"ro": str.maketrans("șțȘȚ", "şţŞŢ")}


def srt(lines: list[str], newline: str) -> str:
    cues = []
    for k, line in enumerate(lines):
        start = 1 + 3 * k
        cues.append(f"{k + 1}{newline}00:00:{start:02},000 --> 00:00:{start + 2:02},500{newline}{line}{newline}")
    return newline.join(cues)


def main() -> None:
    os.makedirs(CORPUS, exist_ok=True)
    written = 0
    for name in sorted(os.listdir(DIALOGUE)):
        sample = name[:-4]
        language = sample.rsplit("-", 1)[0]
        with open(os.path.join(DIALOGUE, name), encoding="utf-8") as f:
            lines = [line for line in f.read().split("\n") if line]
        if language in SUBSTITUTE:
            lines = [line.translate(SUBSTITUTE[language]) for line in lines]
        for k, (encoding, codec) in enumerate(ENCODINGS[language]):
            text = srt(lines, "\r\n" if k % 2 == 0 else "\n")
            with open(os.path.join(CORPUS, f"{sample}.{encoding}.srt"), "wb") as f:
                f.write(text.encode(codec))
            written += 1
    print(f"wrote {written} files to {os.path.relpath(CORPUS, ROOT)}")


if __name__ == "__main__":
    main()
