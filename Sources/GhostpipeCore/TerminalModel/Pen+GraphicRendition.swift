/// SGR (`CSI … m`) sets the pen new characters are drawn with; `GraphicRendition` reads the parameters.
extension Pen: GraphicRenditionTarget {
    @inline(__always)
    mutating func apply(_ change: GraphicRendition.Change) {
        switch change {
        case .reset: self = .plain
        case .set(let a): attributes |= a.rawValue
        case .clear(let a): attributes &= ~a.rawValue
        case .concealed(let on): if on { attributes |= Pen.concealed } else { attributes &= ~Pen.concealed }
        case .foreground(let color): foreground = PackedColor.pack(color)
        case .background(let color): background = PackedColor.pack(color)
        }
    }
}
