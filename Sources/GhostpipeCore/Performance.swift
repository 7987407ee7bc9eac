/// Something the player drives: it takes input as it arrives and brings its output up to date as
/// time passes. Text streams and subtitle files are the two kinds.
public protocol Performance: AnyObject {
    /// Whether it wants more input now (false once input ended, or while the queue is full:
    /// backpressure keeps memory bounded on endless input).
    var wantsInput: Bool { get }
    /// Whether part of the input is held back waiting for what follows (an unfinished grapheme or
    /// word); an input pause of `Player.idleFlush` then calls `inputPaused`.
    var holdsPartialInput: Bool { get }
    /// Everything has been read and shown.
    var isFinished: Bool { get }

    func receive(_ bytes: UnsafeBufferPointer<UInt8>, at now: Nanoseconds) throws
    func inputPaused(at now: Nanoseconds) throws
    func inputEnded(at now: Nanoseconds) throws
    /// Shows everything due at `now`; returns the next instant at which something is due (nil:
    /// nothing until more input arrives).
    func advance(to now: Nanoseconds) throws -> Nanoseconds?
    /// Restores the output (cursor, attributes); `interrupted` after a signal.
    func finish(interrupted: Bool, at now: Nanoseconds) throws
}
