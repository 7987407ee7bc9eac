/// The little JSON ghostpipe writes: strings escaped per RFC 8259 (plus DEL and C1 controls, so a
/// reader printing them raw cannot be commanded), and seconds with microsecond precision.
public enum JSON {
    public static func appendString(_ text: some StringProtocol, to out: inout [UInt8]) {
        var text = String(text)
        text.withUTF8 { appendString(utf8: $0, to: &out) }
    }

    /// `appendString` over UTF-8 bytes, which must be valid UTF-8.
    public static func appendString(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(upTo: JSONWriter.stringBound(bytes.count)) { $0.string(utf8: bytes) }
    }

    /// Seconds from nanoseconds: `1.5`, `0.04`, `12.000001`, `3.0` — shortest form, at most 6 decimals.
    public static func appendSeconds(_ ns: Nanoseconds, to out: inout [UInt8]) {
        out.append(upTo: JSONWriter.secondsBound) { $0.seconds(ns) }
    }

    /// Seconds with exactly three decimals (cue times: millisecond precision).
    public static func appendMilliseconds(_ ns: Nanoseconds, to out: inout [UInt8]) {
        out.append(upTo: JSONWriter.secondsBound) { $0.milliseconds(ns) }
    }
}

/// Writes JSON through a pointer into memory reserved for the worst case beforehand: no bounds,
/// uniqueness or reference-count checks per byte (the inner loop of `-o json` on long texts).
struct JSONWriter {
    var position: UnsafeMutablePointer<UInt8>

    /// The room `seconds` needs: a sign, 19 digits, a point and 6 decimals, and 2 more (the
    /// decimals are stored as a word of 8).
    static let secondsBound = 29
    /// The most bytes `seconds` writes for times of at most `largest` nanoseconds either side of zero:
    /// a sign, the whole seconds' digits (one more, for rounding up), a point, 6 decimals and the
    /// 2 more bytes of room their word needs.
    static func secondsBound(upTo largest: Nanoseconds) -> Int {
        var digits = 1, whole = largest / 1_000_000_000 + 1
        while whole >= 10 { whole /= 10; digits += 1 }
        return 1 + digits + 7 + 2
    }
    /// The most bytes `string` writes for `count` bytes of UTF-8: quotes, every byte `\\u00XX`.
    static func stringBound(_ count: Int) -> Int { 2 + 6 * count }
    /// The same for text with nothing to sanitize (`TerminalSanitizer.needsCleaning`: no control
    /// but LF and tab, no C1 control), where only LF, tab, `"` and `\` are escaped, in two bytes each.
    static func plainStringBound(_ count: Int) -> Int { 2 + 2 * count }

    @inline(__always) mutating func byte(_ b: UInt8) {
        position.initialize(to: b)
        position += 1
    }

    @inline(__always) mutating func raw(_ text: StaticString) {
        let (source, count) = (text.utf8Start, text.utf8CodeUnitCount)
        if count >= 8 && count <= 16 {
            // A key: two words that may overlap, not a call to copy a few bytes.
            ByteWords.store(ByteWords.load(source), position)
            ByteWords.store(ByteWords.load(source + count - 8), position + count - 8)
        } else if count >= 4 && count < 8 {
            // A separator: two words of four that may overlap.
            let (from, to) = (UnsafeRawPointer(source), UnsafeMutableRawPointer(position))
            to.storeBytes(of: from.loadUnaligned(as: UInt32.self), as: UInt32.self)
            (to + count - 4).storeBytes(of: (from + count - 4).loadUnaligned(as: UInt32.self), as: UInt32.self)
        } else if count == 2 {
            // A line's end.
            UnsafeMutableRawPointer(position).storeBytes(of: UnsafeRawPointer(source).loadUnaligned(as: UInt16.self), as: UInt16.self)
        } else {
            position.initialize(from: source, count: count)
        }
        position += count
    }

    /// Four bytes at once, the lowest first.
    @inline(__always) mutating func word(_ bytes: UInt32) {
        UnsafeMutableRawPointer(position).storeBytes(of: bytes.littleEndian, as: UInt32.self)
        position += 4
    }

    /// Bytes as they are.
    @inline(__always) mutating func bytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        position.initialize(from: base, count: bytes.count)
        position += bytes.count
    }

    /// A JSON string: escaped per RFC 8259, plus DEL and the C1 controls (C2 80…C2 9F), so a reader
    /// printing it raw cannot be commanded. Runs that need no escape are copied whole.
    mutating func string(utf8 bytes: UnsafeBufferPointer<UInt8>) { string(utf8: bytes, sanitized: false) }

    /// `string` for text with nothing to sanitize (`TerminalSanitizer.needsCleaning` is false: no
    /// DEL, no C1 control; `Output.cue(text:…)`), whose words need fewer tests.
    mutating func sanitizedString(utf8 bytes: UnsafeBufferPointer<UInt8>) { string(utf8: bytes, sanitized: true) }

    @inline(__always)
    private mutating func string(utf8 bytes: UnsafeBufferPointer<UInt8>, sanitized: Bool) {
        byte(0x22)
        defer { byte(0x22) }
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        @inline(__always) func marks(_ w: UInt64) -> UInt64 {
            let sanitize = sanitized ? 0 : ByteWords.anyEqual(w, 0x7F) | ByteWords.anyEqual(w, 0xC2)
            return ByteWords.anyControl(w) | ByteWords.anyEqual(w, 0x22) | ByteWords.anyEqual(w, 0x5C) | sanitize
        }
        var i = 0
        while i < count {
            // Copied a word at a time as it is read (the room reserved for escapes holds a word
            // more), up to the first byte that may need an escape.
            while i + 8 <= count {
                let w = ByteWords.load(base + i)
                ByteWords.store(w, position)
                let m = marks(w)
                let clean = m == 0 ? 8 : ByteWords.firstMarked(m)
                position += clean
                i += clean
                if m != 0 { break }
            }
            guard i < count else { break }
            if i + 8 > count, count >= 8, case let w = ByteWords.load(base + count - 8), marks(w) == 0 {
                // The last bytes, as the word that ends the text: those before `i` went out as they
                // are, so writing them again changes nothing.
                ByteWords.store(w, position - (i - (count - 8)))
                position += count - i
                break
            }
            let b = base[i]
            i += 1
            guard b < 0x20 || b == 0x22 || b == 0x5C || b == 0x7F || b == 0xC2 else { byte(b); continue }
            if b == 0xC2 && !(i < count && (0x80...0x9F).contains(base[i])) { byte(b); continue }
            switch b {
            case 0x22: byte(0x5C); byte(0x22)
            case 0x5C: byte(0x5C); byte(0x5C)
            case 0x0A: byte(0x5C); byte(0x6E)
            case 0x0D: byte(0x5C); byte(0x72)
            case 0x09: byte(0x5C); byte(0x74)
            case 0xC2: escape(base[i]); i += 1
            default: escape(b)
            }
        }
    }

    /// `bytes` in quotes as they are: for UTF-8 known to need no escape.
    @inline(__always) mutating func quoted(_ bytes: UnsafeBufferPointer<UInt8>) {
        byte(0x22)
        self.bytes(bytes)
        byte(0x22)
    }

    private mutating func escape(_ b: UInt8) {
        let (high, low) = (b >> 4, b & 15)
        byte(0x5C); byte(0x75); byte(0x30); byte(0x30)
        byte(high < 10 ? 0x30 + high : 0x57 + high)
        byte(low < 10 ? 0x30 + low : 0x57 + low)
    }

    /// Seconds with at most six decimals, trailing zeros dropped but one: `1.5`, `3.0`, `12.000001`.
    mutating func seconds(_ ns: Nanoseconds) {
        var value = ns
        if value < 0 { byte(0x2D); value = -value }
        // Unsigned: dividing by a constant is then a multiplication and a shift, no sign fix-up.
        let micros = (UInt64(value) + 500) / 1000
        let whole = micros / 1_000_000
        let fraction = Int(truncatingIfNeeded: micros - whole * 1_000_000)
        self.whole(Int(whole))
        byte(0x2E)
        self.fraction(fraction)
    }

    /// Six decimals, trailing zeros dropped but one digit kept: the milliseconds' three digits from
    /// a table, and the microseconds' only when there are any (a pacer's times are mostly whole
    /// milliseconds), stored as one word, the zeros at its end counted in it. Needs 8 bytes of room.
    @inline(__always) private mutating func fraction(_ fraction: Int) {
        let f = UInt(bitPattern: fraction)
        let millis = f / 1000, micros = f - millis * 1000
        // Four bytes loaded for three (the table has one to spare at its end).
        let triples = UnsafeRawPointer(Self.triples.utf8Start)
        let high = UInt64(triples.loadUnaligned(fromByteOffset: 3 * Int(millis), as: UInt32.self).littleEndian) & 0xFF_FFFF
        // Each '0' digit is a zero byte in `zeros`; the last digits are the highest bytes used.
        if micros == 0 {
            UnsafeMutableRawPointer(position).storeBytes(of: high.littleEndian, as: UInt64.self)
            let zeros = high ^ 0x30_3030
            position += zeros == 0 ? 1 : 3 - (zeros.leadingZeroBitCount &- 40) >> 3
        } else {
            let low = UInt64(triples.loadUnaligned(fromByteOffset: 3 * Int(micros), as: UInt32.self).littleEndian) & 0xFF_FFFF
            let word = high | low << 24
            UnsafeMutableRawPointer(position).storeBytes(of: word.littleEndian, as: UInt64.self)
            position += 6 - ((word ^ 0x3030_3030_3030).leadingZeroBitCount &- 16) >> 3
        }
    }

    /// Three decimal digits of each of 0…999, and a byte to spare (read as words of four).
    private static var triples: StaticString { """
        000001002003004005006007008009010011012013014015016017018019020021022023024025026027028029030031\
        032033034035036037038039040041042043044045046047048049050051052053054055056057058059060061062063\
        064065066067068069070071072073074075076077078079080081082083084085086087088089090091092093094095\
        096097098099100101102103104105106107108109110111112113114115116117118119120121122123124125126127\
        128129130131132133134135136137138139140141142143144145146147148149150151152153154155156157158159\
        160161162163164165166167168169170171172173174175176177178179180181182183184185186187188189190191\
        192193194195196197198199200201202203204205206207208209210211212213214215216217218219220221222223\
        224225226227228229230231232233234235236237238239240241242243244245246247248249250251252253254255\
        256257258259260261262263264265266267268269270271272273274275276277278279280281282283284285286287\
        288289290291292293294295296297298299300301302303304305306307308309310311312313314315316317318319\
        320321322323324325326327328329330331332333334335336337338339340341342343344345346347348349350351\
        352353354355356357358359360361362363364365366367368369370371372373374375376377378379380381382383\
        384385386387388389390391392393394395396397398399400401402403404405406407408409410411412413414415\
        416417418419420421422423424425426427428429430431432433434435436437438439440441442443444445446447\
        448449450451452453454455456457458459460461462463464465466467468469470471472473474475476477478479\
        480481482483484485486487488489490491492493494495496497498499500501502503504505506507508509510511\
        512513514515516517518519520521522523524525526527528529530531532533534535536537538539540541542543\
        544545546547548549550551552553554555556557558559560561562563564565566567568569570571572573574575\
        576577578579580581582583584585586587588589590591592593594595596597598599600601602603604605606607\
        608609610611612613614615616617618619620621622623624625626627628629630631632633634635636637638639\
        640641642643644645646647648649650651652653654655656657658659660661662663664665666667668669670671\
        672673674675676677678679680681682683684685686687688689690691692693694695696697698699700701702703\
        704705706707708709710711712713714715716717718719720721722723724725726727728729730731732733734735\
        736737738739740741742743744745746747748749750751752753754755756757758759760761762763764765766767\
        768769770771772773774775776777778779780781782783784785786787788789790791792793794795796797798799\
        800801802803804805806807808809810811812813814815816817818819820821822823824825826827828829830831\
        832833834835836837838839840841842843844845846847848849850851852853854855856857858859860861862863\
        864865866867868869870871872873874875876877878879880881882883884885886887888889890891892893894895\
        896897898899900901902903904905906907908909910911912913914915916917918919920921922923924925926927\
        928929930931932933934935936937938939940941942943944945946947948949950951952953954955956957958959\
        960961962963964965966967968969970971972973974975976977978979980981982983984985986987988989990991\
        9929939949959969979989990
        """ }

    /// The whole seconds last written by `seconds(_:reusing:)`, with their digits and the point.
    struct WholeSeconds {
        /// The whole seconds in microseconds: a time is in the same second when its microseconds
        /// are less than a million past them (no division to tell). Far from any time at first.
        var firstMicros = UInt64.max / 2
        /// The digits and the point, in the low bytes first order of memory.
        var bytes: UInt64 = 0
        var count = 0
    }

    /// `seconds`, for a run of times that mostly share their whole seconds (a grapheme every few
    /// milliseconds): the whole part and the point are copied as one word when they are the same as
    /// the last time's. Needs 8 bytes of room (a `secondsBound` always leaves them).
    @inline(never) mutating func seconds(_ ns: Nanoseconds, reusing last: inout WholeSeconds) {
        inlineSeconds(ns, reusing: &last)
    }

    /// `seconds(_:reusing:)` in its caller's loop: a recording's lines, where the call's own cost
    /// is a fifth of the time's (json's lines, with more around the call, are faster calling it).
    @inline(__always) mutating func inlineSeconds(_ ns: Nanoseconds, reusing last: inout WholeSeconds) {
        guard ns >= 0 else { seconds(ns); return }
        let micros = (UInt64(ns) + 500) / 1000
        if micros &- last.firstMicros < 1_000_000 {
            UnsafeMutableRawPointer(position).storeBytes(of: last.bytes, as: UInt64.self)
            position += last.count
        } else {
            let whole = micros / 1_000_000
            guard whole < 10_000_000 else { seconds(ns); return }
            let start = position
            self.whole(Int(whole))
            byte(0x2E)
            last = WholeSeconds(firstMicros: whole * 1_000_000,
                                bytes: UnsafeRawPointer(start).loadUnaligned(as: UInt64.self), count: position - start)
        }
        fraction(Int(truncatingIfNeeded: micros &- last.firstMicros))
    }

    /// Two decimal digits of `n` (0…99), from a table.
    @inline(__always) private mutating func pair(_ n: Int) {
        let digits = Self.pairs.utf8Start + 2 * n
        position[0] = digits[0]
        position[1] = digits[1]
        position += 2
    }

    /// A literal returned by a computed property: no lazy global to check on every use.
    private static var pairs: StaticString { """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """ }

    /// Seconds with exactly three decimals, rounded to the nearest millisecond: `1.500`, `-0.040`.
    mutating func milliseconds(_ ns: Nanoseconds) {
        var value = ns
        if value < 0 { byte(0x2D); value = -value }
        let millis = (UInt64(value) + 500_000) / 1_000_000
        let whole = millis / 1000
        let fraction = Int(truncatingIfNeeded: millis - whole * 1000)
        self.whole(Int(whole))
        byte(0x2E)
        // A pair and a digit, stored as one word of 4 (the room has bytes to spare for it).
        let high = fraction / 10
        let pair = UnsafeRawPointer(Self.pairs.utf8Start).loadUnaligned(fromByteOffset: 2 * high, as: UInt16.self)
        let word = UInt32(UInt16(littleEndian: pair)) | UInt32(0x30 + fraction - high * 10) << 16
        UnsafeMutableRawPointer(position).storeBytes(of: word.littleEndian, as: UInt32.self)
        position += 3
    }

    /// A whole number ≥ 0.
    mutating func whole(_ n: Int) {
        if n < 10 { byte(UInt8(truncatingIfNeeded: 0x30 + n)); return }
        if n < 100 { pair(n); return }
        if n < 1_000_000 {
            // Most times (up to 277 hours): pairs from the top, the first pair's leading zero dropped.
            let u = UInt(n)
            let top = u / 10_000, rest = u - top * 10_000
            let middle = rest / 100, low = rest - middle * 100
            if top > 0 {
                if top < 10 { byte(UInt8(truncatingIfNeeded: 0x30 + top)) } else { pair(Int(top)) }
                pair(Int(middle))
            } else if middle < 10 {
                byte(UInt8(truncatingIfNeeded: 0x30 + middle))
            } else {
                pair(Int(middle))
            }
            pair(Int(low))
            return
        }
        var count = 3, limit = 1000
        while n >= limit && count < 19 { limit &*= 10; count += 1 }
        digits(n, count: count)
    }

    /// The last `count` decimal digits of `n`, zero-padded, written backwards (dividing by the
    /// constant 100, which the compiler makes a multiplication).
    private mutating func digits(_ n: Int, count: Int) {
        var rest = UInt(bitPattern: n)
        var p = position + count
        // Two digits at a time from the table, then the odd one.
        while p - position >= 2 {
            p -= 2
            let quotient = rest / 100
            let digits = Self.pairs.utf8Start + 2 * Int(rest - quotient * 100)
            p[0] = digits[0]
            p[1] = digits[1]
            rest = quotient
        }
        if p > position { position[0] = UInt8(truncatingIfNeeded: 48 + rest % 10) }
        position += count
    }
}

extension Array where Element == UInt8 {
    /// Appends what `write` writes, at most `bound` bytes, through a `JSONWriter` straight into the
    /// array's spare capacity (nothing filled first). Capacity grows geometrically, as appending does.
    mutating func append(upTo bound: Int, _ write: (inout JSONWriter) -> Void) {
        if capacity < count + bound { reserveCapacity(Swift.max(count + bound, capacity * 2)) }
        append(addingCapacity: bound) { span in
            span.withUnsafeMutableBufferPointer { buffer, initialized in
                var writer = JSONWriter(position: buffer.baseAddress!)
                write(&writer)
                initialized = writer.position - buffer.baseAddress!
            }
        }
    }
}
