#!/usr/bin/env python3
"""Generate Sources/GhostpipeCore/Input/CodePages/LanguageModels.generated.swift: the language models the
encoding detector scores candidate decodings with.

Usage:
    python3 Scripts/gen_language_models.py [--stdout] [--score FILE MODEL]

Training text: Scripts/language_models/training/<language>.txt, dialogue written for this purpose (UTF-8,
one utterance a line). It is kept apart from the test corpus (Tests/Data/encodings), on which the
detector's accuracy is measured.

Two kinds of model, both giving log P(text) in nats, so that any two readings of the same bytes can be
compared (a reading that makes three rare ideographs out of six bytes competes fairly with one that
makes six likely Cyrillic letters):

- alphabetic (Latin, Cyrillic, Greek, Hebrew, Arabic, Thai scripts): a letter bigram model. Symbols are
  the language's letters (case folded) plus classes SPACE, DIGIT, PUNCT, LETTER (a letter of another
  alphabet) and OTHER; P(symbol | previous) is interpolated with the unigram (Witten-Bell). A member of
  a class shares the class's probability (LETTER: 1/500, OTHER: 1/2000 each, PUNCT 1/40, DIGIT 1/10).
  A small table adds P(case | previous letter's case), so "пРИВЕТ" (KOI8-R read as CP1251) costs.
- ideographic (Chinese, Japanese, Korean): a bigram of character categories (SPACE, DIGIT, PUNCT, LATIN,
  CJKPUNCT, HAN, HANGUL, HIRAGANA, KATAKANA, OTHER) times P(character | category): seen characters by
  their counts (absolute discounting), unseen ones share the rest, 85 % of it over the language's
  common set (computed at run time from the code page tables: GB2312 level 1, Big5 level 1, JIS X 0208
  level 1, KS X 1001 Hangul) and 15 % over the whole category.

Every model also records `typical`: its mean log-probability per character on text it has not seen
(two-fold: each half of the training text scored by a model of the other half), against which the
detector judges whether its best reading is plausible at all.

Log-probabilities are stored quantized: one character of BASE64 per value, -log P in thirds of a nat
(0-63, so at most 21 nats). Deterministic; Python 3 standard library only.
"""

from __future__ import annotations

import argparse
import math
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TRAINING = os.path.join(ROOT, "Scripts", "language_models", "training")
OUTPUT = "Sources/GhostpipeCore/Input/CodePages/LanguageModels.generated.swift"

BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
STEPS = 3  # quantization steps per nat

# Language code, what it is, model kind. The order is the order in the generated file.
LANGUAGES = [
    ("en", "English", "alphabetic"), ("fr", "French", "alphabetic"), ("de", "German", "alphabetic"),
    ("es", "Spanish", "alphabetic"), ("pt", "Portuguese", "alphabetic"), ("it", "Italian", "alphabetic"),
    ("nl", "Dutch", "alphabetic"), ("sv", "Swedish", "alphabetic"), ("da", "Danish", "alphabetic"),
    ("cs", "Czech", "alphabetic"), ("sk", "Slovak", "alphabetic"), ("pl", "Polish", "alphabetic"),
    ("hu", "Hungarian", "alphabetic"), ("hr", "Croatian", "alphabetic"), ("sl", "Slovenian", "alphabetic"),
    ("ro", "Romanian", "alphabetic"),
    ("ru", "Russian", "alphabetic"), ("uk", "Ukrainian", "alphabetic"), ("bg", "Bulgarian", "alphabetic"),
    ("el", "Greek", "alphabetic"), ("tr", "Turkish", "alphabetic"), ("he", "Hebrew", "alphabetic"),
    ("ar", "Arabic", "alphabetic"), ("th", "Thai", "alphabetic"),
    ("ko", "Korean", "ideographic"), ("zh-hans", "Simplified Chinese", "ideographic"),
    ("zh-hant", "Traditional Chinese", "ideographic"), ("ja", "Japanese", "ideographic"),
]

# --- Character kinds: the same rules as LanguageModel.swift ----------------------------------------

SPACE, DIGIT, PUNCT, LETTER, OTHER = "SPACE", "DIGIT", "PUNCT", "LETTER", "OTHER"
LATIN, CJKPUNCT, HAN, HANGUL, HIRAGANA, KATAKANA = "LATIN", "CJKPUNCT", "HAN", "HANGUL", "HIRAGANA", "KATAKANA"
INVALID = "INVALID"
CATEGORIES = [SPACE, DIGIT, PUNCT, LATIN, CJKPUNCT, HAN, HANGUL, HIRAGANA, KATAKANA, OTHER]
ALPHABETIC_CLASSES = [SPACE, DIGIT, PUNCT, LETTER, OTHER]
CLASS_SIZE = {SPACE: 1, DIGIT: 10, PUNCT: 40, LETTER: 500, OTHER: 2000, LATIN: 52}
UNSEEN_POOL = {HAN: 20000, HANGUL: 11172, HIRAGANA: 96, KATAKANA: 112, CJKPUNCT: 300}
INVALID_COST = 20.0  # nats for U+FFFD (a byte the code page does not map) or a control character
COMMON_SHARE = 0.85
DISCOUNT = 0.5

LETTER_RANGES = [(0xC0, 0xD6), (0xD8, 0xF6), (0xF8, 0x24F), (0x370, 0x3FF), (0x400, 0x52F), (0x531, 0x587),
                 (0x5D0, 0x5F2), (0x620, 0x64A), (0x66E, 0x6D3), (0xE01, 0xE3A), (0xE40, 0xE4E), (0x1E00, 0x1FFF)]


def in_ranges(cp: int, ranges) -> bool:
    return any(lo <= cp <= hi for lo, hi in ranges)


def basic_kind(cp: int) -> str:
    """SPACE, DIGIT, PUNCT, INVALID, ascii letters as LATIN, or a finer kind for the rest."""
    if cp in (0x20, 0x09, 0x0A, 0x0D, 0xA0):
        return SPACE
    if 0x30 <= cp <= 0x39:
        return DIGIT
    if cp == 0xFFFD or cp < 0x20 or 0x7F <= cp <= 0x9F:
        return INVALID
    if 0x41 <= cp <= 0x5A or 0x61 <= cp <= 0x7A:
        return LATIN
    if cp < 0x80 or 0x2010 <= cp <= 0x2027 or cp in (0xAB, 0xBB, 0xA1, 0xBF, 0xB7, 0x2039, 0x203A):
        return PUNCT
    if 0x3400 <= cp <= 0x4DBF or 0x4E00 <= cp <= 0x9FFF or 0xF900 <= cp <= 0xFAFF or 0x20000 <= cp <= 0x3FFFF:
        return HAN
    if 0xAC00 <= cp <= 0xD7A3:
        return HANGUL
    if 0x3041 <= cp <= 0x309F:
        return HIRAGANA
    if 0x30A0 <= cp <= 0x30FF or 0x31F0 <= cp <= 0x31FF or 0xFF66 <= cp <= 0xFF9F:
        return KATAKANA
    if 0x3000 <= cp <= 0x303F or 0xFF01 <= cp <= 0xFF65 or 0xFE30 <= cp <= 0xFE4F:
        return CJKPUNCT
    if in_ranges(cp, LETTER_RANGES):
        return LETTER
    return OTHER


def category(cp: int) -> str:
    """The ideographic models' category."""
    kind = basic_kind(cp)
    return OTHER if kind == LETTER else kind


def fold(ch: str) -> str:
    """Case folding as the Swift side does it: the generated tables list both cases explicitly."""
    lower = ch.lower()
    return lower if len(lower) == 1 else ch


def training_lines(text: str):
    """Every line of the training text (the detector scores only lines with a byte outside ASCII, as
    the others read the same in every code page; the models learn from all)."""
    return [line for line in text.split("\n") if line]


def q(logp: float) -> int:
    return max(0, min(63, round(-logp * STEPS)))


def dq(value: int) -> float:
    return -value / STEPS


# --- Alphabetic models ---------------------------------------------------------------------------------


class Alphabetic:
    def __init__(self, code: str, text: str):
        self.code = code
        letters: dict[str, int] = {}
        for ch in text:
            if basic_kind(ord(ch)) in (LATIN, LETTER):
                letters[fold(ch)] = letters.get(fold(ch), 0) + 1
        if any(basic_kind(ord(c)) == LATIN for c in letters) or code in ("en",):
            for c in "abcdefghijklmnopqrstuvwxyz":
                letters.setdefault(c, 0)
        # Letters in order of frequency (ties by code point), then the classes.
        self.letters = sorted(letters, key=lambda c: (-letters[c], ord(c)))
        self.symbols = self.letters + ALPHABETIC_CLASSES
        self.index = {c: k for k, c in enumerate(self.letters)}
        # Both cases map to a letter: upper-case forms are listed separately.
        self.upper = []
        for c in self.letters:
            u = c.upper()
            self.upper.append(u if len(u) == 1 and fold(u) == c else c)
        n = len(self.symbols)
        counts = [[0] * n for _ in range(n)]
        unigram = [0] * n
        case = [[0, 0] for _ in range(3)]
        for line in training_lines(text):
            prev = self.symbol_of(" ")
            prev_case = 0
            for ch in line:
                s = self.symbol_of(ch)
                if s is None:
                    continue
                counts[prev][s] += 1
                unigram[s] += 1
                now = self.case_of(ch, s)
                if now:
                    case[prev_case][now - 1] += 1
                prev_case = now
                prev = s
        total = sum(unigram)
        p_uni = [(unigram[s] + 0.5) / (total + 0.5 * n) for s in range(n)]
        self.bigram = []
        for p in range(n):
            c_p = sum(counts[p])
            types = sum(1 for x in counts[p] if x)
            lam = c_p / (c_p + types) if c_p else 0.0
            row = []
            for s in range(n):
                ml = counts[p][s] / c_p if c_p else 0.0
                row.append(q(math.log(lam * ml + (1 - lam) * p_uni[s])))
            self.bigram.append(row)
        self.case = [[q(math.log((case[p][k] + 0.5) / (sum(case[p]) + 1.0))) for k in range(2)] for p in range(3)]
        self.typical = self.mean_logp(text)

    def case_of(self, ch: str, s: int) -> int:
        """0 for no case (a class, or a letter whose two forms are one), 1 lower, 2 upper."""
        if s >= len(self.letters) or self.letters[s] == self.upper[s]:
            return 0
        return 1 if ch == self.letters[s] else 2

    def symbol_of(self, ch: str):
        cp = ord(ch)
        kind = basic_kind(cp)
        if kind == INVALID:
            return None
        k = self.index.get(fold(ch))
        if k is not None:
            return k
        if kind == LATIN:
            kind = LETTER
        if kind not in ALPHABETIC_CLASSES:
            kind = LETTER if kind in (HAN, HANGUL, HIRAGANA, KATAKANA) else OTHER
        return len(self.letters) + ALPHABETIC_CLASSES.index(kind)

    def score_line(self, line: str) -> tuple[float, int]:
        total, count = 0.0, 0
        prev = self.symbol_of(" ")
        prev_case = 0
        for ch in line:
            count += 1
            s = self.symbol_of(ch)
            if s is None:
                total -= INVALID_COST
                continue
            total += dq(self.bigram[prev][s])
            if s >= len(self.letters):
                total -= math.log(CLASS_SIZE[self.symbols[s]])
            now = self.case_of(ch, s)
            if now:
                total += dq(self.case[prev_case][now - 1])
            prev_case = now
            prev = s
        return total, count

    def mean_logp(self, text: str) -> float:
        total, count = 0.0, 0
        for line in training_lines(text):
            t, c = self.score_line(line)
            total += t
            count += c
        return total / max(1, count)

    def swift(self, name: str, what: str) -> list[str]:
        return [
            f"    /// {what}: {len(self.letters)} letters, bigrams over them and {len(ALPHABETIC_CLASSES)} classes.",
            f"    static let {name} = AlphabeticModel(",
            f'        language: "{what}",',
            f"        lower: {swift_string(self.letters)},",
            f"        upper: {swift_string(self.upper)},",
            f'        bigram: "{"".join(BASE64[v] for row in self.bigram for v in row)}",',
            f'        caseTransitions: "{"".join(BASE64[v] for row in self.case for v in row)}",',
            f"        typical: {self.typical:.3f})",
            "",
        ]


# --- Ideographic models --------------------------------------------------------------------------------


def common_set(code: str) -> set[int]:
    """The characters a language's own code page lists as its common ones (the level-1 sets)."""
    out: set[int] = set()

    def add(data: bytes, codec: str):
        try:
            s = data.decode(codec)
        except UnicodeDecodeError:
            return
        if len(s) == 1:
            out.add(ord(s))

    if code == "zh-hans":
        for lead in range(0xB0, 0xD8):
            for trail in range(0xA1, 0xFF):
                add(bytes([lead, trail]), "gb18030")
    elif code == "zh-hant":
        for lead in range(0xA4, 0xC7):
            trails = list(range(0x40, 0x7F)) + ([] if lead == 0xC6 else list(range(0xA1, 0xFF)))
            for trail in trails:
                add(bytes([lead, trail]), "big5hkscs")
    elif code == "ja":
        for lead in range(0xB0, 0xD0):
            for trail in range(0xA1, 0xFF):
                add(bytes([lead, trail]), "euc_jp")
    elif code == "ko":
        for lead in range(0xB0, 0xC9):
            for trail in range(0xA1, 0xFF):
                add(bytes([lead, trail]), "cp949")
    return out


class Ideographic:
    def __init__(self, code: str, text: str):
        self.code = code
        n = len(CATEGORIES)
        counts = [[0] * n for _ in range(n)]
        chars: dict[str, dict[int, int]] = {c: {} for c in UNSEEN_POOL}
        for line in training_lines(text):
            prev = CATEGORIES.index(SPACE)
            for ch in line:
                cat = category(ord(ch))
                if cat == INVALID:
                    continue
                c = CATEGORIES.index(cat)
                counts[prev][c] += 1
                if cat in chars:
                    chars[cat][ord(ch)] = chars[cat].get(ord(ch), 0) + 1
                prev = c
        self.bigram = []
        for p in range(n):
            total = sum(counts[p])
            self.bigram.append([q(math.log((counts[p][c] + 0.5) / (total + 0.5 * n))) for c in range(n)])
        common = common_set(code)
        # Per category: seen characters with their discounted log-probability, and the unseen shares.
        self.known: list[tuple[int, int]] = []  # (code point, quantized -log P(c | category))
        self.unseen: dict[str, tuple[int, int]] = {}  # category -> (q common, q other)
        for cat, seen in chars.items():
            total = sum(seen.values())
            if total == 0:
                self.unseen[cat] = (q(math.log(1 / UNSEEN_POOL[cat])), q(math.log(1 / UNSEEN_POOL[cat])))
                continue
            for cp, count in sorted(seen.items(), key=lambda kv: (-kv[1], kv[0])):
                self.known.append((cp, q(math.log((count - DISCOUNT) / total))))
            alpha = DISCOUNT * len(seen) / total
            common_left = len(common - set(seen)) if cat in (HAN, HANGUL) else 0
            if common_left:
                self.unseen[cat] = (q(math.log(alpha * COMMON_SHARE / common_left)),
                                    q(math.log(alpha * (1 - COMMON_SHARE) / UNSEEN_POOL[cat])))
            else:
                p = math.log(alpha / UNSEEN_POOL[cat])
                self.unseen[cat] = (q(p), q(p))
        self.common = common
        self.known_map = dict(self.known)
        self.typical = self.mean_logp(text)

    def score_line(self, line: str) -> tuple[float, int]:
        total, count = 0.0, 0
        prev = CATEGORIES.index(SPACE)
        for ch in line:
            count += 1
            cp = ord(ch)
            cat = category(cp)
            if cat == INVALID:
                total -= INVALID_COST
                continue
            c = CATEGORIES.index(cat)
            total += dq(self.bigram[prev][c])
            if cat in self.unseen:
                if cp in self.known_map:
                    total += dq(self.known_map[cp])
                else:
                    common_q, other_q = self.unseen[cat]
                    total += dq(common_q if cp in self.common and cat in (HAN, HANGUL) else other_q)
            else:
                total -= math.log(CLASS_SIZE[cat])
            prev = c
        return total, count

    def mean_logp(self, text: str) -> float:
        total, count = 0.0, 0
        for line in training_lines(text):
            t, c = self.score_line(line)
            total += t
            count += c
        return total / max(1, count)

    def swift(self, name: str, what: str) -> list[str]:
        unseen = "".join(BASE64[self.unseen[c][k]] for c in [CJKPUNCT, HAN, HANGUL, HIRAGANA, KATAKANA] for k in (0, 1))
        lines = [
            f"    /// {what}: {len(self.known)} characters seen in training, categories {len(CATEGORIES)}x{len(CATEGORIES)}.",
            f"    static let {name} = IdeographicModel(",
            f'        language: "{what}",',
            f"        commonSet: .{name},",
            f'        categoryBigram: "{"".join(BASE64[v] for row in self.bigram for v in row)}",',
            f'        unseen: "{unseen}",',
            f"        known: {swift_string([chr(cp) for cp, _ in self.known])},",
            f'        knownCost: "{"".join(BASE64[v] for _, v in self.known)}",',
            f"        typical: {self.typical:.3f})",
            "",
        ]
        return lines


# --- Output ------------------------------------------------------------------------------------------


def swift_string(chars) -> str:
    out = []
    for ch in chars:
        cp = ord(ch)
        # Letters and ideographs as themselves; marks, quotes and anything else escaped.
        if basic_kind(cp) in (LATIN, LETTER, HAN, HANGUL, HIRAGANA, KATAKANA) and not (0x300 <= cp <= 0x36F) \
                and not (0xE31 == cp or 0xE34 <= cp <= 0xE3A or 0xE47 <= cp <= 0xE4E) and not (0xF900 <= cp <= 0xFAFF):
            out.append(ch)
        else:
            out.append("\\u{%X}" % cp)
    return '"' + "".join(out) + '"'


def swift_name(code: str) -> str:
    return {"zh-hans": "simplifiedChinese", "zh-hant": "traditionalChinese"}.get(code, code)


def build(code: str, kind: str):
    with open(os.path.join(TRAINING, code + ".txt"), encoding="utf-8") as f:
        text = f.read()
    make = Alphabetic if kind == "alphabetic" else Ideographic
    model = make(code, text)
    # `typical` is measured on text the model has not seen (two-fold: each half scored by a model of the
    # other), as the detector will see it: on its own training text a model is too sure of itself.
    lines = training_lines(text)
    halves = ["\n".join(lines[0::2]), "\n".join(lines[1::2])]
    total, count = 0.0, 0
    for train, test in ((halves[0], halves[1]), (halves[1], halves[0])):
        held_out = make(code, train)
        for line in training_lines(test):
            t, c = held_out.score_line(line)
            total += t
            count += c
    model.typical = total / max(1, count)
    return model


def generate() -> str:
    out = [
        "// Generated by Scripts/gen_language_models.py from Scripts/language_models/training — do not edit.",
        "// Regenerate: python3 Scripts/gen_language_models.py; a test checks this file matches.",
        "//",
        "// Log-probabilities are BASE64 digits: -log P in thirds of a nat. `typical` is a model's mean",
        "// log-probability per character on text it was not trained on (two-fold).",
        "",
        "enum LanguageModels {",
    ]
    for code, what, kind in LANGUAGES:
        out += build(code, kind).swift(swift_name(code), what)
    out[-1:] = ["}", ""]
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--stdout", action="store_true", help="print the Swift source instead of writing it")
    parser.add_argument("--score", nargs=2, metavar=("FILE", "LANGUAGE"),
                        help="print the mean log-probability per character of FILE's lines under a model")
    args = parser.parse_args()
    if args.score:
        path, code = args.score
        kind = dict((c, k) for c, _, k in LANGUAGES)[code]
        model = build(code, kind)
        with open(path, encoding="utf-8") as f:
            print(f"{model.mean_logp(f.read()):.3f} (typical {model.typical:.3f})")
        return
    source = generate()
    if args.stdout:
        sys.stdout.write(source)
    else:
        with open(os.path.join(ROOT, OUTPUT), "w", encoding="utf-8") as f:
            f.write(source)
        print(f"wrote {OUTPUT} ({len(source.encode())} bytes)")


if __name__ == "__main__":
    main()
