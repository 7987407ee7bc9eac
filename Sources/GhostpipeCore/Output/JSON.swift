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
        // The magnitude, unsigned: -Int64.min has no Int64.
        if ns < 0 { byte(0x2D) }
        let value = ns.magnitude
        // Unsigned: dividing by a constant is then a multiplication and a shift, no sign fix-up.
        let micros = (value + 500) / 1000
        let whole = micros / 1_000_000
        let fraction = Int(truncatingIfNeeded: micros - whole * 1_000_000)
        self.whole(Int(whole))
        byte(0x2E)
        self.fraction(fraction)
    }

    /// Six decimals, trailing zeros dropped but one digit kept: the milliseconds' three digits from
    /// a table, and the microseconds' only when there are any (a pacer's times are mostly whole
    /// milliseconds), stored as one word; the table tells how many digits count. Needs 8 bytes of room.
    @inline(__always) private mutating func fraction(_ fraction: Int) {
        let f = UInt(bitPattern: fraction)
        let millis = f / 1000, micros = f - millis * 1000
        let decimals = UnsafeRawPointer(Self.decimals.utf8Start)
        let high = decimals.loadUnaligned(fromByteOffset: 4 * Int(millis), as: UInt32.self).littleEndian
        if micros == 0 {
            UnsafeMutableRawPointer(position).storeBytes(of: high.littleEndian, as: UInt32.self)
            position += Int(high >> 24) - 0x30
        } else {
            let low = decimals.loadUnaligned(fromByteOffset: 4 * Int(micros), as: UInt32.self).littleEndian
            let word = UInt64(high & 0xFF_FFFF) | UInt64(low) << 24
            UnsafeMutableRawPointer(position).storeBytes(of: word.littleEndian, as: UInt64.self)
            position += 3 + Int(low >> 24) - 0x30
        }
    }

    /// For each of 0…999: its three decimal digits, then how many of them are left when trailing
    /// zeros are dropped (at least one), as a digit: `0001`, `0402`, `5001`, `1233`.
    private static var decimals: StaticString { """
        000100130023003300430053006300730083009301020113012301330143015301630173018301930202021302230233\
        024302530263027302830293030203130323033303430353036303730383039304020413042304330443045304630473\
        048304930502051305230533054305530563057305830593060206130623063306430653066306730683069307020713\
        072307330743075307630773078307930802081308230833084308530863087308830893090209130923093309430953\
        096309730983099310011013102310331043105310631073108310931102111311231133114311531163117311831193\
        120212131223123312431253126312731283129313021313132313331343135313631373138313931402141314231433\
        144314531463147314831493150215131523153315431553156315731583159316021613162316331643165316631673\
        168316931702171317231733174317531763177317831793180218131823183318431853186318731883189319021913\
        192319331943195319631973198319932001201320232033204320532063207320832093210221132123213321432153\
        216321732183219322022213222322332243225322632273228322932302231323232333234323532363237323832393\
        240224132423243324432453246324732483249325022513252325332543255325632573258325932602261326232633\
        264326532663267326832693270227132723273327432753276327732783279328022813282328332843285328632873\
        288328932902291329232933294329532963297329832993300130133023303330433053306330733083309331023113\
        312331333143315331633173318331933202321332233233324332533263327332833293330233133323333333433353\
        336333733383339334023413342334333443345334633473348334933502351335233533354335533563357335833593\
        360236133623363336433653366336733683369337023713372337333743375337633773378337933802381338233833\
        384338533863387338833893390239133923393339433953396339733983399340014013402340334043405340634073\
        408340934102411341234133414341534163417341834193420242134223423342434253426342734283429343024313\
        432343334343435343634373438343934402441344234433444344534463447344834493450245134523453345434553\
        456345734583459346024613462346334643465346634673468346934702471347234733474347534763477347834793\
        480248134823483348434853486348734883489349024913492349334943495349634973498349935001501350235033\
        504350535063507350835093510251135123513351435153516351735183519352025213522352335243525352635273\
        528352935302531353235333534353535363537353835393540254135423543354435453546354735483549355025513\
        552355335543555355635573558355935602561356235633564356535663567356835693570257135723573357435753\
        576357735783579358025813582358335843585358635873588358935902591359235933594359535963597359835993\
        600160136023603360436053606360736083609361026113612361336143615361636173618361936202621362236233\
        624362536263627362836293630263136323633363436353636363736383639364026413642364336443645364636473\
        648364936502651365236533654365536563657365836593660266136623663366436653666366736683669367026713\
        672367336743675367636773678367936802681368236833684368536863687368836893690269136923693369436953\
        696369736983699370017013702370337043705370637073708370937102711371237133714371537163717371837193\
        720272137223723372437253726372737283729373027313732373337343735373637373738373937402741374237433\
        744374537463747374837493750275137523753375437553756375737583759376027613762376337643765376637673\
        768376937702771377237733774377537763777377837793780278137823783378437853786378737883789379027913\
        792379337943795379637973798379938001801380238033804380538063807380838093810281138123813381438153\
        816381738183819382028213822382338243825382638273828382938302831383238333834383538363837383838393\
        840284138423843384438453846384738483849385028513852385338543855385638573858385938602861386238633\
        864386538663867386838693870287138723873387438753876387738783879388028813882388338843885388638873\
        888388938902891389238933894389538963897389838993900190139023903390439053906390739083909391029113\
        912391339143915391639173918391939202921392239233924392539263927392839293930293139323933393439353\
        936393739383939394029413942394339443945394639473948394939502951395239533954395539563957395839593\
        960296139623963396439653966396739683969397029713972397339743975397639773978397939802981398239833\
        9843985398639873988398939902991399239933994399539963997399839993
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
            position = Self.sameSecond(micros, as: last, at: position)
            return
        }
        let whole = micros / 1_000_000
        guard whole < 10_000_000 else { seconds(ns); return }
        let start = position
        self.whole(Int(whole))
        byte(0x2E)
        last = WholeSeconds(firstMicros: whole * 1_000_000,
                            bytes: UnsafeRawPointer(start).loadUnaligned(as: UInt64.self), count: position - start)
        fraction(Int(truncatingIfNeeded: micros &- last.firstMicros))
    }

    /// `inlineSeconds` for a time `micros` in the same second as `last` (the caller checked: less
    /// than a million microseconds past its first), written at `position`; returns where it ends.
    /// By value, so that a caller's loop keeps its position in a register (`CastRecorder`).
    @inline(__always) static func sameSecond(_ micros: UInt64, as last: WholeSeconds,
                                             at position: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var writer = JSONWriter(position: position + last.count)
        UnsafeMutableRawPointer(position).storeBytes(of: last.bytes, as: UInt64.self)
        writer.fraction(Int(truncatingIfNeeded: micros &- last.firstMicros))
        return writer.position
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
        // The magnitude, unsigned: -Int64.min has no Int64.
        if ns < 0 { byte(0x2D) }
        let value = ns.magnitude
        let millis = (value + 500_000) / 1_000_000
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
