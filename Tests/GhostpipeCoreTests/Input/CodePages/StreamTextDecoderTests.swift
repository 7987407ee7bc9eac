import Testing
@testable import GhostpipeCore

/// Streams decoded as they arrive: characters cut between reads, the decision from the first lines
/// that tell, and nothing decided on lines that cannot.
@Suite("Stream decoding")
struct StreamTextDecoderTests {
    /// "날씨가 좋네요" and "오늘은 어때?" in CP949, as lines.
    static let korean: [UInt8] = [0xB3, 0xAF, 0xBE, 0xBE, 0xB0, 0xA1, 0x20, 0xC1, 0xC1, 0xB3, 0xD7, 0xBF, 0xE4, 0x0A,
                                  0xBF, 0xC0, 0xB4, 0xC3, 0xC0, 0xBA, 0x20, 0xBE, 0xEE, 0xB6, 0xA7, 0x3F, 0x0A]

    func feed(_ decoder: inout StreamTextDecoder, _ bytes: [UInt8], pieces: Int) -> (text: String, notes: [String]) {
        var text: [UInt8] = [], notes: [String] = []
        var at = 0
        while at < bytes.count {
            let end = min(bytes.count, at + pieces)
            let out = bytes[at..<end].withUnsafeBufferPointer { decoder.push($0) }
            text += out.text
            if let note = out.note { notes.append(note) }
            at = end
        }
        let last = decoder.finish()
        text += last.text
        if let note = last.note { notes.append(note) }
        return (String(decoding: text, as: UTF8.self), notes)
    }

    @Test("a named code page decodes the same however the bytes are cut", arguments: [1, 2, 3, 5, 64])
    func chunking(_ pieces: Int) {
        var decoder = StreamTextDecoder(encoding: "CP949", isFile: false)
        let (text, notes) = feed(&decoder, Self.korean, pieces: pieces)
        #expect(text == "날씨가 좋네요\n오늘은 어때?\n" && notes.isEmpty)
    }

    @Test("a live feed is detected on its first line that is not ASCII; the ASCII lines before it pass at once")
    func asciiLinesPassFirst() {
        var decoder = StreamTextDecoder(encoding: nil, isFile: false)
        let first = Array("1\n00:00:01,000 --> 00:00:02,000\n".utf8)
        let out = first.withUnsafeBufferPointer { decoder.push($0) }
        #expect(out.text == first && out.note == nil && !decoder.holdsInput)
        // The input pauses: nothing is held, so nothing is decided (it was UTF-8 before, and the Korean
        // line that followed came out as U+FFFD).
        #expect(decoder.paused().text.isEmpty && decoder.encoding == nil)
        let (text, notes) = feed(&decoder, Self.korean, pieces: 4)
        #expect(text == "날씨가 좋네요\n오늘은 어때?\n")
        #expect(notes == ["not UTF-8; read as CP949 (Korean); --encoding NAME to choose"])
    }

    @Test("memory stays bounded: a file undecided holds at most its first 64 KiB")
    func boundedHead() {
        var decoder = StreamTextDecoder(encoding: nil, isFile: true)
        let line = Self.korean
        var held = 0
        for _ in 0..<4000 {
            let out = line.withUnsafeBufferPointer { decoder.push($0) }
            held += line.count
            if decoder.encoding != nil { #expect(!out.text.isEmpty); break }
        }
        #expect(decoder.encoding?.name == "CP949")
        #expect(held <= StreamTextDecoder.headSize + line.count)
    }
}
