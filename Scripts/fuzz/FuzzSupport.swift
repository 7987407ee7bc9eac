// Shared by every fuzz target (compiled together with each of them by Scripts/fuzz.sh).
#if canImport(Glibc)
import Glibc
#endif

/// A failed property: says which and why on stderr, then traps so libFuzzer keeps the input as a
/// crash artifact.
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
             file: StaticString = #fileID, line: UInt = #line) {
    if condition() { return }
    let text = "PROPERTY FAILED (\(file):\(line)): \(message())\n"
    _ = text.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    abort()
}

/// Deterministic randomness derived from the input (the same input must always run the same way).
struct FuzzRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    init(bytes: UnsafeBufferPointer<UInt8>, salt: UInt64) {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325 ^ salt
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01B3 }
        state = h
    }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }
}

/// Cuts `count` bytes into chunks: mostly tiny ones (1–4 bytes, where split sequences live),
/// sometimes empty or larger ones. The chunk lengths add up to `count`.
func chunking(_ count: Int, _ random: inout FuzzRandom) -> [Int] {
    var sizes: [Int] = []
    var left = count
    while left > 0 {
        let size: Int
        switch random.below(8) {
        case 0: size = 0
        case 1, 2, 3: size = 1
        case 4, 5: size = 1 + random.below(4)
        case 6: size = 1 + random.below(32)
        default: size = 1 + random.below(512)
        }
        let taken = min(size, left)
        sizes.append(taken)
        left -= taken
    }
    return sizes
}

/// Independent UTF-8 validity check (Unicode Table 3-7), so the targets do not trust the code under test.
func isValidUTF8<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
    var it = bytes.makeIterator()
    while let b0 = it.next() {
        if b0 < 0x80 { continue }
        var lower: UInt8 = 0x80, upper: UInt8 = 0xBF
        let count: Int
        switch b0 {
        case 0xC2...0xDF: count = 2
        case 0xE0: count = 3; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: count = 3
        case 0xED: count = 3; upper = 0x9F
        case 0xF0: count = 4; lower = 0x90
        case 0xF1...0xF3: count = 4
        case 0xF4: count = 4; upper = 0x8F
        default: return false
        }
        for k in 1..<count {
            guard let b = it.next() else { return false }
            if k == 1 ? (b < lower || b > upper) : (b < 0x80 || b > 0xBF) { return false }
        }
    }
    return true
}

/// The number of lines in `text` as the parsers count them: LF, CR LF and a lone CR each end one.
func lineCount(_ utf8: [UInt8]) -> Int {
    var lines = 1
    for (j, b) in utf8.enumerated() where b == 10 || (b == 13 && (j + 1 == utf8.count || utf8[j + 1] != 10)) {
        lines += 1
    }
    return lines
}

/// `FUZZ_AMPLIFY=N` in the environment: every input is repeated N times before it is parsed. Running
/// a finished corpus this way (`-runs=0` over the corpus directory) turns super-linear behaviour into
/// timeouts and slow-unit reports. 1 (no repetition) otherwise.
let amplification: Int = {
    guard let raw = getenv("FUZZ_AMPLIFY"), let n = Int(String(cString: raw)), n > 1 else { return 1 }
    return min(n, 10_000)
}()

/// The input, repeated as `FUZZ_AMPLIFY` says.
func amplified(_ data: UnsafePointer<UInt8>, _ size: Int) -> [UInt8] {
    let once = UnsafeBufferPointer(start: data, count: size)
    guard amplification > 1 else { return Array(once) }
    var out: [UInt8] = []
    out.reserveCapacity(size * amplification)
    for _ in 0..<amplification { out.append(contentsOf: once) }
    return out
}
