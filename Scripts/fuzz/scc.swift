// Fuzz target `scc`: bytes → the SCC parser and its CEA-608 decoder → every Cue built, on the four
// channels, and the file read whole through SubtitleStream. Half the time the input's bytes are
// written as the byte pairs of timed lines (so every code, parity and channel is reached), else
// the input is the file. Properties: see CueChecks.swift; also the decoder's cues never overlap on
// a screen's row group, and their word instants lie within them, in order.
import GhostpipeCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = amplified(data, size)
    if size > 0, data[0] & 1 == 1 {
        // Pairs of the input's bytes, a line of timecode every few pairs (drop-frame when asked).
        let digits = Array("0123456789abcdef".utf8)
        var file = Array("Scenarist_SCC V1.0\n\n".utf8)
        var k = 1, second = 0
        while k + 1 < bytes.count {
            if (k - 1) % 24 == 0 {
                second += Int(bytes[k] & 3)
                file += Array("00:\(second / 60 < 10 ? "0" : "")\(second / 60):\(second % 60 < 10 ? "0" : "")\(second % 60)\(bytes[k] & 4 == 0 ? ":" : ";")0\(bytes[k] >> 5)\t".utf8)
            }
            file += [digits[Int(bytes[k] >> 4)], digits[Int(bytes[k] & 15)], digits[Int(bytes[k + 1] >> 4)], digits[Int(bytes[k + 1] & 15)]]
            k += 2
            file.append((k - 1) % 24 == 0 ? 10 : 32)
        }
        bytes = file
    }
    let text = String(decoding: bytes, as: UTF8.self)
    guard let format = SubtitleFormat(named: "scc"), let parser = format.parser else { require(false, "no scc format"); return 0 }
    for channel in 1...4 {
        let parsed = parser.parse(Array(text.utf8), options: ParseOptions(channel: channel))
        checkCues(parsed.cues, parsed.diagnostics, text: text, format: "scc")
        for cue in parsed.cues {
            let instants = cue.runs.compactMap(\.at)
            require(instants == instants.sorted(), "scc: word instants out of order")
            require(instants.allSatisfy { $0 >= cue.start && $0 <= cue.end }, "scc: a word instant outside its cue")
            require(cue.styleName.map { ["pop-on", "roll-up", "paint-on", "text"].contains($0) } ?? false, "scc: a cue without its mode")
        }
    }
    _ = SubtitleFormat.detect(fileName: nil, prefix: bytes)
    _ = SubtitleFormat.sniff(bytes, fileName: nil, atEnd: false)
    checkStream(bytes, format: "scc", text: text)
    return 0
}
