#!/usr/bin/env python3
"""Generate Sources/GhostpipeCore/Input/CodePages/CodePageTables.generated.swift from glibc's charmaps.

Usage:
    python3 Scripts/gen_code_pages.py [--stdout] [CHARMAP_DIR]
    python3 Scripts/gen_code_pages.py --pairs [CHARMAP_DIR]

CHARMAP_DIR defaults to /usr/share/i18n/charmaps (Debian's `locales` package installs the gzipped
charmaps there; `.ci/run` installs it). With --stdout the Swift source is printed instead of written;
the test suite uses that to check the committed file is exactly what this script produces. With
--pairs it prints every byte sequence each built-in encoding maps, as `NAME<TAB>hex bytes<TAB>hex code
points`, straight from the charmaps: the tests decode them all with ghostpipe's decoders.

What is generated (ghostpipe decodes with these tables; it never calls iconv):

- single-byte code pages: the upper half (0x80-0xFF) of each, as a string of 128 characters
  (the lower half must be ASCII, which is checked);
- double-byte code pages: one string per lead byte, one character per trail byte from the
  table's first trail byte on; a row ends early when the rest of it is unmapped;
- GB18030's four-byte sequences in the Basic Multilingual Plane, as ranges (pointer, first code point)
  within which both grow together; the charmap's supplementary-plane sequences (it lists the assigned
  ones) are checked to follow the one linear rule the decoder uses for all;
- Big5-HKSCS's four sequences that decode to two code points (commented out in the charmap).

Unmapped positions hold U+FFFD, which no code page maps to. A character is written as itself when it
is a letter, ideograph or symbol of a block listed in GRAPHIC (so the tables can be read, and checked
against a code chart), and as `\\u{X}` otherwise (controls, marks, spaces, compatibility ideographs, which
an editor might join or normalise): the decision depends on this script only, not on the Python version.

Deterministic: the output depends only on the charmaps. Python 3 standard library only.
"""

from __future__ import annotations

import argparse
import gzip
import os
import re
import sys

OUTPUT = "Sources/GhostpipeCore/Input/CodePages/CodePageTables.generated.swift"

# Swift name, charmap, what it is. The order is the order in the generated file.
SINGLE_BYTE = [
    ("cp1250", "CP1250"), ("cp1251", "CP1251"), ("cp1252", "CP1252"), ("cp1253", "CP1253"),
    ("cp1254", "CP1254"), ("cp1255", "CP1255"), ("cp1256", "CP1256"), ("cp1257", "CP1257"),
    ("cp1258", "CP1258"),
    # ISO-8859-1 and ISO-8859-9 are read as CP1252 and CP1254 (as browsers do): the same letters.
    ("iso8859_2", "ISO-8859-2"), ("iso8859_3", "ISO-8859-3"),
    ("iso8859_4", "ISO-8859-4"), ("iso8859_5", "ISO-8859-5"), ("iso8859_6", "ISO-8859-6"),
    ("iso8859_7", "ISO-8859-7"), ("iso8859_8", "ISO-8859-8"),
    ("iso8859_10", "ISO-8859-10"), ("iso8859_13", "ISO-8859-13"), ("iso8859_14", "ISO-8859-14"),
    ("iso8859_15", "ISO-8859-15"), ("iso8859_16", "ISO-8859-16"),
    ("koi8r", "KOI8-R"), ("koi8u", "KOI8-U"), ("cp866", "IBM866"), ("cp874", "IBM874"),
    # The IBM PC's own: ANSI art's shading blocks and box drawing.
    ("cp437", "IBM437"),
    # ISO 6937 (EBU STL's Latin table): its spacing characters; the accents 0xC1-0xCF alone.
    ("iso6937", "ISO_6937"),
]

# Swift name, charmap, lead bytes, trail bytes, which byte sequences belong to the table.
DOUBLE_BYTE = [
    ("cp949", "CP949", (0x81, 0xFE), (0x41, 0xFE), lambda b: len(b) == 2),
    ("gb18030", "GB18030", (0x81, 0xFE), (0x40, 0xFE), lambda b: len(b) == 2),
    ("big5hkscs", "BIG5-HKSCS", (0x87, 0xFE), (0x40, 0xFE), lambda b: len(b) == 2),
    ("cp932", "WINDOWS-31J", (0x81, 0xFC), (0x40, 0xFC), lambda b: len(b) == 2),
    # EUC-JP: JIS X 0208 as two bytes A1-FE; JIS X 0212 after the 0x8F prefix.
    ("jis0208", "EUC-JP", (0xA1, 0xFE), (0xA1, 0xFE), lambda b: len(b) == 2 and b[0] >= 0xA1),
    ("jis0212", "EUC-JP", (0xA1, 0xFE), (0xA1, 0xFE), lambda b: len(b) == 3 and b[0] == 0x8F),
    # ISO 6937: an accent 0xC1-0xCF before a letter makes the accented letter.
    ("iso6937Accented", "ISO_6937", (0xC1, 0xCF), (0x20, 0x7A), lambda b: len(b) == 2),
]

# Blocks whose assigned characters are all visible on their own (no marks, spaces, controls or
# canonical singletons): such characters are written as themselves.
GRAPHIC = [
    (0x00A1, 0x00AC), (0x00AE, 0x02AF), (0x0370, 0x0377), (0x037A, 0x037F), (0x0384, 0x03FF),
    (0x0400, 0x0482), (0x048A, 0x052F), (0x05D0, 0x05EA), (0x05F0, 0x05F4),
    (0x0621, 0x064A), (0x0660, 0x066F), (0x0671, 0x06D5),
    (0x0E01, 0x0E30), (0x0E32, 0x0E33), (0x0E3F, 0x0E46), (0x0E4F, 0x0E5B),
    (0x1E00, 0x1EFF), (0x2010, 0x2027), (0x2030, 0x205E), (0x2070, 0x20CF), (0x2100, 0x2BFF),
    (0x2E80, 0x2FDF), (0x3001, 0x3029), (0x3030, 0x303F), (0x3041, 0x3096), (0x309B, 0x30FF),
    (0x3105, 0x312F), (0x3131, 0x318E), (0x3190, 0x33FF), (0x3400, 0x4DBF), (0x4E00, 0x9FFF),
    (0xAC00, 0xD7A3), (0xFE30, 0xFE4F), (0xFF01, 0xFF9F), (0xFFA1, 0xFFEE), (0x20000, 0x2F7FF),
    (0x30000, 0x3134F),
]
# Within those blocks, characters with a canonical singleton decomposition (NFC would change them).
NOT_GRAPHIC = {0x0374, 0x037E, 0x0387, 0x2126, 0x212A, 0x212B, 0x2329, 0x232A}
NOT_GRAPHIC_RANGES = [(0x1F71, 0x1FFD), (0x2000, 0x200F), (0x20D0, 0x20FF)]


def fail(message: str) -> None:
    print(f"gen_code_pages.py: {message}", file=sys.stderr)
    sys.exit(1)


LINE = re.compile(r"^(%?)((?:<U[0-9A-F]+>)+)(?:\.\.<U([0-9A-F]+)>)?\s+((?:/x[0-9a-fA-F]{2})+)")


def load(directory: str, name: str) -> tuple[dict[bytes, int], dict[bytes, list[int]]]:
    """A charmap's single-code-point mappings (the first for a byte sequence wins), and the
    commented-out multi-code-point ones."""
    path = os.path.join(directory, name + ".gz")
    try:
        with gzip.open(path, "rt", encoding="latin-1") as f:
            lines = f.read().splitlines()
    except OSError as e:
        fail(f"cannot read {path}: {e.strerror or e} (Debian: apt-get install locales)")
    mapping: dict[bytes, int] = {}
    sequences: dict[bytes, list[int]] = {}
    in_map = False
    for line in lines:
        if line.startswith("CHARMAP"):
            in_map = True
            continue
        if line.startswith("END CHARMAP"):
            break
        if not in_map:
            continue
        m = LINE.match(line)
        if not m:
            continue
        commented, scalars, range_end, byte_text = m.groups()
        code_points = [int(x, 16) for x in re.findall(r"<U([0-9A-F]+)>", scalars)]
        data = bytes(int(x, 16) for x in byte_text.split("/x")[1:])
        if commented:
            if len(code_points) == 2 and not range_end:
                sequences[data] = code_points
            continue
        if len(code_points) != 1:
            fail(f"{name}: unexpected mapping line {line!r}")
        if range_end:
            # <Uxxxx>..<Uyyyy> /x.. : consecutive code points on consecutive final bytes.
            first, last = code_points[0], int(range_end, 16)
            for k in range(last - first + 1):
                step = bytearray(data)
                step[-1] += k
                mapping.setdefault(bytes(step), first + k)
        else:
            mapping.setdefault(data, code_points[0])
    if not mapping:
        fail(f"{name}: no mappings found in {path}")
    return mapping, sequences


def graphic(cp: int) -> bool:
    if cp in NOT_GRAPHIC or any(lo <= cp <= hi for lo, hi in NOT_GRAPHIC_RANGES):
        return False
    return any(lo <= cp <= hi for lo, hi in GRAPHIC)


def swift_char(cp: int) -> str:
    return chr(cp) if graphic(cp) else "\\u{%X}" % cp


def swift_string(code_points: list[int]) -> str:
    return '"' + "".join(swift_char(cp) for cp in code_points) + '"'


def single_byte(directory: str, swift: str, charmap: str) -> list[str]:
    mapping, _ = load(directory, charmap)
    for b in range(0x80):
        if mapping.get(bytes([b])) != b:
            fail(f"{charmap}: byte 0x{b:02X} is not ASCII")
    high = [mapping.get(bytes([b]), 0xFFFD) for b in range(0x80, 0x100)]
    unmapped = sum(1 for cp in high if cp == 0xFFFD)
    return [
        f"    /// {charmap}: bytes 0x80-0xFF ({128 - unmapped} mapped).",
        f"    static let {swift} = SingleByteTable(upperHalf: {swift_string(high)})",
        "",
    ]


def double_byte(directory: str, swift: str, charmap: str, leads, trails, belongs) -> tuple[list[str], dict]:
    mapping, sequences = load(directory, charmap)
    rows = []
    count = 0
    for lead in range(leads[0], leads[1] + 1):
        row = []
        for trail in range(trails[0], trails[1] + 1):
            cp = 0xFFFD
            for data, value in ((bytes([lead, trail]), None), (bytes([0x8F, lead, trail]), None)):
                if belongs(data) and data in mapping:
                    cp = mapping[data]
            row.append(cp)
        while row and row[-1] == 0xFFFD:
            row.pop()
        count += sum(1 for cp in row if cp != 0xFFFD)
        rows.append(row)
    # Every mapping of the table's kind must be inside its lead and trail ranges.
    for data in mapping:
        if belongs(data):
            lead, trail = data[-2], data[-1]
            if not (leads[0] <= lead <= leads[1] and trails[0] <= trail <= trails[1]):
                fail(f"{charmap}: {data.hex()} is outside the table's ranges")
    lines = [
        f"    /// {charmap}: {count} two-byte characters; leads 0x{leads[0]:02X}-0x{leads[1]:02X}, "
        f"trails 0x{trails[0]:02X}-0x{trails[1]:02X}.",
        f"    static let {swift} = DoubleByteTable(leads: 0x{leads[0]:02X}...0x{leads[1]:02X}, "
        f"trails: 0x{trails[0]:02X}...0x{trails[1]:02X}, rows: [",
    ]
    for lead, row in zip(range(leads[0], leads[1] + 1), rows):
        lines.append(f"        {swift_string(row)},  // {lead:02X}")
    lines += ["    ])", ""]
    return lines, sequences


def gb18030_ranges(directory: str) -> list[str]:
    mapping, _ = load(directory, "GB18030")

    def pointer(b: bytes) -> int:
        return (((b[0] - 0x81) * 10 + (b[1] - 0x30)) * 126 + (b[2] - 0x81)) * 10 + (b[3] - 0x30)

    bmp = sorted((pointer(b), cp) for b, cp in mapping.items() if len(b) == 4 and cp < 0x10000)
    supplementary = [(pointer(b), cp) for b, cp in mapping.items() if len(b) == 4 and cp >= 0x10000]
    for p, cp in supplementary:
        if p - 189000 != cp - 0x10000:
            fail(f"GB18030: supplementary sequence at pointer {p} is not U+{cp:X} by the linear rule")
    if len(supplementary) < 0x10000:
        fail(f"GB18030: only {len(supplementary)} supplementary sequences")
    ranges = []  # [first pointer, its code point (0: unmapped), last pointer]
    for p, cp in bmp:
        if ranges and p - ranges[-1][0] == cp - ranges[-1][1] and p == ranges[-1][2] + 1:
            ranges[-1][2] = p
        else:
            if ranges and p != ranges[-1][2] + 1:
                # GB18030-2022 moved a few characters to two-byte codes: their old pointers map nothing.
                ranges.append([ranges[-1][2] + 1, 0, p - 1])
            ranges.append([p, cp, p])
    if ranges[0][0] != 0:
        fail("GB18030: the four-byte BMP sequences do not start at pointer 0")
    last = ranges[-1][2]
    lines = [
        f"    /// GB18030 four-byte sequences in the BMP: {len(bmp)} sequences as {len(ranges)} ranges "
        f"(pointer, first code point),",
        f"    /// pointers 0...{last}; a pointer maps to the code point of its range's start plus its offset in",
        "    /// it, or to nothing when that code point is 0.",
        "    static let gb18030Ranges: [(pointer: UInt32, codePoint: UInt32)] = [",
    ]
    pairs = [f"({p}, 0x{cp:04X})" for p, cp, _ in ranges]
    for k in range(0, len(pairs), 8):
        lines.append("        " + ", ".join(pairs[k:k + 8]) + ",")
    lines += ["    ]", f"    static let gb18030LastBMPPointer: UInt32 = {last}", ""]
    return lines


def generate(directory: str) -> str:
    out = [
        "// Generated by Scripts/gen_code_pages.py from glibc's charmaps (Debian package `locales`) — do not edit.",
        "// Regenerate: python3 Scripts/gen_code_pages.py [path/to/charmaps]; a test checks this file matches.",
        "//",
        "// Each table is a `static let`: built from its strings the first time a decoder needs it, so UTF-8",
        "// input never pays for them. U+FFFD marks an unmapped position.",
        "",
        "enum CodePageTables {",
    ]
    for swift, charmap in SINGLE_BYTE:
        out += single_byte(directory, swift, charmap)
    big5_sequences = {}
    for swift, charmap, leads, trails, belongs in DOUBLE_BYTE:
        lines, sequences = double_byte(directory, swift, charmap, leads, trails, belongs)
        out += lines
        if swift == "big5hkscs":
            big5_sequences = sequences
    out += [
        "    /// Big5-HKSCS sequences that decode to two code points (a letter and a combining mark).",
        "    static let big5Pairs: [(bytes: UInt16, first: UInt32, second: UInt32)] = [",
    ]
    for data, (a, b) in sorted(big5_sequences.items()):
        out.append(f"        (0x{data.hex().upper()}, 0x{a:04X}, 0x{b:04X}),")
    out += ["    ]", ""]
    out += gb18030_ranges(directory)
    out[-1:] = ["}", ""]
    return "\n".join(out)


# Catalogue name, charmap, which of its byte sequences the decoder reads as the charmap says. The EUC-JP
# and Big5-HKSCS charmaps map single bytes 0x80-0x9F (or 0x80 alone) to C1 controls; the decoders, like
# browsers, read them as errors.
PAIRS = [(name, charmap, lambda b: True) for name, charmap in [
    ("CP1250", "CP1250"), ("CP1251", "CP1251"), ("CP1252", "CP1252"), ("CP1253", "CP1253"), ("CP1254", "CP1254"),
    ("CP1255", "CP1255"), ("CP1256", "CP1256"), ("CP1257", "CP1257"), ("CP1258", "CP1258"),
    ("ISO-8859-2", "ISO-8859-2"), ("ISO-8859-3", "ISO-8859-3"), ("ISO-8859-4", "ISO-8859-4"),
    ("ISO-8859-5", "ISO-8859-5"), ("ISO-8859-6", "ISO-8859-6"), ("ISO-8859-7", "ISO-8859-7"),
    ("ISO-8859-8", "ISO-8859-8"), ("ISO-8859-10", "ISO-8859-10"), ("ISO-8859-13", "ISO-8859-13"),
    ("ISO-8859-14", "ISO-8859-14"), ("ISO-8859-15", "ISO-8859-15"), ("ISO-8859-16", "ISO-8859-16"),
    ("KOI8-R", "KOI8-R"), ("KOI8-U", "KOI8-U"), ("CP866", "IBM866"), ("CP874", "IBM874"),
    ("CP949", "CP949"), ("GBK", "GBK"), ("GB18030", "GB18030"), ("Shift_JIS", "WINDOWS-31J"),
]] + [(name, charmap, lambda b: not (len(b) == 1 and b[0] >= 0x80))
      for name, charmap in [("Big5", "BIG5-HKSCS"), ("EUC-JP", "EUC-JP")]]


def pairs(directory: str) -> str:
    out = []
    for name, charmap, wanted in PAIRS:
        mapping, sequences = load(directory, charmap)
        for data, cp in sorted(mapping.items()):
            # GB18030's supplementary planes follow one rule: every 97th code point is enough.
            if wanted(data) and (len(data) < 4 or cp < 0x10000 or cp % 97 == 0):
                out.append(f"{name}\t{data.hex()}\t{cp:x}")
        for data, cps in sorted(sequences.items()):
            out.append(f"{name}\t{data.hex()}\t{' '.join(f'{cp:x}' for cp in cps)}")
    return "\n".join(out) + "\n"


def main() -> None:
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--stdout", action="store_true", help="print the Swift source instead of writing it")
    parser.add_argument("--pairs", action="store_true", help="print every mapping of every built-in encoding")
    parser.add_argument("charmaps", nargs="?", default="/usr/share/i18n/charmaps")
    args = parser.parse_args()
    if args.pairs:
        sys.stdout.write(pairs(args.charmaps))
        return
    source = generate(args.charmaps)
    if args.stdout:
        sys.stdout.write(source)
    else:
        path = os.path.join(root, OUTPUT)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(source)
        print(f"wrote {OUTPUT} ({len(source.encode())} bytes)")


if __name__ == "__main__":
    main()
