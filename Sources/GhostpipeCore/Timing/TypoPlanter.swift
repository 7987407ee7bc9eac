/// `--typos RATE`: wrong keys a person hits now and then, taken back at once. Before a letter
/// inside a word (an ASCII letter right after another), with probability RATE, a key next to it on
/// a QWERTY keyboard is typed, then a backspace: the batch gets the wrong key and a mark before the
/// letter. The final text is the input's: each wrong key is typed over by the right one.
///
/// The mark is a backspace byte told from one of the input's by its kind (`.other`, where the
/// input's is `.backspace`: `GlyphQueue.markTypo`), so that layout does not take it for a motion:
/// a word is laid out as if typed without a slip, and the wrong key and the mark are then placed
/// on the right key's cell (`GlyphQueue.placeTypos`). Outputs without layout see a wrong key and a
/// backspace (json: `"\b"`).
public struct TypoPlanter {
    /// The byte of a typo's backspace.
    public static let mark: UInt8 = 0x08

    public let rate: Double
    private var random: SplitMix64
    /// The last grapheme was an ASCII letter: a slip may come next.
    private var afterLetter = false

    public init(rate: Double, seed: UInt64) {
        self.rate = rate
        random = SplitMix64(seed: seed ^ 0x5459_504F_4B45_5953)  // "TYPOKEYS"
    }

    /// `batch` with typos planted, and the indices in it of their marks (each right after its
    /// wrong key, right before the letter it slipped on).
    public mutating func plant(in batch: GraphemeBatch) -> (batch: GraphemeBatch, marks: [Int]) {
        // Copied only from the first slip on: most batches of most texts have none.
        var planted: GraphemeBatch?
        var marks: [Int] = []
        for k in 0..<batch.count {
            let start = batch.start(of: k)
            let letter = batch.ends[k] == start + 1 ? Self.letterIndex(batch.bytes[start]) : nil
            if let letter, afterLetter, Double(random.next() >> 11) * 0x1p-53 < rate {
                if planted == nil { planted = batch.prefix(k) }
                let neighbours = Self.neighbours[letter]
                var wrong = neighbours[Int(random.next() % UInt64(neighbours.count))]
                if batch.bytes[start] < 0x61 { wrong &= ~0x20 }  // a capital's neighbour is a capital
                let style = batch.styleRuns.isEmpty ? nil : batch.style(k)
                planted?.append([wrong], style: style)
                marks.append(planted?.count ?? 0)
                planted?.append([Self.mark], style: style)
            }
            afterLetter = letter != nil
            if planted != nil {
                planted?.append(batch.bytes[start..<batch.ends[k]], style: batch.styleRuns.isEmpty ? nil : batch.style(k))
            }
        }
        return (planted ?? batch, marks)
    }

    /// 0 for `a` or `A` … 25 for `z` or `Z`; nil for any other byte.
    private static func letterIndex(_ byte: UInt8) -> Int? {
        let lower = byte | 0x20
        return lower >= 0x61 && lower <= 0x7A ? Int(lower - 0x61) : nil
    }

    /// The keys around each letter's on a QWERTY keyboard.
    private static let neighbours: [[UInt8]] = [
        "qwsz", "vghn", "xdfv", "serfcx", "wrsd", "drtgvc", "ftyhbv", "gyujnb", "ujko", "huikmn", "jiolm", "kop",
        "njk", "bhjm", "iplk", "ol", "wa", "etdf", "awedxz", "ryfg", "yihj", "cfgb", "qeas", "zsdc", "tugh", "asx",
    ].map { Array($0.utf8) }
}

private extension GraphemeBatch {
    /// Appends one cluster (with its style when the batch keeps styles).
    mutating func append<C: Collection<UInt8>>(_ cluster: C, style: Style?) {
        bytes.removeSubrange(byteCount...)  // bytes past the last cluster are not the batch's
        bytes.append(contentsOf: cluster)
        ends.append(bytes.count)
        if let style { setStyle(style, from: ends.count - 1) }
    }
}
