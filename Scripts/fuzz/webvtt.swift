// Fuzz target `webvtt`: bytes → WebVTTParser → every Cue built (cue text markup, STYLE blocks,
// settings). Inputs without the signature get one prepended half of the time, so the fuzzer spends
// its time past the header. Properties: see CueChecks.swift.
import GhostpipeCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = amplified(data, size)
    if size > 0, data[0] & 1 == 1, !bytes.starts(with: Array("WEBVTT".utf8)) {
        bytes = Array("WEBVTT\n\n".utf8) + bytes.dropFirst()
    }
    let text = String(decoding: bytes, as: UTF8.self)
    let parsed = WebVTTParser.parse(text)
    checkCues(parsed.cues, parsed.diagnostics, text: text, format: "vtt")
    let through = Subtitles.parse(text, as: .vtt)
    checkCues(through.cues, through.diagnostics, text: text, format: "vtt via Subtitles")
    _ = SubtitleFormat.detect(fileName: nil, prefix: text)
    return 0
}
