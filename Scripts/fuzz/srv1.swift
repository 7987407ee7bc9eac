// Fuzz target `srv1`: bytes → the YouTube's transcript XML (references escaped twice, SubRip markup) parser → every Cue built, and the file read whole
// through SubtitleStream. Inputs get a usual beginning prepended half of the time. Properties: see
// CueChecks.swift.
import GhostpipeCore

let head = Array((#"<?xml version="1.0" encoding="utf-8" ?><transcript>"# + "\n").utf8)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = amplified(data, size)
    if size > 0, data[0] & 1 == 1 { bytes = head + bytes.dropFirst() }
    let text = String(decoding: bytes, as: UTF8.self)
    let parsed = Subtitles.parse(text, as: SubtitleFormat(named: "srv1")!)
    checkCues(parsed.cues, parsed.diagnostics, text: text, format: "srv1")
    _ = SubtitleFormat.detect(fileName: nil, prefix: bytes)
    checkStream(bytes, format: "srv1", text: text)
    return 0
}
