import Testing
@testable import GhostpipeCore

/// Random input never crashes or hangs the emulator and never breaks its invariants.
@Suite struct EmulatorRobustness {
    /// Bytes biased towards what makes sequences: ESC, brackets, digits, separators, finals, UTF-8.
    static func randomBytes(_ count: Int, _ random: inout SplitMix64) -> [UInt8] {
        let alphabet: [UInt8] = Array("\u{1B}\u{1B}\u{1B}[[[]P_^X?>=<;;::0123456789\r\n\t\u{8}\u{7}\u{E}\u{F}\u{18}hlmHJKLMPSTXr@bcdnstuq$! ()#0B8ac".utf8)
            + [0xC3, 0xA9, 0xE4, 0xB8, 0xAD, 0xF0, 0x9F, 0x98, 0x80, 0xCC, 0x81, 0xE2, 0x80, 0x8D, 0xEF, 0xB8, 0x8F, 0xFF, 0x9B]
        return (0..<count).map { _ in
            Int.random(in: 0..<4, using: &random) == 0 ? UInt8.random(in: 0...255, using: &random)
                : alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
        }
    }

    static func checkInvariants(_ t: TerminalEmulator) {
        #expect(t.cursor.row >= 0 && t.cursor.row < t.rows)
        #expect(t.cursor.column >= 0 && t.cursor.column < t.columns)
        #expect(t.topMargin >= 0 && t.topMargin < t.bottomMargin || t.topMargin == 0 && t.bottomMargin == t.rows - 1)
        #expect(t.bottomMargin < t.rows)
        for r in 0..<t.rows {
            let cells = t.row(r)
            #expect(cells.count == t.columns)
            let line = t.screen.line(r)
            for c in 0..<t.columns {
                let p = line[c]
                if p.width == 2 { #expect(c + 1 < t.columns && line[c + 1].width == 0, "row \(r) col \(c): head without continuation") }
                if p.width == 0 { #expect(c > 0 && line[c - 1].width == 2, "row \(r) col \(c): orphan continuation") }
                if c >= t.screen.extent(r) { #expect(p == .blank, "row \(r) col \(c): past the extent but not blank") }
            }
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func randomInputKeepsInvariants(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let t = TerminalEmulator(rows: Int.random(in: 1...12, using: &random), columns: Int.random(in: 1...30, using: &random),
                                 scrollbackLimit: 50)
        for round in 0..<40 {
            t.feed(Self.randomBytes(Int.random(in: 1...400, using: &random), &random))
            if round % 10 == 9 {
                t.resize(rows: Int.random(in: 1...12, using: &random), columns: Int.random(in: 1...30, using: &random))
            }
            Self.checkInvariants(t)
            _ = t.takeResponses()
            _ = t.takeScrolledOff()
            _ = t.takeDirtyRows()
        }
    }

    @Test(arguments: [11, 12, 13, 14])
    func randomInputSplitAnywhereGivesTheSameTerminal(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let bytes = Self.randomBytes(3000, &random)
        let whole = TerminalEmulator(rows: 8, columns: 20)
        whole.feed(bytes)
        let split = TerminalEmulator(rows: 8, columns: 20)
        var i = 0
        while i < bytes.count {
            let n = Int.random(in: 1...7, using: &random)
            split.feed(Array(bytes[i..<min(bytes.count, i + n)]))
            i += n
        }
        #expect(split.snapshot == whole.snapshot)
        #expect(split.takeResponses() == whole.takeResponses())
        #expect(split.takeScrolledOff() == whole.takeScrolledOff())
    }

    @Test func uniformlyRandomBytesNeverHang() {
        var random = SplitMix64(seed: 99)
        let t = TerminalEmulator(rows: 24, columns: 80)
        let start = ContinuousClock.now
        for _ in 0..<50 {
            t.feed((0..<4000).map { _ in UInt8.random(in: 0...255, using: &random) })
            Self.checkInvariants(t)
        }
        #expect(ContinuousClock.now - start < .seconds(20))
    }

    @Test func hugeParametersAreClampedNotLooped() {
        let t = TerminalEmulator(rows: 24, columns: 80)
        let start = ContinuousClock.now
        t.feed("x\(csi)2147483647b\(csi)99999999@\(csi)99999999L\(csi)99999999S\(csi)99999999T\(csi)99999999I\(csi)99999999Z\(csi)999999999;999999999H")
        #expect(ContinuousClock.now - start < .seconds(2))
        Self.checkInvariants(t)
        #expect(t.cursor == (23, 79))
    }

    @Test func tinyTerminalsWork() {
        let t = TerminalEmulator(rows: 1, columns: 1)
        t.feed("ab中\u{301}\r\n\(csi)5@\(csi)2;1r\(esc)M\(csi)?1049h中")
        Self.checkInvariants(t)
        #expect(t.cursor == (0, 0))
    }
}
