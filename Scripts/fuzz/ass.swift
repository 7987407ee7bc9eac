// Fuzz target `ass`: bytes → ASSParser → every Cue built (styles, override tags, karaoke), then the
// same bytes streamed through SubtitleStream in fuzzer-chosen chunks (header kept, parts read after
// it). Inputs get a standard header prepended half of the time, so the fuzzer spends its time on
// events. Properties: see CueChecks.swift; streamed cues must be sane too.
import GhostpipeCore

let header = Array("""
[Script Info]
PlayResX: 640
PlayResY: 480

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
Style: Default,Arial,20,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,2,2,10,10,10,1

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

""".utf8)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = amplified(data, size)
    if size > 0, data[0] & 1 == 1 { bytes = header + bytes.dropFirst() }
    let text = String(decoding: bytes, as: UTF8.self)
    let parsed = ASSParser.parse(text)
    checkCues(parsed.cues, parsed.diagnostics, text: text, format: "ass")
    let again = ASSParser.parse(utf8: bytes)
    require(again.cues.count == parsed.cues.count && again.diagnostics == parsed.diagnostics, "ass: parsing is not deterministic")
    _ = SubtitleFormat.detect(fileName: "input.ass", prefix: bytes)
    checkStream(bytes, format: "ass", text: text)
    return 0
}
