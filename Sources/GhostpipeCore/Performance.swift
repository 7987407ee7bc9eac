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

/// What a key press did.
public enum KeyResponse: Equatable, Sendable {
    /// Nothing to do with this key.
    case ignored
    case handled
    /// `q`: stop playing.
    case quit
}

/// The terminal side of a performance: keys, resizes, and Ctrl-Z. Performances that draw on a
/// terminal implement these; the defaults suit outputs without one.
public protocol TerminalAware: AnyObject {
    /// A key from the terminal (keys are only read when stdout is a terminal).
    func press(_ key: Key, at now: Nanoseconds) throws -> KeyResponse
    /// The terminal is now `columns` × `rows`: lay out what is on show again, without garbage.
    func resize(columns: Int, rows: Int, at now: Nanoseconds) throws
    /// Ctrl-Z: hand the terminal back as it was found (attributes off, cursor shown).
    func suspend(at now: Nanoseconds) throws
    /// `fg`: the stop lasted `pause`; shift the timeline by it (a stop is a pause), take the terminal
    /// back and redraw what was on show on the line the cursor is now on.
    func resume(at now: Nanoseconds, after pause: Nanoseconds) throws
}
