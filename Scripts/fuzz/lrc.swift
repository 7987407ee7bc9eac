// Fuzz target `lrc`: bytes → LRCParser → every Cue built (time tags, offsets, title card, enhanced
// word timing), and the file read whole through SubtitleStream. Properties: see CueChecks.swift;
// also every word instant lies within reach of its line (an offset moves both).
import GhostpipeCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = amplified(data, size)
    if size > 0, data[0] & 1 == 1 { bytes = Array("[ti:x]\n[offset:+250]\n[00:01.00]".utf8) + bytes.dropFirst() }
    let text = String(decoding: bytes, as: UTF8.self)
    let parsed = LRCParser.parse(text)
    checkCues(parsed.cues, parsed.diagnostics, text: text, format: "lrc")
    let again = LRCParser.parse(utf8: bytes)
    require(again.cues.count == parsed.cues.count && again.diagnostics == parsed.diagnostics, "lrc: parsing is not deterministic")
    _ = SubtitleFormat.detect(fileName: nil, prefix: bytes)
    _ = SubtitleFormat.sniff(bytes, fileName: nil, atEnd: false)
    checkStream(bytes, format: "lrc", text: text)
    return 0
}
