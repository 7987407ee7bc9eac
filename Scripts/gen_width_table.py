#!/usr/bin/env python3
"""Generate Sources/GhostpipeCore/Text/WidthTable.generated.swift from the Unicode Character Database.

Usage:
    python3 Scripts/gen_width_table.py [--stdout] [UCD_DIR]

UCD_DIR defaults to Tests/Data/unicode/ucd-17.0.0 in the repository (the data is committed there, with
its licence one level up). With --stdout the Swift source is printed instead of written;
the test suite uses that to check the committed file is exactly what this script produces.

The output follows the `wcwidth` specification (Python wcwidth 0.7.0), whose per-scalar rules are:

    0  C0/C1 controls and DEL (wcwidth says -1; ghostpipe strips them before measuring), and
       general categories Mn, Me, Mc, Zl, Zp, Cf (except Prepended_Concatenation_Mark and U+00AD SOFT
       HYPHEN, which print), Default_Ignorable_Code_Point, Hangul_Syllable_Type V and T (medial and final
       jamo join a leading jamo). U+115F HANGUL CHOSEONG FILLER is default-ignorable but a leading jamo
       (L): it stays wide.
    2  East_Asian_Width W or F, and Emoji_Presentation (adds the 26 regional indicators, EAW=N).
    1  everything else.

Spacing marks (Mc) get their own class: 0 on their own, +1 after a base (the cluster rules in
DisplayWidth.swift). The other properties the cluster rules need are emitted as sorted range tables.

Deterministic: the output depends only on the data files (no dates, no environment).
Python 3 standard library only.
"""

from __future__ import annotations

import argparse
import os
import re
import sys

# Class values stored in the trie (2 bits each).
ZERO, NARROW, WIDE, SPACING_MARK = 0, 1, 2, 3

# Trie geometry: stage 1 maps (code point >> SHIFT) to a block number; stage 2 holds the blocks, four
# 2-bit classes per byte. 256-code-point blocks give the smallest total here (~11 KB, fits in L1).
SHIFT = 8
BLOCK = 1 << SHIFT
MAX_CP = 0x10FFFF

# Viramas after which the wcwidth specification joins a following consonant into one conjunct (its
# Indic_Syllabic_Category=Virama list in wcwidth/_constants.py). IndicSyllabicCategory.txt is not part of
# the data set, and this list is the specification's choice rather than a UCD property, so it is spelt
# out here.
SPEC_VIRAMAS = [
    0x094D, 0x09CD, 0x0A4D, 0x0ACD, 0x0B4D, 0x0BCD, 0x0C4D, 0x0CCD, 0x0D4D, 0x0DCA, 0x1B44, 0xA806,
    0xA8C4, 0xA9C0, 0x11046, 0x110B9, 0x111C0, 0x11235, 0x1134D, 0x11442, 0x114C2, 0x115BF, 0x1163F,
    0x116B6, 0x11839, 0x119E0, 0x11C3F,
]

UCD_FILES = [
    "EastAsianWidth.txt",
    "extracted/DerivedGeneralCategory.txt",
    "DerivedCoreProperties.txt",
    "PropList.txt",
    "HangulSyllableType.txt",
]
EMOJI_FILES = [
    "emoji/emoji-data.txt",
    "emoji/emoji-variation-sequences.txt",
]


def fail(message: str) -> None:
    print(f"gen_width_table.py: {message}", file=sys.stderr)
    sys.exit(1)


def read_lines(path: str) -> list[str]:
    try:
        with open(path, encoding="utf-8") as f:
            return f.read().splitlines()
    except OSError as e:
        fail(f"cannot read {path}: {e.strerror}")
        raise  # unreachable; keeps type checkers quiet


def parse_range(field: str) -> tuple[int, int]:
    first, _, last = field.strip().partition("..")
    lo = int(first, 16)
    return lo, int(last, 16) if last else lo


def parse_property_file(path: str) -> dict[str, set[int]]:
    """Map 'Value' (or 'Property;Value' for multi-field lines) to the set of code points listed."""
    values: dict[str, set[int]] = {}
    for line in read_lines(path):
        data = line.split("#", 1)[0].strip()
        if not data:
            continue
        fields = [f.strip() for f in data.split(";")]
        lo, hi = parse_range(fields[0])
        values.setdefault(";".join(fields[1:]), set()).update(range(lo, hi + 1))
    return values


def east_asian_wide(path: str) -> set[int]:
    """W and F code points, honouring @missing defaults (older files left CJK blocks to them)."""
    value = ["N"] * (MAX_CP + 1)
    for line in read_lines(path):
        m = re.match(r"#\s*@missing:\s*([0-9A-Fa-f.]+)\s*;\s*(\w+)", line)
        if m:
            lo, hi = parse_range(m.group(1))
            value[lo:hi + 1] = [m.group(2)] * (hi - lo + 1)
    for key, cps in parse_property_file(path).items():
        for cp in cps:
            value[cp] = key
    return {cp for cp, v in enumerate(value) if v in ("W", "F")}


def file_header(path: str) -> tuple[str, str]:
    """(first line, Date line) of a UCD file, for provenance in the generated header."""
    lines = read_lines(path)
    first = lines[0].lstrip("# ").strip() if lines else ""
    date = next((l.lstrip("# ").strip() for l in lines[:5] if l.startswith("# Date:")), "")
    return first, date


def check_versions(ucd: str) -> str:
    """The UCD version all files agree on; refuse mixed or unrecognised data."""
    versions = set()
    for name in UCD_FILES:
        first, _ = file_header(os.path.join(ucd, name))
        m = re.search(r"-(\d+\.\d+\.\d+)\.txt$", first)
        if not m:
            fail(f"{name}: first line {first!r} does not name a version")
        versions.add(m.group(1))
    if len(versions) != 1:
        fail(f"UCD files disagree on their version: {sorted(versions)}")
    version = versions.pop()
    major_minor = ".".join(version.split(".")[:2])
    for name in EMOJI_FILES:
        lines = read_lines(os.path.join(ucd, name))
        found = next((l.split(":", 1)[1].strip() for l in lines[:10] if l.startswith("# Version:")), None)
        if found != major_minor:
            fail(f"{name}: emoji version {found!r} does not match UCD {version}")
    return version


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def ranges(cps: set[int]) -> list[tuple[int, int]]:
    out: list[list[int]] = []
    for cp in sorted(cps):
        if out and out[-1][1] == cp - 1:
            out[-1][1] = cp
        else:
            out.append([cp, cp])
    return [(lo, hi) for lo, hi in out]


def build(ucd: str) -> str:
    version = check_versions(ucd)
    join = os.path.join
    wide_eaw = east_asian_wide(join(ucd, "EastAsianWidth.txt"))
    gc = parse_property_file(join(ucd, "extracted/DerivedGeneralCategory.txt"))
    core = parse_property_file(join(ucd, "DerivedCoreProperties.txt"))
    props = parse_property_file(join(ucd, "PropList.txt"))
    hst = parse_property_file(join(ucd, "HangulSyllableType.txt"))
    emoji = parse_property_file(join(ucd, "emoji/emoji-data.txt"))

    def prop(table: dict[str, set[int]], key: str, source: str) -> set[int]:
        if key not in table:
            fail(f"{source}: no property {key!r}")
        return table[key]

    def cat(name: str) -> set[int]:
        return prop(gc, name, "DerivedGeneralCategory.txt")

    spacing_marks = cat("Mc")
    zero = (
        cat("Mn") | cat("Me") | cat("Zl") | cat("Zp")
        | (cat("Cf") - prop(props, "Prepended_Concatenation_Mark", "PropList.txt"))
        | prop(core, "Default_Ignorable_Code_Point", "DerivedCoreProperties.txt")
        | prop(hst, "V", "HangulSyllableType.txt") | prop(hst, "T", "HangulSyllableType.txt")
    )
    zero -= prop(hst, "L", "HangulSyllableType.txt")  # U+115F: a leading jamo, wide
    zero.discard(0x00AD)  # SOFT HYPHEN: terminals print a hyphen
    emoji_presentation = prop(emoji, "Emoji_Presentation", "emoji-data.txt")
    wide = wide_eaw | emoji_presentation

    classes = bytearray([NARROW]) * (MAX_CP + 1)
    for cp in wide:
        classes[cp] = WIDE
    for cp in zero:
        classes[cp] = ZERO
    for cp in spacing_marks:
        classes[cp] = SPACING_MARK  # Mc wins over W (U+302E, U+16FF0 are both), as in wcwidth
    for cp in list(range(0x00, 0x20)) + list(range(0x7F, 0xA0)):
        classes[cp] = ZERO  # C0, DEL, C1: stripped by the caller, never measured on a terminal

    # Narrow code points with an emoji presentation sequence: VS16 widens them to 2.
    vs16 = set()
    for line in read_lines(join(ucd, "emoji/emoji-variation-sequences.txt")):
        data = line.split("#", 1)[0]
        if "emoji style" in data:
            cps = data.split(";")[0].split()
            if len(cps) == 2 and cps[1].upper() == "FE0F":
                vs16.add(int(cps[0], 16))
    vs16_narrow = {cp for cp in vs16 if classes[cp] == NARROW}
    emoji_narrow = {cp for cp in prop(emoji, "Emoji", "emoji-data.txt") if classes[cp] == NARROW}
    if vs16_narrow != emoji_narrow:
        # Up to 17.0 the two agree; say so if a later version breaks that, the tests will tell which.
        print(f"gen_width_table.py: note: {len(vs16_narrow ^ emoji_narrow)} narrow code points differ "
              "between Emoji and emoji-variation-sequences.txt; using the variation sequences",
              file=sys.stderr)

    tables = [
        ("extendedPictographic",
         "Extended_Pictographic (emoji-data.txt): absorbs a following skin-tone modifier.",
         prop(emoji, "Extended_Pictographic", "emoji-data.txt")),
        ("regionalIndicator", "Regional_Indicator (PropList.txt): flag halves, paired left to right.",
         prop(props, "Regional_Indicator", "PropList.txt")),
        ("emojiModifier", "Emoji_Modifier (emoji-data.txt): the Fitzpatrick skin tones.",
         prop(emoji, "Emoji_Modifier", "emoji-data.txt")),
        ("vs16NarrowToWide",
         "Narrow, with an emoji presentation sequence (emoji-variation-sequences.txt): VS16 adds a column.",
         vs16_narrow),
        ("conjunctConsonant",
         "Indic_Conjunct_Break=Consonant (DerivedCoreProperties.txt): joins a conjunct after a virama.",
         prop(core, "InCB;Consonant", "DerivedCoreProperties.txt")),
        ("virama", "The wcwidth specification's conjunct-forming viramas (not a UCD property).",
         set(SPEC_VIRAMAS)),
    ]

    # Two-stage trie over the 2-bit classes.
    blocks: dict[bytes, int] = {}
    stage1: list[int] = []
    for start in range(0, MAX_CP + 1, BLOCK):
        block = bytes(classes[start:start + BLOCK])
        stage1.append(blocks.setdefault(block, len(blocks)))
    if len(blocks) > 256:
        fail(f"{len(blocks)} distinct blocks do not fit stage 1's UInt8")
    stage2 = bytearray()
    for block in blocks:  # insertion order = block number
        for i in range(0, BLOCK, 4):
            stage2.append(block[i] | block[i + 1] << 2 | block[i + 2] << 4 | block[i + 3] << 6)

    counts = {name: classes.count(value)
              for name, value in (("zero", ZERO), ("narrow", NARROW), ("wide", WIDE),
                                  ("spacing mark", SPACING_MARK))}

    out: list[str] = []
    w = out.append
    w(f"// Generated by Scripts/gen_width_table.py from Unicode {version} — do not edit.")
    w("// Regenerate: python3 Scripts/gen_width_table.py [path/to/ucd]; a test checks this file matches.")
    w("//")
    w("// Sources (Unicode Character Database and Unicode Emoji data files):")
    for name in UCD_FILES + EMOJI_FILES:
        first, date = file_header(join(ucd, name))
        w(f"//   {name}: {first}, {date}")
    w("//")
    w("// Per-scalar classes: " + ", ".join(f"{n} {c}" for n, c in counts.items())
      + " code points (rules in the generator's docstring).")
    w("//")
    license_path = os.path.normpath(join(ucd, "..", "LICENSE-Unicode-V3.txt"))
    license_lines = read_lines(license_path)
    w("// The data above is covered by the following notice (Unicode License v3):")
    w("//")
    for line in license_lines:
        w(f"//   {line}".rstrip())
    w("")
    w("/// Column-width data generated from the Unicode Character Database, and its lookups; read by")
    w("/// `DisplayWidth`. The lookups live here, beside the tables, so that the compiler sees the tables'")
    w("/// static initialisers and reads them directly (no lazy-initialisation check, no reference counting).")
    w("enum WidthTable {")
    w("    /// The Unicode version the tables were generated from.")
    w(f'    static let unicodeVersion = "{version}"')
    w("")
    w("    /// Classes returned by `widthClass`.")
    w(f"    static let zero: UInt32 = {ZERO}, narrow: UInt32 = {NARROW}, wide: UInt32 = {WIDE}, "
      f"spacingMark: UInt32 = {SPACING_MARK}")
    w("")
    w("    /// The class of a scalar value: zero width, narrow, wide, or spacing mark (0 alone, 1 after a base).")
    w("    /// A two-stage lookup: a block number from `stage1`, then four 2-bit classes per byte in `stage2`.")
    w("    @inline(__always)")
    w("    static func widthClass(_ scalar: UInt32) -> UInt32 {")
    w(f"        let high = Int(truncatingIfNeeded: scalar >> {SHIFT})")
    w("        guard high < stage1.count else { return narrow }  // beyond U+10FFFF: cannot come from a String")
    w(f"        let low = Int(truncatingIfNeeded: scalar & 0x{BLOCK - 1:X})")
    w(f"        let byte = stage2[Int(stage1[high]) << {SHIFT - 2} | low >> 2]")
    w("        return UInt32(truncatingIfNeeded: byte >> ((low & 3) << 1)) & 3")
    w("    }")
    for name, doc, cps in tables:
        pred = "is" + name[0].upper() + name[1:] if name != "vs16NarrowToWide" else "widensWithVS16"
        w("")
        w(f"    /// {doc}")
        w(f"    static func {pred}(_ scalar: UInt32) -> Bool {{ contains({name}, scalar) }}")
    w("")
    w("    /// Binary search of a sorted table of inclusive (first, last) pairs.")
    w("    private static func contains(_ table: [UInt32], _ scalar: UInt32) -> Bool {")
    w("        var low = 0")
    w("        var high = table.count / 2")
    w("        guard high > 0, scalar >= table[0], scalar <= table[table.count - 1] else { return false }")
    w("        while low < high {")
    w("            let mid = (low + high) / 2")
    w("            if scalar > table[2 * mid + 1] {")
    w("                low = mid + 1")
    w("            } else if scalar < table[2 * mid] {")
    w("                high = mid")
    w("            } else {")
    w("                return true")
    w("            }")
    w("        }")
    w("        return false")
    w("    }")
    w("")
    w(f"    /// Stage 1: the block number of each {BLOCK}-code-point block ({len(stage1)} bytes).")
    w("    private static let stage1: [UInt8] = [")
    for i in range(0, len(stage1), 16):
        w("        " + " ".join(f"0x{b:02X}," for b in stage1[i:i + 16]))
    w("    ]")
    w("")
    w(f"    /// Stage 2: {len(blocks)} distinct blocks of {BLOCK // 4} bytes, four 2-bit classes per byte, "
      f"lowest bits first ({len(stage2)} bytes).")
    w("    private static let stage2: [UInt8] = [")
    for i in range(0, len(stage2), 16):
        w("        " + " ".join(f"0x{b:02X}," for b in stage2[i:i + 16]))
    w("    ]")
    for name, doc, cps in tables:
        rs = ranges(cps)
        w("")
        w(f"    /// {name}: sorted inclusive (first, last) pairs, {plural(len(rs), 'range')}, "
          f"{plural(len(cps), 'code point')}.")
        w(f"    private static let {name}: [UInt32] = [")
        for i in range(0, len(rs), 4):
            w("        " + " ".join(f"0x{lo:05X}, 0x{hi:05X}," for lo, hi in rs[i:i + 4]))
        w("    ]")
    w("}")
    return "\n".join(out) + "\n"


def main() -> None:
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("ucd", nargs="?",
                        default=os.path.join(root, "Tests", "Data", "unicode", "ucd-17.0.0"),
                        help="UCD directory (default: Tests/Data/unicode/ucd-17.0.0)")
    parser.add_argument("--stdout", action="store_true", help="print the Swift source instead of writing it")
    args = parser.parse_args()
    if not os.path.isdir(args.ucd):
        fail(f"no UCD directory at {os.path.normpath(args.ucd)}")
    source = build(args.ucd)
    if args.stdout:
        sys.stdout.write(source)
        return
    target = os.path.join(root, "Sources", "GhostpipeCore", "Text", "WidthTable.generated.swift")
    with open(target, "w", encoding="utf-8", newline="\n") as f:
        f.write(source)
    print(f"wrote {os.path.relpath(target, root)}", file=sys.stderr)


if __name__ == "__main__":
    main()
