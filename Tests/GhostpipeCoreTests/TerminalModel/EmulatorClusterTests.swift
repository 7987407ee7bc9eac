import Testing
@testable import GhostpipeCore

/// The shortcuts that decide, without building strings, that a scalar starts a new cluster must
/// agree with Swift's `Character` rules; and the cluster table stays bounded.
@Suite struct EmulatorClusters {
    @Test func theFastPathNeverSplitsWhatSwiftJoins() {
        let bases = ["a", "中", "😀", "한", "é", "€"]
        for base in bases {
            let last = base.unicodeScalars.last!.value
            #expect(!TerminalEmulator.mayBeExtended(last), "\(base)")
        }
        var mismatches: [String] = []
        let ranges: [ClosedRange<UInt32>] = [0xA0...0xD7FF, 0xE000...0x323AF, 0xE0000...0xE01EF]
        for range in ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value), DisplayWidth.scalarWidth(scalar) > 0,
                      TerminalEmulator.alwaysStartsCluster(value) else { continue }
                for base in bases {
                    var s = base
                    s.unicodeScalars.append(scalar)
                    if s.count != 2 { mismatches.append("\(base) + U+\(String(value, radix: 16))") }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    }

    @Test func indicConjunctsJoinAcrossTheVirama() {
        let t = TerminalEmulator.fed("क्ष")
        #expect(t.cell(0, 0).text == "क्ष")
    }

    @Test func prependedMarksTakeTheFollowingLetter() {
        let t = TerminalEmulator.fed("\u{600}\u{661}")
        #expect(t.cell(0, 0).text == "\u{600}\u{661}")
    }

    @Test func theClusterTableIsCompactedWhenFull() {
        let t = TerminalEmulator(rows: 2, columns: 4)
        t.clusterLimit = 8
        for scalar in (0x61 as UInt32)...0x7A {
            t.feed("\r\(String(UnicodeScalar(UInt8(scalar))))\u{301}x\u{302}")
        }
        #expect(t.lines[0] == "z\u{301}x\u{302}")
        #expect(t.clusters.count <= 8)
        // Scrolled-off lines keep their clusters through compaction.
        t.feed("\r\n\r\n")
        for scalar in (0x61 as UInt32)...0x6A {
            t.feed("\(String(UnicodeScalar(UInt8(scalar))))\u{303}")
        }
        let off = t.takeScrolledOff()
        #expect(off.first?[0].text == "z\u{301}")
        #expect(off.first?[1].text == "x\u{302}")
    }

    @Test func dirtyRowsTrackChanges() {
        let t = TerminalEmulator(rows: 4, columns: 5)
        #expect(t.takeDirtyRows() == [0, 1, 2, 3])
        #expect(t.takeDirtyRows() == [])
        t.feed("\(csi)3;1Hx")
        #expect(t.takeDirtyRows() == [2])
        t.feed("\(csi)2;3r\(csi)3;1H\n")
        #expect(t.takeDirtyRows() == [1, 2])
        t.feed("\(csi)r\(csi)4;1H\n")
        #expect(t.takeDirtyRows() == [0, 1, 2, 3])
        t.feed("\(csi)?1049h")
        #expect(t.takeDirtyRows() == [0, 1, 2, 3])
    }
}

/// Canonically equivalent clusters stay distinct texts.
@Suite struct EmulatorClusterIdentity {
    @Test func decomposedAndPrecomposedAreKeptAsWritten() {
        let t = TerminalEmulator.fed("e\u{301}\u{302}|e\u{302}\u{301}|ê\u{301}")
        #expect(t.cell(0, 0).text.unicodeScalars.map(\.value) == [0x65, 0x301, 0x302])
        #expect(t.cell(0, 2).text.unicodeScalars.map(\.value) == [0x65, 0x302, 0x301])
        #expect(t.cell(0, 4).text.unicodeScalars.map(\.value) == [0xEA, 0x301])
    }
}
