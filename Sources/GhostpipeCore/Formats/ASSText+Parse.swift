#if canImport(Glibc)
import Glibc
#endif

/// Reading an event's text: the usual lines on their own short paths (plain text, a karaoke line of
/// `\k` tags), everything else through the general reader (`ASSText.swift`).
extension ASSText {
    /// A whole number at `p[start…]` after spaces (a sign allowed), or nil when there is none.
    static func integer(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
        var k = start
        while k < end, Bytes.isSpaceOrTab(p[k]) || p[k] == 40 { k += 1 }
        var negative = false
        if k < end, p[k] == 45 || p[k] == 43 { negative = p[k] == 45; k += 1 }
        var value = 0, digits = 0
        while k < end, Bytes.isDigit(p[k]), digits < 9 { value = value * 10 + Int(p[k] - 48); digits += 1; k += 1 }
        guard digits > 0 else { return nil }
        return negative ? -value : value
    }

    /// The numbers of `(a, b, …)` from just after the parenthesis.
    static func arguments(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> [Double] {
        var values: [Double] = []
        var k = start
        while k < end, p[k] != 41, values.count < 16 {
            var fieldEnd = k
            while fieldEnd < end, p[fieldEnd] != 44, p[fieldEnd] != 41 { fieldEnd += 1 }
            let field = String(decoding: UnsafeBufferPointer(start: p + k, count: fieldEnd - k), as: UTF8.self)
            values.append(Double(field.trimmingASCIIWhitespace()) ?? 0)
            k = fieldEnd < end && p[fieldEnd] == 44 ? fieldEnd + 1 : fieldEnd
        }
        return values
    }

    /// Parses the text of an event in `style`; `start` and `length` are the event's (karaoke and
    /// `\fade` count from them).
    static func parse(_ t: UnsafeBufferPointer<UInt8>, style: ASSStyle, script: ASSScript,
                      start: Nanoseconds, length: Nanoseconds) -> Result {
        plainResult(t, style: style, wrapStyle: script.wrapStyle) ?? karaokeResult(t, style: style, start: start)
            ?? readResult(t, style: style, script: script, start: start, length: length)
    }

    /// ``parse(_:style:script:start:length:)`` for the usual karaoke line, `{\k20}ka{\k30}ra…`:
    /// every override block one `\k` or `\ko` tag and its centiseconds, no escapes. A run per
    /// syllable, built directly (the reader copied each syllable and built it through its pieces);
    /// nil for any other text.
    static func karaokeResult(_ t: UnsafeBufferPointer<UInt8>, style: ASSStyle, start: Nanoseconds) -> Result? {
        guard let p = t.baseAddress, style.primary.visibility != .hidden,
              let brace = memchr(p, 123, t.count) else { return nil }
        let n = t.count
        // The tag `p[i...]` opens with (`\k` or `\ko`, 1 to 9 digits, the brace): the index of its
        // `}` and its value; nil for any other block.
        func syllable(_ i: Int) -> (close: Int, centiseconds: Int)? {
            guard i + 3 < n, p[i + 1] == 92, p[i + 2] == 107 else { return nil }
            var k = i + 3
            if p[k] == 111 { k += 1 }                                              // \ko
            let digits = k
            var value = 0
            while k < n, Bytes.isDigit(p[k]), k - digits < 9 { value = value * 10 + Int(p[k] &- 48); k += 1 }
            guard k > digits, k < n, p[k] == 125 else { return nil }
            return (k, value)
        }
        // Most lines with blocks are not karaoke: declined at the first block, before any work.
        guard syllable(UnsafeRawPointer(p).distance(to: UnsafeRawPointer(brace))) != nil else { return nil }
        let look = Look(style)
        let sung = look.style(look.primary)
        var before: Style? = look.secondary.visibility == .hidden ? nil : look.style(look.secondary)
        if before == sung { before?.attributes.insert(.dim) }
        var runs: [StyledRun] = []
        var karaokeTime = 0
        var sungAt: Nanoseconds?                       // nil before the first syllable
        var i = 0
        while i < n {
            if p[i] == 123 {
                guard let tag = syllable(i) else { return nil }
                sungAt = start + Nanoseconds(karaokeTime) * 10 * Time.millisecond
                karaokeTime = min(karaokeTime + tag.centiseconds, Reader.longestKaraoke)
                i = tag.close + 1
                continue
            }
            var k = i
            while k < n, p[k] != 123, p[k] != 92 { k += 1 }
            guard k == n || p[k] == 123, k > i else { return nil }                 // an escape: the reader's
            let text = String(decoding: UnsafeBufferPointer(start: p + i, count: k - i), as: UTF8.self)
            let runBefore = sungAt == nil ? nil : before
            // Syllables sung at the same instant (after a `\k0`) are one run, as the builder makes them.
            if let last = runs.last, last.at == sungAt, last.before == runBefore {
                runs[runs.count - 1].text += text
            } else {
                runs.append(StyledRun(text, style: sung, at: sungAt, before: runBefore))
            }
            i = k
        }
        return Result(runs: runs, placement: CuePlacement.numpad(style.alignment) ?? CuePlacement())
    }

    /// ``parse(_:style:script:start:length:)`` for text without override blocks (most events, a
    /// quarter of them with `\N`): one run in the style's look, where the style puts it; nil for
    /// any other text.
    static func plainResult(_ t: UnsafeBufferPointer<UInt8>, style: ASSStyle, wrapStyle: Int = 0) -> Result? {
        guard let p = t.baseAddress, !t.isEmpty, style.primary.visibility != .hidden,
              memchr(p, 123, t.count) == nil else { return nil }                                   // {
        let look = Look(style)
        let text = memchr(p, 92, t.count) == nil ? String(decoding: t, as: UTF8.self) : unescaped(t, wrapStyle: wrapStyle)
        return Result(runs: [StyledRun(text, style: look.style(look.primary))],
                      placement: CuePlacement.numpad(style.alignment) ?? CuePlacement())
    }

    /// Text outside override blocks with its escapes read as ``readResult(_:style:script:start:length:)``
    /// reads them: `\N` a line break, `\n` a space (a break under `WrapStyle: 2`), `\h` a no-break
    /// space; any other backslash is text. Never longer than the text (`\h` and U+00A0 are both two bytes).
    static func unescaped(_ t: UnsafeBufferPointer<UInt8>, wrapStyle: Int) -> String {
        String(unsafeUninitializedCapacity: t.count) { out in
            let n = t.count
            var i = 0, o = 0
            while i < n {
                let c = t[i]
                if c == 92, i + 1 < n {
                    switch t[i + 1] {
                    case 78: out[o] = 10; o += 1; i += 2; continue
                    case 110: out[o] = wrapStyle == 2 ? 10 : 32; o += 1; i += 2; continue
                    case 104: out[o] = 0xC2; out[o + 1] = 0xA0; o += 2; i += 2; continue
                    default: break
                    }
                }
                out[o] = c
                o += 1
                i += 1
            }
            return o
        }
    }

    /// ``parse(_:style:script:start:length:)`` by the general rule: tags and escapes read in turn.
    static func readResult(_ t: UnsafeBufferPointer<UInt8>, style: ASSStyle, script: ASSScript,
                           start: Nanoseconds, length: Nanoseconds) -> Result {
        var reader = Reader(script: script, style: style, start: start, length: length)
        guard let p = t.baseAddress else { return Result(runs: [], placement: reader.placement()) }
        let n = t.count
        var i = 0
        while i < n {
            let c = p[i]
            if c == 123 {                                                        // {
                var close = i + 1
                while close < n, p[close] != 125 { close += 1 }
                if close < n {
                    reader.overrides(p, i + 1, close)
                    i = close + 1
                    continue
                }
            }
            if c == 92, i + 1 < n {                                              // \N \n \h
                switch p[i + 1] {
                case 78: reader.emit(escape: "\n"); i += 2; continue
                case 110: reader.emit(escape: script.wrapStyle == 2 ? "\n" : " "); i += 2; continue
                case 104: reader.emit(escape: "\u{A0}"); i += 2; continue
                default: break
                }
            }
            var k = i + 1
            while k < n, p[k] != 123, p[k] != 92 { k += 1 }
            reader.emit(UnsafeBufferPointer(start: p + i, count: k - i))
            i = k
        }
        reader.endSyllable()
        return Result(runs: reader.builder.finish(), placement: reader.placement(), fadeIn: reader.fadeIn, fadeOut: reader.fadeOut)
    }
}
