// Fuzz target `ebustl`: bytes → the EBU STL parser (binary: the bytes as they are, after a valid GSI
// block's signature when the input's first byte is odd, so that the TTI blocks are reached) → every
// Cue built, and the file through SubtitleStream in chunks. Properties: cues sorted, start ≤ end,
// text valid UTF-8, every cue's and diagnostic's block inside the file; deterministic.
import GhostpipeCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = amplified(data, size)
    if size > 0, data[0] & 1 == 1 {
        var gsi = [UInt8](repeating: 0x20, count: 1024)
        for (k, b) in "850STL25.01".utf8.enumerated() { gsi[k] = b }
        // Header fields from the input: display standard, character table, rows, programme start.
        for (k, offset) in [11, 12, 13, 253, 254, 256, 257, 258, 259, 260, 261, 262, 263].enumerated() where k + 1 < size {
            gsi[offset] = data[k + 1]
        }
        bytes = gsi + bytes.dropFirst(min(size, 14))
    }
    guard let parser = SubtitleFormat(named: "ebu-stl")?.parser else { require(false, "no format ebu-stl"); return 0 }
    let parsed = parser.parse(bytes, options: ParseOptions(frameRate: size > 1 && data[1] & 1 == 1 ? 30 : nil))
    let blocks = max(1, (bytes.count - 1024) / 128 + 2)
    var last = Nanoseconds.min
    for i in parsed.cues.indices {
        let cue = parsed.cues[i]
        require(cue.start >= last && cue.start <= cue.end, "ebu-stl: cue \(i) out of order or ends before it starts")
        require(cue.sourceLine >= 1 && cue.sourceLine <= blocks, "ebu-stl: cue \(i) in block \(cue.sourceLine) of \(blocks)")
        for run in cue.runs { require(isValidUTF8(Array(run.text.utf8)), "ebu-stl: run text not valid UTF-8") }
        last = cue.start
    }
    for d in parsed.diagnostics { require(d.line >= 1 && d.line <= blocks + 1, "ebu-stl: diagnostic in block \(d.line): \(d.message)") }
    let again = parser.parse(bytes, options: ParseOptions(frameRate: size > 1 && data[1] & 1 == 1 ? 30 : nil))
    require(again.cues.count == parsed.cues.count && again.diagnostics == parsed.diagnostics, "ebu-stl: parsing is not deterministic")
    _ = SubtitleFormat.detect(fileName: "x.stl", prefix: bytes)
    _ = SubtitleFormat.sniff(bytes, fileName: nil, atEnd: false)
    // Through a stream in chunks the input decides: the same cues.
    var random = bytes.withUnsafeBufferPointer { FuzzRandom(bytes: $0, salt: 0x57) }
    let stream = SubtitleStream(format: SubtitleFormat(named: "ebu-stl")!, name: "in", encoding: nil, isFile: false)
    var streamed = 0
    var offset = 0
    for size in chunking(bytes.count, &random) {
        streamed += bytes[offset..<(offset + size)].withUnsafeBufferPointer { stream.push($0) }.cues.count
        offset += size
    }
    streamed += stream.finish().cues.count
    require(streamed == parsed.cues.count, "ebu-stl: the stream gave \(streamed) cues, the parser \(parsed.cues.count)")
    return 0
}
