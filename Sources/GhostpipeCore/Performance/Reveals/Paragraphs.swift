/// Streamed graphemes cut into paragraphs, for the reveals that show a paragraph at a time: a
/// paragraph is the lines up to a blank line (which it keeps), the end of input, a pause in an
/// interactive stream after a complete line, or `maxLength` graphemes (at a line end if it can;
/// then it is cut short: the paragraph goes on in the next).
struct Paragraphs {
    /// A paragraph, or the part of one that reached `maxLength` (`cutShort`: more of it follows).
    typealias Part = (text: [StyledGrapheme], cutShort: Bool)

    private var text: [StyledGrapheme] = []
    /// Index in `text` just after its last line break.
    private var completeLinesEnd = 0
    private var hasText = false
    private var lineHasText = false
    let maxLength: Int

    init(maxLength: Int = 1 << 16) { self.maxLength = maxLength }

    /// Whether complete lines wait for the paragraph's end.
    var holdsCompleteLines: Bool { completeLinesEnd > 0 }

    /// Takes a batch; returns the paragraphs it completed, in order.
    mutating func receive(_ batch: GraphemeBatch) -> [Part] {
        var done: [Part] = []
        let styles = batch.styles
        for k in 0..<batch.count {
            let grapheme = batch.string(k)
            let kind = grapheme.utf8.withContiguousStorageIfAvailable { GraphemeKind.of($0) } ?? .other
            text.append(StyledGrapheme(grapheme, style: k < styles.count ? styles[k] : .plain))
            if kind == .newline {
                completeLinesEnd = text.count
                if !lineHasText && hasText { done.append((cut(at: text.count), false)) }  // a blank line ends it
                lineHasText = false
            } else if !kind.isBlank && !kind.isMotion {
                lineHasText = true
                hasText = true
            }
            // Checked at each grapheme, not at the batch's end: where a long paragraph is cut does
            // not depend on how its bytes were read.
            if text.count >= maxLength { done.append((cut(at: completeLinesEnd > 0 ? completeLinesEnd : text.count), true)) }
        }
        return done
    }

    /// An interactive stream paused: its complete lines, if they hold text, make a paragraph.
    mutating func paused() -> [StyledGrapheme]? {
        completeLinesEnd > 0 && hasText ? cut(at: completeLinesEnd) : nil
    }

    /// The end of input: what is left, if anything.
    mutating func finish() -> [StyledGrapheme]? {
        text.isEmpty ? nil : cut(at: text.count)
    }

    private mutating func cut(at end: Int) -> [StyledGrapheme] {
        let paragraph = Array(text[..<end])
        text.removeFirst(end)
        completeLinesEnd = 0
        hasText = text.contains { !$0.text.allSatisfy(\.isWhitespace) }
        return paragraph
    }
}
