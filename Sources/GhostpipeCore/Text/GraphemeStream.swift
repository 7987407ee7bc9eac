/// Raw input bytes, in chunks as they are read, to complete grapheme clusters: the exact path every
/// text input takes (UTF-8 cleaning, then segmentation that never splits a cluster across reads).
public struct GraphemeStream {
    private var cleaner = UTF8Cleaner()
    private var sanitizer: TerminalSanitizer?
    private var segmenter = GraphemeSegmenter()
    private var scratch: [UInt8] = []
    private var sanitized: [UInt8] = []

    /// `sanitizing`: text bound for a terminal, whose control characters and escape sequences must go.
    public init(sanitizing: Bool = false) {
        sanitizer = sanitizing ? TerminalSanitizer() : nil
    }

    /// Whether part of a cluster (or of a UTF-8 sequence) is held back waiting for more input.
    public var holdsPartialInput: Bool { segmenter.holdsCluster || cleaner.holdsPartialSequence }

    /// Takes a chunk of raw bytes; returns the clusters now known to be complete.
    public mutating func push(_ chunk: UnsafeBufferPointer<UInt8>) -> GraphemeBatch {
        scratch.removeAll(keepingCapacity: true)
        cleaner.clean(chunk, into: &scratch)
        return segment(scratch)
    }

    private mutating func segment(_ clean: [UInt8]) -> GraphemeBatch {
        guard sanitizer != nil else { return clean.withUnsafeBufferPointer { segmenter.push($0) } }
        sanitized.removeAll(keepingCapacity: true)
        clean.withUnsafeBufferPointer { sanitizer!.sanitize($0, into: &sanitized) }
        return sanitized.withUnsafeBufferPointer { segmenter.push($0) }
    }

    public mutating func push(_ chunk: [UInt8]) -> GraphemeBatch {
        chunk.withUnsafeBufferPointer { push($0) }
    }

    /// End of input: everything still held.
    public mutating func finish() -> GraphemeBatch {
        scratch.removeAll(keepingCapacity: true)
        cleaner.finish(into: &scratch)
        var batch = segment(scratch)
        let rest = segmenter.finish()
        batch.append(rest)
        return batch
    }

    /// The input paused: emit a held cluster unless it ends in a joiner. A held partial UTF-8
    /// sequence stays held (its next bytes are surely on the way).
    public mutating func flushAfterPause() -> GraphemeBatch {
        guard !cleaner.holdsPartialSequence else { return GraphemeBatch() }
        return segmenter.flushHeldCluster()
    }
}

extension GraphemeBatch {
    /// Appends the clusters of `other` after this batch's.
    public mutating func append(_ other: GraphemeBatch) {
        guard !other.isEmpty else { return }
        let used = byteCount
        if bytes.count > used { bytes.removeSubrange(used...) }
        bytes.append(contentsOf: other.bytes[..<other.byteCount])
        ends.append(contentsOf: other.ends.lazy.map { $0 + used })
    }
}
