// Fuzz target `live`: bytes → a live recogniser's protocol (Vosk JSON, whisper.cpp, whisper_streaming,
// chosen by the first byte) → every Cue built, the file read whole, and the stream read in chunks
// with arrival instants: cues sane (see CueChecks.swift), partial hypotheses on a line of the text.
// Inputs get a usual beginning prepended half of the time.
import GhostpipeCore

let formats = ["vosk", "whisper-cpp", "whisper-streaming"]
let heads = [Array("{\"partial\": \"one\"}\n".utf8), Array("[Start speaking]\n".utf8), Array("2691.4399 300 1380  one\n".utf8)]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = amplified(data, size)
    let pick = size > 0 ? Int(data[0] >> 1) % formats.count : 0
    if size > 0, data[0] & 1 == 1 { bytes = heads[pick] + bytes.dropFirst() }
    let format = formats[pick]
    let text = String(decoding: bytes, as: UTF8.self)
    let parsed = Subtitles.parse(text, as: SubtitleFormat(named: format)!)
    checkCues(parsed.cues, parsed.diagnostics, text: text, format: format)
    _ = SubtitleFormat.detect(fileName: nil, prefix: bytes)
    checkStream(bytes, format: format, text: text)
    // As from a pipe: chunks arriving 10 ms apart.
    let stream = SubtitleStream(format: SubtitleFormat(named: format)!, name: "in", encoding: nil, isFile: false)
    var random = bytes.withUnsafeBufferPointer { FuzzRandom(bytes: $0, salt: 0x11FE) }
    var offset = 0, instant: Nanoseconds = 5 * Time.second
    var batches: [SubtitleStream.Batch] = []
    for size in chunking(bytes.count, &random) {
        batches.append(bytes[offset..<(offset + size)].withUnsafeBufferPointer { stream.push($0, at: instant) })
        offset += size
        instant += 10 * Time.millisecond
        if random.below(8) == 0 { batches.append(stream.paused(at: instant)) }
    }
    batches.append(stream.finish(at: instant))
    let lines = lineCount(Array(text.utf8))
    for batch in batches {
        for cue in batch.cues { require(cue.start <= cue.end, "\(format) live: a cue ends before it starts") }
        for partial in batch.partials {
            require(partial.sourceLine >= 1 && partial.sourceLine <= max(1, lines), "\(format) live: partial on line \(partial.sourceLine) of \(lines)")
        }
    }
    return 0
}
