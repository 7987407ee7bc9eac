/// Raw input bytes, in chunks as they are read, to complete grapheme clusters: the exact path every
/// text input takes (UTF-8 cleaning, then segmentation that never splits a cluster across reads).
public struct GraphemeStream {
    private var cleaner = UTF8Cleaner()
    private var sanitizer: TerminalSanitizer?
    private var segmenter = GraphemeSegmenter()
    private var scratch: [UInt8] = []
    private var sanitized: [UInt8] = []
    /// Keep the input's SGR colours as per-cluster styles.
    private let keepStyles: Bool
    /// Style changes not yet reached by emitted clusters, at absolute offsets of the sanitized text.
    private var styleChanges: [(offset: Int, style: Style)] = []
    /// The style in effect where the next batch begins.
    private var emittedStyle = Style.plain
    private var sanitizedTotal = 0
    private var emittedTotal = 0

    /// `sanitizing`: text bound for a terminal, whose control characters and escape sequences must
    /// go; `keepingStyles`: its SGR colours are kept as styles (re-emitted by the renderer).
    /// `preservingInvalid`: ill-formed UTF-8 is kept as markers of its bytes (`UTF8Cleaner`), for
    /// output that must be the input byte for byte.
    public init(sanitizing: Bool = false, keepingStyles: Bool = false, preservingInvalid: Bool = false) {
        cleaner = UTF8Cleaner(preservingInvalid: preservingInvalid)
        sanitizer = sanitizing ? TerminalSanitizer() : nil
        keepStyles = sanitizing && keepingStyles
    }

    /// Whether part of a cluster (or of a UTF-8 sequence) is held back waiting for more input.
    public var holdsPartialInput: Bool { segmenter.holdsCluster || cleaner.holdsPartialSequence }

    /// Takes a chunk of raw bytes; returns the clusters now known to be complete.
    public mutating func push(_ chunk: UnsafeBufferPointer<UInt8>) -> GraphemeBatch {
        scratch.removeAll(keepingCapacity: true)
        cleaner.clean(chunk, into: &scratch)
        return segment(scratch)
    }

    /// `flushing`: the input paused or ended, so a carriage return or backspace the sanitizer holds
    /// (waiting for a line feed or an overstrike) is written as it is.
    private mutating func segment(_ clean: [UInt8], flushing: Bool = false) -> GraphemeBatch {
        guard sanitizer != nil else { return clean.withUnsafeBufferPointer { segmenter.push($0) } }
        if !flushing, clean.withUnsafeBufferPointer({ sanitizer!.passesThrough($0) }) {
            // Nothing to take out (most text): segmented as it is, without a pass or a copy.
            sanitizedTotal += clean.count
            return styled(clean.withUnsafeBufferPointer { segmenter.push($0) })
        }
        sanitized.removeAll(keepingCapacity: true)
        clean.withUnsafeBufferPointer { sanitizer!.sanitize($0, into: &sanitized) }
        if flushing { sanitizer!.flush(into: &sanitized) }
        if keepStyles, let changes = sanitizer?.styleChanges {
            for change in changes { styleChanges.append((sanitizedTotal + change.offset, change.style)) }
        }
        sanitizedTotal += sanitized.count
        return styled(sanitized.withUnsafeBufferPointer { segmenter.push($0) })
    }

    /// Gives `batch` the input styles in effect where its clusters start (`styleRuns`): each style
    /// change from the first cluster starting at or after it.
    private mutating func styled(_ batch: GraphemeBatch) -> GraphemeBatch {
        guard keepStyles, !batch.isEmpty else { return batch }
        // No colour in effect and none to come in it (most text): no styles, which means plain.
        if styleChanges.isEmpty && emittedStyle.isPlain {
            emittedTotal += batch.byteCount
            return batch
        }
        var batch = batch
        batch.setStyle(emittedStyle, from: 0)
        // Changes up to the last cluster's start belong to this batch; later ones wait for the next.
        let lastStart = emittedTotal + batch.start(of: batch.count - 1)
        var (next, k) = (0, 0)
        batch.ends.withUnsafeBufferPointer { ends in
            while next < styleChanges.count && styleChanges[next].offset <= lastStart {
                // The first cluster from `k` on that starts at or after the change: the cluster
                // after the first from `k - 1` on whose end reaches it (a binary search: a step
                // a cluster was a third of what styles cost).
                let offset = styleChanges[next].offset - emittedTotal
                if k == 0 && offset > 0 || k > 0 && ends[k - 1] < offset {
                    var (low, high) = (max(k - 1, 0), ends.count - 1)
                    while low < high {
                        let mid = (low + high) / 2
                        if ends[mid] < offset { low = mid + 1 } else { high = mid }
                    }
                    k = low + 1
                }
                emittedStyle = styleChanges[next].style
                batch.setStyle(emittedStyle, from: k)
                next += 1
            }
        }
        emittedTotal += batch.byteCount
        styleChanges.removeFirst(next)
        return batch
    }

    public mutating func push(_ chunk: [UInt8]) -> GraphemeBatch {
        chunk.withUnsafeBufferPointer { push($0) }
    }

    /// End of input: everything still held.
    public mutating func finish() -> GraphemeBatch {
        scratch.removeAll(keepingCapacity: true)
        cleaner.finish(into: &scratch)
        var batch = segment(scratch, flushing: true)
        batch.append(styled(segmenter.finish()))
        return batch
    }

    /// The input paused: emit a held cluster unless it ends in a joiner. A held partial UTF-8
    /// sequence stays held (its next bytes are surely on the way).
    public mutating func flushAfterPause() -> GraphemeBatch {
        guard !cleaner.holdsPartialSequence else { return GraphemeBatch() }
        var batch = segment([], flushing: true)
        batch.append(styled(segmenter.flushHeldCluster()))
        return batch
    }
}

extension GraphemeBatch {
    /// Appends the clusters of `other` after this batch's.
    public mutating func append(_ other: GraphemeBatch) {
        guard !other.isEmpty else { return }
        let (used, before) = (byteCount, count)
        if bytes.count > used { bytes.removeSubrange(used...) }
        bytes.append(contentsOf: other.bytes[..<other.byteCount])
        ends.append(other.ends, shiftedBy: used)
        // A batch without style runs is all plain.
        guard !styleRuns.isEmpty || !other.styleRuns.isEmpty else { return }
        setStyle(.plain, from: before)
        for run in other.styleRuns { setStyle(run.style, from: before + run.from) }
    }
}
