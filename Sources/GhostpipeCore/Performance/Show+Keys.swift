/// The show's key policy and its answers to the terminal: one rule for every performance.
extension Show {
    /// The band's height now: the rows what plays keeps (subtitles, a stream's drawing), or, once it
    /// ended, the rows of what it left on the screen.
    public var bandRows: Int? {
        if let playing { return playing.reservedRows }
        return rowsLeft
    }

    /// How keys are taken now: subtitles and slides read theirs (transport keys, ← →, `q`); text
    /// only notices that one waits (it shows everything at once) and leaves it, and what follows, for the shell.
    public var keyReading: KeyReading {
        // The terminal's answers arrive where keys do: the probe reads them, and gives back the
        // keys typed meanwhile.
        if held != nil || terminal?.isAsking == true { return .off }
        if playing?.takesKeys == true { return .read }
        return keySeen ? .off : .peek
    }

    /// `q` quits; a performance takes the keys it reads; any other key shows everything at once.
    func press(_ key: Key, at now: Nanoseconds) throws {
        if key.meansQuit { return try stop(.quit, at: now) }
        if let performance = playing, performance.press(key, at: now) { return }
        showEverything(at: now)
    }

    /// From now on everything shows as soon as it is ready (a banner skipped).
    func showEverything(at now: Nanoseconds) {
        clockRule.timeless = true
        playing?.showEverything(at: now)
    }

    func resize(columns: Int, rows: Int, at now: Nanoseconds) throws {
        if let performance = playing { return try performance.resize(columns: columns, rows: rows, at: now) }
        guard let screen = output.screen else { return }
        try screen.restart(columns: columns, rows: rows, fromRow: screen.cursorRow, clearing: false, at: now)
    }

    /// After `fg`: a band at the terminal's bottom asks where the cursor is now first.
    func resumeAskingCursor(after pause: Nanoseconds, at now: Nanoseconds) throws {
        guard playing?.needsCursor == true else { return try resume(after: pause, at: now) }
        try withCursor(at: now) { [unowned self] now in try resume(after: pause, at: now) }
    }

    func resume(after pause: Nanoseconds, at now: Nanoseconds) throws {
        try playing?.resume(after: pause, at: now)
    }
}
