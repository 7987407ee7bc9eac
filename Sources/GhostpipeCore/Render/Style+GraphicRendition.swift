/// Colours and attributes from input text (`ESC [ … m`, read by `TerminalSanitizer`) become the
/// `Style` of the text after them, to be re-emitted by ghostpipe's own renderer — input bytes are never
/// passed through. The parameters mean what they mean to the emulator (`GraphicRendition`).
extension Style: GraphicRenditionTarget {
    mutating func apply(_ change: GraphicRendition.Change) {
        switch change {
        case .reset: self = .plain
        case .set(let attributes): self.attributes.insert(attributes)
        case .clear(let attributes): self.attributes.remove(attributes)
        case .concealed: break  // no such style: ghostpipe reveals text, it never hides it from the reader
        case .foreground(let color): foreground = color
        case .background(let color): background = color
        }
    }
}
