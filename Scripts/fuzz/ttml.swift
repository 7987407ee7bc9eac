// Fuzz target `ttml`: bytes → TTMLParser (the XML reader, timing, styles, regions) → every Cue
// built, and the file read whole through SubtitleStream. Inputs get a TTML root with its namespaces,
// timing parameters and a layout prepended half of the time. Properties: see CueChecks.swift.
import GhostpipeCore

let head = Array("""
<tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" \
xmlns:ttp="http://www.w3.org/ns/ttml#parameter" ttp:frameRate="25" ttp:tickRate="1000"><head><styling>\
<style xml:id="s" tts:color="yellow" style="s"/></styling><layout><region xml:id="r" tts:origin="10% 80%" \
tts:extent="80% 20%" tts:displayAlign="after"/></layout></head><body region="r">
""".utf8)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = amplified(data, size)
    if size > 0, data[0] & 1 == 1 { bytes = head + bytes.dropFirst() }
    let text = String(decoding: bytes, as: UTF8.self)
    let parsed = TTMLParser.parse(text)
    checkCues(parsed.cues, parsed.diagnostics, text: text, format: "ttml")
    _ = SubtitleFormat.detect(fileName: nil, prefix: bytes)
    checkStream(bytes, format: "ttml", text: text)
    return 0
}
