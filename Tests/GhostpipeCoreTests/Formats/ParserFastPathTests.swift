import Testing
@testable import GhostpipeCore

/// The parsers' fast paths against the general rules they shortcut: on random inputs built from
/// the bytes that matter, a fast path either declines or gives what the general rule gives.
@Suite struct ParserFastPaths {
    /// A random string of `length` up to `maxLength` from `alphabet`.
    static func random(_ alphabet: [String], maxLength: Int, _ random: inout SplitMix64) -> String {
        let length = Int(random.next() % UInt64(maxLength + 1))
        return (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }.joined()
    }

    @Test func lrcCanonicalTimeTagsReadAsTheGeneralRuleReadsThem() {
        var random = SplitMix64(seed: 14)
        let digits = ["0", "1", "5", "9"]
        var taken = 0
        for _ in 0..<20_000 {
            // Tag-shaped: digits, a colon, digits, a separator, digits, sometimes a stray byte.
            var tag = Self.random(digits, maxLength: 9, &random)
            tag += Self.random([":", ":", ":", " ", "x"], maxLength: 1, &random)
            tag += Self.random(digits, maxLength: 3, &random)
            tag += Self.random([".", ",", ":", " "], maxLength: 1, &random)
            tag += Self.random(digits, maxLength: 4, &random)
            tag += Self.random([" ", "x", ".", ""], maxLength: 1, &random)
            let inside = Array(tag.utf8)
            inside.withUnsafeBufferPointer { b in
                guard let p = b.baseAddress else { return }
                let general = LRCParser.anyTimeTag(p, 0, b.count)
                if let fast = LRCParser.canonicalTimeTag(p, 0, b.count) {
                    taken += 1
                    #expect(fast == general, "\(String(decoding: inside, as: UTF8.self))")
                }
                #expect(LRCParser.timeTag(p, 0, b.count) == general)
            }
        }
        #expect(taken > 100, "the fast path was tried on too few canonical tags")
    }

    @Test func lrcLinesWithoutWordStampsAreTheirTextAsItIs() {
        var random = SplitMix64(seed: 15)
        let alphabet = ["a", " ", "<", ">", "00:01.00", "é", "\u{301}", "한", "\t"]
        for _ in 0..<5_000 {
            let line = Self.random(alphabet, maxLength: 10, &random)
            let fast = Array(line.utf8).withUnsafeBufferPointer { LRCLyrics().runs($0) }
            // The general rule: one run of the text, spaces after the last word stamp trimmed.
            if !line.contains("<") {
                var text = line
                while text.last == " " { text.removeLast() }
                #expect(fast == (text.isEmpty ? [] : [StyledRun(text)]), "\(line.debugDescription)")
            }
        }
    }

    @Test func samiParagraphsReadInOnePassAsInThree() {
        var random = SplitMix64(seed: 16)
        let alphabet = ["a", "b", "word", " ", "  ", "\n", "\r\n", "\t", "\u{C}", "<br>", "<BR/>", "<br >", "<i>", "</i>",
                        "&nbsp;", "&amp;", "한", "é", "\u{301}", "\u{600}", "\u{200D}", "<", "\0", "\u{1}", "-",
                        "abcdefgh", "a b c d ", "한 국 어", "<b>", "</b>", "<u>", "<font color=red>", "<font  color=#00ff00>",
                        "</font>", "<span class=x>", "</span>", "<I>", "< b", "<i\n>"]
        var taken = 0
        for _ in 0..<20_000 {
            let paragraph = Array(Self.random(alphabet, maxLength: 12, &random).utf8)
            paragraph.withUnsafeBufferPointer { b in
                let general = SAMIText.markupRuns(b)
                if let fast = SAMIText.onePassRuns(b) {
                    taken += 1
                    #expect(fast == general, "\(String(decoding: paragraph, as: UTF8.self).debugDescription)")
                }
            }
        }
        #expect(taken > 1_000, "the one-pass reader was tried on too few paragraphs")
    }

    @Test func assEventsWithoutTagsReadAsTheReaderReadsThem() {
        var random = SplitMix64(seed: 17)
        let alphabet = ["a", " ", "한", "\u{301}", "x y", "{", "}", "\\N", "\\h", "{\\i1}", "\t", "é"]
        var styles = [ASSStyle()]
        var italic = ASSStyle(); italic.italic = true; italic.alignment = 8; styles.append(italic)
        var hidden = ASSStyle(); hidden.primary.alpha = 0xFF; styles.append(hidden)
        var taken = 0
        for _ in 0..<5_000 {
            let text = Array(Self.random(alphabet, maxLength: 8, &random).utf8)
            let style = styles[Int(random.next() % UInt64(styles.count))]
            text.withUnsafeBufferPointer { b in
                let general = ASSText.readResult(b, style: style, script: ASSScript(), start: 0, length: Time.second)
                guard let fast = ASSText.plainResult(b, style: style) else { return }
                taken += 1
                #expect(fast.runs == general.runs && fast.placement == general.placement
                        && fast.fadeIn == general.fadeIn && fast.fadeOut == general.fadeOut,
                        "\(String(decoding: text, as: UTF8.self).debugDescription)")
            }
        }
        #expect(taken > 500, "the fast path was tried on too few events")
    }

    @Test func samiSoleAttributesReadAsEveryAttributeIsRead() {
        var random = SplitMix64(seed: 19)
        let alphabet = [" ", " ", "start", "Start", "START", "class", "Class", "end", "=", "=", "\"", "'", "1000", "KRCC",
                        "x", "\t", "/", "\n", "é", "-"]
        var taken = 0
        for _ in 0..<20_000 {
            // Mostly tag-shaped (` Name=value`), with stray bytes anywhere.
            func pick(_ choices: [String]) -> String { choices[Int(random.next() % UInt64(choices.count))] }
            let shaped = pick([" ", " ", " ", "", "/"]) + pick(["start", "Start", "class", "CLASS", "end", "x"])
                + pick(["=", "=", "=", " =", ""]) + Self.random(["1000", "KRCC", "é", "/", "\"", "'", "-", ""], maxLength: 3, &random)
            let attributes = Array((random.next() % 2 == 0 ? shaped : shaped + Self.random(alphabet, maxLength: 4, &random)).utf8)
            attributes.withUnsafeBufferPointer { b in
                guard let p = b.baseAddress else { return }
                for name: StaticString in ["start", "class"] {
                    guard let fast = TagAttributes.only(name, p, 0, b.count) else { continue }
                    taken += 1
                    var all: [(String, Range<Int>)] = []
                    TagAttributes.forEach(p, 0, b.count) { nameStart, nameEnd, value in
                        all.append((String(decoding: b[nameStart..<nameEnd], as: UTF8.self).lowercased(), value))
                    }
                    // The sole attribute, so no `End=` is missed.
                    #expect(all.count == 1 && all.first?.0 == "\(name)" && all.first?.1 == fast,
                            "\(String(decoding: attributes, as: UTF8.self).debugDescription)")
                }
            }
        }
        #expect(taken > 1_000, "the sole-attribute reader was tried on too few tags")
    }

    @Test func samiUsualSyncsAndParagraphsReadAsTheGeneralReaderReadsThem() {
        var random = SplitMix64(seed: 23)
        func pick(_ choices: [String]) -> String { choices[Int(random.next() % UInt64(choices.count))] }
        var syncs = 0, paragraphs = 0
        // Every number of digits the word readers and the loop share out, at every distance from the end.
        for digits in 1...14 {
            for padding in 0...10 {
                let number = (0..<digits).map { _ in String(random.next() % 10) }.joined()
                let tag = "<SYNC Start=" + number + ">" + String(repeating: "x", count: padding)
                let bytes = Array(tag.utf8)
                bytes.withUnsafeBufferPointer { b in
                    let p = b.baseAddress!
                    let general = SAMIParser.readTag(p, 0, b.count).map { SAMIParser.syncTimes(p, $0) }
                    let fast = SAMIParser.usualSync(p, 0, b.count)
                    // Past twelve digits the general reader takes the tag.
                    #expect((fast == nil) == (digits > 12), "\(tag)")
                    #expect(fast.map { $0.start == general?.start && $0.end == 13 + digits } ?? true, "\(tag)")
                }
            }
        }
        for _ in 0..<100_000 {
            // Tag-shaped (`<SYNC Start=N>`, `<P Class=X>`), with stray bytes anywhere.
            let sync = random.next() % 2 == 0
            let tag = "<" + (sync ? pick(["SYNC", "sync", "SyNc", "SYNC", "SYNC2", "S\u{13}NC", "/SYNC", "P"])
                                  : pick(["P", "p", "P", "PRE", "/P", "SYNC"]))
                + pick([" ", " ", " ", " ", "  ", "\t", "\u{0}", ""])
                + (sync ? pick(["Start", "START", "start", "StArT", "Start", "End", "Sta", "Class"])
                        : pick(["Class", "class", "CLASS", "Class", "Clas", "Start"]))
                + pick(["=", "=", "=", "=", " =", "= ", "", "\u{1D}"])
                + Self.random(random.next() % 2 == 0 ? (sync ? ["1", "0", "9", "1234567", "98"] : ["KRCC", "é", "x"])
                              : sync ? ["1", "0", "9", "1234567", "é", "\"", " ", "<", "\n", ">", "x"]
                                   : ["KRCC", "KRCC", "ENCC", "é", "\"", "'", " ", "<", "-", "\n", ">", "\u{7F}"],
                              maxLength: 4, &random)
                + pick([">", ">", ">", ">", "", "<", " >"]) + Self.random(["<P Class=A>", "x", ">", "\n"], maxLength: 2, &random)
            let bytes = Array(tag.utf8)
            bytes.withUnsafeBufferPointer { b in
                let p = b.baseAddress!
                let general = SAMIParser.readTag(p, 0, b.count)
                if let fast = SAMIParser.usualSync(p, 0, b.count) {
                    syncs += 1
                    let times = general.map { SAMIParser.syncTimes(p, $0) }
                    #expect(general?.name == .sync && general?.closing == false && general?.end == fast.end
                            && times?.start == fast.start && times?.end == nil, "\(tag.debugDescription)")
                }
                if let fast = SAMIParser.usualParagraph(p, 0, b.count) {
                    paragraphs += 1
                    #expect(general?.name == .p && general?.closing == false && general?.end == fast.end
                            && general.flatMap { SAMIParser.className(p, $0) } == fast.className, "\(tag.debugDescription)")
                }
            }
        }
        #expect(syncs > 1_000 && paragraphs > 1_000, "the usual tags' readers were tried on too few tags: \(syncs), \(paragraphs)")
    }

    @Test func digitsReadAsOneWordAsOneByOne() {
        var random = SplitMix64(seed: 29)
        // Digits, their neighbours in ASCII and bytes that carry when added to.
        let bytes: [UInt8] = Array(48...57) + [47, 58, 62, 0, 32, 0x8A, 0xFF, 0x80, 0xC0, 0x3F]
        var tried = Array(repeating: 0, count: 9)
        for _ in 0..<50_000 {
            let digitsFirst = Int(random.next() % 9)
            let word = (0..<8).map { k in
                k < digitsFirst ? UInt8(48 + random.next() % 10) : bytes[Int(random.next() % UInt64(bytes.count))]
            }
            let count = word.prefix { Bytes.isDigit($0) }.count
            let value = word.prefix(count).reduce(UInt64(0)) { $0 * 10 + UInt64($1 - 48) }
            word.withUnsafeBufferPointer { b in
                let w = ByteWords.load(b.baseAddress!)
                #expect(ByteWords.leadingDigits(w) == count, "\(word)")
                if count > 0 { #expect(ByteWords.decimalValue(w, digits: count) == value, "\(word)") }
            }
            tried[count] += 1
        }
        #expect(tried.allSatisfy { $0 > 100 }, "every number of digits tried: \(tried)")
    }

    @Test func lrcUsualTimeTagsReadAsTheLineLoopReadsThem() {
        var random = SplitMix64(seed: 31)
        let alphabet = ["0", "1", "5", "9", ":", ".", ",", "]", " ", "x", "[", "/", ";", "\u{7F}", "é"]
        var taken = 0
        for _ in 0..<50_000 {
            // `[mm:ss.xx]`-shaped, a byte or two changed, then more of the line.
            let tags = ["[01:23.45]", "[01:23,456]", "[59:59.99]", "[00:00.00]", "[1:02.03]", "[123:45.67]", "[100:00,999]",
                        "[1234567:00.00]", "[12345678:00.00]", "[00:00]", "[00:00.0]", "[00:00.0000]"]
            var tag = Array(tags[Int(random.next() % UInt64(tags.count))].utf8)
            for _ in 0..<Int(random.next() % 3) {
                tag[Int(random.next() % UInt64(tag.count))] = Array(alphabet[Int(random.next() % UInt64(alphabet.count))].utf8)[0]
            }
            let line = tag + Array(Self.random(alphabet + ["\n\n\n\n\n\n\n\n"], maxLength: 3, &random).utf8)
            // Where the line ends: mostly at its first line feed, anywhere now and then.
            let end = random.next() % 4 == 0 ? Int(random.next() % UInt64(line.count + 1)) : line.firstIndex(of: 10) ?? line.count
            line.withUnsafeBufferPointer { b in
                let p = b.baseAddress!
                guard let fast = LRCParser.usualTimeTag(p, 0, end, b.count) else { return }
                taken += 1
                // The general rule: the first `]` in the line closes the tag, a digit opens a time.
                let close = (1..<max(1, end)).first { p[$0] == 93 }
                #expect(close == fast.close && Bytes.isDigit(p[1]) && LRCParser.timeTag(p, 1, fast.close) == fast.time,
                        "\(String(decoding: line, as: UTF8.self).debugDescription) end \(end)")
            }
        }
        #expect(taken > 5_000, "the usual time tags' reader was tried on too few tags: \(taken)")
    }

    @Test func samiParagraphsOfTheLastClassReadAsTheUsualReaderReadsThem() {
        var random = SplitMix64(seed: 37)
        let names = ["ENCC", "KRCC", "A", "EnCc", "ENCCX", "ABCDEFGH", "ABCDEFGHI", "\"EN CC\"", "E C", "x>", "é"]
        var taken = 0
        for _ in 0..<50_000 {
            let last = names[Int(random.next() % UInt64(names.count))]
            let named = random.next() % 2 == 0 ? last : names[Int(random.next() % UInt64(names.count))]
            let tag = "<" + ["P", "p", "P", "PRE"][Int(random.next() % 4)] + [" ", " ", "  "][Int(random.next() % 3)]
                + ["Class=", "class=", "Class =", "Clas="][Int(random.next() % 4)] + named
                + [">", ">", ">", " >", "", "<"][Int(random.next() % 6)] + Self.random(["\n", "x", ">", "<P Class=A>", "\n\n\n\n\n\n\n\n"], maxLength: 3, &random)
            let bytes = Array((last + " " + tag).utf8)
            let lt = last.utf8.count + 1
            bytes.withUnsafeBufferPointer { b in
                let p = b.baseAddress!
                guard let name = SAMIParser.ShortName(p, 0..<last.utf8.count, b.count),
                      let fast = SAMIParser.paragraph(p, lt, b.count, named: name) else { return }
                taken += 1
                let usual = SAMIParser.usualParagraph(p, lt, b.count)
                #expect(usual?.end == fast && usual.map { Array(b[$0.className]) } == Array(last.utf8),
                        "\((last + " " + tag).debugDescription)")
            }
        }
        #expect(taken > 1_000, "the last class's reader was tried on too few tags: \(taken)")
    }

    @Test func openEndedChangesInOrderWrittenAsTheyComeAsSortedAfterwards() {
        var random = SplitMix64(seed: 18)
        var orderedRuns = 0
        for round in 0..<4_000 {
            // Few distinct instants and tracks: ties, clears, given ends and track 0 mixed.
            let count = Int(random.next() % 14)
            // Up to one more track than the writer takes: then it gives up too.
            let tracks = UInt64(1 + round % (OpenEndedCues.InOrder.trackLimit + 2))
            var start: Nanoseconds = 0
            var changes: [OpenEndedCues.Change] = []
            for k in 0..<count {
                if random.next() % 3 != 0 { start += Nanoseconds(random.next() % 3) * Time.second }
                let track = UInt32(random.next() % tracks)
                let text: Range<Int>? = random.next() % 4 == 0 ? nil : k..<(k + 1)
                let end: Nanoseconds? = random.next() % 4 == 0 ? start + Nanoseconds(random.next() % 5) * Time.second - Time.second : nil
                changes.append(.init(start: start, track: track, text: text, line: k + 1, end: end, detail: track))
            }
            // Now and then one start goes back: the writer must give up, not guess.
            let disorder = count > 1 && random.next() % 8 == 0
            if disorder { changes[count - 1].start = changes[count - 2].start - 1 }
            let lastEnd: Nanoseconds? = random.next() % 2 == 0 ? nil : Nanoseconds(random.next() % 30) * Time.second
            var collector = OpenEndedCues.Collector(inOrder: true, reserve: 0)
            for change in changes { collector.add(change) }
            let written = collector.records(lastEnd: lastEnd)
            let sorted = OpenEndedCues.records(changes, lastEnd: lastEnd)
            if disorder || changes.contains(where: { $0.track > OpenEndedCues.InOrder.trackLimit }) {
                #expect(written == nil && collector.gaveUp)
                continue
            }
            orderedRuns += 1
            let fields = { (r: CueRecord) in [r.start, r.end, Int64(r.textStart), Int64(r.textEnd), Int64(r.line), Int64(r.detail)] }
            #expect(written.map { $0.map(fields) } == sorted.map(fields), "\(changes)")
        }
        #expect(orderedRuns > 2_500)
    }
}

