// Fuzz target `subrip`: bytes → SubRipParser → every Cue built. Also format detection on the same
// bytes and the `.vtt`-without-signature fallback (which reads SubRip). Properties: see CueChecks.swift.
import GhostpipeCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = amplified(data, size)
    let text = String(decoding: bytes, as: UTF8.self)
    let parsed = SubRipParser.parse(text)
    checkCues(parsed.cues, parsed.diagnostics, text: text, format: "srt")
    let again = SubRipParser.parse(utf8: bytes)
    require(again.cues.count == parsed.cues.count && again.diagnostics == parsed.diagnostics, "srt: parsing is not deterministic")
    let format = SubtitleFormat.detect(fileName: "input.srt", prefix: bytes)
    if format == .vtt {
        let fallback = Subtitles.parse(text, as: .vtt)
        checkCues(fallback.cues, fallback.diagnostics, text: text, format: "vtt/srt")
    }
    return 0
}
