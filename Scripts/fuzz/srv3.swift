// Fuzz target `srv3`: bytes → the YouTube's srv3 timed text (pens, window positions, word offsets) parser → every Cue built, and the file read whole
// through SubtitleStream. Inputs get a usual beginning prepended half of the time. Properties: see
// CueChecks.swift.
import GhostpipeCore

let head = Array((##"<?xml version="1.0" encoding="utf-8" ?><timedtext format="3"><head><pen id="1" b="1" fc="#FF0000"/><wp id="1" ap="1" ah="50" av="5"/><ws id="1" ju="2"/></head><body>"## + "\n").utf8)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = amplified(data, size)
    if size > 0, data[0] & 1 == 1 { bytes = head + bytes.dropFirst() }
    let text = String(decoding: bytes, as: UTF8.self)
    let parsed = Subtitles.parse(text, as: SubtitleFormat(named: "srv3")!)
    checkCues(parsed.cues, parsed.diagnostics, text: text, format: "srv3")
    _ = SubtitleFormat.detect(fileName: nil, prefix: bytes)
    checkStream(bytes, format: "srv3", text: text)
    return 0
}
