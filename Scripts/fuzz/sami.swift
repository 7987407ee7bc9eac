// Fuzz target `sami`: bytes → SAMIParser → every Cue built (classes, tracks, HTML text), and the
// file read whole through SubtitleStream. Inputs get `<SAMI><BODY>` and a STYLE block prepended half
// of the time. Properties: see CueChecks.swift.
import GhostpipeCore

let head = Array("<SAMI><HEAD><STYLE><!-- .KRCC { lang: ko-KR; } .ENCC { lang: en-US; } --></STYLE></HEAD><BODY>\n".utf8)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = amplified(data, size)
    if size > 0, data[0] & 1 == 1 { bytes = head + bytes.dropFirst() }
    let text = String(decoding: bytes, as: UTF8.self)
    let parsed = SAMIParser.parse(text)
    checkCues(parsed.cues, parsed.diagnostics, text: text, format: "sami")
    for cue in parsed.cues {
        if let track = cue.track { require(track.index >= 0 && !track.name.isEmpty, "sami: a track without a name") }
    }
    _ = SubtitleFormat.detect(fileName: nil, prefix: bytes)
    checkStream(bytes, format: "sami", text: text)
    return 0
}
