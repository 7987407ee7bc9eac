#if canImport(Glibc)
import Glibc
#endif

extension Assembly {
    /// `ghostpipe [OPTIONS] [FILE...]`: the files (or stdin) shown on stdout, on a terminal with the
    /// keyboard, signals, resizes and the width probe as sources; exits with the run's status.
    func runFilter() -> Never {
        let onTerminal = session.mode == .terminal
        // What a second Ctrl-C writes if the first could not be handled: attributes off, cursor on, new line.
        let emergencyRestore = onTerminal ? ANSI.resetAttributes + ANSI.showCursor + ANSI.newline : []
        let signals = SelfPipeSignals(signals: onTerminal ? SignalSet.terminating.union(.jobControl) : .terminating,
                                      restore: emergencyRestore)
        let stdout = DescriptorSink(fd: STDOUT_FILENO, shouldStop: { signals.pendingEndingSignal() != nil })
        // The terminal, asked where it draws (widths of disputed emoji, the cursor as the show begins
        // and after a resize), its questions written after what was drawn; with `--widths spec`,
        // asked nothing.
        var questions: TerminalQuestions?
        if onTerminal && options.widths != .spec {
            let tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
            if tty >= 0 {
                questions = TerminalQuestions(probe: TerminalProbe(output: stdout, tty: tty),
                                              widths: MeasuredWidths(policy: options.widths))
            }
        }
        let probe = questions?.probe
        let recording = recordingSink()

        let clock: any Clock = options.instant ? VirtualClock() : MonotonicClock()
        let origin = clock.now()
        let input = InputFiles(names: options.files, report: Self.report)

        let outcome: Outcome
        var hadErrors = false
        let output: any Output
        do {
            output = try session.output(stdout: stdout, recording: recording, origin: origin)
            let settings = showSettings()
            let show = Show(settings: settings, output: output, widths: questions?.widths, origin: origin, report: Self.report)
            var sources: [any EventSource] = []
            if onTerminal {
                // The terminal itself (/dev/tty), unless the text comes from it: typing into ghostpipe's
                // stdin is input, not keys. While ghostpipe draws, what is typed is not echoed (it would
                // split the text) and stays in the terminal's queue for the shell; a key waiting there skips
                // the rest of a text (it is still the shell's), and subtitles read theirs.
                let stdinIsInput = input.allNames.contains("-") && isatty(STDIN_FILENO) == 1
                if !options.instant && !stdinIsInput, let tty = ControllingTerminal(mode: .keys) {
                    process.keyboard = tty
                }
                // Stopped (Ctrl-Z) while the start's answer is awaited: the question is dropped first, the keys
                // typed meanwhile given back (the show then goes on without a position).
                let job = JobControl(keyboard: process.keyboard) { probe?.abandon(); signals.stopLikeDefault() }
                sources.append(SignalEvents(signals, job: job, clock: clock, size: (session.columns, session.rows),
                                            terminalSize: Self.currentSize))
                if let keyboard = process.keyboard, options.keys { sources.append(KeyEvents(keyboard, reading: { show.keyReading })) }
            } else {
                sources.append(SignalEvents(signals, job: nil, clock: clock, size: nil, terminalSize: { nil }))
            }
            if output.screen != nil, let questions {
                // Asked by the show, answered on the loop.
                show.terminal = questions
                sources.append(ProbeAnswers(questions))
            }
            sources += followSources(report: Self.report)
            sources += trackLoader(for: show, settings: settings, report: Self.report)
            sources.append(InputEvents(input, demand: show, output: stdout))
            outcome = try EventLoop(clock: clock, sources: sources, pendingSignal: { signals.pendingEndingSignal() }).run(show)
            hadErrors = show.hadErrors
        } catch {
            probe?.abandon()
            process.fail(error)
        }
        // Ended while the terminal was asked where its cursor is (Ctrl-C): its answer is awaited (not
        // left for the shell), and its mode and the keys typed meanwhile go back.
        if let questions { ProbeAnswers.drain(questions) }

        let status: Int32
        switch outcome {
        case .finished: status = input.hadErrors || hadErrors ? 1 : 0
        case .brokenPipe, .quit: status = 0
        case .interrupted(let signal): status = signal.exitStatus
        case .programEnded(let code): status = code
        }
        if outcome != .brokenPipe {
            do {
                try output.end(status: status, at: clock.now())
                try stdout.finish(on: clock)
            } catch {
                process.fail(error)
            }
        }
        if case .interrupted(let signal) = outcome {
            // Ended by the signal itself, the terminal given back first: the parent sees what happened.
            process.keyboard?.restore()
            signal.endProcess()
        }
        process.leave(status)
    }
}
