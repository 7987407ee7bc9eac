import Testing
@testable import GhostpipeCore

/// Lays out `text` (no controls) with FlowLayout as the pipeline would; returns rows as strings.
func layoutRows(_ text: String, width: Int) -> [String] {
    var layout = FlowLayout(width: width)
    var placements: [Placement] = []
    let characters = Array(text)
    for character in characters {
        let s = String(character)
        let kind = s.utf8.withContiguousStorageIfAvailable { GraphemeKind.of($0) } ?? .other
        let w = kind == .newline || kind == .tab ? 0 : DisplayWidth.of(s)
        layout.add(kind, width: w)
        placements += layout.drain()
    }
    layout.flushHeldWord()
    placements += layout.drain()
    var rows: [[Character]] = []
    for (character, p) in zip(characters, placements) where p.width > 0 {
        while rows.count <= p.row { rows.append(Array(repeating: " ", count: width)) }
        let kind = String(character).utf8.withContiguousStorageIfAvailable { GraphemeKind.of($0) } ?? .other
        if kind.isBlank { continue }
        rows[p.row][p.column] = character
        for c in 1..<p.width { rows[p.row][p.column + c] = "\u{0}" }  // continuation of a wide cell
    }
    return rows.map { String($0.filter { $0 != "\u{0}" }).replacingTrailingSpaces() }
}

extension String {
    func replacingTrailingSpaces() -> String {
        var s = self
        while s.hasSuffix(" ") { s.removeLast() }
        return s
    }
}

@Suite struct FlowLayoutRules {
    @Test func aWordThatDoesNotFitStartsOnTheNextRow() {
        #expect(layoutRows("hello world foo", width: 10) == ["hello", "world foo"])
    }

    @Test func spacesAtTheMarginHangInsteadOfStartingARow() {
        #expect(layoutRows("abcde   fgh", width: 5) == ["abcde", "fgh"])
    }

    @Test func aWordLongerThanARowBreaksAtAGraphemeBoundary() {
        #expect(layoutRows("ab supercalifragilistic", width: 8) == ["ab", "supercal", "ifragili", "stic"])
    }

    @Test func aWideGraphemeNeverStraddlesTheMargin() {
        #expect(layoutRows("ab한국어", width: 5) == ["ab한", "국어"])
    }

    @Test func combiningMarksAndClustersTakeTheirWidth() {
        #expect(layoutRows("café e\u{301}e\u{301} 👨‍👩‍👧x", width: 6) == ["café", "e\u{301}e\u{301} 👨‍👩‍👧x"])
        #expect(layoutRows("café e\u{301}e\u{301} 👨‍👩‍👧x", width: 8) == ["café e\u{301}e\u{301}", "👨‍👩‍👧x"])
    }

    @Test func tabsAdvanceToTheNextStop() {
        var layout = FlowLayout(width: 20)
        layout.add(.other, width: 1)
        layout.add(.tab, width: 0)
        layout.add(.other, width: 1)
        layout.flushHeldWord()
        #expect(layout.drain().map(\.column) == [0, 1, 8])
    }

    @Test func textWithoutSpacesBreaksBetweenIdeographsKeepingPunctuationWithThem() {
        #expect(layoutRows("日本語のテキストです。", width: 10) == ["日本語のテ", "キストで", "す。"])
    }

    @Test func koreanBreaksAtSpaces() {
        #expect(layoutRows("다람쥐 헌 쳇바퀴에 타고파", width: 12) == ["다람쥐 헌", "쳇바퀴에", "타고파"])
    }

    @Test func aHeldWordIsBoundedByTheRowWidth() {
        // The decision comes as soon as the word cannot fit: nothing waits for the word's end.
        var layout = FlowLayout(width: 4)
        for _ in 0..<3 { layout.add(.other, width: 1) }
        #expect(layout.heldCount == 3)
        layout.add(.other, width: 1)
        layout.add(.other, width: 1)  // five columns: cannot fit, so it is placed now
        #expect(layout.heldCount == 0)
        #expect(layout.drain().count == 5)
    }

    @Test func aFlushedPartialWordStaysWhereItWasShown() {
        var layout = FlowLayout(width: 6)
        layout.add(.other, width: 1); layout.add(.space, width: 1)
        layout.add(.other, width: 1); layout.add(.other, width: 1)  // "a bc" — "bc" held
        layout.flushHeldWord()                                      // input paused: shown at column 2
        let shown = layout.drain()
        #expect(shown.map(\.column) == [0, 1, 2, 3])
        for _ in 0..<4 { layout.add(.other, width: 1) }            // the word goes on: breaks, never moves
        #expect(layout.drain().map { [$0.row, $0.column] } == [[0, 4], [0, 5], [1, 0], [1, 1]])
    }

    /// A batch laid out in one call (`add(_:widths:placingInto:)`, which places a word that fits and
    /// ends in the batch without holding it) places everything where one `add` per grapheme does:
    /// random kinds and widths, cut into random batches, flushed by pauses, at several widths.
    @Test func aBatchIsPlacedAsGraphemeByGrapheme() {
        var random = SplitMix64(seed: 17)
        let kinds: [GraphemeKind] = [.other, .other, .other, .other, .space, .space, .newline, .ideograph, .sentenceEnd,
                                     .closing, .tab, .carriageReturn, .backspace, .fullSentenceEnd]
        for round in 0..<300 {
            let width = [1, 2, 3, 7, 20, 33][round % 6]
            let count = Int(random.next() % 120)
            let graphemes: [(GraphemeKind, UInt8)] = (0..<count).map { _ in
                let kind = kinds[Int(random.next() % UInt64(kinds.count))]
                let w: UInt8 = kind == .newline || kind == .tab ? 0 : [0, 1, 1, 1, 2, 2, 4][Int(random.next() % 7)]
                return (kind, w)
            }
            var one = FlowLayout(width: width, tabWidth: 4, row: 2, column: round % 5), batched = one
            var expected: [Placement] = [], got: [Placement] = []
            var k = 0
            while k < count {
                let end = min(count, k + 1 + Int(random.next() % 40))
                for (kind, w) in graphemes[k..<end] { one.add(kind, width: Int(w)) }
                expected += one.drain()
                let (batchKinds, batchWidths) = (graphemes[k..<end].map(\.0), graphemes[k..<end].map(\.1))
                batchKinds.withUnsafeBufferPointer { kinds in
                    batchWidths.withUnsafeBufferPointer { widths in batched.add(kinds, widths: widths, placingInto: &got) }
                }
                if random.next() % 4 == 0 {
                    // A pause in the input places the held word.
                    one.flushHeldWord(); batched.flushHeldWord()
                }
                k = end
            }
            one.flushHeldWord(); batched.flushHeldWord()
            expected += one.drain()
            got += batched.drain()
            #expect(got == expected, "round \(round), width \(width)")
        }
    }
}

/// Carriage return and backspace in a laid-out block: what is written again over a cell replaces
/// what was there, as `cat` leaves it on a terminal.
@Suite struct OverwritingLayout {
    /// The block's rows as text (a blank cell is a space; trailing blanks trimmed).
    static func rows(_ text: String, width: Int = 20, startColumn: Int = 0) -> [String] {
        let block = BlockLayout.layout(BlockLayout.graphemes(text), width: width, startColumn: startColumn)
        var rows = Array(repeating: [String](repeating: " ", count: width), count: block.rows)
        for glyph in block.glyphs {
            rows[glyph.row][glyph.column] = glyph.text
            for c in 1..<max(1, glyph.width) { rows[glyph.row][glyph.column + c] = "" }
        }
        return rows.map { $0.joined().replacingTrailingSpaces() }
    }

    @Test func aProgressLineOverwritesItselfAndSpacesBlankWhatTheyCover() {
        #expect(Self.rows("progress 10%\rprogress 55%\rprogress 100%\n") == ["progress 100%"])
        #expect(Self.rows("progress 10%\rdone   \nnext") == ["done   s 10%", "next"])
        #expect(Self.rows("tab\tX\r  \n") == ["  b     X"])  // a tab moves without erasing
    }

    @Test func backspaceGoesBackOneColumnAndAWideCellCoveredByHalfIsBlanked() {
        #expect(Self.rows("ab\u{8}X") == ["aX"])
        #expect(Self.rows("한\u{8}Y 😀\u{8}\u{8}Z") == [" Y Z"])
        #expect(Self.rows("\u{8}\u{8}a") == ["a"])  // not past the row's start
        #expect(Self.rows("안녕하세요\r반가워") == ["반가워세요"])
    }

    @Test func aCarriageReturnOnTheFirstRowStopsAtTheTextsFirstColumn() {
        // After a prompt, the text starts mid-row: a CR does not go back into the prompt.
        let block = BlockLayout.layout(BlockLayout.graphemes("abc\rX"), width: 20, startColumn: 5)
        #expect(block.glyphs.map { "\($0.text)@\($0.column)" } == ["b@6", "c@7", "X@5"])
        // On a later row it goes to the row's start.
        #expect(Self.rows("first\nabc\rX") == ["first", "Xbc"])
    }
}

/// A greedy word wrap written independently of FlowLayout, to check the terminal output against.
func expectedWrap(_ text: String, width: Int) -> [String] {
    var rows: [String] = [""]
    var column = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.isEmpty { rows.append(""); column = 0; continue }
        for (i, word) in line.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
            if i > 0 {
                if column < width { rows[rows.count - 1] += " "; column += 1 }
            }
            let w = word.reduce(0) { $0 + DisplayWidth.of(String($1)) }
            if column + w > width && column > 0 { rows.append(""); column = 0 }
            for character in word {
                let cw = DisplayWidth.of(String(character))
                if column + cw > width { rows.append(""); column = 0 }
                rows[rows.count - 1] += String(character)
                column += cw
            }
        }
        rows.append("")
        column = 0
    }
    while rows.last == "" { rows.removeLast() }
    return rows.map { $0.replacingTrailingSpaces() }
}
