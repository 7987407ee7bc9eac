#if canImport(Glibc)
import Glibc
#endif

/// The program as the executable runs it: the command line read, what was asked for printed, or
/// the run assembled (`Assembly`) and played, for the plain filter or for the overlay. Never
/// returns: the process exits with the run's status, the terminal given back first.
public enum Launcher {
    public static func main(_ arguments: [String]) -> Never {
        let process = ProcessExit()
        // Before anything is opened: a closed standard descriptor would be taken by the next open.
        if let refusal = StandardDescriptors.reopenClosed() { process.fail(refusal, status: 2) }
        let options: Options
        do {
            options = try ArgumentParser.parse(arguments)
        } catch {
            process.fail(error.message, status: 2)
        }
        if let text = information(asked: options) {
            print(text, terminator: "")
            exit(0)
        }
        let surroundings = Surroundings.ofThisProcess()
        if surroundings.stdoutIsTerminal, let note = TerminalSizeLimit.note(of: STDOUT_FILENO) { printError("ghostpipe: \(note)") }
        let session: Session
        do {
            session = try Session(options: options, surroundings: surroundings)
        } catch {
            process.fail(error.message, status: 2)
        }
        let assembly = Assembly(options: options, session: session, process: process)
        if options.overlay != nil { assembly.runOverlay() }
        for note in session.notes { printError("ghostpipe: \(note)") }
        assembly.runFilter()
    }

    /// `--help`, `--list-effects`, `--version`, `--completions SHELL`: the text to print, if one was asked for.
    static func information(asked options: Options) -> String? {
        if options.showHelp { return Help.text + "\n" }
        if options.listEffects { return EffectCatalog.listing + "\n" }
        if options.showVersion { return "ghostpipe \(Help.version)\n" }
        if let shell = options.completions { return shell.script }
        return nil
    }
}

extension Surroundings {
    /// Where this process runs: whether stdout is a terminal, its size, the environment.
    static func ofThisProcess() -> Surroundings {
        var values: [String: String] = [:]
        for name in environmentNames { values[name] = GhostpipeCore.environment(name) }
        let stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
        return Surroundings(stdoutIsTerminal: stdoutIsTerminal,
                            terminalSize: stdoutIsTerminal ? GhostpipeCore.terminalSize(of: STDOUT_FILENO) : nil,
                            environment: values)
    }
}
