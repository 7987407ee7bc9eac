// Fuzz target `sbv`: bytes → the YouTube's SBV parser → every Cue built, and the file read whole
// through SubtitleStream. Inputs get a usual beginning prepended half of the time. Properties: see
// CueChecks.swift.
import GhostpipeCore

let head = Array("0:00:00.000,0:00:01.000\nfirst\n\n".utf8)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = amplified(data, size)
    if size > 0, data[0] & 1 == 1 { bytes = head + bytes.dropFirst() }
    let text = String(decoding: bytes, as: UTF8.self)
    let parsed = Subtitles.parse(text, as: SubtitleFormat(named: "sbv")!)
    checkCues(parsed.cues, parsed.diagnostics, text: text, format: "sbv")
    _ = SubtitleFormat.detect(fileName: nil, prefix: bytes)
    checkStream(bytes, format: "sbv", text: text)
    return 0
}
