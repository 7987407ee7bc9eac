import GhostpipeCore
import Testing

@Suite("Emoji width")
struct EmojiWidthTests {
    /// A narrow pictograph followed directly by a skin tone (`✌🏽`, `☝🏻`): the specification keeps the
    /// narrow base's width and absorbs the modifier, so these are 1 (width-vectors.tsv row victory-skin).
    static func isNarrowBaseModifierSequence(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        return scalars.count == 2 && DisplayWidth.scalarWidth(scalars[0]) == 1
            && (0x1F3FB...0x1F3FF).contains(scalars[1].value)
    }

    @Test("emoji-test.txt: every fully-qualified emoji and component is one cluster of width 2")
    func emojiTestFile() throws {
        let file = try UnicodeTestData.text("ucd-17.0.0/emoji/emoji-test.txt")
        var statusCounts: [String: Int] = [:]
        var declaredFullyQualified: Int?
        var narrowBaseModifiers = 0
        for line in file.split(separator: "\n") {
            if line.hasPrefix("# fully-qualified :") {  // the file's own count, to check the parse
                declaredFullyQualified = Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces))
            }
            guard !line.hasPrefix("#"), let semicolon = line.firstIndex(of: ";") else { continue }
            let status = line[line.index(after: semicolon)...].prefix { $0 != "#" }
                .trimmingCharacters(in: .whitespaces)
            guard status == "fully-qualified" || status == "component" else { continue }
            statusCounts[status, default: 0] += 1
            let emoji = try UnicodeTestData.string(fromCodePoints: line[..<semicolon])
            let name = line.split(separator: "#", maxSplits: 1).last.map(String.init) ?? String(line)
            #expect(emoji.count == 1, "not one Character:\(name)")
            if Self.isNarrowBaseModifierSequence(emoji) {
                narrowBaseModifiers += 1
                #expect(DisplayWidth.of(emoji) == 1, "narrow base + skin tone:\(name)")
            } else {
                #expect(DisplayWidth.of(emoji) == 2, "\(name)")
            }
        }
        let declared = try #require(declaredFullyQualified, "emoji-test.txt has no status count")
        #expect(statusCounts["fully-qualified"] == declared)
        #expect(statusCounts["component"] == 9)
        // The exception above is the spec's, not ours: the tsv pins it, and it stays a small set.
        let victory = try #require(try UnicodeTestData.widthVectors().first { $0.id == "victory-skin" })
        #expect(try victory.int("width_wcwidth") == 1)
        #expect(narrowBaseModifiers == 45)
    }

    @Test("emoji-variation-sequences.txt: VS16 makes 2 columns, VS15 keeps the base's width")
    func variationSequences() throws {
        let file = try UnicodeTestData.text("ucd-17.0.0/emoji/emoji-variation-sequences.txt")
        var emojiStyle = 0
        var textStyle = 0
        for line in file.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: ";")
            guard fields.count >= 2 else { continue }
            let sequence = try UnicodeTestData.string(fromCodePoints: fields[0])
            let scalars = Array(sequence.unicodeScalars)
            try #require(scalars.count == 2)
            let style = fields[1].trimmingCharacters(in: .whitespaces)
            #expect(sequence.count == 1)
            if style == "emoji style" {
                emojiStyle += 1
                #expect(DisplayWidth.of(sequence) == 2, "\(line)")
            } else if style == "text style" {
                textStyle += 1
                let base = DisplayWidth.scalarWidth(scalars[0])
                #expect(base >= 1)
                #expect(DisplayWidth.of(sequence) == base, "\(line)")
            }
        }
        #expect(emojiStyle > 300)
        #expect(emojiStyle == textStyle)
    }

    @Test("emoji clusters", arguments: [
        WidthCase("\u{1F600}", 2, "😀 Emoji_Presentation"),
        WidthCase("\u{231A}", 2, "⌚ BMP Emoji_Presentation"),
        WidthCase("\u{1FAE9}", 2, "Emoji 16.0 face with bags under eyes"),
        WidthCase("\u{1FAEA}", 2, "Emoji 17.0 distorted face"),
        WidthCase("\u{263A}", 1, "☺ text default"),
        WidthCase("\u{263A}\u{FE0F}", 2, "☺️ VS16"),
        WidthCase("\u{263A}\u{FE0E}", 1, "☺︎ VS15 keeps narrow"),
        WidthCase("\u{231A}\u{FE0E}", 2, "⌚︎ VS15 keeps wide"),
        WidthCase("\u{A9}\u{FE0F}", 2, "©️"),
        WidthCase("\u{2194}\u{FE0F}", 2, "↔️ ambiguous base + VS16"),
        WidthCase("1\u{FE0F}", 2, "digit + VS16"),
        WidthCase("A\u{FE0F}", 1, "VS16 on a letter with no emoji form"),
        WidthCase("\u{4E2D}\u{FE0F}", 2, "VS16 on a wide ideograph"),
        WidthCase("\u{FE0F}", 0, "lone VS16"),
        WidthCase("#\u{FE0F}\u{20E3}", 2, "#️⃣ keycap"),
        WidthCase("1\u{FE0F}\u{20E3}", 2, "1️⃣ keycap"),
        WidthCase("1\u{20E3}", 1, "1⃣ keycap without VS16 (spec: 1)"),
        WidthCase("\u{1F44D}\u{1F3FD}", 2, "👍🏽 skin tone"),
        WidthCase("\u{270C}\u{1F3FD}", 1, "✌🏽 narrow base + skin tone (spec: 1)"),
        WidthCase("\u{270C}\u{FE0F}", 2, "✌️"),
        WidthCase("\u{1F3FD}", 2, "lone skin tone"),
        WidthCase("a\u{1F3FD}", 3, "letter + skin tone: no emoji base, both print"),
        WidthCase("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", 2, "👨‍👩‍👧 ZWJ family"),
        WidthCase("\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}", 2, "🏳️‍🌈 VS16 inside ZWJ"),
        WidthCase("\u{2764}\u{FE0F}\u{200D}\u{1F525}", 2, "❤️‍🔥 narrow base + VS16 + ZWJ"),
        WidthCase("\u{1F469}\u{200D}\u{2764}\u{FE0F}\u{200D}\u{1F48B}\u{200D}\u{1F468}", 2, "👩‍❤️‍💋‍👨 kiss"),
        WidthCase("\u{1F9D1}\u{1F3FD}\u{200D}\u{1F680}", 2, "🧑🏽‍🚀 skin tone + ZWJ"),
        WidthCase("\u{1F441}\u{FE0F}\u{200D}\u{1F5E8}\u{FE0F}", 2, "👁️‍🗨️"),
        WidthCase("\u{1F600}\u{200D}\u{1F600}", 2, "non-RGI ZWJ pair"),
        WidthCase("\u{1F1F0}\u{1F1F7}", 2, "🇰🇷 flag"),
        WidthCase("\u{1F1F0}", 2, "lone regional indicator (spec: 2)"),
        WidthCase("\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", 2, "England tag flag"),
    ])
    func emojiCluster(_ c: WidthCase) {
        #expect(c.text.count == 1, "one Character")
        #expect(DisplayWidth.of(c.text) == c.width)
        if let character = c.text.first {
            #expect(DisplayWidth.of(character) == c.width, "Character")
        }
    }

    @Test("regional indicators pair left to right")
    func regionalIndicatorRuns() {
        #expect(columns("\u{1F1FA}\u{1F1F8}\u{1F1E8}\u{1F1E6}") == 4, "two flags")
        #expect(columns("\u{1F1FA}\u{1F1F8}\u{1F1E8}") == 4, "flag + lone indicator")
        #expect("\u{1F1FA}\u{1F1F8}\u{1F1E8}".count == 2)
    }
}
