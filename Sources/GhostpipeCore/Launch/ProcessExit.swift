#if canImport(Glibc)
import Glibc
#endif

/// How the process ends: the keyboard's terminal mode put back on every exit, a message and the
/// hint to `--help` for a usage error (status 2).
final class ProcessExit {
    /// The keyboard, while ghostpipe reads it.
    var keyboard: ControllingTerminal?

    func leave(_ status: Int32) -> Never {
        keyboard?.restore()
        exit(status)
    }

    func fail(_ message: String, status: Int32) -> Never {
        printError("ghostpipe: \(message)")
        if status == 2 { printError("Try 'ghostpipe --help' for more information.") }
        leave(status)
    }

    /// A failed output's message (`file: reason`), then exit 1.
    func fail(_ error: any Error) -> Never {
        if case OutputError.failed(let name, let code)? = error as? OutputError {
            fail("\(name): \(String(cString: strerror(code)))", status: 1)
        }
        fail("\(error)", status: 1)
    }
}
