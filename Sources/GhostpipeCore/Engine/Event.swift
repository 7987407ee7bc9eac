/// Everything that can happen to ghostpipe while it runs, from any source, as one type: the event
/// loop turns descriptors, signals and instants into these and hands them to its handler.
public enum Event {
    /// The next input file begins (`-` for standard input). Each file is detected on its own.
    case inputFile(String)
    /// Bytes of the input, valid only while the event is handled.
    case input(UnsafeBufferPointer<UInt8>)
    /// The input paused while part of it is held back (an unfinished word or cluster).
    case inputPaused
    /// All input has been read.
    case inputEnded
    /// A key from the terminal, decoded.
    case key(Key)
    /// A key waits in the terminal's input queue, left there unread: it is the shell's (type-ahead).
    case keyWaiting
    /// Something about the overlay's program (only the overlay handles these; others ignore the case).
    case program(ProgramEvent)
    /// The terminal answered the question asked of it (`TerminalQuestions`): where its cursor is
    /// (0-based; nil: it did not say, in time), with the widths asked in the same round trip learnt.
    case terminalAnswered((row: Int, column: Int)?)
    /// The terminal is now this size.
    case resized(columns: Int, rows: Int)
    /// The process is about to stop (Ctrl-Z): give the terminal back as it was found.
    case suspending
    /// Continued after our own stop, which lasted `pause` (a stop counts as a pause).
    case resumed(pause: Nanoseconds)
    /// Continued by someone else's SIGCONT: the terminal may have been used meanwhile.
    case continued
    /// SIGINT, SIGTERM or SIGHUP: restore the terminal and end.
    case signal(Signal)
    /// The followed player (`--follow`) said where it is: subtitles play on this playhead from now on.
    case followed(Playhead)
    /// The followed player is gone (it quit, its socket or pipe closed): the show ends. `problem` is
    /// set when it never came or failed (exit status 1).
    case playerEnded(problem: String?)
}

/// What happens to the program the overlay runs, and the keys typed for it.
public enum ProgramEvent {
    /// Bytes typed on the terminal, as typed (the overlay hands them to its program).
    case typed(UnsafeBufferPointer<UInt8>)
    /// Bytes the program wrote on its pseudo-terminal.
    case output(UnsafeBufferPointer<UInt8>)
    /// The program closed its terminal.
    case closed
    /// A child process changed state (SIGCHLD).
    case childChanged
}

/// How a run ended: the exit status follows from it.
public enum Outcome: Equatable, Sendable {
    /// Everything was shown.
    case finished
    /// The user pressed `q`.
    case quit
    /// Stopped by a signal: exit status 128 + N.
    case interrupted(Signal)
    /// The reader of our output went away (`ghostpipe big.txt | head -1`): end quietly.
    case brokenPipe
    /// The overlay's program ended with this status (128 + N if signal N ended it).
    case programEnded(status: Int32)
}
