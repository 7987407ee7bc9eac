// Fuzz target `subviewer`: bytes → the subviewer parser (with and without --fps) → every Cue built, and the
// file read whole through SubtitleStream. Properties: see CueChecks.swift; the same bytes parse the
// same way twice.
import GhostpipeCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = amplified(data, size)
    let text = String(decoding: bytes, as: UTF8.self)
    guard let parser = SubtitleFormat(named: "subviewer")?.parser else { require(false, "no format subviewer"); return 0 }
    let fps: Double? = size > 0 && data[0] & 1 == 1 ? Double(data[0] % 97) + 0.976 : nil
    let parsed = parser.parse(Array(text.utf8), options: ParseOptions(frameRate: fps))
    checkCues(parsed.cues, parsed.diagnostics, text: text, format: "subviewer")
    let again = parser.parse(Array(text.utf8), options: ParseOptions(frameRate: fps))
    require(again.cues.count == parsed.cues.count && again.diagnostics == parsed.diagnostics, "subviewer: parsing is not deterministic")
    _ = SubtitleFormat.detect(fileName: "x.sub", prefix: bytes)
    _ = SubtitleFormat.sniff(bytes, fileName: nil, atEnd: false)
    checkStream(bytes, format: "subviewer", text: text)
    return 0
}
