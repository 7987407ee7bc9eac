import Glibc
import Testing
@testable import GhostpipeCore

/// The signals a run installs: every catchable one that would end the process (so each restores
/// the terminal first), and job control on a terminal.
@Suite struct SignalSets {
    func members(_ set: SignalSet) -> [Int32] {
        var numbers: [Int32] = []
        set.forEach { numbers.append($0.number) }
        return numbers
    }

    @Test func terminatingIsEveryCatchableSignalThatEndsTheProcess() {
        let expected = [SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGTERM, SIGSTKFLT, SIGXCPU, SIGXFSZ,
                        SIGVTALRM, SIGPROF, SIGPWR].sorted()
        #expect(members(.terminating) == expected)
        #expect(!SignalSet.terminating.contains(.suspend) && !SignalSet.terminating.contains(.child))
        #expect(members(.terminating).allSatisfy { Signal($0).ends })
    }

    @Test func unionsAndSingleSignals() {
        let overlay = SignalSet.terminating.union(.jobControl).with(.child)
        #expect(members(overlay) == (members(.terminating) + [SIGTSTP, SIGCONT, SIGWINCH, SIGCHLD]).sorted())
        #expect(SignalSet().with(Signal(0)).with(Signal(65)) == SignalSet())
        #expect(SignalSet().with(Signal(64)).contains(Signal(64)))
    }
}
