/// The one place that decides how many terminal columns text occupies.
///
/// Widths follow the `wcwidth` specification (Python `wcwidth` 0.7.0, whose `wcswidth` is the
/// `width_wcwidth` column of `Tests/Data/unicode/width-vectors.tsv`), computed from tables generated from
/// Unicode 17.0.0 (`WidthTable.generated.swift`), not from the stdlib's older Unicode properties:
///
/// - A scalar is 2 if East_Asian_Width is W or F (or it is a regional indicator); 0 if it is a
///   nonspacing, enclosing or spacing mark, a format character, a line/paragraph separator,
///   default-ignorable, or a medial/final Hangul jamo; 1 otherwise. U+00AD SOFT HYPHEN and the
///   prepended concatenation marks (U+0600…) print, so they are 1.
/// - In a cluster: U+FE0F after a narrow character that has an emoji presentation sequence adds 1
///   (`©️`, `1️⃣`, `❤️`); U+200D ZWJ hides the scalar after it (so a ZWJ emoji sequence is as wide as its
///   first emoji); a skin-tone modifier after a pictograph adds nothing; the second regional indicator
///   of a pair adds nothing (a flag is 2, a lone indicator is 2 too); a spacing mark right after a
///   base adds 1; a consonant joined by a virama forms one conjunct with its spacing vowel.
/// - C0 and C1 controls and DEL are 0 (the spec says -1; ghostpipe strips them from input before
///   layout, so there is nothing to measure). A tab is a control: the caller expands it.
///
/// Notable consequences of the spec, kept deliberately: `✌🏽` (narrow pictograph + skin tone, no
/// U+FE0F) is 1, `1⃣` (keycap without U+FE0F) is 1, a lone combining mark is 0, and `a` + skin tone is 3.
public enum DisplayWidth {
    /// The Unicode version the width tables were generated from.
    public static var unicodeVersion: String { WidthTable.unicodeVersion }

    /// Columns of one scalar on its own: 0, 1 or 2.
    ///
    /// Equal to `of(String(scalar))`. Spacing marks (Mc) are 0 here: they only take a column after a base.
    public static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
        width(ofLone: scalar.value)
    }

    /// Columns of one grapheme cluster (a `String`, `Substring` or other `StringProtocol` value).
    ///
    /// Measures the scalars with the specification's rules (see the type's documentation); for a string of
    /// several clusters this is the specification's `wcswidth` of the whole string, which can differ from
    /// the sum over its clusters where ZWJ or a spacing mark meets the next cluster (`a` ZWJ `b`).
    /// Layout should measure cluster by cluster. Allocation-free for native strings.
    @inlinable
    public static func of<S: StringProtocol>(_ cluster: S) -> Int {
        // Native strings are contiguous UTF-8: decode in place, one call, no per-scalar indexing.
        if let width = cluster.utf8.withContiguousStorageIfAvailable({ measure(utf8: $0) }) {
            return width
        }
        return of(scalars: cluster.unicodeScalars)
    }

    /// Columns of one `Character`: the same as `of(String(character))`, and the fastest entry point when
    /// laying out a string `Character` by `Character`.
    public static func of(_ character: Character) -> Int {
        of(scalars: character.unicodeScalars)
    }

    // MARK: - Implementation

    /// Width of UTF-8 bytes (a native string's storage). Malformed bytes, which `String` never holds,
    /// count as U+FFFD rather than trap.
    @usableFromInline
    static func measure(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
        if bytes.count == 1 {  // ASCII fast path: the commonest cluster by far
            let byte = bytes[0]
            return byte >= 0x20 && byte < 0x7F ? 1 : 0
        }
        var decoder = UTF8Sequence.Scalars(bytes: bytes)
        // One scalar (a Hangul syllable, CJK, a lone emoji: most clusters of more than a byte) is
        // one lookup, told by where the decoder stands after it.
        if let first = decoder.next(), decoder.index == bytes.count { return width(ofLone: first) }
        decoder.index = 0
        return measure(&decoder)
    }

    /// Width of a sequence of scalars, for entry points that are not contiguous UTF-8.
    @usableFromInline
    static func of<C: Sequence<Unicode.Scalar>>(scalars: C) -> Int {
        var values = ScalarValues(scalars: scalars.makeIterator())
        return measure(&values)
    }

    /// Scalar values of a scalar iterator (a plain wrapper: a lazy `map` here was not inlined).
    struct ScalarValues<Base: IteratorProtocol<Unicode.Scalar>>: IteratorProtocol {
        var scalars: Base

        @inline(__always)
        mutating func next() -> UInt32? { scalars.next()?.value }
    }

    /// The cluster rules over scalar values. A lone scalar (most clusters: CJK, Hangul syllables, single
    /// emoji) is one table lookup; longer clusters run the specification's state machine.
    @inline(__always)
    static func measure<I: IteratorProtocol<UInt32>>(_ scalars: inout I) -> Int {
        guard let first = scalars.next() else { return 0 }
        guard let second = scalars.next() else { return width(ofLone: first) }
        var meter = Meter()
        meter.feed(first)
        meter.feed(second)
        while let next = scalars.next() { meter.feed(next) }
        return meter.width
    }

    @inline(__always)
    static func width(ofLone scalar: UInt32) -> Int {
        if scalar < 0x7F { return scalar < 0x20 ? 0 : 1 }
        let c = WidthTable.widthClass(scalar)
        return c == WidthTable.spacingMark ? 0 : Int(c)
    }

    /// The specification's `wcswidth` as a state machine fed one scalar at a time.
    ///
    /// Mirrors `wcwidth/_wcswidth.py` (0.7.0) branch for branch, so that corner cases agree with the
    /// reference vectors; only controls differ (0 here, -1 for the whole string there).
    struct Meter {
        static let none = UInt32.max

        private(set) var total = 0
        /// The last scalar that took columns, while U+FE0F or a spacing mark may still widen it.
        private var base = Meter.none
        /// The last scalar that took columns (or closed a flag, or ended a conjunct), for skin tones.
        private var lastMeasured = Meter.none
        private var lastWasVirama = false
        /// A consonant joined by a virama whose column is owed unless a spacing vowel supplies it.
        private var conjunctPending = false
        /// Regional indicators immediately before the current scalar.
        private var indicatorRun = 0
        private var skipNext = false

        var width: Int { total + (conjunctPending ? 1 : 0) }

        mutating func feed(_ scalar: UInt32) {
            let isIndicator = scalar > 0xFFFF && WidthTable.isRegionalIndicator(scalar)
            let indicatorsBefore = indicatorRun
            indicatorRun = isIndicator ? indicatorRun + 1 : 0
            if skipNext {  // the scalar after ZWJ
                skipNext = false
                return
            }
            if scalar == 0x200D {  // ZWJ hides what follows, except in a virama-ZWJ half form
                if !lastWasVirama { skipNext = true }
                return
            }
            if scalar == 0xFE0F, base != Meter.none {  // VS16 widens a narrow emoji-capable base once
                if WidthTable.widensWithVS16(base) { total += 1 }
                base = Meter.none
                return
            }
            if scalar > 0xFFFF {
                if isIndicator {
                    if indicatorsBefore & 1 == 1 {  // second half of a flag
                        lastMeasured = scalar
                        return
                    }
                } else if WidthTable.isEmojiModifier(scalar), lastMeasured != Meter.none,
                          WidthTable.isExtendedPictographic(lastMeasured)
                            || WidthTable.isRegionalIndicator(lastMeasured) {
                    return  // skin tone absorbed by the pictograph before it
                }
            }
            if lastWasVirama, WidthTable.isConjunctConsonant(scalar) {
                base = scalar
                lastMeasured = scalar
                lastWasVirama = false
                conjunctPending = true
                return
            }
            let c = WidthTable.widthClass(scalar)
            if c == WidthTable.narrow || c == WidthTable.wide {
                if conjunctPending {
                    total += 1
                    conjunctPending = false
                }
                total += Int(c)
                base = scalar
                lastMeasured = scalar
                lastWasVirama = false
            } else if c == WidthTable.spacingMark, base != Meter.none {
                total += 1  // a spacing mark after a base takes its own column (or the conjunct's)
                base = Meter.none
                lastWasVirama = false
                conjunctPending = false
            } else {
                lastWasVirama = WidthTable.isVirama(scalar)
            }
        }
    }
}
