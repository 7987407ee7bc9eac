/// What a stream of terminal output does, one step at a time: a grapheme cluster printed, or a control
/// (a C0 control, an escape or a control sequence) that moves, erases or styles at once. A reveal paces
/// the printed clusters and applies everything in between when it reaches it, so the screen it shows
/// is always the one the input meant up to that point — and at the end exactly what `cat` leaves.
enum TerminalOperation {
    /// One grapheme cluster of printable text (never split: a ZWJ emoji is one step).
    case text(String)
    case control(UInt8)
    case escape(UInt8, intermediates: UInt32)
    case controlSequence(UInt8, parameters: ControlSequenceParameters, prefix: UInt8, intermediates: UInt32)
}

/// Reads terminal output into `TerminalOperation`s with the emulator's own parser, dropping what does
/// not belong in a filtered view (see `belongsInView`; a full reset, RIS) and every OSC string (titles, clipboard,
/// hyperlinks): nothing the input asks of the real terminal ever reaches it.
struct TerminalOperationReader {
    /// C1 controls written as UTF-8 open what they stand for (CSI, OSC, …), so that what follows
    /// one is read as a sequence, and dropped or acted on as such, never shown as text.
    private var parser = EscapeSequenceParser(c1Controls: .recognised, stringLimit: 0)
    private var collector = Collector()

    /// Whether part of a cluster is held back waiting for more input.
    var holdsCluster: Bool { collector.segmenter.holdsCluster }

    /// The operations `bytes` completes, in order (a cluster that may continue is held back).
    mutating func read(_ bytes: UnsafeRawBufferPointer) -> [TerminalOperation] {
        parser.feed(bytes, to: &collector)
        collector.cut(final: false)
        defer { collector.operations.removeAll(keepingCapacity: true) }
        return collector.operations
    }

    /// Reads `bytes` straight into `emulator`, when nothing is paced (`--instant`, block effects): no
    /// operations, no clusters, the same filter. Whatever `read` holds is to be taken (`flush`) first.
    mutating func apply(_ bytes: UnsafeRawBufferPointer, to emulator: TerminalEmulator) {
        var forwarder = Forwarder(emulator: emulator)
        parser.feed(bytes, to: &forwarder)
        if !emulator.responses.isEmpty { emulator.responses.removeAll() }
    }

    /// The input paused or ended: the held cluster is complete.
    mutating func flush() -> [TerminalOperation] {
        collector.cut(final: true)
        defer { collector.operations.removeAll(keepingCapacity: true) }
        return collector.operations
    }

    /// Whether a control sequence may act in a filtered view: not the alternate screen (the view is
    /// ghostpipe's), not a request for a report (nobody would read the answer), not window operations.
    static func belongsInView(_ final: UInt8, _ p: ControlSequenceParameters, prefix: UInt8, intermediates: UInt32) -> Bool {
        if intermediates != 0 { return false }  // DECRQM, DECSTR, DECSCUSR, …
        switch final {
        case UInt8(ascii: "n"), UInt8(ascii: "c"), UInt8(ascii: "t"):  // DSR, DA, window operations
            return false
        case UInt8(ascii: "h"), UInt8(ascii: "l"):
            guard prefix == UInt8(ascii: "?") else { return prefix == 0 }
            for i in 0..<p.count where [47, 1047, 1049].contains(p.value(i, default: 0)) { return false }
            return true
        default:
            return prefix == 0 || prefix == UInt8(ascii: "?")
        }
    }

    /// What the parser finds, passed to an emulator as it is found (less what does not belong).
    private struct Forwarder: EscapeSequenceHandler {
        let emulator: TerminalEmulator
        func print(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) { emulator.print(bytes, from: start, to: end) }
        func print(scalar: UInt32) { emulator.print(scalar: scalar) }
        func execute(_ control: UInt8) { emulator.execute(control) }
        func escapeDispatch(_ final: UInt8, intermediates: UInt32) {
            if final == UInt8(ascii: "c") && intermediates == 0 { return }  // RIS, as `Collector`
            emulator.escapeDispatch(final, intermediates: intermediates)
        }
        func controlSequenceDispatch(_ final: UInt8, parameters: ControlSequenceParameters, prefix: UInt8, intermediates: UInt32) {
            guard TerminalOperationReader.belongsInView(final, parameters, prefix: prefix, intermediates: intermediates) else { return }
            emulator.controlSequenceDispatch(final, parameters: parameters, prefix: prefix, intermediates: intermediates)
        }
        func operatingSystemCommand(_ body: [UInt8]) {}
    }

    private struct Collector: EscapeSequenceHandler {
        var operations: [TerminalOperation] = []
        var segmenter = GraphemeSegmenter()
        /// Printable text since the last control, not yet cut into clusters.
        var text: [UInt8] = []

        mutating func print(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) {
            text.append(contentsOf: bytes[start..<end])
        }

        mutating func print(scalar: UInt32) {
            guard let s = Unicode.Scalar(scalar) else { return }
            text.append(contentsOf: String(s).utf8)
        }

        mutating func execute(_ control: UInt8) {
            cut(final: true)
            operations.append(.control(control))
        }

        mutating func escapeDispatch(_ final: UInt8, intermediates: UInt32) {
            cut(final: true)
            // RIS (a full reset: modes, the whole screen) is the terminal's, not a view's.
            if final == UInt8(ascii: "c") && intermediates == 0 { return }
            operations.append(.escape(final, intermediates: intermediates))
        }

        mutating func controlSequenceDispatch(_ final: UInt8, parameters: ControlSequenceParameters, prefix: UInt8,
                                              intermediates: UInt32) {
            cut(final: true)
            guard TerminalOperationReader.belongsInView(final, parameters, prefix: prefix, intermediates: intermediates) else { return }
            operations.append(.controlSequence(final, parameters: parameters, prefix: prefix, intermediates: intermediates))
        }

        mutating func operatingSystemCommand(_ body: [UInt8]) {}

        /// The text so far as clusters; `final`: a control follows (or the input paused), so the
        /// last cluster is complete too.
        mutating func cut(final: Bool) {
            guard !text.isEmpty || (final && segmenter.holdsCluster) else { return }
            let batch = text.withUnsafeBufferPointer { segmenter.push($0) }
            text.removeAll(keepingCapacity: true)
            for k in 0..<batch.count { operations.append(.text(batch.string(k))) }
            guard final else { return }
            let held = segmenter.finish()
            for k in 0..<held.count { operations.append(.text(held.string(k))) }
        }
    }
}

extension TerminalEmulator {
    /// An emulator for reading another program's output as a view of it (`StreamReveal`): a line feed
    /// starts a new line, as the tty between a program and its terminal makes it (ONLCR).
    public static func streamView(rows: Int, columns: Int, autowrap: Bool = true, widths: (any ColumnWidths)? = nil,
                                  scrollbackLimit: Int = 1 << 17) -> TerminalEmulator {
        let emulator = TerminalEmulator(rows: rows, columns: columns, scrollbackLimit: scrollbackLimit)
        emulator.autowrap = autowrap
        emulator.widths = widths
        emulator.newLineMode = true
        return emulator
    }

    /// Reads all of `bytes` as a view does, at once: what does not belong in it dropped (the final
    /// state every reveal of a stream ends on; tests and fuzzing compare with it).
    public func readAsView(_ bytes: [UInt8]) {
        var reader = TerminalOperationReader()
        bytes.withUnsafeBytes { reader.apply($0, to: self) }
    }

    /// Performs one operation read by a `TerminalOperationReader`.
    func apply(_ operation: TerminalOperation) {
        switch operation {
        case .text(let cluster):
            var cluster = cluster
            cluster.withUTF8 { feed(UnsafeRawBufferPointer($0)) }
        case .control(let c): execute(c)
        case .escape(let final, let intermediates): escapeDispatch(final, intermediates: intermediates)
        case .controlSequence(let final, let p, let prefix, let intermediates):
            controlSequenceDispatch(final, parameters: p, prefix: prefix, intermediates: intermediates)
        }
        if !responses.isEmpty { responses.removeAll() }
    }
}
